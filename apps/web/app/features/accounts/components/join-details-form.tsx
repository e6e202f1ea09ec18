import { zodResolver } from "@hookform/resolvers/zod";
import {
  isUnderFourteen,
  maskMobile,
  missingRequiredTerms,
  normalizeMobile,
} from "@seoltab/domain";
import { useMemo, useState, type RefObject } from "react";
import { useForm, useWatch } from "react-hook-form";
import { isRestError, NETWORK_ERROR_MESSAGE } from "../../../lib/rest-client";
import { withLoader } from "../../../stores/loader-store";
import { checkEmailAvailable, checkNicknameAvailable, join, type JoinPayload } from "../api";
import {
  GRADE_OPTIONS,
  birthDateField,
  emailField,
  joinDetailsSchema,
  nicknameField,
  type JoinDetailsValues,
  type JoinUserType,
} from "../schemas";
import {
  allJoinChecksPassed,
  checkPassword,
  checkRealname,
  flagFor,
  passwordCheckKey,
  type CheckFor,
} from "../join-checks";
import type { JoinResult } from "./join-flow";
import { PasswordChecklist } from "./password-checklist";
import type { VerifiedPhone } from "./phone-verification";
import { NO_TERMS_AGREED, TermsAgreement, type AgreedTerms } from "./terms-agreement";
import { FormAlert, PasswordField, TextField, type FieldStatus } from "./text-field";

/** Server field names (FIELDS[].NAME) → form fields. */
const SERVER_FIELDS: Record<string, keyof JoinDetailsValues> = {
  EMAIL_ID: "email",
  PASSWORD: "password",
  REALNAME: "realname",
  NICKNAME: "nickname",
  GRADE: "grade",
  GENDER: "gender",
  BIRTH_DATE: "birthDate",
  PARENT_PHONE_NUM: "parentPhone",
};

/** An availability check (SPEC.md §5: null until checked) for the value it was made for. */
interface Availability {
  value: string;
  available: boolean;
}

function availabilityFor(check: Availability | null, value: string): boolean | null {
  return check && check.value === value.trim() ? check.available : null;
}

function statusOf(flag: boolean | null, what: "email" | "nickname"): FieldStatus | null {
  if (flag === null) return null;
  if (what === "email") {
    return flag
      ? { tone: "success", text: "사용할 수 있는 이메일이에요." }
      : {
          tone: "error",
          text: "이미 가입된 이메일이에요. 로그인하거나 다른 이메일을 입력해 주세요.",
        };
  }
  return flag
    ? { tone: "success", text: "사용할 수 있는 닉네임이에요." }
    : { tone: "error", text: "이미 쓰고 있는 닉네임이에요. 다른 닉네임을 입력해 주세요." };
}

export interface JoinDetailsFormProps {
  userType: JoinUserType;
  /** The verified phone; null after the person chose to verify another number. */
  verified: VerifiedPhone | null;
  /** Given while the form is the open step: its heading takes the focus. */
  headingRef?: RefObject<HTMLHeadingElement | null> | undefined;
  onBack: () => void;
  /** The verification token was refused (expired): verify the phone again. */
  onVerificationExpired: () => void;
  onJoined: (result: JoinResult) => void;
}

/**
 * The account details and terms of the join flow: email and nickname with availability
 * checks (on leaving the field, with the 중복 확인 button, and again at submit if not yet
 * checked), the password with live policy feedback, name, grade (students), gender (MAN by
 * default), birth date (under 14: the parent's phone, and an explanation that the account
 * waits for the parent's consent), then the terms of the two services.
 */
export function JoinDetailsForm({
  userType,
  verified,
  headingRef,
  onBack,
  onVerificationExpired,
  onJoined,
}: JoinDetailsFormProps) {
  const [today] = useState(() => new Date());
  const schema = useMemo(() => joinDetailsSchema(userType, () => today), [userType, today]);
  const {
    register,
    handleSubmit,
    control,
    setError,
    setFocus,
    trigger,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<JoinDetailsValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      email: "",
      password: "",
      passwordConfirm: "",
      realname: "",
      nickname: "",
      grade: "",
      gender: "MAN",
      birthDate: "",
      parentPhone: "",
    },
  });
  const [email, password, passwordConfirm, realname, nickname, birthDate] = useWatch({
    control,
    name: ["email", "password", "passwordConfirm", "realname", "nickname", "birthDate"],
  });
  const [emailCheck, setEmailCheck] = useState<Availability | null>(null);
  const [nicknameCheck, setNicknameCheck] = useState<Availability | null>(null);
  // SPEC.md §5: the password and realname flags are null until checked, like email and nickname.
  const [passwordCheck, setPasswordCheck] = useState<CheckFor | null>(null);
  const [realnameCheck, setRealnameCheck] = useState<CheckFor | null>(null);
  const [terms, setTerms] = useState<AgreedTerms>(NO_TERMS_AGREED);
  const [termsError, setTermsError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<{ message: string; reverify: boolean } | null>(
    null,
  );

  const emailFlag = availabilityFor(emailCheck, email);
  const nicknameFlag = availabilityFor(nicknameCheck, nickname);
  const passwordFlag = flagFor(passwordCheck, passwordCheckKey(password, passwordConfirm, email));
  const realnameFlag = flagFor(realnameCheck, realname.trim());

  /** Runs the password check (once both fields hold something); returns the flag. */
  function runPasswordCheck(): boolean | null {
    const values = getValues();
    if (!values.password || !values.passwordConfirm) return null;
    const check = checkPassword(values.password, values.passwordConfirm, values.email);
    setPasswordCheck(check);
    return check.ok;
  }

  function runRealnameCheck(): boolean | null {
    const value = getValues("realname");
    if (!value.trim()) return null;
    const check = checkRealname(value);
    setRealnameCheck(check);
    return check.ok;
  }
  const underFourteen =
    userType === "STUDENT" &&
    birthDateField.safeParse(birthDate).success &&
    isUnderFourteen(birthDate, today);
  const showNickname = userType !== "PARENT";

  /** Checks the email's availability if it is well-formed; returns the flag (null: not checked). */
  async function checkEmail(): Promise<boolean | null> {
    const value = getValues("email").trim();
    if (!emailField.safeParse(value).success) {
      await trigger("email");
      return null;
    }
    try {
      const available = await checkEmailAvailable(value);
      setEmailCheck({ value, available });
      return available;
    } catch (error) {
      setError("email", { message: isRestError(error) ? error.message : NETWORK_ERROR_MESSAGE });
      return null;
    }
  }

  async function checkNickname(): Promise<boolean | null> {
    const value = getValues("nickname").trim();
    if (!nicknameField.safeParse(value).success) {
      await trigger("nickname");
      return null;
    }
    try {
      const available = await checkNicknameAvailable(value);
      setNicknameCheck({ value, available });
      return available;
    } catch (error) {
      setError("nickname", {
        message: isRestError(error) ? error.message : NETWORK_ERROR_MESSAGE,
      });
      return null;
    }
  }

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    if (!verified) {
      onVerificationExpired();
      return;
    }
    const missing = missingRequiredTerms(terms);
    if (Object.keys(missing).length > 0) {
      setTermsError("필수 약관에 모두 동의해 주세요.");
      document.querySelector<HTMLInputElement>(".terms input")?.focus();
      return;
    }
    setTermsError(null);
    const emailOk = emailFlag ?? (await checkEmail());
    if (emailOk !== true) {
      setFocus("email");
      return;
    }
    let nicknameOk: boolean | null = null;
    if (showNickname) {
      nicknameOk = nicknameFlag ?? (await checkNickname());
      if (nicknameOk !== true) {
        setFocus("nickname");
        return;
      }
    }
    const flags = {
      email: emailOk,
      nickname: nicknameOk,
      password: runPasswordCheck(),
      realname: runRealnameCheck(),
    };
    if (!allJoinChecksPassed(flags, showNickname)) {
      setFocus(flags.password !== true ? "password" : "realname");
      return;
    }

    const parentPhone = underFourteen ? normalizeMobile(values.parentPhone) : null;
    const payload: JoinPayload = {
      USER_TYPE: userType,
      EMAIL_ID: values.email.trim(),
      PASSWORD: values.password,
      REALNAME: values.realname.trim(),
      GENDER: values.gender,
      BIRTH_DATE: values.birthDate,
      VERIFICATION_TOKEN: verified.token,
      AGREED_TERMS: terms,
    };
    if (showNickname) payload.NICKNAME = values.nickname.trim();
    if (userType === "STUDENT") payload.GRADE = values.grade;
    if (parentPhone) payload.PARENT_PHONE_NUM = parentPhone;

    try {
      const response = await withLoader(() => join(payload));
      onJoined({ ...response, userType, email: payload.EMAIL_ID, parentPhone });
    } catch (error) {
      if (!isRestError(error)) {
        setServerError({ message: NETWORK_ERROR_MESSAGE, reverify: false });
        return;
      }
      let focused = false;
      for (const field of error.fields) {
        const name = SERVER_FIELDS[field.NAME];
        if (!name) continue;
        setError(name, { message: field.MESSAGE }, { shouldFocus: !focused });
        focused = true;
      }
      setServerError({
        message: error.message,
        reverify: /verification/i.test(error.errorCode),
      });
    }
  });

  return (
    <form className="auth-form" noValidate onSubmit={onSubmit}>
      <h2 ref={headingRef} tabIndex={-1} className="auth-card__step-title">
        계정 정보를 입력해 주세요
      </h2>
      {verified ? (
        <p className="auth-card__lead">인증한 번호: {maskMobile(verified.phone)}</p>
      ) : null}

      <TextField
        label="이메일"
        type="email"
        autoComplete="email"
        inputMode="email"
        spellCheck={false}
        autoCapitalize="none"
        placeholder="name@example.com"
        registration={register("email", {
          onBlur: () => {
            if (availabilityFor(emailCheck, getValues("email")) === null) void checkEmail();
          },
        })}
        error={errors.email?.message}
        status={statusOf(emailFlag, "email")}
        hint="로그인 아이디로 쓰여요."
        action={
          <button
            type="button"
            className="btn btn--secondary form-field__action"
            onClick={() => void checkEmail()}
          >
            중복 확인
          </button>
        }
      />

      <PasswordField
        label="비밀번호"
        autoComplete="new-password"
        registration={register("password")}
        error={errors.password?.message}
        hint={<PasswordChecklist password={password} email={email} />}
      />
      <PasswordField
        label="비밀번호 확인"
        autoComplete="new-password"
        registration={register("passwordConfirm", { onBlur: () => void runPasswordCheck() })}
        error={errors.passwordConfirm?.message}
        status={
          passwordFlag === null
            ? null
            : passwordFlag
              ? { tone: "success", text: "비밀번호를 확인했어요." }
              : { tone: "error", text: "비밀번호 조건과 확인 입력을 다시 살펴봐 주세요." }
        }
      />

      <TextField
        label="이름"
        autoComplete="name"
        registration={register("realname", { onBlur: () => void runRealnameCheck() })}
        error={errors.realname?.message}
        status={
          realnameFlag === false
            ? { tone: "error", text: "이름은 한글 또는 영문으로 입력해 주세요." }
            : null
        }
        hint="실명을 입력해 주세요."
      />

      {showNickname ? (
        <TextField
          label="닉네임"
          autoComplete="nickname"
          registration={register("nickname", {
            onBlur: () => {
              if (availabilityFor(nicknameCheck, getValues("nickname")) === null) {
                void checkNickname();
              }
            },
          })}
          error={errors.nickname?.message}
          status={statusOf(nicknameFlag, "nickname")}
          hint="수업에서 불릴 이름이에요. 한글, 영문, 숫자, _ 로 2~20자."
          action={
            <button
              type="button"
              className="btn btn--secondary form-field__action"
              onClick={() => void checkNickname()}
            >
              중복 확인
            </button>
          }
        />
      ) : null}

      {userType === "STUDENT" ? (
        <div className="form-field">
          <label className="form-field__label" htmlFor="join-grade">
            학년
          </label>
          <select
            id="join-grade"
            className="form-input"
            aria-invalid={errors.grade ? true : undefined}
            aria-describedby={errors.grade ? "join-grade-error" : undefined}
            {...register("grade")}
          >
            <option value="">학년을 골라 주세요</option>
            {GRADE_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          {errors.grade ? (
            <p id="join-grade-error" className="form-field__error">
              {errors.grade.message}
            </p>
          ) : null}
        </div>
      ) : null}

      <fieldset className="form-field form-field--inline">
        <legend className="form-field__label">성별</legend>
        <div className="segmented">
          <label className="segmented__option">
            <input type="radio" value="MAN" {...register("gender")} />
            <span>남자</span>
          </label>
          <label className="segmented__option">
            <input type="radio" value="WOMAN" {...register("gender")} />
            <span>여자</span>
          </label>
        </div>
        {errors.gender ? <p className="form-field__error">{errors.gender.message}</p> : null}
      </fieldset>

      <TextField
        label="생년월일"
        type="date"
        autoComplete="bday"
        min="1900-01-01"
        max={today.toISOString().slice(0, 10)}
        registration={register("birthDate")}
        error={errors.birthDate?.message}
        hint="만 14세 미만은 보호자 동의가 필요해요."
      />

      {underFourteen ? (
        <div className="notice" role="note" aria-labelledby="under-fourteen-title">
          <h3 id="under-fourteen-title" className="notice__title">
            만 14세 미만은 보호자 동의가 필요해요
          </h3>
          <p>
            보호자 휴대폰 번호를 입력해 주세요. 가입을 마치면 보호자 동의 페이지 주소를 알려 드려요.
            보호자가 휴대폰 인증을 하고 동의하면 계정이 활성화되고, 그때부터 로그인할 수 있어요.
          </p>
          <TextField
            label="보호자 휴대폰 번호"
            type="tel"
            inputMode="numeric"
            autoComplete="off"
            placeholder="010-1234-5678"
            registration={register("parentPhone")}
            error={errors.parentPhone?.message}
          />
        </div>
      ) : null}

      <TermsAgreement
        value={terms}
        onChange={(next) => {
          setTerms(next);
          if (termsError && Object.keys(missingRequiredTerms(next)).length === 0) {
            setTermsError(null);
          }
        }}
        error={termsError}
      />

      {serverError ? (
        <FormAlert>
          <p>{serverError.message}</p>
          {serverError.reverify ? (
            <button type="button" className="btn btn--secondary" onClick={onVerificationExpired}>
              휴대폰 인증 다시 하기
            </button>
          ) : null}
        </FormAlert>
      ) : null}

      <div className="auth-form__actions">
        <button type="button" className="btn btn--secondary" onClick={onBack}>
          이전
        </button>
        <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
          가입하기
        </button>
      </div>
    </form>
  );
}
