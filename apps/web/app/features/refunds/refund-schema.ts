/**
 * The refund form (docs/api/refunds.md RequestRefundInput): the reason in the person's words
 * (1-500 characters) and, when the refund goes to a bank account (channel BANK: virtual
 * account and cash payments), the account: bank, number (6-20 digits; dashes and spaces are
 * dropped) and holder (1-30 characters). The same limits as the server's.
 */
import { z } from "zod";
import { REFUND_BANKS } from "./labels";

export const REASON_MAX = 500;

export interface RefundFormInput {
  reason: string;
  bankCode: string;
  accountNumber: string;
  holder: string;
}

export const EMPTY_REFUND_FORM: RefundFormInput = {
  reason: "",
  bankCode: "",
  accountNumber: "",
  holder: "",
};

const BANK_CODES = new Set(REFUND_BANKS.map((b) => b.code));

/** The schema; `accountRequired`: refundAccountRequired of the eligibility. */
export function refundFormSchema(accountRequired: boolean) {
  const reason = z
    .string()
    .trim()
    .min(1, "환불 사유를 입력해 주세요.")
    .max(REASON_MAX, `환불 사유는 ${REASON_MAX}자까지 입력할 수 있어요.`);
  if (!accountRequired) {
    return z.object({
      reason,
      bankCode: z.string(),
      accountNumber: z.string(),
      holder: z.string(),
    });
  }
  return z.object({
    reason,
    bankCode: z.string().refine((v) => BANK_CODES.has(v), "환불받을 은행을 골라 주세요."),
    accountNumber: z
      .string()
      .transform((v) => v.replace(/[\s-]/g, ""))
      .pipe(
        z
          .string()
          .min(1, "계좌번호를 입력해 주세요.")
          .regex(/^\d{6,20}$/, "계좌번호는 숫자 6~20자리로 입력해 주세요."),
      ),
    holder: z
      .string()
      .trim()
      .min(1, "예금주 이름을 입력해 주세요.")
      .max(30, "예금주는 30자까지 입력할 수 있어요."),
  });
}

export type RefundFormValues = z.output<ReturnType<typeof refundFormSchema>>;
