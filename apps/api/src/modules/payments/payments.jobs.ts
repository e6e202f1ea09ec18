/**
 * Background jobs of the payments area (issue #4, DESIGN.md §8):
 * - `renewals`: charges every subscription whose next month is due, on the student's main
 *   billing card (initiator AUTO). Idempotent on (subscription, billing period): the renewal
 *   payment's merchant_uid is `renewal-{subscription}-{period}-{attempt}` and a partial unique
 *   index allows one non-failed payment per period.
 * - `reconciliation`: settles READY payments whose outcome is unknown (gateway time-out, a
 *   crash between the charge and our commit) and expired virtual accounts, by asking the
 *   gateway — never by charging again.
 *
 * The runner (pg-boss on PostgreSQL, in-process on PGlite) is platform/jobs.ts; the refunds
 * area registers its own `refunds-settlement` job. All are safe to run twice: every change is a
 * conditional update.
 */
import type { JobTable } from "../../platform/jobs.ts";
import { addMonthsSeoul, type PricedLine } from "@seoltab/domain";
import { AppError } from "../../errors.ts";
import { insertAuditLog } from "../../platform/audit.ts";
import {
  GatewayRefusedError,
  GatewayTimeoutError,
  GatewayUnavailableError,
} from "./gateway/gateway.port.ts";
import type { Database } from "@seoltab/db";
import {
  cancelSubscriptionIf,
  findDueSubscriptions,
  findMainBillingCard,
  findPaymentById,
  findPaymentByMerchantUid,
  findStaleReadyPayments,
  findSubscriptionById,
  insertReadyPayment,
  lockSubscription,
  transitionPayment,
  updateSubscriptionIf,
  withTransaction,
  type PaymentRow,
  type SubscriptionRow,
} from "./payments.repository.ts";
import { applyGatewayPayment, settleFromGateway } from "./payments.settlement.ts";
import type { PaymentsDeps } from "./payments.common.ts";

/** Renewals declined this many times in a row stop; the subscription becomes PAST_DUE. */
export const MAX_RENEWAL_ATTEMPTS = 3;
/** A declined renewal is retried after this many ms (1 day). */
export const RENEWAL_RETRY_MS = 86_400_000;
/** READY card payments older than this (ms) are settled with the gateway. */
export const RECONCILE_AFTER_MS = 60_000;

export interface JobReport {
  processed: number;
  paid: number;
  failed: number;
  pending: number;
}

const emptyReport = (): JobReport => ({ processed: 0, paid: 0, failed: 0, pending: 0 });

function count(report: JobReport, payment: PaymentRow): void {
  report.processed += 1;
  if (payment.state === "PAID") report.paid += 1;
  else if (payment.state === "FAILED") report.failed += 1;
  else report.pending += 1;
}

/**
 * Charges the renewals due at the clock's now (at most `limit` subscriptions per run).
 * @returns what happened, for logs and tests
 */
export async function chargeDueRenewals(deps: PaymentsDeps, limit = 100): Promise<JobReport> {
  const report = emptyReport();
  const due = await findDueSubscriptions(deps.db, deps.clock.now(), limit);
  for (const subscription of due) {
    try {
      const payment = await renewOnce(deps, subscription);
      if (payment) count(report, payment);
    } catch (err) {
      deps.log.error({ err, subscriptionId: subscription.id }, "renewal failed unexpectedly");
    }
  }
  return report;
}

async function renewOnce(
  deps: PaymentsDeps,
  subscription: SubscriptionRow,
): Promise<PaymentRow | null> {
  const period = subscription.paidMonths + 1;
  const attempt = subscription.failedAttempts + 1;
  const merchantUid = `renewal-${subscription.id}-${period}-${attempt}`;
  const now = deps.clock.now();

  let payment = await findPaymentByMerchantUid(deps.db, merchantUid);
  if (!payment) {
    const card = await findMainBillingCard(deps.db, subscription.userId);
    // Reserve the period under the subscription's row lock, after checking it still renews:
    // a refund of the lecture or a family's cancel that committed first is seen here, and one
    // that comes later finds this READY payment's period taken (issue #11 item 1).
    const reservation = await withTransaction(deps.db, async (tx) => {
      const current = await lockSubscription(tx, subscription.id);
      if (current?.status === "ACTIVE" && current.lessonsRefunded) {
        // Defence at the point of charge: the lessons were refunded but the subscription was
        // left renewing (a refund path that did not end it). Never charge; end it here.
        await endRefundedSubscription(tx, deps, current.id, now);
        return { skipped: "REFUNDED" } as const;
      }
      if (
        !current ||
        current.status !== "ACTIVE" ||
        current.paidMonths !== subscription.paidMonths ||
        current.failedAttempts !== subscription.failedAttempts ||
        current.lectureRefundInFlight
      ) {
        return { skipped: current?.status ?? "missing" } as const;
      }
      const row = await insertReadyPayment(
        tx,
        {
          merchantUid,
          requestHash: merchantUid.padEnd(64, "0").slice(0, 64),
          userId: subscription.userId,
          requestedByUserId: null,
          initiator: "AUTO",
          paymentMethod: "BILLING_CARD",
          state: "READY",
          name: subscription.name,
          productsPrice: subscription.renewalItems.reduce((s, i) => s + i.salePrice, 0),
          discountedValue: subscription.renewalItems.reduce(
            (s, i) => s + (i.salePrice - i.paidPrice),
            0,
          ),
          paidPrice: subscription.renewalAmount,
          cardQuota: 0,
          billingCardId: card?.id ?? null,
          subscriptionId: subscription.id,
          billingPeriod: period,
          createdAt: now,
          updatedAt: now,
        },
        subscription.renewalItems.map((i) => ({
          storeItemId: i.storeItemId,
          itemKind: i.itemKind,
          name: i.name,
          quantity: 1,
          months: i.months,
          unitBasePrice: i.salePrice,
          unitSalePrice: i.salePrice,
          salePrice: i.salePrice,
          policyPrice: i.salePrice - i.paidPrice,
          paidPrice: i.paidPrice,
          policies: [],
        })),
        null,
      );
      return { row } as const;
    }).catch((err: unknown) => {
      // Another worker holds this period (partial unique index): nothing to do now.
      deps.log.info({ err, subscriptionId: subscription.id }, "renewal period already taken");
      return null;
    });
    if (!reservation) return null;
    if ("skipped" in reservation) {
      deps.log.info(
        { subscriptionId: subscription.id, status: reservation.skipped },
        "renewal skipped: the subscription no longer renews now",
      );
      return null;
    }
    const inserted = reservation.row;
    if (!inserted) return null;
    if (!card) {
      await transitionPayment(deps.db, inserted.id, {
        from: "READY",
        to: "FAILED",
        initiator: "AUTO",
        reason: "등록된 결제 카드가 없어요.",
        at: now,
        set: { failReason: "등록된 결제 카드가 없어요." },
      });
      return afterRenewal(deps, subscription, inserted.id);
    }
    try {
      const result = await deps.gateway.chargeBillingKey(card.billingKey, {
        merchantUid,
        amount: subscription.renewalAmount,
        name: subscription.name,
        cardQuota: 0,
      });
      await applyGatewayPayment(deps, inserted, result, "AUTO");
    } catch (err) {
      if (err instanceof GatewayRefusedError || err instanceof GatewayUnavailableError) {
        await transitionPayment(deps.db, inserted.id, {
          from: "READY",
          to: "FAILED",
          initiator: "AUTO",
          reason: err.message,
          at: deps.clock.now(),
          set: { failReason: err.message.slice(0, 300) },
        });
      } else if (!(err instanceof GatewayTimeoutError)) {
        throw err;
      }
      // Time-out: stays READY; reconciliation settles it, then the next run advances.
    }
    payment = inserted;
  } else if (payment.state === "READY") {
    await settleFromGateway(deps, payment, "AUTO");
  }
  return afterRenewal(deps, subscription, payment.id);
}

/**
 * Cancels a subscription whose lessons were refunded (reason REFUNDED, initiator AUTO) with an
 * error log and an audit entry `subscription_cancelled` (cause `renewal_guard`), so staff see
 * which refund path left it renewing. Runs under the subscription's row lock.
 */
async function endRefundedSubscription(
  tx: Database,
  deps: PaymentsDeps,
  subscriptionId: number,
  at: Date,
): Promise<void> {
  const cancelled = await cancelSubscriptionIf(tx, subscriptionId, {
    reason: "REFUNDED",
    initiator: "AUTO",
    actorUserId: null,
    at,
  });
  if (!cancelled) return;
  deps.log.error(
    { subscriptionId },
    "renewal refused: the lessons of this subscription were refunded; subscription cancelled",
  );
  await insertAuditLog(tx, {
    kind: "EXECUTION",
    initiator: "AUTO",
    action: "subscription_cancelled",
    target: `subscription:${subscriptionId}`,
    detail: {
      subscriptionId,
      userId: cancelled.userId,
      reason: "REFUNDED",
      cause: "renewal_guard",
      before: "ACTIVE",
      after: "CANCELLED",
    },
  });
}

/** Advances the subscription after its renewal payment settled (idempotent). */
async function afterRenewal(
  deps: PaymentsDeps,
  subscription: SubscriptionRow,
  paymentId: number,
): Promise<PaymentRow | null> {
  const payment = await findPaymentById(deps.db, paymentId);
  if (!payment) return null;
  const now = deps.clock.now();
  if (payment.state === "PAID") {
    const paidMonths = subscription.paidMonths + 1;
    const updated = await updateSubscriptionIf(deps.db, subscription, {
      paidMonths,
      failedAttempts: 0,
      status: "ACTIVE",
      nextChargeAt: addMonthsSeoul(subscription.startedAt, paidMonths),
    });
    const current = updated ? null : await findSubscriptionById(deps.db, subscription.id);
    if (current?.status === "CANCELLED") {
      // The charge was reserved before the cancellation committed (both hold the row lock,
      // so this is the only order left): the family paid for a month they stopped. Staff
      // refund it from the audit entry; it is never hidden.
      deps.log.error(
        { subscriptionId: subscription.id, paymentId: payment.id },
        "renewal charged for a subscription cancelled meanwhile",
      );
      await insertAuditLog(deps.db, {
        kind: "EXECUTION",
        initiator: "AUTO",
        action: "renewal_charged_after_cancel",
        target: `payment:${payment.id}`,
        detail: {
          subscriptionId: subscription.id,
          paymentId: payment.id,
          amount: payment.paidPrice,
        },
      });
    }
  } else if (payment.state === "FAILED") {
    const failedAttempts = subscription.failedAttempts + 1;
    const pastDue = failedAttempts >= MAX_RENEWAL_ATTEMPTS;
    await withTransaction(deps.db, async (tx) => {
      const updated = await updateSubscriptionIf(tx, subscription, {
        failedAttempts,
        status: pastDue ? "PAST_DUE" : "ACTIVE",
        nextChargeAt: new Date(now.getTime() + RENEWAL_RETRY_MS),
      });
      if (updated) {
        await deps.events.emit(tx, "subscription.renewal-failed", {
          subscription: updated,
          paymentId: payment.id,
          reason: payment.failReason ?? "결제가 되지 않았어요.",
          pastDue,
          at: now,
        });
      }
      if (updated && pastDue) {
        await insertAuditLog(tx, {
          kind: "EXECUTION",
          initiator: "AUTO",
          action: "subscription_past_due",
          target: `subscription:${subscription.id}`,
          detail: { failedAttempts, lastPaymentId: payment.id },
        });
      }
    });
  }
  return payment;
}

/**
 * Settles stale READY payments with the gateway (card payments whose outcome is unknown after
 * RECONCILE_AFTER_MS; virtual accounts: deposit or expiry). At most `limit` per run.
 */
export async function reconcilePayments(deps: PaymentsDeps, limit = 100): Promise<JobReport> {
  const report = emptyReport();
  const before = new Date(deps.clock.now().getTime() - RECONCILE_AFTER_MS);
  for (const payment of await findStaleReadyPayments(deps.db, before, limit)) {
    try {
      const view = await settleFromGateway(deps, payment, "AUTO");
      count(report, view.payment);
    } catch (err) {
      deps.log.warn({ err, paymentId: payment.id }, "reconciliation could not reach the gateway");
      report.pending += 1;
    }
  }
  return report;
}

/** Which line amounts a renewal charges (for docs/tests). */
export type RenewalLine = Pick<PricedLine, "salePrice" | "paidPrice">;

// ---------------------------------------------------------------------------------------------
// Runner

/** The payments area's jobs (the runner is platform/jobs.ts). */
export function paymentsJobs(deps: PaymentsDeps): JobTable {
  return {
    "payments-renewals": () => chargeDueRenewals(deps),
    "payments-reconciliation": () => reconcilePayments(deps),
  };
}

// ---------------------------------------------------------------------------------------------
// Staff actions on failed renewals (issue 16 "Actions"; the console calls these through
// payments.public.ts)

/** Why a staff action on a failed renewal was refused (Korean, shown as is). */
export const RENEWAL_ACTION_MESSAGES = {
  notFound: "정기결제를 찾을 수 없어요.",
  notFailed: "결제에 실패한 정기결제가 아니에요.",
  changed: "정기결제 상태가 바뀌었어요. 목록을 새로 고친 뒤 다시 시도해 주세요.",
  inFlight: "환불을 처리하고 있는 정기결제예요. 환불이 끝난 뒤 다시 시도해 주세요.",
} as const;

/**
 * Charges the renewal of a failed subscription now (staff "retry now"): exactly one charge for
 * the attempt the staff member saw. `seenFailedAttempts` is the count shown in the queue; when
 * it no longer matches (another retry already ran), nothing is charged (CONFLICT
 * `renewal_changed`). Parallel calls for the same attempt share one merchant_uid
 * (`renewal-{id}-{period}-{attempt}`), so the gateway is asked once; the later caller gets the
 * same payment. A PAST_DUE subscription is made ACTIVE first (the table allows PAST_DUE → ACTIVE);
 * a new decline puts it back.
 * @returns the subscription before, the payment (PAID, FAILED, or READY when the gateway timed
 *   out) and the subscription after
 * @throws AppError not_found `subscription_not_found`; conflict `renewal_not_failed`,
 *   `renewal_changed`, `renewal_refund_in_flight`
 */
export async function retryRenewalNow(
  deps: PaymentsDeps,
  subscriptionId: number,
  seenFailedAttempts: number,
): Promise<{ before: SubscriptionRow; payment: PaymentRow; after: SubscriptionRow }> {
  const locked = await withTransaction(deps.db, async (tx) => {
    const current = await lockSubscription(tx, subscriptionId);
    if (!current) {
      throw new AppError("not_found", "subscription_not_found", RENEWAL_ACTION_MESSAGES.notFound);
    }
    const { lectureRefundInFlight, lessonsRefunded, ...before } = current;
    if (!["ACTIVE", "PAST_DUE"].includes(current.status) || lessonsRefunded) {
      throw new AppError("conflict", "renewal_not_failed", RENEWAL_ACTION_MESSAGES.notFailed);
    }
    if (lectureRefundInFlight) {
      throw new AppError("conflict", "renewal_refund_in_flight", RENEWAL_ACTION_MESSAGES.inFlight);
    }
    if (current.failedAttempts !== seenFailedAttempts) {
      throw new AppError("conflict", "renewal_changed", RENEWAL_ACTION_MESSAGES.changed);
    }
    if (current.failedAttempts === 0) {
      throw new AppError("conflict", "renewal_not_failed", RENEWAL_ACTION_MESSAGES.notFailed);
    }
    const active =
      current.status === "PAST_DUE"
        ? await updateSubscriptionIf(tx, current, { status: "ACTIVE" })
        : before;
    if (!active) throw new AppError("conflict", "renewal_changed", RENEWAL_ACTION_MESSAGES.changed);
    return { before: before as SubscriptionRow, active };
  });
  const { before, active } = locked;
  const merchantUid = `renewal-${active.id}-${active.paidMonths + 1}-${active.failedAttempts + 1}`;
  await renewOnce(deps, active);
  // A parallel caller that lost the reservation finds the winner's payment by its merchant_uid.
  const payment = await findPaymentByMerchantUid(deps.db, merchantUid);
  if (!payment) {
    throw new AppError("conflict", "renewal_changed", RENEWAL_ACTION_MESSAGES.changed);
  }
  const after = (await findSubscriptionById(deps.db, subscriptionId)) ?? active;
  return { before, payment, after };
}

/**
 * Moves the next charge of a failed renewal to `at` (staff "change date"; a moment in the
 * future, UTC). Only ACTIVE or PAST_DUE subscriptions with a failed renewal; the attempt count
 * is kept (a PAST_DUE one stays PAST_DUE until a retry).
 * @returns the subscription before and after
 * @throws AppError not_found `subscription_not_found`; conflict `renewal_not_failed`
 */
export async function rescheduleRenewal(
  deps: PaymentsDeps,
  subscriptionId: number,
  at: Date,
): Promise<{ before: SubscriptionRow; after: SubscriptionRow }> {
  return withTransaction(deps.db, async (tx) => {
    const current = await lockSubscription(tx, subscriptionId);
    if (!current) {
      throw new AppError("not_found", "subscription_not_found", RENEWAL_ACTION_MESSAGES.notFound);
    }
    const { lectureRefundInFlight: _f, lessonsRefunded, ...before } = current;
    if (
      !["ACTIVE", "PAST_DUE"].includes(current.status) ||
      current.failedAttempts === 0 ||
      lessonsRefunded
    ) {
      throw new AppError("conflict", "renewal_not_failed", RENEWAL_ACTION_MESSAGES.notFailed);
    }
    const after = await updateSubscriptionIf(tx, current, { nextChargeAt: at });
    if (!after) throw new AppError("conflict", "renewal_changed", RENEWAL_ACTION_MESSAGES.changed);
    return { before: before as SubscriptionRow, after };
  });
}
