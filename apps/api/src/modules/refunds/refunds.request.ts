/**
 * A family's (or staff's) refund request (issue #5; docs/api/refunds.md): `requestRefund` checks
 * the quote, moves the items PAID → REFUND_REQUESTED and commits the request BEFORE the gateway
 * is called; self-service card refunds are then cancelled at the gateway (refunds.settlement.ts),
 * everything else waits for staff (STAFF_REVIEW; refunds.staff.ts).
 */
import {
  isStaffUserType,
  formatRefundWon,
  type LessonDeduction,
  type PaymentRefundRule,
  type RefundChannel,
  type RefundIneligibilityReason,
  type RefundDeduction,
  type ReturnReason,
} from "@seoltab/domain";
import { AppError, REFUND_MESSAGES } from "../../errors.ts";
import type { AuthUser } from "../accounts/accounts.public.ts";
import { insertAuditLog } from "../../platform/audit.ts";
import { initiatorOf } from "../../platform/auth.ts";
import { withTransaction } from "../../platform/transactions.ts";
import { lockSubscriptionOfPayment, type RenewalEffect } from "../payments/payments.public.ts";
import {
  insertRefundDeductions,
  hasPendingRefund,
  hasStaffTransfer,
  insertRefundRequest,
  lockPayment,
  markItemsRefundRequested,
  type Actor,
  type RefundRequestRow,
} from "./refunds.repository.ts";
import {
  BANK_AFTER_TRANSFER,
  ItemsTaken,
  type RefundAccount,
  RefundInProgress,
  type RefundsDeps,
  refundInProgress,
  staffTransferAccount,
} from "./refunds.common.ts";
import { assessRefund, isOpen } from "./refunds.quote.ts";
import { cancelThroughGateway, spreadOverItems } from "./refunds.settlement.ts";

export interface RequestRefundInput {
  paymentId: number;
  /** Items to refund; default every item still open to a refund. */
  paymentItemIds?: number[] | null;
  /** Why, in the person's words (kept with the request). */
  reason: string;
  /** BANK refunds (virtual account, cash): where to pay the money back. */
  refundAccount?: RefundAccount | null;
  /** Devices/books in the request were used or damaged so that their value fell (not merely opened). */
  opened?: boolean;
  /**
   * Why books go back (issue #18): CHANGE_OF_MIND (default; the return shipping is kept back)
   * or DEFECTIVE_OR_NOT_AS_SOLD (no fee; staff check the books before refunding).
   */
  returnReason?: ReturnReason | null;
  /**
   * Staff only, with `forStaffDecision` (the operations console): "BANK" on a card payment pays
   * the money back by a staff bank transfer to `refundAccount` instead of a gateway cancel
   * (e.g. the card is expired or closed; decision 022). Ignored otherwise.
   */
  channel?: RefundChannel | null;
  /**
   * Staff only (the operations console, issue 16): keep the request for a staff decision
   * (STAFF_REVIEW) even when self-service would refund it at once, so staff can decide the
   * amount (`decideRefundRequest`). Ignored for other callers.
   */
  forStaffDecision?: boolean;
}

/** What `requestRefund` answers (docs/api/refunds.md). */
export interface RequestRefundResult {
  /** REFUNDED (done), REFUND_REQUESTED (gateway answer unknown), STAFF_REVIEW (kept for staff). */
  state: "REFUNDED" | "REFUND_REQUESTED" | "STAFF_REVIEW";
  /** SPEC.md §5 reasons that sent it to staff; empty otherwise. */
  reasons: RefundIneligibilityReason[];
  /** Won refunded by this request now (0 unless REFUNDED). */
  refundedAmount: number;
  /** Won the law gives for the items (what is refunded, or what staff start from). */
  amount: number;
  rule: PaymentRefundRule;
  refundRequestId: number;
  channel: RefundChannel;
  message: string;
  /** What this refund does (or will do once settled) to the monthly renewals; null without. */
  renewal: RenewalEffect | null;
  /** The ledger quotes of the lecture lines refunded (how each amount was computed). */
  lessonQuotes: { paymentItemId: number; lessons: LessonDeduction }[];
  /** What the refund keeps back (PENALTY, DELIVERY_FEE_FOR_REFUND); `amount` is after them. */
  deductions: RefundDeduction[];
}

/**
 * Asks for a refund of items of a payment (issue #5; docs/api/refunds.md, docs/refunds.md).
 * @returns REFUNDED when the gateway cancelled at once, REFUND_REQUESTED when its answer is
 *   unknown (staff settle it by asking the gateway), STAFF_REVIEW when self-service is blocked
 * @throws AppError as `assessRefund`; conflict `refunded_payment_item` (an item already refunded
 *   or being refunded — also the loser of two concurrent requests; nothing changed); validation
 *   `refund_account_required` (BANK channel without an account); conflict `refund_in_progress`
 *   (another refund of the payment awaits the gateway's answer); conflict `refund_refused`
 *   (the gateway refused: items REFUND_REQUEST_FAILED, may be asked again); unavailable
 *   `gateway_unavailable` (not sent; items REFUND_REQUEST_FAILED)
 */
export async function requestRefund(
  deps: RefundsDeps,
  caller: AuthUser,
  input: RequestRefundInput,
  requestId: string | null,
): Promise<RequestRefundResult> {
  const assessment = await assessRefund(deps, caller, input.paymentId, {
    itemIds: input.paymentItemIds ?? null,
    opened: input.opened ?? false,
    returnReason: input.returnReason ?? null,
  });
  const { payment, considered } = assessment;
  const staffDecision = input.forStaffDecision === true && isStaffUserType(caller.userType);
  // A staff transfer instead of a card cancel (decision 022): channel BANK on a card payment.
  const staffTransfer = staffDecision && input.channel === "BANK" && assessment.channel === "CARD";
  const channel: RefundChannel = staffTransfer ? "BANK" : assessment.channel;
  // Staff asking a card cancel after a staff transfer: refused before anything is opened.
  if (staffDecision && channel === "CARD" && (await hasStaffTransfer(deps.db, payment.id))) {
    throw new AppError("conflict", "refund_channel_bank_required", BANK_AFTER_TRANSFER, [
      { field: "REFUND_ACCOUNT", message: BANK_AFTER_TRANSFER },
    ]);
  }
  if (
    considered.length === 0 ||
    considered.some((a) => !isOpen(a.item)) ||
    assessment.reasons.includes("REFUNDED_PAYMENT_ITEM")
  ) {
    throw new AppError("conflict", "refunded_payment_item", REFUND_MESSAGES.refundedPaymentItem);
  }
  // Only lines nothing was paid for (a tablet lent free): nothing to give back, so refused
  // (validation `nothing_to_refund`, docs/api/refunds.md).
  if (assessment.rule === "NOTHING_PAID") {
    throw new AppError("validation", "nothing_to_refund", REFUND_MESSAGES.nothingToRefund, [
      { field: "paymentItemIds", message: REFUND_MESSAGES.nothingToRefund },
    ]);
  }
  if (channel === "BANK" && !input.refundAccount) {
    throw new AppError(
      "validation",
      "refund_account_required",
      REFUND_MESSAGES.refundAccountRequired,
      [{ field: "refundAccount", message: REFUND_MESSAGES.refundAccountRequired }],
    );
  }
  const amount = assessment.refundableAmount;
  // Books said to be defective or not as sold go back without a fee, after staff check them.
  const defectClaim =
    assessment.returnReasonAsked && assessment.returnReason === "DEFECTIVE_OR_NOT_AS_SOLD";
  const selfService =
    !staffDecision &&
    !defectClaim &&
    assessment.eligible &&
    channel === "CARD" &&
    payment.gatewayPaymentId !== null &&
    amount > 0 &&
    // After a staff bank transfer the gateway's balance differs from ours: staff decide.
    !(await hasStaffTransfer(deps.db, payment.id));
  const now = deps.clock.now();
  const initiator = initiatorOf(caller);
  const actor: Actor = { initiator, userId: caller.userNo, reason: input.reason, at: now };
  const itemIds = considered.map((a) => a.item.id);
  const lessonQuotes = considered.flatMap((a) =>
    a.lessons ? [{ paymentItemId: a.item.id, lessons: a.lessons }] : [],
  );

  let request: RefundRequestRow;
  try {
    request = await withTransaction(deps.db, async (tx) => {
      // A lecture refund and a renewal reservation never pass each other: both take the
      // subscription's row lock; once the lecture line is REFUND_REQUESTED the renewal job
      // holds the renewals until the refund is settled (issue #11 item 1).
      await lockSubscriptionOfPayment(tx, payment);
      // One refund of a payment at the gateway at a time: its balance (the checksum) is only
      // known when no cancel is in flight.
      await lockPayment(tx, payment.id);
      const moved = await markItemsRefundRequested(tx, payment.id, itemIds, actor);
      if (moved.length !== itemIds.length) throw new ItemsTaken();
      if (selfService && (await hasPendingRefund(tx, payment.id))) throw new RefundInProgress();
      return insertRefundRequest(tx, {
        paymentId: payment.id,
        paymentItemIds: itemIds,
        requestedByUserId: caller.userNo,
        initiator,
        reason: input.reason.slice(0, 500),
        state: selfService ? "PENDING" : "STAFF_REVIEW",
        channel,
        amount,
        rule: assessment.rule,
        blockedReasons: assessment.reasons,
        // Kept only where it is used: BANK refunds.
        refundAccount:
          channel === "BANK" && input.refundAccount
            ? staffTransfer
              ? staffTransferAccount(input.refundAccount)
              : { ...input.refundAccount }
            : null,
        returnReason: assessment.returnReasonAsked ? assessment.returnReason : null,
        goodsOpened: input.opened === true,
        createdAt: now,
      }).then(async (row) => {
        await insertRefundDeductions(tx, row.id, assessment.deductions);
        return row;
      });
    });
  } catch (err) {
    if (err instanceof ItemsTaken) {
      throw new AppError("conflict", "refunded_payment_item", REFUND_MESSAGES.refundedPaymentItem);
    }
    if (err instanceof RefundInProgress) throw refundInProgress();
    throw err;
  }
  await insertAuditLog(deps.db, {
    kind: "EXECUTION",
    initiator,
    actorUserId: caller.userNo,
    action: "refund_requested",
    target: `refund_request:${request.id}`,
    detail: {
      paymentId: payment.id,
      userId: payment.userId,
      itemIds,
      amount,
      rule: assessment.rule,
      channel,
      state: request.state,
      blockedReasons: assessment.reasons,
      ...(assessment.deductions.length > 0
        ? {
            grossAmount: assessment.grossAmount,
            deductions: assessment.deductions.map((d) => ({ kind: d.kind, amount: d.amount })),
          }
        : {}),
      ...(assessment.returnReasonAsked ? { returnReason: assessment.returnReason } : {}),
      ...(lessonQuotes.length > 0
        ? {
            lessons: lessonQuotes.map((q) => ({
              itemId: q.paymentItemId,
              held: q.lessons.lessonsHeld,
              pricePerLesson: q.lessons.pricePerLesson,
              deducted: q.lessons.deducted,
            })),
          }
        : {}),
    },
    requestId,
  });

  const base = {
    reasons: assessment.reasons,
    amount,
    rule: assessment.rule,
    refundRequestId: request.id,
    channel,
    renewal: assessment.renewal,
    lessonQuotes,
    deductions: assessment.deductions,
  };
  if (!selfService) {
    return {
      ...base,
      state: "STAFF_REVIEW",
      refundedAmount: 0,
      message: REFUND_MESSAGES.staffReview,
    };
  }
  // The law's amount of each item; spread down when capped at the payment's balance.
  const split = spreadOverItems(
    amount,
    considered.map((a) => ({
      id: a.item.id,
      remaining: a.item.paidPrice - a.item.refundedAmount,
      preferred: a.amount,
    })),
  );
  const outcome = await cancelThroughGateway(deps, request, payment, split, actor, requestId);
  if (outcome === "refunded") {
    return {
      ...base,
      state: "REFUNDED",
      refundedAmount: amount,
      message: REFUND_MESSAGES.refunded(formatRefundWon(amount)),
    };
  }
  return {
    ...base,
    state: "REFUND_REQUESTED",
    refundedAmount: 0,
    message: REFUND_MESSAGES.pending,
  };
}
