/**
 * Cash-receipt details of a cash payment (현금영수증; docs/api/admin.md `cash`): the kinds and
 * the check of the number before it is sent (the server checks the same shapes). Pure.
 */

export type CashReceiptType = "INCOME_DEDUCTION" | "EXPENSE_PROOF" | "NONE";

export const CASH_RECEIPT_LABELS: Readonly<Record<CashReceiptType, string>> = {
  INCOME_DEDUCTION: "소득공제 (휴대폰 번호)",
  EXPENSE_PROOF: "지출증빙 (사업자등록번호)",
  NONE: "발행 안 함",
};

/** Why `number` does not fit `type` (Korean), or null when it does. Digits only. */
export function cashReceiptProblem(type: CashReceiptType, number: string): string | null {
  if (type === "INCOME_DEDUCTION" && !/^01\d{8,9}$/.test(number)) {
    return "소득공제용 휴대폰 번호를 숫자만 입력해 주세요. (예: 01012345678)";
  }
  if (type === "EXPENSE_PROOF" && !/^\d{10}$/.test(number)) {
    return "지출증빙용 사업자등록번호 10자리를 입력해 주세요.";
  }
  return null;
}
