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

/**
 * How a bank prints its account numbers, by total digit count: the group sizes. Used only when
 * the bank and the length match; anything else is read in groups of four.
 */
const ACCOUNT_GROUPS: Readonly<Record<string, Readonly<Record<number, readonly number[]>>>> = {
  신한은행: { 11: [3, 2, 6], 12: [3, 3, 6] },
  KB국민은행: { 12: [3, 2, 4, 3], 14: [6, 2, 6] },
  우리은행: { 13: [4, 3, 6] },
  하나은행: { 14: [3, 6, 5] },
  NH농협은행: { 13: [3, 4, 4, 2] },
  IBK기업은행: { 14: [3, 6, 2, 3] },
  카카오뱅크: { 13: [4, 2, 7] },
};

/** The digits of an account number (what is copied: bank apps take digits only). */
export function accountDigits(accountNumber: string): string {
  return accountNumber.replace(/\D/g, "");
}

/**
 * An account number grouped for reading, with dashes: the bank's own layout where known
 * ("110-123-456789" at 신한은행), otherwise groups of four ("5620-1234-5678-90").
 */
export function groupAccountNumber(accountNumber: string, bankName = ""): string {
  const digits = accountDigits(accountNumber);
  if (digits.length < 8) return accountNumber;
  const layout = ACCOUNT_GROUPS[bankName]?.[digits.length];
  const sizes = layout ?? Array.from({ length: Math.ceil(digits.length / 4) }, () => 4);
  const groups: string[] = [];
  let at = 0;
  for (const size of sizes) {
    if (at >= digits.length) break;
    groups.push(digits.slice(at, at + size));
    at += size;
  }
  return groups.join("-");
}
