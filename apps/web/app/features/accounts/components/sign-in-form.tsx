import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation, useNavigate } from "react-router";
import { lockedUntil, signIn } from "../../../lib/login";
import type { LoginResponse } from "../../../stores/root-store";
import { signInSchema, type SignInValues } from "../schemas";
import { FormAlert, PasswordField, TextField } from "./text-field";

export interface SignInFormProps {
  /** Label of the submit button. */
  submitLabel?: string;
  /** Called after a successful sign-in (user info fetched). */
  onSignedIn: (response: LoginResponse) => void;
  /**
   * Which accounts this page signs in (SPEC.md §1, §6: parents use a separate parent login):
   * "parent" only parents (/parent_sign_in), "student" everyone but parents (/sign_in); unset,
   * everyone (/accounts/login). Another account is turned down with the way to its page.
   */
  page?: "student" | "parent";
  /** Query handed on to the other sign-in page (the expired flag and return path). */
  handOnQuery?: string;
}

/** Router state a sign-in page may be opened with: the email typed on the other page. */
interface SignInPageState {
  email?: string;
}

function emailFromState(state: unknown): string {
  const email = (state as SignInPageState | null)?.email;
  return typeof email === "string" ? email : "";
}

/** The sign-in page for an account of `type` that was turned down on `page`. */
function rightPageOf(page: "student" | "parent") {
  return page === "student"
    ? {
        path: "/parent_sign_in",
        label: "학부모 로그인으로 가기",
        text: "학부모 계정이에요. 학부모 계정은 학부모 로그인에서 로그인해 주세요.",
      }
    : {
        path: "/sign_in",
        label: "학생·선생님 로그인으로 가기",
        text: "학부모 계정이 아니에요. 학생·선생님 계정은 학생·선생님 로그인에서 로그인해 주세요.",
      };
}

const SEOUL_TIME = new Intl.DateTimeFormat("ko-KR", {
  timeZone: "Asia/Seoul",
  hour: "numeric",
  minute: "2-digit",
});

/** "오후 3:05" (Asia/Seoul). */
export function seoulTime(at: Date): string {
  return SEOUL_TIME.format(at);
}

/** The current time in ms (read in event handlers only). */
function currentTime(): number {
  return Date.now();
}

/**
 * The email + password form shared by /sign_in, /parent_sign_in and /accounts/login. It signs
 * in through POST /main/login (app/lib/login.ts): the loader shows meanwhile, a failure shows
 * the Korean toast, and the password is cleared for another try. After five wrong passwords the
 * account is locked for a while: the form says until when (Asia/Seoul) and offers 비밀번호 찾기,
 * which lifts the lock. 아이디 찾기 and 비밀번호 찾기 are always under the button. On /sign_in a
 * parent account, on /parent_sign_in any other, is turned down (not signed in) with the way to
 * the right page, the email carried over.
 */
export function SignInForm({
  submitLabel = "로그인",
  onSignedIn,
  page,
  handOnQuery = "",
}: SignInFormProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const [lockEnds, setLockEnds] = useState<Date | null>(null);
  const [wrongPage, setWrongPage] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    resetField,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<SignInValues>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: emailFromState(location.state), password: "" },
  });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setLockEnds(null);
    setWrongPage(null);
    const response = await signIn(email, password, location, {
      onError: (error) => setLockEnds(lockedUntil(error, currentTime())),
      ...(page
        ? {
            accept: (r: LoginResponse) => (r.USER_TYPE === "PARENT") === (page === "parent"),
            onRejected: () => setWrongPage(email),
          }
        : {}),
    });
    if (response) {
      onSignedIn(response);
      return;
    }
    resetField("password");
    setFocus("password");
  });

  return (
    <form className="auth-form" noValidate onSubmit={onSubmit}>
      <TextField
        label="이메일"
        type="email"
        autoComplete="username"
        inputMode="email"
        spellCheck={false}
        autoCapitalize="none"
        placeholder="name@example.com"
        registration={register("email")}
        error={errors.email?.message}
      />
      <PasswordField
        label="비밀번호"
        autoComplete="current-password"
        registration={register("password")}
        error={errors.password?.message}
      />
      {lockEnds ? (
        <FormAlert>
          <p>
            비밀번호를 여러 번 잘못 입력해서 로그인이 잠겼어요.{" "}
            <strong>{seoulTime(lockEnds)}</strong>부터 다시 로그인할 수 있어요.
          </p>
          <p>비밀번호 찾기로 새 비밀번호를 만들면 바로 로그인할 수 있어요.</p>
          <Link to="/find_password" className="btn btn--secondary">
            비밀번호 찾기
          </Link>
        </FormAlert>
      ) : null}
      {page && wrongPage !== null ? (
        <FormAlert>
          <p>{rightPageOf(page).text}</p>
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() =>
              void navigate(`${rightPageOf(page).path}${handOnQuery}`, {
                state: { email: wrongPage } satisfies SignInPageState,
              })
            }
          >
            {rightPageOf(page).label}
          </button>
        </FormAlert>
      ) : null}
      <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={isSubmitting}>
        {submitLabel}
      </button>
      <nav className="auth-form__recovery" aria-label="계정 찾기">
        <Link to="/find_email">아이디 찾기</Link>
        <span aria-hidden="true">·</span>
        <Link to="/find_password">비밀번호 찾기</Link>
      </nav>
    </form>
  );
}
