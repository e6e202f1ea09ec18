/**
 * The failed-renewal actions of the queues page (issue 16; docs/api/admin.md): what the confirm
 * step says (the amount in won) and how a picked date becomes NEXT_CHARGE_AT. Pure.
 */
import { won } from "./format";

export type RenewalAction = "RETRY" | "RESCHEDULE" | "NOCARD" | "NOPAY";

export const RENEWAL_ACTION_LABELS: Readonly<Record<RenewalAction, string>> = {
  RETRY: "지금 다시 결제",
  RESCHEDULE: "결제일 변경",
  NOCARD: "카드 없음(NOCARD) 표시",
  NOPAY: "미납(NOPAY) 표시",
};

/** A date picked as YYYY-MM-DD → 10:00 that day in Asia/Seoul, as ISO 8601 (null when empty). */
export function seoulMorningIso(date: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  return `${date}T10:00:00+09:00`;
}

/** The confirm step's sentence: the action and the renewal amount it concerns. */
export function renewalConfirmText(
  action: RenewalAction,
  row: { USER_NAME: string; RENEWAL_AMOUNT: number },
  date?: string,
): string {
  const amount = won(row.RENEWAL_AMOUNT);
  switch (action) {
    case "RETRY":
      return `${row.USER_NAME}님의 정기결제 ${amount}을 지금 결제할까요?`;
    case "RESCHEDULE":
      return `${row.USER_NAME}님의 정기결제 ${amount}의 다음 결제일을 ${date ?? ""}로 바꿀까요?`;
    case "NOCARD":
    case "NOPAY":
      return `${row.USER_NAME}님의 수업을 ${action}로 표시할까요? (미결제 ${amount})`;
  }
}
