import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { formatWon } from "../../../content/promotions";
import type { RequestRefundResult } from "../api/graphql";
import { refundReasonLabel, refundRuleLabel } from "../labels";

const TITLES: Record<string, string> = {
  REFUNDED: "환불이 완료되었어요",
  STAFF_REVIEW: "환불 요청이 접수되었어요",
  REFUND_REQUESTED: "환불 결과를 확인하고 있어요",
};

/**
 * What became of the request (requestRefund): REFUNDED with the amount, STAFF_REVIEW with why
 * and the amount the law gives as the starting point, or REFUND_REQUESTED (the gateway has not
 * answered; staff check it). The server's sentence is shown as it came. The heading takes focus
 * so screen readers hear the outcome.
 */
export function RefundResult({ result }: { result: RequestRefundResult }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const done = result.state === "REFUNDED";
  return (
    <section className="pay-receipt refund-result" aria-labelledby="refund-result-title">
      <div className="pay-receipt__head">
        <p className={`pay-state ${done ? "pay-state--paid" : "pay-state--review"}`}>
          {done ? "환불 완료" : result.state === "STAFF_REVIEW" ? "담당자 확인 중" : "확인 중"}
        </p>
        <h1 id="refund-result-title" ref={heading} tabIndex={-1} className="pay-receipt__title">
          {TITLES[result.state] ?? "환불 요청을 받았어요"}
        </h1>
        <p className="pay-receipt__lead" data-testid="refund-result-message">
          {result.message}
        </p>
        {result.renewal ? (
          <p className="pay-receipt__lead" data-testid="refund-result-renewal">
            {result.state === "REFUNDED" && result.renewal.endsRenewals
              ? "자동 결제가 해지되어 더 결제되지 않아요."
              : result.renewal.message}
          </p>
        ) : null}
      </div>
      <dl className="price-list">
        {done ? (
          <div className="price-list__row price-list__row--total">
            <dt>환불된 금액</dt>
            <dd data-testid="refund-result-amount">{formatWon(result.refundedAmount)}</dd>
          </div>
        ) : (
          <div className="price-list__row price-list__row--total">
            <dt>{result.deductions?.length ? "차감 후 환불 금액" : "법에 따른 환불 금액"}</dt>
            <dd data-testid="refund-result-amount">{formatWon(result.amount)}</dd>
          </div>
        )}
        <div className="price-list__row">
          <dt>환불 방법</dt>
          <dd>{result.channel === "CARD" ? "결제한 카드 취소" : "계좌로 입금"}</dd>
        </div>
        <div className="price-list__row">
          <dt>적용 기준</dt>
          <dd>{refundRuleLabel(result.rule)}</dd>
        </div>
      </dl>
      {result.deductions?.length ? (
        <ul className="refund-result__lessons" aria-label="환불 금액에서 뺀 항목">
          {result.deductions.map((d) => (
            <li key={d.kind} data-testid="refund-result-deduction">
              {d.name} {formatWon(d.amount)} 차감
            </li>
          ))}
        </ul>
      ) : null}
      {result.lessonQuotes?.length ? (
        <ul className="refund-result__lessons" aria-label="진행한 수업 차감">
          {result.lessonQuotes.map((q) => (
            <li key={q.paymentItemId} data-testid="refund-result-lesson-quote">
              {q.summary}
            </li>
          ))}
        </ul>
      ) : null}
      {!done && result.reasons.length > 0 ? (
        <div className="refund-reasons">
          <h2 className="refund-reasons__title">직접 환불되지 않은 이유</h2>
          <ul>
            {result.reasons.map((r) => (
              <li key={r}>{refundReasonLabel(r)}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {!done ? (
        <p className="pay-muted">
          담당자가 확인한 뒤 연락드려요. 접수 번호 {result.refundRequestId}번으로 상담 신청에서
          문의하실 수 있어요.
        </p>
      ) : null}
      <div className="pay-actions pay-actions--center">
        <Link to="/_app/payments" className="btn btn--primary btn--lg">
          내 결제 내역
        </Link>
        {!done ? (
          <Link to="/consultation" className="btn btn--secondary btn--lg">
            상담 신청
          </Link>
        ) : null}
        <Link to="/_app" className="btn btn--secondary btn--lg">
          내 학습 공간
        </Link>
      </div>
    </section>
  );
}
