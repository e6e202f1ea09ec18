import { maskMobile } from "@seoltab/domain";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { MISSED_CALL_NOTE, NEXT_STEPS } from "../content";
import { preferredTimeLabel } from "../options";
import type { SubmittedRequest } from "./consultation-form";

/**
 * The thank-you state after a request: that it was received, what happens next and when we
 * call, the number we will call (masked), the request number, and the way back home. The heading
 * takes focus so screen readers announce the change.
 */
export function ThankYou({ request }: { request: SubmittedRequest }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const time = preferredTimeLabel(request.preferredTime);

  return (
    <section className="cst-done" aria-labelledby="consultation-done-title">
      <div className="cst-done__badge" aria-hidden="true">
        ✓
      </div>
      <h2 id="consultation-done-title" ref={heading} tabIndex={-1} className="cst-done__title">
        상담 신청이 접수되었어요
      </h2>
      <p className="cst-done__lead">
        {request.name}님, 신청해 주셔서 고마워요. 곧 전화로 찾아뵐게요.
      </p>
      <dl className="cst-done__facts">
        <div>
          <dt>연락드릴 번호</dt>
          <dd>{maskMobile(request.phone)}</dd>
        </div>
        <div>
          <dt>희망 연락 시간</dt>
          <dd>{time}</dd>
        </div>
        <div>
          <dt>접수 번호</dt>
          <dd className="cst-done__id">{request.requestId.slice(0, 8).toUpperCase()}</dd>
        </div>
      </dl>
      <h3 className="cst-done__subtitle">다음 단계</h3>
      <ol className="cst-done__steps">
        {NEXT_STEPS.map((step) => (
          <li key={step}>{step.replace("{time}", time)}</li>
        ))}
      </ol>
      <p className="cst-done__note">{MISSED_CALL_NOTE}</p>
      <div className="cst-done__actions">
        <Link to="/" className="btn btn--primary btn--lg">
          설탭 홈으로
        </Link>
        <Link to="/smart" className="btn btn--secondary btn--lg">
          수업 더 알아보기
        </Link>
      </div>
    </section>
  );
}
