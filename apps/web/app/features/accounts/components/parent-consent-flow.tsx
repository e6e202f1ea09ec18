import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { isRestError, NETWORK_ERROR_MESSAGE } from "../../../lib/rest-client";
import { withLoader } from "../../../stores/loader-store";
import { giveParentConsent } from "../api";
import { parentConsentSchema, type ParentConsentValues } from "../schemas";
import { PhoneVerification, type VerifiedPhone } from "./phone-verification";
import { FormAlert, TextField } from "./text-field";

/** The child's USER_NO from `?child=`, or null unless it is a positive whole number. */
export function parseChildUserNo(value: string | null): number | null {
  if (!value || !/^[1-9][0-9]{0,15}$/.test(value)) return null;
  const number = Number(value);
  return Number.isSafeInteger(number) ? number : null;
}

/**
 * The parent-consent step (/JoinPage?step=parent_consent&child=<USER_NO>): the parent verifies
 * the phone number the child entered (purpose PARENT_CONSENT), gives their name and agrees;
 * POST /main/join/parent_consent activates the child's account.
 */
export function ParentConsentFlow({ childParam }: { childParam: string | null }) {
  const child = parseChildUserNo(childParam);
  const [verified, setVerified] = useState<VerifiedPhone | null>(null);
  const [done, setDone] = useState(false);
  const [serverError, setServerError] = useState<{ message: string; reverify: boolean } | null>(
    null,
  );
  const doneHeading = useRef<HTMLHeadingElement>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ParentConsentValues>({
    resolver: zodResolver(parentConsentSchema),
    defaultValues: { parentName: "", agreed: false },
  });

  useEffect(() => {
    if (done) doneHeading.current?.focus();
  }, [done]);

  if (child === null) {
    return (
      <section className="auth-card" aria-labelledby="consent-invalid-title">
        <h1 id="consent-invalid-title" className="auth-card__title">
          동의 페이지 주소가 올바르지 않아요
        </h1>
        <p className="auth-card__lead">
          자녀에게 받은 주소를 처음부터 끝까지 그대로 열었는지 확인해 주세요. 주소가 잘렸다면 자녀의
          가입 완료 화면에서 다시 복사할 수 있어요.
        </p>
        <div className="auth-form__actions">
          <Link to="/" className="btn btn--secondary">
            설탭 홈으로
          </Link>
          <Link to="/JoinPage" className="btn btn--primary">
            회원가입으로
          </Link>
        </div>
      </section>
    );
  }

  if (done) {
    return (
      <section className="auth-card" aria-labelledby="consent-done-title">
        <div className="auth-result">
          <h1 ref={doneHeading} tabIndex={-1} id="consent-done-title" className="auth-card__title">
            동의를 마쳤어요
          </h1>
          <p>자녀의 계정이 활성화되었어요. 이제 자녀가 설탭에 로그인할 수 있어요.</p>
          <p>
            보호자 계정을 만들면 자녀의 수업, 결제와 계약을 한곳에서 볼 수 있어요. 같은 번호로
            가입하면 자녀 계정과 자동으로 연결돼요.
          </p>
          <div className="auth-form__actions">
            <Link to="/JoinPage?type=PARENT" className="btn btn--secondary">
              보호자 회원가입
            </Link>
            <Link to="/sign_in" className="btn btn--primary">
              로그인 화면으로
            </Link>
          </div>
        </div>
      </section>
    );
  }

  const onSubmit = handleSubmit(async ({ parentName }) => {
    if (!verified) return;
    setServerError(null);
    try {
      await withLoader(() =>
        giveParentConsent({
          CHILD_USER_NO: child,
          PARENT_NAME: parentName.trim(),
          VERIFICATION_TOKEN: verified.token,
          AGREED: true,
        }),
      );
      setDone(true);
    } catch (error) {
      setServerError({
        message: isRestError(error) ? error.message : NETWORK_ERROR_MESSAGE,
        reverify: isRestError(error) && /verification|phone/i.test(error.errorCode),
      });
    }
  });

  return (
    <section className="auth-card auth-card--wide" aria-labelledby="consent-title">
      <h1 id="consent-title" className="auth-card__title">
        보호자 동의
      </h1>
      <p className="auth-card__lead">
        만 14세 미만 자녀가 설탭에 가입하려면 보호자의 동의가 필요해요. 자녀가 입력한 보호자 휴대폰
        번호로 인증한 뒤 동의해 주세요.
      </p>

      <h2 className="auth-card__step-title">1. 보호자 휴대폰 인증</h2>
      <PhoneVerification
        purpose="PARENT_CONSENT"
        phoneLabel="보호자 휴대폰 번호"
        verified={verified}
        onVerified={setVerified}
        onReset={() => {
          setVerified(null);
          setServerError(null);
        }}
      />

      <h2 className="auth-card__step-title">2. 동의</h2>
      <form className="auth-form" noValidate onSubmit={onSubmit}>
        <TextField
          label="보호자 이름"
          autoComplete="name"
          registration={register("parentName")}
          error={errors.parentName?.message}
        />
        <div className="notice">
          <p className="notice__title">설탭이 자녀에게서 받는 정보</p>
          <p>
            이름, 이메일, 휴대폰 번호, 생년월일, 성별, 학년. 수업 제공과 계정 관리에만 쓰고, 회원
            탈퇴 시 법령이 정한 기간이 지나면 지워요.
          </p>
        </div>
        <div className="form-field">
          <label className="checkbox-line">
            <input
              type="checkbox"
              aria-invalid={errors.agreed ? true : undefined}
              aria-describedby={errors.agreed ? "consent-agreed-error" : undefined}
              {...register("agreed")}
            />
            <span>[필수] 자녀의 설탭 가입과 개인정보 수집·이용에 동의해요.</span>
          </label>
          {errors.agreed ? (
            <p id="consent-agreed-error" className="form-field__error">
              {errors.agreed.message}
            </p>
          ) : null}
        </div>
        {!verified ? (
          <p className="form-field__hint" id="consent-needs-phone">
            먼저 보호자 휴대폰 인증을 마쳐 주세요.
          </p>
        ) : null}
        {serverError ? (
          <FormAlert>
            <p>{serverError.message}</p>
            {serverError.reverify ? (
              <button
                type="button"
                className="btn btn--secondary"
                onClick={() => {
                  setVerified(null);
                  setServerError(null);
                }}
              >
                다른 번호로 인증하기
              </button>
            ) : null}
          </FormAlert>
        ) : null}
        <button
          type="submit"
          className="btn btn--primary btn--lg btn--block"
          disabled={!verified || isSubmitting}
          aria-describedby={!verified ? "consent-needs-phone" : undefined}
        >
          동의하고 계정 활성화하기
        </button>
      </form>
    </section>
  );
}
