import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Link } from "react-router";
import { NETWORK_ERROR_MESSAGE, isRestError } from "../../../lib/rest-client";
import { resetPassword } from "../api";
import { passwordResetSchema, type PasswordResetValues } from "../schemas";
import { PasswordChecklist } from "./password-checklist";
import { PhoneVerification, type VerifiedPhone } from "./phone-verification";
import { FormAlert, PasswordField, TextField } from "./text-field";

/** Said when the verified phone is not the account's (or no account has the email). */
export const RESET_MISMATCH_MESSAGE =
  "입력한 이메일 계정에 등록된 휴대폰 번호가 아니에요. 이메일과 휴대폰 번호를 확인하고 다시 인증해 주세요.";

/**
 * 비밀번호 찾기 (docs/api/accounts.md PATCH /serverless/change_password with a verified phone):
 * the account's email, an SMS code to the phone the account verified (purpose CHANGE_PASSWORD),
 * then a new password under the policy. Whether the email exists is never said before the code
 * is verified, and then only as "this phone is not that account's". On success every session of
 * the account has ended and a sign-in lock is lifted; the page says so and leads to sign-in.
 */
export function FindPasswordFlow() {
  const [verified, setVerified] = useState<VerifiedPhone | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const doneRef = useRef<HTMLHeadingElement>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PasswordResetValues>({
    resolver: zodResolver(passwordResetSchema),
    defaultValues: { email: "", newPassword: "", newPasswordConfirm: "" },
    reValidateMode: "onChange",
  });
  const email = useWatch({ control, name: "email" });
  const newPassword = useWatch({ control, name: "newPassword" });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    if (!verified) {
      setFormError("휴대폰 인증을 먼저 마쳐 주세요.");
      return;
    }
    try {
      await resetPassword({
        EMAIL_ID: values.email.trim(),
        VERIFICATION_TOKEN: verified.token,
        NEW_PASSWORD: values.newPassword,
      });
    } catch (error) {
      if (!isRestError(error) || error.status === 0) {
        setFormError(NETWORK_ERROR_MESSAGE);
        return;
      }
      if (error.errorCode === "same_password") {
        setError("newPassword", { message: error.message }, { shouldFocus: true });
        return;
      }
      const onPassword = error.fields.find((f) => f.NAME === "NEW_PASSWORD");
      if (onPassword) {
        setError("newPassword", { message: onPassword.MESSAGE }, { shouldFocus: true });
        return;
      }
      // The verification token is spent (mismatch) or no longer valid: verify again.
      setVerified(null);
      setFormError(
        error.errorCode === "verification_mismatch" ? RESET_MISMATCH_MESSAGE : error.message,
      );
      return;
    }
    setDone(true);
  });

  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  if (done) {
    return (
      <div className="auth-result">
        <h2 ref={doneRef} tabIndex={-1} className="auth-card__step-title">
          새 비밀번호를 만들었어요
        </h2>
        <p>
          새 비밀번호로 로그인해 주세요. 로그인이 잠겨 있었다면 풀렸고, 다른 기기에서는 모두
          로그아웃됐어요.
        </p>
        <div className="auth-form__actions">
          <Link to="/parent_sign_in" className="btn btn--secondary">
            학부모 로그인
          </Link>
          <Link to="/sign_in" className="btn btn--primary">
            로그인하기
          </Link>
        </div>
      </div>
    );
  }

  return (
    <>
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
        hint="비밀번호를 찾을 계정의 이메일이에요. 기억나지 않으면 아이디 찾기를 먼저 해 주세요."
      />
      <PhoneVerification
        purpose="CHANGE_PASSWORD"
        verified={verified}
        onVerified={(phone) => {
          setVerified(phone);
          setFormError(null);
        }}
        onReset={() => setVerified(null)}
        phoneLabel="계정에 등록한 휴대폰 번호"
      />
      <form className="auth-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <PasswordField
          label="새 비밀번호"
          autoComplete="new-password"
          registration={register("newPassword")}
          error={errors.newPassword?.message}
          hint={<PasswordChecklist password={newPassword} email={email} />}
        />
        <PasswordField
          label="새 비밀번호 확인"
          autoComplete="new-password"
          registration={register("newPasswordConfirm")}
          error={errors.newPasswordConfirm?.message}
        />
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <button
          type="submit"
          className="btn btn--primary btn--lg btn--block"
          disabled={isSubmitting || !verified}
          aria-busy={isSubmitting || undefined}
        >
          {isSubmitting ? "바꾸는 중…" : "새 비밀번호로 바꾸기"}
        </button>
        {!verified ? (
          <p className="form-field__hint">휴대폰 인증을 마치면 비밀번호를 바꿀 수 있어요.</p>
        ) : null}
      </form>
    </>
  );
}
