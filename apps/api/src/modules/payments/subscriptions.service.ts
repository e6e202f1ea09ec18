/**
 * Subscriptions: the monthly renewals a billing-card lecture order starts (issue #4), and how
 * they end (issue #11 item 1; decision docs/decisions/012-subscriptions-end.md; lifecycle
 * SUBSCRIPTION_TRANSITIONS in packages/domain/src/subscriptions.ts).
 *
 * - A refund that ends the lessons (the whole payment, or a lecture line) cancels the
 *   subscription in the refund's own transaction (`endSubscriptionForRefund`, called by the
 *   refunds area and by a cancellation mirrored from the gateway).
 * - The student, a linked parent or staff can stop the renewals (`cancelSubscription`);
 *   idempotent: a second call answers the same cancelled subscription.
 * - `listSubscriptions` shows each with its status, next charge (while renewing), last charge
 *   and the end of the paid period.
 */
import {
  addMonthsSeoul,
  canCancelSubscription,
  isStaffUserType,
  refundEndsSubscription,
  renewalAfterRefundMessage,
  subscriptionCancelledMessage,
  type Initiator,
  type ItemKind,
  type PaymentState,
  type SubscriptionCancelReason,
  type SubscriptionStatus,
} from "@seoltab/domain";
import type { Database } from "@seoltab/db";
import { AppError, SUBSCRIPTION_MESSAGES } from "../../errors.ts";
import type { AuthUser } from "../accounts/accounts.public.ts";
import { mayActFor } from "../accounts/accounts.public.ts";
import { insertAuditLog } from "../../platform/audit.ts";
import { initiatorOf } from "../../platform/auth.ts";
import {
  cancelSubscriptionIf,
  findLastChargedAt,
  findSubscriptionByFirstPayment,
  findSubscriptionById,
  findSubscriptionsOfUser,
  lockSubscription,
  withTransaction,
  type PaymentRow,
  type SubscriptionRow,
} from "./payments.repository.ts";
import type { PaymentsDeps } from "./payments.common.ts";

/** A subscription as the family sees it (GraphQL `Subscription`; docs/api/payments.md). */
export interface SubscriptionView {
  id: number;
  userId: number;
  /** Order name of each renewal, e.g. 스마트 수학 (1개월). */
  name: string;
  status: SubscriptionStatus;
  /** Won charged each month. */
  renewalAmount: number;
  /** The next charge while ACTIVE (PAST_DUE: the retry is stopped), else null. */
  nextChargeAt: Date | null;
  /** The newest paid charge (first payment or renewal), if any. */
  lastChargedAt: Date | null;
  /** End (exclusive) of the months paid for; lessons run until then. */
  paidUntil: Date;
  cancelledAt: Date | null;
  /** REFUNDED, USER_REQUEST or STAFF when cancelled. */
  cancelReason: SubscriptionCancelReason | null;
}

function viewOf(row: SubscriptionRow, lastChargedAt: Date | null): SubscriptionView {
  const status = row.status as SubscriptionStatus;
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    status,
    renewalAmount: row.renewalAmount,
    nextChargeAt: status === "ACTIVE" ? row.nextChargeAt : null,
    lastChargedAt,
    paidUntil: addMonthsSeoul(row.startedAt, row.paidMonths),
    cancelledAt: row.cancelledAt,
    cancelReason: (row.cancelReason as SubscriptionCancelReason | null) ?? null,
  };
}

/** The subscription a payment started (a first order) or renews (a renewal), if any. */
export async function subscriptionOfPayment(
  db: Database,
  payment: Pick<PaymentRow, "id" | "subscriptionId">,
): Promise<SubscriptionRow | null> {
  const row =
    payment.subscriptionId != null
      ? await findSubscriptionById(db, payment.subscriptionId)
      : await findSubscriptionByFirstPayment(db, payment.id);
  return row ?? null;
}

/**
 * Takes the subscription's row lock (SELECT … FOR UPDATE) inside `tx` when `payment` belongs to
 * one, so a renewal reservation and a refund of the lecture never pass each other: the refunds
 * area calls it in the transaction that marks lecture lines REFUND_REQUESTED (the renewal job
 * then holds renewals until the refund is settled).
 */
export async function lockSubscriptionOfPayment(
  tx: Database,
  payment: Pick<PaymentRow, "id" | "subscriptionId">,
): Promise<void> {
  const row = await subscriptionOfPayment(tx, payment);
  if (row) await lockSubscription(tx, row.id);
}

/** What ended a subscription after a refund. */
export interface RefundEnding {
  /** The payment refunded, its state after the refund and the kinds of the lines refunded. */
  payment: Pick<PaymentRow, "id" | "subscriptionId">;
  paymentState: PaymentState;
  refundedKinds: readonly ItemKind[];
  initiator: Initiator;
  actorUserId: number | null;
  at: Date;
  /** e.g. "refund_request:12" or "gateway_cancellation:imp_…" (audit detail). */
  cause: string;
}

/**
 * Ends the subscription of `ending.payment` when the refund ends the lessons
 * (`refundEndsSubscription`: the whole payment refunded, or a lecture line): status CANCELLED,
 * reason REFUNDED, plus an audit entry — in `tx`, the refund's own transaction, so a refund is
 * never recorded without its subscription ending. Returns the cancelled subscription, or null
 * when nothing was to end (no subscription, already cancelled, or a device-only refund).
 */
export async function endSubscriptionForRefund(
  tx: Database,
  ending: RefundEnding,
): Promise<SubscriptionRow | null> {
  if (
    !refundEndsSubscription({
      paymentState: ending.paymentState,
      refundedKinds: ending.refundedKinds,
    })
  ) {
    return null;
  }
  const subscription = await subscriptionOfPayment(tx, ending.payment);
  if (!subscription || !canCancelSubscription(subscription.status)) return null;
  const cancelled = await cancelSubscriptionIf(tx, subscription.id, {
    reason: "REFUNDED",
    initiator: ending.initiator,
    actorUserId: ending.actorUserId,
    at: ending.at,
  });
  if (cancelled) {
    await insertAuditLog(tx, {
      kind: "EXECUTION",
      initiator: ending.initiator,
      actorUserId: ending.actorUserId,
      action: "subscription_cancelled",
      target: `subscription:${subscription.id}`,
      detail: {
        subscriptionId: subscription.id,
        userId: subscription.userId,
        reason: "REFUNDED",
        paymentId: ending.payment.id,
        cause: ending.cause,
        before: subscription.status,
        after: "CANCELLED",
      },
    });
  }
  return cancelled;
}

/** What a refund of some lines of a payment would do to its subscription (refund page). */
export interface RenewalEffect {
  subscriptionId: number;
  status: SubscriptionStatus;
  /** The refund would cancel the renewals. */
  endsRenewals: boolean;
  /** The next charge while it renews (ACTIVE), else null. */
  nextChargeAt: Date | null;
  renewalAmount: number;
  /** One Korean sentence (renewalAfterRefundMessage). */
  message: string;
}

/**
 * What refunding `refundedKinds` of `payment` (leaving it TOTALLY_REFUNDED or not) would do to
 * the renewals; null when the payment belongs to no subscription.
 */
export async function renewalEffectOfRefund(
  db: Database,
  payment: Pick<PaymentRow, "id" | "subscriptionId">,
  outcome: { paymentState: PaymentState; refundedKinds: readonly ItemKind[] },
): Promise<RenewalEffect | null> {
  const subscription = await subscriptionOfPayment(db, payment);
  if (!subscription) return null;
  const status = subscription.status as SubscriptionStatus;
  const endsRenewals = status !== "CANCELLED" && refundEndsSubscription(outcome);
  return {
    subscriptionId: subscription.id,
    status,
    endsRenewals,
    nextChargeAt: status === "ACTIVE" ? subscription.nextChargeAt : null,
    renewalAmount: subscription.renewalAmount,
    message: renewalAfterRefundMessage(
      {
        status,
        renewalAmount: subscription.renewalAmount,
        nextChargeAt: subscription.nextChargeAt,
      },
      endsRenewals,
    ),
  };
}

/**
 * The subscriptions of `userId` (default the caller), newest first, as the family sees them.
 * @throws AppError forbidden `not_your_user` (not the user, a linked parent or staff)
 */
export async function listSubscriptions(
  deps: PaymentsDeps,
  caller: AuthUser,
  userId?: number | null,
): Promise<SubscriptionView[]> {
  const target = userId ?? caller.userNo;
  if (!(await mayActFor(deps.db, caller, target))) {
    throw new AppError("forbidden", "not_your_user", SUBSCRIPTION_MESSAGES.notYours);
  }
  const rows = await findSubscriptionsOfUser(deps.db, target);
  const last = await findLastChargedAt(deps.db, rows);
  return rows.map((row) => viewOf(row, last.get(row.id) ?? null));
}

/** What `cancelSubscription` answers. */
export interface CancelSubscriptionResult {
  subscription: SubscriptionView;
  /** Korean sentence for the page (subscriptionCancelledMessage). */
  message: string;
}

/**
 * Stops the renewals of a subscription (issue #11 item 1: "a family must be able to stop
 * renewals themselves"): ACTIVE or PAST_DUE → CANCELLED (reason USER_REQUEST, or STAFF for
 * staff), with an audit entry. Idempotent: an already cancelled subscription is answered as
 * it is (nothing written); concurrent calls cancel it once (row lock + conditional update).
 * Months already paid stay until `paidUntil`.
 * @throws AppError not_found `subscription_not_found` (unknown, or another family's: the two
 *   are answered alike so ids cannot be probed)
 */
export async function cancelSubscription(
  deps: PaymentsDeps,
  caller: AuthUser,
  subscriptionId: number,
  requestId: string | null,
): Promise<CancelSubscriptionResult> {
  const notFound = () =>
    new AppError("not_found", "subscription_not_found", SUBSCRIPTION_MESSAGES.notFound);
  const existing = await findSubscriptionById(deps.db, subscriptionId);
  if (!existing || !(await mayActFor(deps.db, caller, existing.userId))) throw notFound();
  const initiator = initiatorOf(caller);
  const reason: SubscriptionCancelReason = isStaffUserType(caller.userType)
    ? "STAFF"
    : "USER_REQUEST";
  const now = deps.clock.now();
  const row = await withTransaction(deps.db, async (tx) => {
    const locked = await lockSubscription(tx, subscriptionId);
    if (!locked) return null;
    if (!canCancelSubscription(locked.status)) return locked;
    const cancelled = await cancelSubscriptionIf(tx, subscriptionId, {
      reason,
      initiator,
      actorUserId: caller.userNo,
      at: now,
    });
    if (cancelled) {
      await insertAuditLog(tx, {
        kind: "EXECUTION",
        initiator,
        actorUserId: caller.userNo,
        action: "subscription_cancelled",
        target: `subscription:${subscriptionId}`,
        detail: {
          subscriptionId,
          userId: locked.userId,
          reason,
          before: locked.status,
          after: "CANCELLED",
        },
        requestId,
      });
    }
    return cancelled ?? locked;
  });
  if (!row) throw notFound();
  const last = await findLastChargedAt(deps.db, [row]);
  const view = viewOf(row, last.get(row.id) ?? null);
  return { subscription: view, message: subscriptionCancelledMessage(view.paidUntil) };
}
