/**
 * Payment state transitions from the gateway's word (issue #4; SPEC.md §4 payment states;
 * docs/decisions/009-payments.md): `applyGatewayPayment` (after a charge, a webhook or a
 * reconciliation: PAID — with `payment.paid`, the card made main and the subscription started —,
 * FAILED, READY with its virtual account, or the refund states of a cancel made at the gateway),
 * `settleFromGateway` (a READY payment settled by asking, never by charging), `failPayment`, and
 * the webhook `handleGatewayNotification`. Every change is conditional (`transitionPayment`), so
 * a second application is a no-op.
 */
import {
  PAYMENT_TRANSITIONS,
  addMonthsSeoul,
  canTransition,
  orderName,
  renewalLines,
  type Initiator,
  type PaymentState,
  type PolicyRule,
  type PricedCart,
} from "@seoltab/domain";
import { eq, schema, type Database } from "@seoltab/db";
import { findUserById } from "../accounts/accounts.public.ts";
import { insertAuditLog } from "../../platform/audit.ts";
import { endSubscriptionForRefund, lockSubscriptionOfPayment } from "./subscriptions.service.ts";
import type { GatewayPayment } from "./gateway/gateway.port.ts";
import {
  findItemsOfPayments,
  findPaymentById,
  findPaymentByMerchantUid,
  findSubscriptionByFirstPayment,
  insertGatewayNotification,
  insertSubscriptionOnce,
  promoteBillingCard,
  transitionPayment,
  transitionPaymentWithItems,
  updatePaymentInState,
  withTransaction,
  type PaymentItemRow,
  type PaymentRow,
  type SubscriptionRow,
} from "./payments.repository.ts";
import type { PaymentsDeps } from "./payments.common.ts";
import { priceOrderFor } from "./payments.pricing.ts";
import { type PaymentView, viewOf } from "./payments.reads.ts";

/** failReason of a payment whose virtual account was cancelled before any deposit. */
export const VBANK_CANCELLED_REASON = "가상계좌 발급이 취소됐어요.";

/** The end of the day `days` days after `now`, Asia/Seoul (23:59:59 KST). */
export function vbankDueAt(now: Date, days: number): Date {
  const kst = new Date(now.getTime() + 9 * 3_600_000 + days * 86_400_000);
  kst.setUTCHours(23, 59, 59, 0);
  return new Date(kst.getTime() - 9 * 3_600_000);
}

/** READY → FAILED with `reason` (conditional: null when the payment was no longer READY). */
export async function failPayment(
  deps: PaymentsDeps,
  payment: PaymentRow,
  reason: string,
  initiator: Initiator,
): Promise<PaymentRow | null> {
  return transitionPayment(deps.db, payment.id, {
    from: "READY",
    to: "FAILED",
    initiator,
    reason,
    at: deps.clock.now(),
    set: { failReason: reason.slice(0, 300) },
  });
}

/**
 * What the checkout knows already when it applies the answer to its own charge (issue 19
 * performance: the PAID transaction priced the order a second time, 7 reads, to start the
 * subscription).
 */
export interface CheckoutContext {
  /** The rules the order was priced with; the renewal is priced with them (SPEC.md §5). */
  rules: PolicyRule[];
  /** The order as priced and written: its lines are the payment's items, in the same order. */
  order: PricedCart;
  /**
   * The charged card was the student's main card at checkout. A main card never becomes a
   * waiting one again (it stays main or is replaced), so there is nothing to promote.
   */
  cardWasMain: boolean;
}

/**
 * Applies what the gateway says about a payment (after a charge, a webhook or a reconciliation):
 * paid → PAID (items PAID; a billing-card order with lectures starts its subscription), failed →
 * FAILED with the reason, ready (virtual account) → stays READY with the account, cancelled →
 * refund states. Idempotent: conditional updates make a second application a no-op.
 * The gateway's amount must equal ours; otherwise nothing changes and an error is logged.
 * `checkout` (the checkout's own charge only) carries the priced order, so the subscription is
 * priced from it and the answer is built from the rows the PAID transaction wrote.
 */
export async function applyGatewayPayment(
  deps: PaymentsDeps,
  payment: PaymentRow,
  gp: GatewayPayment,
  initiator: Initiator,
  checkout?: CheckoutContext,
): Promise<PaymentView> {
  const now = deps.clock.now();
  if (gp.amount !== payment.paidPrice) {
    deps.log.error(
      { paymentId: payment.id, ours: payment.paidPrice, gateway: gp.amount },
      "gateway amount differs from the order; not applied",
    );
    return viewOf(deps.db, payment);
  }
  const common = {
    gatewayPaymentId: gp.impUid,
    receiptUrl: gp.receiptUrl,
  };
  if (gp.status === "cancelled" && gp.paidAt === null && gp.cancelAmount === 0) {
    // A virtual account cancelled before any deposit (DELETE /vbanks: the console's cancel, or
    // a re-issue whose new account is not known yet): nothing was paid. Only the account the
    // payment holds now counts — an answer about an account since replaced changes nothing.
    await withTransaction(deps.db, async (tx) => {
      const [locked] = await tx
        .select({ impUid: schema.payments.gatewayPaymentId })
        .from(schema.payments)
        .where(eq(schema.payments.id, payment.id))
        .for("update");
      if (locked?.impUid && locked.impUid !== gp.impUid) return;
      await transitionPayment(tx, payment.id, {
        from: "READY",
        to: "FAILED",
        initiator,
        reason: VBANK_CANCELLED_REASON,
        at: now,
        set: { ...common, failReason: VBANK_CANCELLED_REASON },
      });
    });
    return viewOf(deps.db, (await findPaymentById(deps.db, payment.id)) ?? payment);
  }
  if (gp.status === "paid" || gp.status === "cancelled") {
    const paid = await withTransaction(deps.db, async (tx) => {
      const result = await transitionPaymentWithItems(tx, payment.id, {
        from: "READY",
        to: "PAID",
        initiator,
        at: now,
        set: { ...common, completedAt: gp.paidAt ?? now, failReason: null },
        itemState: "PAID",
      });
      const moved = result?.payment ?? null;
      // A card registered from the checkout becomes the main card with its first success.
      if (
        moved &&
        moved.billingCardId != null &&
        moved.subscriptionId == null &&
        !checkout?.cardWasMain
      ) {
        const promoted = await promoteBillingCard(tx, moved.billingCardId, moved.userId, now);
        if (promoted) {
          await insertAuditLog(tx, {
            kind: "EXECUTION",
            initiator,
            actorUserId: moved.requestedByUserId,
            action: "billing_card_made_main",
            target: `user:${moved.userId}`,
            detail: { cardId: promoted.id, paymentId: moved.id },
            requestId: null,
          });
        }
      }
      if (!moved) return null;
      const items = result?.items ?? null;
      const subscription = await startSubscriptionIfRenewable(tx, deps, moved, checkout);
      await deps.events.emit(tx, "payment.paid", { payment: moved, items, initiator, at: now });
      return { moved, items, subscription };
    });
    if (gp.status === "cancelled" || gp.cancelAmount > 0) {
      await applyGatewayCancellation(deps, payment.id, gp);
    } else if (paid && checkout) {
      // The rows this transaction wrote: the payment as moved (nothing else in it changes the
      // payment row), its items as moved and the subscription it started.
      const items = paid.items ? [...paid.items] : await findItemsOfPayments(deps.db, [payment.id]);
      const subscription =
        paid.subscription ?? (await findSubscriptionByFirstPayment(deps.db, payment.id)) ?? null;
      return { payment: paid.moved, items, subscription };
    }
  } else if (gp.status === "failed") {
    await transitionPayment(deps.db, payment.id, {
      from: "READY",
      to: "FAILED",
      initiator,
      reason: gp.failReason,
      at: now,
      set: { ...common, failReason: (gp.failReason ?? "결제 실패").slice(0, 300) },
    });
  } else if (gp.status === "ready" && gp.vbank) {
    const vbank = gp.vbank;
    await withTransaction(deps.db, async (tx) => {
      // An answer about an account the console has since replaced (re-issue) is stale.
      const [locked] = await tx
        .select({ impUid: schema.payments.gatewayPaymentId })
        .from(schema.payments)
        .where(eq(schema.payments.id, payment.id))
        .for("update");
      if (locked?.impUid && locked.impUid !== gp.impUid) return;
      await updatePaymentInState(
        tx,
        payment.id,
        "READY",
        {
          ...common,
          virtualAccount: {
            bankName: vbank.bankName,
            accountNumber: vbank.accountNumber,
            holder: vbank.holder,
            dueAt: vbank.dueAt.toISOString(),
          },
        },
        now,
      );
      const current = await findPaymentById(tx, payment.id);
      // Messages keep one notice per payment however often the gateway tells us (idempotent).
      if (current?.state === "READY") {
        await deps.events.emit(tx, "payment.vbank-issued", {
          payment: current,
          vbank: {
            bankName: vbank.bankName,
            accountNumber: vbank.accountNumber,
            holder: vbank.holder,
            dueAt: vbank.dueAt,
          },
          at: now,
        });
      }
    });
  }
  return viewOf(deps.db, (await findPaymentById(deps.db, payment.id)) ?? payment);
}

/** Mirrors a cancellation done at the gateway (console or refund) into refund states. */
async function applyGatewayCancellation(
  deps: PaymentsDeps,
  paymentId: number,
  gp: GatewayPayment,
): Promise<void> {
  const current = await findPaymentById(deps.db, paymentId);
  if (!current || gp.cancelAmount <= current.refundedAmount) return;
  const to: PaymentState =
    gp.cancelAmount >= current.paidPrice ? "TOTALLY_REFUNDED" : "PARTIALLY_REFUNDED";
  if (!canTransition(PAYMENT_TRANSITIONS, current.state as PaymentState, to)) return;
  const at = deps.clock.now();
  await withTransaction(deps.db, async (tx) => {
    // The subscription's lock first, as every writer of both rows takes them.
    await lockSubscriptionOfPayment(tx, current);
    const moved = await transitionPayment(tx, paymentId, {
      from: current.state as PaymentState,
      to,
      initiator: "UNKNOWN",
      reason: "결제대행사에서 취소됨",
      at,
      set: { refundedAmount: Math.min(gp.cancelAmount, current.paidPrice) },
    });
    // Cancelled in full at the gateway (its console): the renewals end with it.
    if (moved && to === "TOTALLY_REFUNDED") {
      await endSubscriptionForRefund(tx, {
        payment: moved,
        paymentState: to,
        refundedKinds: [],
        initiator: "UNKNOWN",
        actorUserId: null,
        at,
        cause: `gateway_cancellation:${gp.impUid}`,
      });
    }
  });
}

/**
 * Starts the renewals of a billing-card order with lectures (not fixed-term): 1 month of each
 * lecture line priced with the order's rules, first charge when the paid months end. With the
 * checkout's `context` the lines and rules are the ones just priced; otherwise (webhook,
 * reconciliation) the order's lecture lines are priced again from the catalog. Returns the new
 * subscription, or null (none due, or the payment started one already).
 */
async function startSubscriptionIfRenewable(
  tx: Database,
  deps: PaymentsDeps,
  payment: PaymentRow,
  context: CheckoutContext | undefined,
): Promise<SubscriptionRow | null> {
  if (payment.paymentMethod !== "BILLING_CARD" || payment.billingCardId == null) return null;
  if (payment.subscriptionId != null) return null; // a renewal itself
  let order: PricedCart;
  let lectureLines: PricedCart["lines"];
  let rules: PolicyRule[];
  if (context) {
    // The lines as written (payment items are inserted in the order's line order).
    order = context.order;
    lectureLines = order.lines.filter((l) => l.item.itemKind === "LECTURE");
    rules = context.rules;
  } else {
    const items = await findItemsOfPayments(tx, [payment.id]);
    const lectures = items.filter((i) => i.itemKind === "LECTURE");
    if (lectures.length === 0) return null;
    const user = await findUserById(tx, payment.userId);
    if (!user) return null;
    const priced = await priceOrderFor(tx, user, lectures.map(lineOf)).catch(() => null);
    if (!priced) return null; // an item left the catalog: no renewal
    order = priced.order;
    lectureLines = order.lines;
    rules = priced.rules;
  }
  if (lectureLines.length === 0) return null;
  const renewal = renewalLines({ ...order, lines: lectureLines }, rules);
  const renewalAmount = renewal.reduce((sum, l) => sum + l.paidPrice, 0);
  if (renewalAmount <= 0) return null;
  const paidMonths = Math.max(...lectureLines.map((l) => l.months));
  const startedAt = payment.completedAt ?? deps.clock.now();
  return insertSubscriptionOnce(tx, {
    userId: payment.userId,
    status: "ACTIVE",
    name:
      renewal.length === 1
        ? `${renewal[0]!.item.title} (1개월)`
        : `${orderName(lectureLines.map((l) => l.item.title))} (1개월)`,
    renewalItems: renewal.map((l) => ({
      storeItemId: l.item.id,
      itemKind: l.item.itemKind,
      name: l.item.title,
      months: 1,
      salePrice: l.salePrice,
      paidPrice: l.paidPrice,
    })),
    renewalAmount,
    firstPaymentId: payment.id,
    startedAt,
    paidMonths,
    nextChargeAt: addMonthsSeoul(startedAt, paidMonths),
  });
}

function lineOf(item: PaymentItemRow) {
  return { id: item.storeItemId ?? -1, lecture_multiple: item.quantity };
}

/**
 * Settles a READY payment by asking the gateway about its merchant_uid (never by charging):
 * paid/failed/ready are applied; when the gateway has no record and the payment is older than
 * `giveUpAfterMs`, it is FAILED (nothing was charged).
 */
export async function settleFromGateway(
  deps: PaymentsDeps,
  payment: PaymentRow,
  initiator: Initiator,
  giveUpAfterMs = 10 * 60_000,
): Promise<PaymentView> {
  if (payment.paymentMethod === "CASH") return viewOf(deps.db, payment);
  const gp = await deps.gateway.findPaymentByMerchantUid(payment.merchantUid);
  const now = deps.clock.now();
  if (gp) {
    if (
      gp.status === "ready" &&
      gp.vbank &&
      gp.vbank.dueAt.getTime() < now.getTime() &&
      payment.state === "READY"
    ) {
      await failPayment(deps, payment, "가상계좌 입금 기한이 지났어요.", "AUTO");
      return viewOf(deps.db, (await findPaymentById(deps.db, payment.id)) ?? payment);
    }
    return applyGatewayPayment(deps, payment, gp, initiator);
  }
  if (now.getTime() - payment.createdAt.getTime() > giveUpAfterMs) {
    await failPayment(deps, payment, "결제가 완료되지 않았어요. (결제대행사 기록 없음)", "AUTO");
  }
  return viewOf(deps.db, (await findPaymentById(deps.db, payment.id)) ?? payment);
}

export type NotificationOutcome = "APPLIED" | "UNCHANGED" | "UNKNOWN_PAYMENT" | "AMOUNT_MISMATCH";

/**
 * Handles a PortOne V1 notification `{ imp_uid, merchant_uid, status }`. The body is a hint
 * only: the payment is fetched from the gateway by imp_uid and applied if it is one of ours and
 * its amount matches (INTEGRATIONS.md §1.10). Safe to receive twice or out of order: applying
 * is conditional on the current state.
 * @throws whatever the gateway throws when it cannot be reached (the caller answers 5xx so the
 *   gateway sends it again)
 */
export async function handleGatewayNotification(
  deps: PaymentsDeps,
  body: { imp_uid: string; merchant_uid?: string | undefined; status?: string | undefined },
): Promise<NotificationOutcome> {
  const gp = await deps.gateway.getPayment(body.imp_uid);
  let outcome: NotificationOutcome;
  const payment = gp ? await findPaymentByMerchantUid(deps.db, gp.merchantUid) : undefined;
  if (!gp || !payment) {
    outcome = "UNKNOWN_PAYMENT";
  } else if (gp.amount !== payment.paidPrice) {
    outcome = "AMOUNT_MISMATCH";
    deps.log.error(
      { paymentId: payment.id, ours: payment.paidPrice, gateway: gp.amount },
      "webhook: gateway amount differs from the order",
    );
  } else {
    const before = `${payment.state}:${payment.refundedAmount}:${payment.virtualAccount ? 1 : 0}`;
    const after = await applyGatewayPayment(deps, payment, gp, "AUTO");
    const p = after.payment;
    outcome =
      `${p.state}:${p.refundedAmount}:${p.virtualAccount ? 1 : 0}` === before
        ? "UNCHANGED"
        : "APPLIED";
  }
  await insertGatewayNotification(deps.db, {
    gatewayPaymentId: body.imp_uid,
    merchantUid: gp?.merchantUid ?? body.merchant_uid ?? null,
    status: gp?.status ?? body.status ?? null,
    outcome,
    receivedAt: deps.clock.now(),
  });
  return outcome;
}
