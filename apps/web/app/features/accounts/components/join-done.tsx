import { maskMobile } from "@seoltab/domain";
import { useState, type RefObject } from "react";
import { Link } from "react-router";
import { copyText } from "../../../lib/clipboard";
import type { JoinResult } from "./join-flow";

/** The parent-consent page for a child account (absolute, to be sent to the parent). */
export function parentConsentUrl(childUserNo: number, origin: string): string {
  return `${origin}/JoinPage?step=parent_consent&child=${childUserNo}`;
}

/**
 * The result of the join flow: active accounts go to sign-in (parents to the parent sign-in);
 * an under-14 account waits for the parent's consent: the request was texted to the parent phone
 * (the page says so, or that it could not be sent), and the consent address is there to pass on
 * too, with a copy button.
 */
export function JoinDone({
  result,
  headingRef,
}: {
  result: JoinResult;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const signInPath = result.userType === "PARENT" ? "/parent_sign_in" : "/sign_in";

  if (result.STATUS === "PENDING_PARENT_CONSENT") {
    const url = result.CONSENT_URL ?? parentConsentUrl(result.USER_NO, window.location.origin);
    const masked = result.parentPhone ? maskMobile(result.parentPhone) : "보호자 휴대폰";
    const smsSent = result.CONSENT_SMS_SENT === true;
    return (
      <div className="auth-result">
        <h1 ref={headingRef} tabIndex={-1} id="join-done-title" className="auth-card__title">
          보호자 동의를 기다리고 있어요
        </h1>
        <p>
          가입 신청을 받았어요. 만 14세 미만은 보호자가 동의해야 계정이 활성화돼요. 그 전에는
          로그인할 수 없어요.
        </p>
        {smsSent ? (
          <p className="form-alert form-alert--info" role="status">
            보호자 휴대폰({masked})으로 동의 요청 문자를 보냈어요.
          </p>
        ) : (
          <p className="form-alert form-alert--error" role="alert">
            보호자 휴대폰({masked})으로 문자를 보내지 못했어요. 아래 동의 페이지 주소를 보호자께
            전해 주세요.
          </p>
        )}
        <ol className="auth-result__steps">
          <li>
            {smsSent
              ? "보호자가 문자의 링크를 열어 휴대폰 인증을 하고 동의하면 계정이 바로 활성화돼요."
              : "보호자가 동의 페이지에서 휴대폰 인증을 하고 동의하면 계정이 바로 활성화돼요."}
          </li>
          <li>그다음 {result.email} 계정으로 로그인해 주세요.</li>
        </ol>
        <div className="copy-box">
          <p className="copy-box__label" id="consent-url-label">
            {smsSent ? "문자를 못 받았다면 이 주소를 보호자께 전해 주세요" : "보호자 동의 페이지"}
          </p>
          <p
            className="copy-box__value copy-box__value--one-line"
            aria-labelledby="consent-url-label"
          >
            <a href={url}>{url}</a>
          </p>
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => void copyText(url).then(setCopied)}
          >
            주소 복사
          </button>
          <p className="copy-box__status" role="status">
            {copied === true ? "주소를 복사했어요." : null}
            {copied === false ? "복사하지 못했어요. 주소를 길게 눌러 복사해 주세요." : null}
          </p>
        </div>
        <div className="auth-form__actions">
          <Link to="/" className="btn btn--secondary">
            설탭 홈으로
          </Link>
          <Link to={signInPath} className="btn btn--primary">
            로그인 화면으로
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="auth-result">
      <h1 ref={headingRef} tabIndex={-1} id="join-done-title" className="auth-card__title">
        가입을 환영해요!
      </h1>
      <p>{result.email} 계정이 만들어졌어요. 이제 로그인할 수 있어요.</p>
      <div className="auth-form__actions">
        <Link to="/" className="btn btn--secondary">
          설탭 홈으로
        </Link>
        <Link to={signInPath} className="btn btn--primary">
          로그인하기
        </Link>
      </div>
    </div>
  );
}
