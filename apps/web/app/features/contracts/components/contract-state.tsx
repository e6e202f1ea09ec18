import { formatWon } from "../../../content/promotions";
import type { ContractPaymentState } from "../api/graphql";
import { refundStateLabel } from "../labels";

/**
 * The badges of a contract: 서명 완료 (or 서명 전) and, once its payment was refunded, 환불됨 or
 * 부분 환불 (the payment's state), so a refunded contract never reads only "서명 완료".
 */
export function ContractStateBadges({
  signed,
  payment,
}: {
  signed: boolean;
  payment: ContractPaymentState;
}) {
  const refund = refundStateLabel(payment.paymentState);
  return (
    <span className="contract-states" data-testid="contract-states">
      <span className={`pay-state ${signed ? "pay-state--paid" : "pay-state--ready"}`}>
        {signed ? "서명 완료" : "서명 전"}
      </span>
      {refund ? (
        <span className={`pay-state pay-state--${payment.paymentState.toLowerCase()}`}>
          {refund}
        </span>
      ) : null}
    </span>
  );
}

/** One sentence on a refunded contract's payment, or nothing. */
export function ContractRefundNote({ payment }: { payment: ContractPaymentState }) {
  if (payment.paymentState === "TOTALLY_REFUNDED") {
    return (
      <p className="contract-refund-note no-print" data-testid="contract-refund-note">
        이 계약의 결제는 전액 환불되었어요 (환불 금액 {formatWon(payment.refundedAmount)}).
      </p>
    );
  }
  if (payment.paymentState === "PARTIALLY_REFUNDED") {
    return (
      <p className="contract-refund-note no-print" data-testid="contract-refund-note">
        이 계약의 결제 {formatWon(payment.paidPrice)} 중 {formatWon(payment.refundedAmount)}이
        환불되었어요.
      </p>
    );
  }
  return null;
}
