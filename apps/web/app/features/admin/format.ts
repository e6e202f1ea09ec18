/** Display helpers of the console: won, Seoul times, Korean labels of states and kinds. */

/** "94,500원". */
export function won(amount: number): string {
  return `${amount.toLocaleString("ko-KR")}원`;
}

const SEOUL = new Intl.DateTimeFormat("ko-KR", {
  timeZone: "Asia/Seoul",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
});

/** "2026. 11. 24. 21:03" in Asia/Seoul. */
export function seoulTime(iso: string | null | undefined): string {
  return iso ? SEOUL.format(new Date(iso)) : "—";
}

/** SPEC.md §4 payment (set two) and item (set one) states, refund request states. */
export const STATE_LABELS: Record<string, string> = {
  READY: "결제 대기",
  PAID: "결제 완료",
  FAILED: "결제 실패",
  PARTIALLY_REFUNDED: "부분 환불",
  TOTALLY_REFUNDED: "전액 환불",
  REFUNDED: "환불 완료",
  REFUND_REQUESTED: "환불 요청",
  REFUND_REQUEST_FAILED: "환불 실패",
  STAFF_REVIEW: "운영팀 검토",
  PENDING: "PG 응답 대기",
  REJECTED: "거절",
};

export const METHOD_LABELS: Record<string, string> = {
  BILLING_CARD: "카드",
  CASH: "현금",
  VBANK: "가상계좌",
};

export function stateLabel(state: string | null | undefined): string {
  return state ? (STATE_LABELS[state] ?? state) : "—";
}
