/**
 * Staff decisions on refund requests (issue #5, 16; docs/api/refunds.md, decision 022): the queue
 * (`listRefundRequests`), REFUNDED / REJECTED on a STAFF_REVIEW request (`decideRefundRequest`,
 * ADMIN only, through the gateway, as a cash record or a staff bank transfer) and asking the
 * gateway about a PENDING request (`settleRefundRequestByStaff`).
 */
import { formatRefundWon } from "@seoltab/domain";
import { AppError, REFUND_MESSAGES } from "../../errors.ts";
import type { AuthUser } from "../accounts/accounts.public.ts";
import { insertAuditLog } from "../../platform/audit.ts";
import {
  initiatorOf,
  PermissionDenied,
  requireStaff as requireStaffCaller,
} from "../../platform/auth.ts";
import { mayPerform } from "@seoltab/domain/admin";
import { withTransaction } from "../../platform/transactions.ts";
import { findPaymentById } from "../payments/payments.public.ts";
import {
  findItemsByIds,
  findRefundRequestById,
  findRefundRequestsByState,
  hasPendingRefund,
  hasStaffTransfer,
  lockPayment,
  settleItems,
  updateRefundRequestIf,
  type Actor,
  type RefundRequestRow,
  type RefundRequestState,
} from "./refunds.repository.ts";
import {
  BANK_AFTER_TRANSFER,
  type RefundAccount,
  RefundInProgress,
  type RefundsDeps,
  isStaffTransfer,
  refundInProgress,
  staffTransferAccount,
} from "./refunds.common.ts";
import {
  cancelThroughGateway,
  completeRequest,
  itemsWithLawOf,
  settleRefundRequest,
  spreadOverItems,
} from "./refunds.settlement.ts";

function requireStaff(caller: AuthUser): void {
  requireStaffCaller(caller, { code: "staff_only", message: REFUND_MESSAGES.staffOnly });
}

/**
 * Refund requests in `state` (default STAFF_REVIEW), oldest first (ADMIN, SALES_TEAM).
 * @throws AppError forbidden `staff_only`
 */
export async function listRefundRequests(
  deps: RefundsDeps,
  caller: AuthUser,
  options: { state: RefundRequestState; limit: number },
): Promise<RefundRequestRow[]> {
  requireStaff(caller);
  return findRefundRequestsByState(deps.db, options.state, options.limit);
}

export interface DecideRefundInput {
  refundRequestId: number;
  decision: "REFUNDED" | "REJECTED";
  /** REFUNDED: won to refund, 1 … what remains paid on the request's items. */
  amount?: number | null;
  /** Required for REJECTED and for an amount above the law's. */
  note?: string | null;
  /**
   * REFUNDED of a card payment: pay back by a staff bank transfer to this account (channel
   * BANK, decision 022) instead of a gateway cancel. Ignored for other payment methods.
   */
  refundAccount?: RefundAccount | null;
}

/**
 * A staff decision on a STAFF_REVIEW request (ADMIN only: SALES_TEAM is refused with forbidden
 * `admin_role_required`, a SECURITY permission_denied entry). REJECTED: the items become
 * REFUND_REQUEST_FAILED (the person may ask again). REFUNDED: a card or virtual-account payment
 * is cancelled through the gateway (virtual accounts to the account given); a cash payment is
 * recorded as paid back by staff. Amount: at most what remains paid on the items (never more
 * than paid); above the law's amount only with a note.
 * @throws AppError forbidden `staff_only`; not_found `refund_request_not_found`; conflict
 *   `refund_request_decided` (not in STAFF_REVIEW — e.g. decided by someone else first),
 *   `refund_in_progress` (another refund of the payment awaits the gateway's answer);
 *   validation `amount_required`, `refund_exceeds_paid`, `note_required`; as the gateway call
 *   (`refund_refused`, `gateway_unavailable`)
 */
export async function decideRefundRequest(
  deps: RefundsDeps,
  caller: AuthUser,
  input: DecideRefundInput,
  requestId: string | null,
): Promise<RefundRequestRow> {
  requireStaff(caller);
  // The console's permission table (packages/domain admin.ts, decision 022): refund decisions
  // are ADMIN's, on every route that reaches here.
  if (!mayPerform(caller.userType, "refund.decide")) {
    throw new PermissionDenied(
      "admin_role_required",
      "환불 결정은 관리자(ADMIN)만 할 수 있어요.",
      { userNo: caller.userNo, userType: caller.userType },
      "admin",
    );
  }
  const request = await findRefundRequestById(deps.db, input.refundRequestId);
  if (!request) {
    throw new AppError("not_found", "refund_request_not_found", REFUND_MESSAGES.requestNotFound);
  }
  if (request.state !== "STAFF_REVIEW") {
    throw new AppError("conflict", "refund_request_decided", REFUND_MESSAGES.alreadyDecided);
  }
  const note = input.note?.trim() || null;
  const now = deps.clock.now();
  const initiator = initiatorOf(caller);
  const actor: Actor = {
    initiator,
    userId: caller.userNo,
    reason: note ?? `환불 요청 #${request.id} 처리`,
    at: now,
  };

  if (input.decision === "REJECTED") {
    if (!note) throw new AppError("validation", "note_required", REFUND_MESSAGES.noteRequired);
    const rejected = await withTransaction(deps.db, async (tx) => {
      const row = await updateRefundRequestIf(tx, request.id, "STAFF_REVIEW", {
        state: "REJECTED",
        decidedAt: now,
        decidedByUserId: caller.userNo,
        gatewayNote: note.slice(0, 300),
      });
      if (!row) return null;
      await settleItems(
        tx,
        request.paymentId,
        request.paymentItemIds.map((id) => ({ id, amount: 0 })),
        "REFUND_REQUEST_FAILED",
        actor,
      );
      return row;
    });
    if (!rejected) {
      throw new AppError("conflict", "refund_request_decided", REFUND_MESSAGES.alreadyDecided);
    }
    await insertAuditLog(deps.db, {
      kind: "EXECUTION",
      initiator,
      actorUserId: caller.userNo,
      action: "refund_rejected",
      target: `refund_request:${request.id}`,
      detail: { paymentId: request.paymentId, lawAmount: request.amount, note: note.slice(0, 200) },
      requestId,
    });
    return rejected;
  }

  const amount = input.amount ?? 0;
  if (!Number.isSafeInteger(amount) || amount < 1) {
    throw new AppError("validation", "amount_required", REFUND_MESSAGES.amountRequired, [
      { field: "AMOUNT", message: REFUND_MESSAGES.amountRequired },
    ]);
  }
  const items = await findItemsByIds(deps.db, request.paymentItemIds);
  const payment = (await findPaymentById(deps.db, request.paymentId))!;
  // What is still paid on the items, and never more than the payment's balance (a cancel made
  // in the gateway's console lowers the payment but not its items).
  const remaining = Math.min(
    items.reduce((s, i) => s + i.paidPrice - i.refundedAmount, 0),
    payment.paidPrice - payment.refundedAmount,
  );
  if (amount > remaining) {
    const message = REFUND_MESSAGES.amountExceedsPaid(formatRefundWon(remaining));
    throw new AppError("validation", "refund_exceeds_paid", message, [
      { field: "AMOUNT", message },
    ]);
  }
  if (amount > request.amount && !note) {
    throw new AppError("validation", "note_required", REFUND_MESSAGES.noteRequired, [
      { field: "NOTE", message: REFUND_MESSAGES.noteRequired },
    ]);
  }
  const isCard = payment.paymentMethod === "BILLING_CARD";
  const staffTransfer = isCard && (isStaffTransfer(request) || !!input.refundAccount);
  if (isCard && !staffTransfer && (await hasStaffTransfer(deps.db, payment.id))) {
    throw new AppError("conflict", "refund_channel_bank_required", BANK_AFTER_TRANSFER, [
      { field: "REFUND_ACCOUNT", message: BANK_AFTER_TRANSFER },
    ]);
  }
  const throughGateway =
    !staffTransfer && payment.paymentMethod !== "CASH" && payment.gatewayPaymentId !== null;
  const lawAmount = request.amount;
  // Take the request (STAFF_REVIEW → PENDING) so a second decision cannot run; amount becomes
  // the decided one.
  let taken: RefundRequestRow | null;
  try {
    taken = await withTransaction(deps.db, async (tx) => {
      await lockPayment(tx, request.paymentId);
      if (await hasPendingRefund(tx, request.paymentId)) throw new RefundInProgress();
      return updateRefundRequestIf(tx, request.id, "STAFF_REVIEW", {
        state: "PENDING",
        amount,
        decidedAt: now,
        decidedByUserId: caller.userNo,
        gatewayNote: note?.slice(0, 300) ?? null,
        ...(staffTransfer && input.refundAccount
          ? { channel: "BANK", refundAccount: staffTransferAccount(input.refundAccount) }
          : {}),
      });
    });
  } catch (err) {
    if (err instanceof RefundInProgress) throw refundInProgress();
    throw err;
  }
  if (!taken) {
    throw new AppError("conflict", "refund_request_decided", REFUND_MESSAGES.alreadyDecided);
  }
  await insertAuditLog(deps.db, {
    kind: "EXECUTION",
    initiator,
    actorUserId: caller.userNo,
    action: "refund_decided",
    target: `refund_request:${request.id}`,
    detail: {
      paymentId: request.paymentId,
      decision: "REFUNDED",
      lawAmount,
      amount,
      throughGateway,
      channel: staffTransfer ? "BANK" : taken.channel,
      staffTransfer,
      ...(note ? { note: note.slice(0, 200) } : {}),
    },
    requestId,
  });
  const split = spreadOverItems(amount, await itemsWithLawOf(deps, request, payment));
  if (throughGateway) {
    await cancelThroughGateway(deps, taken, payment, split, actor, requestId);
  } else {
    // Cash, or a staff transfer of a card payment (channel BANK): staff pay the money back to
    // the account themselves; record it.
    await completeRequest(deps, taken, split, null, actor, requestId, "PENDING");
  }
  return (await findRefundRequestById(deps.db, request.id)) ?? taken;
}

/**
 * Staff ask the gateway about a PENDING request (after a time-out). Settles it as
 * `settleRefundRequest` does.
 * @throws AppError forbidden `staff_only`; not_found; conflict `refund_request_not_pending`
 */
export async function settleRefundRequestByStaff(
  deps: RefundsDeps,
  caller: AuthUser,
  refundRequestId: number,
): Promise<RefundRequestRow> {
  requireStaff(caller);
  const request = await findRefundRequestById(deps.db, refundRequestId);
  if (!request) {
    throw new AppError("not_found", "refund_request_not_found", REFUND_MESSAGES.requestNotFound);
  }
  if (request.state !== "PENDING") {
    throw new AppError("conflict", "refund_request_not_pending", REFUND_MESSAGES.notPending);
  }
  return settleRefundRequest(deps, request, initiatorOf(caller), { actorUserId: caller.userNo });
}
