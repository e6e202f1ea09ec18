import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { isRestError, NETWORK_ERROR_MESSAGE } from "../../../lib/rest-client";
import { withLoader } from "../../../stores/loader-store";
import { giveParentConsent, parentConsentInfo, type ParentConsentInfo } from "../api";
import { parentConsentSchema, type ParentConsentValues } from "../schemas";
import { PhoneVerification, type VerifiedPhone } from "./phone-verification";
import { FormAlert, TextField } from "./text-field";

/** The child's USER_NO from `?child=`, or null unless it is a positive whole number. */
export function parseChildUserNo(value: string | null): number | null {
  if (!value || !/^[1-9][0-9]{0,15}$/.test(value)) return null;
  const number = Number(value);
  return Number.isSafeInteger(number) ? number : null;
}

/** What the consent link is for, as the server tells it (POST /main/join/parent_consent_info). */
type LinkState =
  | { kind: "loading" }
  | { kind: "ready"; info: ParentConsentInfo }
  | { kind: "invalid"; message: string };

/** The consent link's ticket, asked about once per ticket. */
function useConsentLink(ticket: string | null): LinkState {
  const [state, setState] = useState<{ ticket: string; link: LinkState } | null>(null);
  useEffect(() => {
    if (!ticket) return undefined;
    let live = true;
    parentConsentInfo(ticket)
      .then((info) => live && setState({ ticket, link: { kind: "ready", info } }))
      .catch((error: unknown) => {
        if (!live) return;
        const message =
          isRestError(error) && error.status !== 0 ? error.message : NETWORK_ERROR_MESSAGE;
        setState({ ticket, link: { kind: "invalid", message } });
      });
    return () => {
      live = false;
    };
  }, [ticket]);
  if (!ticket) {
    return {
      kind: "invalid",
      message:
        "보호자 동의 링크가 올바르지 않거나 만료되었어요. 보호자 휴대폰으로 받은 문자의 링크를 그대로 열어 주세요.",
    };
  }
  return state?.ticket === ticket ? state.link : { kind: "loading" };
}

/**
 * The parent-consent step (/JoinPage?step=parent_consent&child=<USER_NO>&ticket=<ticket>, the
 * link texted to the parent): the page names the child and the phone expected (both masked),
 * the parent verifies that phone (purpose PARENT_CONSENT; another number is refused when the
 * code is asked for), gives their name and agrees; POST /main/join/parent_consent activates the
 * child's account. A link whose consent was already given says so instead of showing the form.
 */
export function ParentConsentFlow({
  childParam,
  ticketParam,
}: {
  childParam: string | null;
  ticketParam: string | null;
}) {
  const child = parseChildUserNo(childParam);
  const link = useConsentLink(ticketParam);
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

  if (!done && link.kind !== "ready") {
    return (
      <section
        className="auth-card"
        aria-labelledby="consent-title"
        aria-busy={link.kind === "loading"}
      >
        <h1 id="consent-title" className="auth-card__title">
          보호자 동의
        </h1>
        {link.kind === "loading" ? (
          <p role="status">동의 요청을 확인하는 중이에요…</p>
        ) : (
          <>
            <FormAlert>{link.message}</FormAlert>
            <p className="auth-card__lead">
              링크는 7일 동안 쓸 수 있어요. 만료되었다면 자녀가 설탭에 로그인해 보세요. 보호자
              휴대폰으로 새 동의 요청 문자가 가요.
            </p>
            <div className="auth-form__actions">
              <Link to="/" className="btn btn--secondary">
                설탭 홈으로
              </Link>
            </div>
          </>
        )}
      </section>
    );
  }

  if (!done && link.kind === "ready" && link.info.STATUS === "CONSENTED") {
    return (
      <section className="auth-card" aria-labelledby="consent-already-title">
        <div className="auth-result">
          <h1 id="consent-already-title" className="auth-card__title">
            이미 동의했어요
          </h1>
          <p>
            {link.info.CHILD_NAME} 학생의 가입 동의는 이미 마쳤어요. 자녀가 설탭에 로그인할 수
            있어요.
          </p>
          <div className="auth-form__actions">
            <Link to="/JoinPage?type=PARENT" className="btn btn--secondary">
              보호자 회원가입
            </Link>
            <Link to="/parent_sign_in" className="btn btn--primary">
              학부모 로그인
            </Link>
          </div>
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

  if (link.kind !== "ready") return null;
  const childUserNo = link.info.CHILD_USER_NO;

  const onSubmit = handleSubmit(async ({ parentName }) => {
    if (!verified) return;
    setServerError(null);
    try {
      await withLoader(() =>
        giveParentConsent({
          CHILD_USER_NO: childUserNo,
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
        <strong>{link.info.CHILD_NAME}</strong> 학생이 설탭 가입을 신청했어요. 만 14세 미만은
        보호자의 동의가 필요해요. 자녀가 입력한 보호자 휴대폰 번호로 인증한 뒤 동의해 주세요.
      </p>
      <p className="form-field__hint" data-testid="consent-expected-phone">
        자녀가 입력한 보호자 번호: {link.info.PARENT_PHONE}
      </p>

      <h2 className="auth-card__step-title">1. 보호자 휴대폰 인증</h2>
      <PhoneVerification
        purpose="PARENT_CONSENT"
        consentTicket={ticketParam ?? undefined}
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
