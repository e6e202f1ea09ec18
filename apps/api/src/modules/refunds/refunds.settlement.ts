/**
 * Settling a refund (issue #5; docs/refunds.md): the gateway cancel with its checksum
 * (`cancelThroughGateway`), applying the outcome in one transaction (items REFUNDED, payment
 * PARTIALLY_/TOTALLY_REFUNDED, books restocked, renewals ended, `payment-items.refunded` emitted)
 * or failing it, splitting an amount over items (`spreadOverItems`), and settling PENDING
 * requests by asking the gateway — never by cancelling again (`settleRefundRequest`, and the
 * `refunds-settlement` job's `settlePendingRefunds`).
 */
import type {} from "./refunds.public.ts"; // its DomainEvents entry
import {
  PAYMENT_TRANSITIONS,
  canTransition,
  type Initiator,
  type PaymentState,
} from "@seoltab/domain";
import { AppError, REFUND_MESSAGES } from "../../errors.ts";
import { insertAuditLog } from "../../platform/audit.ts";
import { withTransaction } from "../../platform/transactions.ts";
import {
  GatewayRefusedError,
  GatewayUnavailableError,
  type GatewayPayment,
  findPaymentById,
  transitionPayment,
  type PaymentRow,
  endSubscriptionForRefund,
  lockSubscriptionOfPayment,
} from "../payments/payments.public.ts";
import {
  findItemsByIds,
  restockRefundedBooks,
  findRefundRequestById,
  findRefundRequestsByState,
  lockPayment,
  settleItems,
  updateRefundRequestIf,
  type Actor,
  type RefundRequestRow,
  type RefundRequestState,
} from "./refunds.repository.ts";
import type { RefundAccount, RefundsDeps } from "./refunds.common.ts";
import { kindOf, ledgersOf, legalRefundOf } from "./refunds.quote.ts";

/** A PENDING request whose cancel the gateway never saw is FAILED after this long, ms. */
export const PENDING_GIVE_UP_MS = 10 * 60_000;

/**
 * Cancels `request.amount` of the payment at the gateway with checksum = paidPrice −
 * refundedAmount (our view of the refundable balance), and applies the outcome.
 * @returns "refunded", or "pending" when the answer is unknown (left PENDING)
 * @throws AppError conflict `refund_refused` (gateway refused) or unavailable
 *   `gateway_unavailable` (not sent) — both after marking the request FAILED
 */
export async function cancelThroughGateway(
  deps: RefundsDeps,
  request: RefundRequestRow,
  payment: PaymentRow,
  split: { id: number; amount: number }[],
  actor: Actor,
  requestId: string | null,
): Promise<"refunded" | "pending"> {
  const fresh = (await findPaymentById(deps.db, payment.id)) ?? payment;
  const account = request.refundAccount as RefundAccount | null;
  let gp: GatewayPayment;
  try {
    gp = await deps.gateway.cancelPayment({
      impUid: fresh.gatewayPaymentId!,
      amount: request.amount,
      checksum: fresh.paidPrice - fresh.refundedAmount,
      reason: request.reason.slice(0, 200) || "환불 요청",
      ...(account && fresh.paymentMethod === "VBANK" ? { refundAccount: account } : {}),
    });
  } catch (err) {
    if (err instanceof GatewayRefusedError || err instanceof GatewayUnavailableError) {
      const note =
        err instanceof GatewayRefusedError ? err.message : REFUND_MESSAGES.gatewayUnavailable;
      await failRequest(deps, request, note, actor, requestId);
      if (err instanceof GatewayUnavailableError) {
        throw new AppError(
          "unavailable",
          "gateway_unavailable",
          REFUND_MESSAGES.gatewayUnavailable,
        );
      }
      throw new AppError("conflict", "refund_refused", REFUND_MESSAGES.refused, [], {
        response: { PG_CODE: err.pgCode },
      });
    }
    // No answer (time-out, broken connection): the cancel may have happened. Ask once now; if
    // the gateway does not show it yet, leave it PENDING for staff (settleRefundRequest) —
    // never cancel again.
    deps.log.warn(
      { err: err instanceof Error ? err.name : "unknown", refundRequestId: request.id },
      "refund outcome unknown; asking the gateway",
    );
    const seen = await deps.gateway.getPayment(fresh.gatewayPaymentId!).catch(() => null);
    if (seen && seen.cancelAmount >= fresh.refundedAmount + request.amount) {
      await completeRequest(deps, request, split, seen.cancelAmount, actor, requestId, "PENDING");
      return "refunded";
    }
    await insertAuditLog(deps.db, {
      kind: "EXECUTION",
      initiator: actor.initiator,
      actorUserId: actor.userId,
      action: "refund_pending",
      target: `refund_request:${request.id}`,
      detail: { paymentId: request.paymentId, amount: request.amount },
      requestId,
    });
    return "pending";
  }
  await completeRequest(deps, request, split, gp.cancelAmount, actor, requestId, "PENDING");
  return "refunded";
}

/**
 * Marks a PENDING request REFUNDED and applies it: items REFUNDED with their amounts, the
 * payment PARTIALLY_/TOTALLY_REFUNDED with refundedAmount = what the gateway has cancelled in
 * total (`cancelAmount`; our running total when no gateway was involved). One transaction;
 * a second application finds the request no longer PENDING and changes nothing.
 */
export async function completeRequest(
  deps: RefundsDeps,
  request: RefundRequestRow,
  split: { id: number; amount: number }[],
  cancelAmount: number | null,
  actor: Actor,
  requestId: string | null,
  from: RefundRequestState,
): Promise<boolean> {
  const now = deps.clock.now();
  let restocked: Awaited<ReturnType<typeof restockRefundedBooks>> = [];
  const done = await withTransaction(deps.db, async (tx) => {
    // Locks in the order every writer of these rows takes them (subscription, payment, then
    // items and requests), so a settling refund and a new request never deadlock.
    const locked = await findPaymentById(tx, request.paymentId);
    if (locked) await lockSubscriptionOfPayment(tx, locked);
    await lockPayment(tx, request.paymentId);
    const row = await updateRefundRequestIf(tx, request.id, from, {
      state: "REFUNDED",
      decidedAt: request.decidedAt ?? now,
      gatewayNote:
        cancelAmount === null
          ? (request.gatewayNote ?? null)
          : `결제대행사 취소 완료 (누적 취소 ${cancelAmount}원)`.slice(0, 300),
    });
    if (!row) return false;
    await settleItems(tx, request.paymentId, split, "REFUNDED", { ...actor, at: now });
    // Returned books go back in stock exactly once (store_restocks keyed by the line; issue #18).
    // Not when the person said they were used or damaged: staff look at those.
    if (!request.goodsOpened) {
      const lines = await findItemsByIds(
        tx,
        split.map((s) => s.id),
      );
      const amounts = new Map(split.map((s) => [s.id, s.amount]));
      restocked = await restockRefundedBooks(
        tx,
        request.id,
        lines.map((item) => ({ item, amount: amounts.get(item.id) ?? 0 })),
      );
    }
    await deps.events.emit(tx, "payment-items.refunded", {
      paymentId: request.paymentId,
      paymentItemIds: split.map((item) => item.id),
      amount: request.amount,
      refundRequestId: request.id,
      at: now,
    });
    // The payment: refundedAmount as the gateway reports it, never above what was paid.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const payment = await findPaymentById(tx, request.paymentId);
      if (!payment) break;
      const total = Math.min(
        payment.paidPrice,
        cancelAmount === null
          ? payment.refundedAmount + request.amount
          : Math.max(cancelAmount, payment.refundedAmount),
      );
      const to: PaymentState =
        total >= payment.paidPrice ? "TOTALLY_REFUNDED" : "PARTIALLY_REFUNDED";
      const current = payment.state as PaymentState;
      if (current === to && payment.refundedAmount === total) break;
      if (!canTransition(PAYMENT_TRANSITIONS, current, to)) break;
      const moved = await transitionPayment(tx, payment.id, {
        from: current,
        to,
        initiator: actor.initiator,
        actorUserId: actor.userId,
        reason: `환불 요청 #${request.id}`,
        at: now,
        set: { refundedAmount: total },
      });
      if (moved) break;
    }
    // A refund of the lessons ends the monthly renewals in this same transaction: never a
    // refund recorded and a renewal still due (issue #11 item 1).
    const after = await findPaymentById(tx, request.paymentId);
    if (after) {
      const refunded = await findItemsByIds(tx, request.paymentItemIds);
      await endSubscriptionForRefund(tx, {
        payment: after,
        paymentState: after.state as PaymentState,
        refundedKinds: refunded.map(kindOf),
        initiator: actor.initiator,
        actorUserId: actor.userId,
        at: now,
        cause: `refund_request:${request.id}`,
      });
    }
    return true;
  });
  if (done) {
    await insertAuditLog(deps.db, {
      kind: "EXECUTION",
      initiator: actor.initiator,
      actorUserId: actor.userId,
      action: "refund_completed",
      target: `refund_request:${request.id}`,
      detail: {
        paymentId: request.paymentId,
        amount: request.amount,
        items: split,
        ...(restocked.length > 0 ? { restocked } : {}),
      },
      requestId,
    });
  }
  return done;
}

/** Marks a PENDING request FAILED and its items REFUND_REQUEST_FAILED (may be asked again). */
async function failRequest(
  deps: RefundsDeps,
  request: RefundRequestRow,
  note: string,
  actor: Actor,
  requestId: string | null,
): Promise<void> {
  const now = deps.clock.now();
  const done = await withTransaction(deps.db, async (tx) => {
    const row = await updateRefundRequestIf(tx, request.id, "PENDING", {
      state: "FAILED",
      decidedAt: now,
      gatewayNote: note.slice(0, 300),
    });
    if (!row) return false;
    await settleItems(
      tx,
      request.paymentId,
      request.paymentItemIds.map((id) => ({ id, amount: 0 })),
      "REFUND_REQUEST_FAILED",
      { ...actor, reason: note, at: now },
    );
    return true;
  });
  if (done) {
    await insertAuditLog(deps.db, {
      kind: "EXECUTION",
      initiator: actor.initiator,
      actorUserId: actor.userId,
      action: "refund_failed",
      target: `refund_request:${request.id}`,
      detail: { paymentId: request.paymentId, amount: request.amount, note: note.slice(0, 200) },
      requestId,
    });
  }
}

/** floor(a × b / c) in exact integer arithmetic. */
function mulDiv(a: number, b: number, c: number): number {
  return Number((BigInt(a) * BigInt(b)) / BigInt(c));
}

/**
 * Spreads `total` won over items, never above an item's `remaining` (paid − refunded): first in
 * proportion to `preferred` (the law's amount of each item) up to the preferred amounts, then
 * any excess in proportion to what remains above them. Rounds down and hands each remainder out
 * in item order. Used when the exact per-item split is not at hand (staff decisions, settling an
 * unknown outcome).
 * Example: 1,000 over { lecture: remaining 567,000, preferred 504,000 }, { device: remaining
 * 450,000, preferred 0 } → lecture 1,000, device 0.
 */
export function spreadOverItems(
  total: number,
  items: readonly { id: number; remaining: number; preferred: number }[],
): { id: number; amount: number }[] {
  const out = items.map((i) => ({ id: i.id, amount: 0 }));
  const caps = items.map((i) => Math.max(0, i.remaining));
  const fill = (amount: number, weights: number[]) => {
    const sum = weights.reduce((s, w) => s + w, 0);
    if (amount <= 0 || sum === 0) return amount;
    const target = Math.min(amount, sum);
    let left = target;
    weights.forEach((w, index) => {
      const give = mulDiv(target, w, sum);
      out[index]!.amount += give;
      left -= give;
    });
    weights.forEach((w, index) => {
      const give = Math.min(left, w - mulDiv(target, w, sum));
      out[index]!.amount += give;
      left -= give;
    });
    return amount - target + left;
  };
  const preferred = items.map((i, index) => Math.min(Math.max(0, i.preferred), caps[index]!));
  const rest = fill(total, preferred);
  fill(
    rest,
    caps.map((cap, index) => cap - out[index]!.amount),
  );
  return out;
}

/**
 * The items of a request with the law's amount of each as it was when the request was made
 * (the rules are a pure function of time; the items' refunded amounts have not moved since, as
 * they wait in REFUND_REQUESTED).
 */
export async function itemsWithLawOf(
  deps: RefundsDeps,
  request: RefundRequestRow,
  payment: PaymentRow,
) {
  const items = await findItemsByIds(deps.db, request.paymentItemIds);
  const ledgers = await ledgersOf(deps, items, request.createdAt);
  const law = legalRefundOf(payment, items, request.goodsOpened, request.createdAt, ledgers);
  return items.map((item, index) => ({
    id: item.id,
    remaining: item.paidPrice - item.refundedAmount,
    preferred: law.items[index]!.amount,
  }));
}

/**
 * Settles a PENDING request by asking the gateway (never by cancelling again): when the
 * gateway's cancelled total covers this request on top of what we have recorded, it is REFUNDED;
 * when not, and the request has waited `giveUpAfterMs` (default 10 minutes), it is FAILED (items
 * REFUND_REQUEST_FAILED); otherwise it stays PENDING.
 * @returns the request as it is afterwards
 * @throws whatever the gateway throws when it cannot be asked
 */
export async function settleRefundRequest(
  deps: RefundsDeps,
  request: RefundRequestRow,
  initiator: Initiator,
  options: { actorUserId?: number | null; giveUpAfterMs?: number } = {},
): Promise<RefundRequestRow> {
  if (request.state !== "PENDING") return request;
  const payment = await findPaymentById(deps.db, request.paymentId);
  const actor: Actor = {
    initiator,
    userId: options.actorUserId ?? null,
    reason: `환불 요청 #${request.id} 결제대행사 확인`,
    at: deps.clock.now(),
  };
  if (!payment?.gatewayPaymentId) return request;
  const gp = await deps.gateway.getPayment(payment.gatewayPaymentId);
  if (gp && gp.cancelAmount >= payment.refundedAmount + request.amount) {
    await completeRequest(
      deps,
      request,
      spreadOverItems(request.amount, await itemsWithLawOf(deps, request, payment)),
      gp.cancelAmount,
      actor,
      null,
      "PENDING",
    );
  } else {
    const since = (request.decidedAt ?? request.createdAt).getTime();
    const giveUp = options.giveUpAfterMs ?? PENDING_GIVE_UP_MS;
    if (deps.clock.now().getTime() - since >= giveUp) {
      await failRequest(deps, request, "결제대행사에 취소 기록이 없어요.", actor, null);
    }
  }
  return (await findRefundRequestById(deps.db, request.id)) ?? request;
}

/** What one run of `settlePendingRefunds` did (the `refunds-settlement` job's report). */
export interface RefundSettlementReport {
  /** PENDING requests looked at (older than a minute). */
  processed: number;
  /** Settled REFUNDED (the gateway shows the cancel). */
  refunded: number;
  /** Settled FAILED (no cancel at the gateway after PENDING_GIVE_UP_MS). */
  failed: number;
  /** Still PENDING (too early to give up, or the gateway could not be asked). */
  pending: number;
}

/**
 * Settles every PENDING request older than a minute by asking the gateway, at most `limit` per
 * run (the `refunds-settlement` job in payments.jobs.ts; initiator AUTO). Gateway errors are
 * logged and the request stays PENDING for the next run.
 */
export async function settlePendingRefunds(
  deps: RefundsDeps,
  limit = 50,
): Promise<RefundSettlementReport> {
  const report: RefundSettlementReport = { processed: 0, refunded: 0, failed: 0, pending: 0 };
  const pending = await findRefundRequestsByState(deps.db, "PENDING", limit);
  const now = deps.clock.now().getTime();
  for (const request of pending) {
    if (now - (request.decidedAt ?? request.createdAt).getTime() < 60_000) continue;
    report.processed += 1;
    try {
      const after = await settleRefundRequest(deps, request, "AUTO");
      if (after.state === "REFUNDED") report.refunded += 1;
      else if (after.state === "FAILED") report.failed += 1;
      else report.pending += 1;
    } catch (err) {
      report.pending += 1;
      deps.log.warn(
        { err: err instanceof Error ? err.name : "unknown", refundRequestId: request.id },
        "could not settle a pending refund",
      );
    }
  }
  return report;
}
