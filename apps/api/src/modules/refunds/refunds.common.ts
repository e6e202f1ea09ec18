/**
 * What every part of the refunds flow shares (issue #5; docs/api/refunds.md): the area's
 * dependencies (`RefundsDeps`, the lesson ledger source), the bank account of a BANK refund and
 * how a staff transfer's account is kept (decision 022), the sentinels that roll a request's
 * transaction back, and the answer when a staff transfer forces the BANK channel.
 */
import type { Database } from "@seoltab/db";
import { AppError, REFUND_MESSAGES } from "../../errors.ts";
import type { PaymentsDeps } from "../payments/payments.public.ts";
import type { RefundRequestRow } from "./refunds.repository.ts";

/**
 * The lesson ledger of paid lecture lines as it stood at `at`: paymentItemId → lessons held,
 * for the lines whose lecture has lesson records (the lessons area's `lessonLedgersOfLines`,
 * lessons.public.ts; handed in by modules/index.ts).
 */
export type LessonLedgerSource = (
  db: Database,
  paymentItemIds: readonly number[],
  at: Date,
) => Promise<ReadonlyMap<number, { held: number }>>;

/**
 * The refunds area runs on the payments area's dependencies (db, gateway, clock, log), plus the
 * lesson ledger (without it every lecture line is quoted by the calendar rules, as before).
 */
export interface RefundsDeps extends PaymentsDeps {
  lessonLedgers?: LessonLedgerSource;
}

/** A bank account to pay a BANK refund to. */
export interface RefundAccount {
  bankCode: string;
  accountNumber: string;
  holder: string;
}

/**
 * The account of a staff bank transfer as kept (decision 022): bank code and holder as given,
 * the number masked but its last 4 digits ("********6789"), `transfer: "STAFF"`. Staff make
 * the transfer themselves when they approve it, so nothing later needs the full number.
 */
export function staffTransferAccount(account: RefundAccount): Record<string, string> {
  const digits = account.accountNumber.replace(/\D/g, "");
  return {
    bankCode: account.bankCode,
    holder: account.holder,
    accountNumber: `${"*".repeat(Math.max(0, digits.length - 4))}${digits.slice(-4)}`,
    transfer: "STAFF",
  };
}

/** True for a request kept as a staff bank transfer (`staffTransferAccount`). */
export function isStaffTransfer(request: Pick<RefundRequestRow, "refundAccount">): boolean {
  return (request.refundAccount as Record<string, string> | null)?.transfer === "STAFF";
}

/** Sentinels to roll a transaction back: another request holds an item / is at the gateway. */
export class ItemsTaken extends Error {}
export class RefundInProgress extends Error {}

/** conflict `refund_in_progress`: another refund of the payment awaits the gateway's answer. */
export function refundInProgress(): AppError {
  return new AppError("conflict", "refund_in_progress", REFUND_MESSAGES.refundInProgress);
}

/** Why a card refund must go by bank after a staff transfer (`refund_channel_bank_required`). */
export const BANK_AFTER_TRANSFER =
  "이 결제는 계좌 이체로 환불한 적이 있어 남은 금액도 계좌로 환불해야 해요. 환불 계좌를 입력해 주세요.";
