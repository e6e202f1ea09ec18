/** Display helpers of the payment screens: times in Asia/Seoul, Korean labels. */
import { SEOUL_TIME_ZONE } from "@seoltab/domain";

const SEOUL_DATE_TIME = new Intl.DateTimeFormat("ko-KR", {
  timeZone: SEOUL_TIME_ZONE,
  year: "numeric",
  month: "long",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "2026년 11월 21일 14:03" (Asia/Seoul) for an ISO 8601 instant; "" for none. */
export function seoulDateTime(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : SEOUL_DATE_TIME.format(date);
}

/** Payment states in Korean (SPEC.md §4 set two). */
export const PAYMENT_STATE_LABELS: Record<string, string> = {
  PAID: "결제 완료",
  READY: "결제 확인 중",
  FAILED: "결제 실패",
  PARTIALLY_REFUNDED: "부분 환불",
  TOTALLY_REFUNDED: "전액 환불",
};

/** The state in Korean; a VBANK payment that is READY is waiting for the deposit. */
export function paymentStateLabel(state: string, method?: string): string {
  if (state === "READY" && method === "VBANK") return "입금 대기";
  return PAYMENT_STATE_LABELS[state] ?? state;
}

/** Payment methods in Korean (SPEC.md §3). */
export const PAYMENT_METHOD_LABELS: Record<string, string> = {
  BILLING_CARD: "카드",
  CASH: "현금",
  VBANK: "가상계좌",
};

export function paymentMethodLabel(method: string): string {
  return PAYMENT_METHOD_LABELS[method] ?? method;
}

/** "일시불" or "3개월 할부". */
export function cardQuotaLabel(months: number): string {
  return months === 0 ? "일시불" : `${months}개월 할부`;
}

/** Card types (SPEC.md §3) in Korean. */
export const CARD_TYPE_LABELS = {
  CREDIT_CARD: "개인 신용카드",
  DEBIT_CARD: "개인 체크카드",
  COMPANY_CREDIT_CARD: "법인 신용카드",
  COMPANY_DEBIT_CARD: "법인 체크카드",
} as const;
