/**
 * Monthly subscriptions (the renewals of a billing-card lecture order, issue #4) and how they
 * end (issue #11 item 1; decision docs/decisions/012-subscriptions-end.md). SPEC.md leaves the
 * subscription lifecycle "not shown"; this is our design:
 *
 * - ACTIVE: the renewal job charges `renewalAmount` won each month on the main billing card.
 * - PAST_DUE: three renewals in a row were declined; no more attempts until a new card.
 * - CANCELLED: terminal. No payment is ever charged again. Reached by
 *   - REFUNDED: a refund of the lecture (a LECTURE line refunded, or the whole payment refunded)
 *     of any payment of the subscription, in the same transaction as the refund;
 *   - USER_REQUEST: the student or a linked parent stopped the renewals;
 *   - STAFF: staff stopped them (operations console).
 * The lessons already paid for stay until the paid period ends (`paidUntil`).
 */
import type { ItemKind, PaymentState } from "./enums.ts";
import { canTransition, type TransitionTable } from "./payments.ts";
import { formatRefundWon } from "./refund-rules.ts";
import { seoulDateParts } from "./time.ts";

export const SUBSCRIPTION_STATUSES = ["ACTIVE", "PAST_DUE", "CANCELLED"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Why a subscription was cancelled. */
export const SUBSCRIPTION_CANCEL_REASONS = ["REFUNDED", "USER_REQUEST", "STAFF"] as const;
export type SubscriptionCancelReason = (typeof SUBSCRIPTION_CANCEL_REASONS)[number];

/**
 * ACTIVE ⇄ PAST_DUE (a declined renewal streak, then a paid one); either → CANCELLED, which is
 * terminal.
 */
export const SUBSCRIPTION_TRANSITIONS: TransitionTable<SubscriptionStatus> = {
  ACTIVE: ["PAST_DUE", "CANCELLED"],
  PAST_DUE: ["ACTIVE", "CANCELLED"],
  CANCELLED: [],
};

export function isSubscriptionStatus(value: string): value is SubscriptionStatus {
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(value);
}

/** True when `from` may become CANCELLED (ACTIVE or PAST_DUE). */
export function canCancelSubscription(from: string): boolean {
  return isSubscriptionStatus(from) && canTransition(SUBSCRIPTION_TRANSITIONS, from, "CANCELLED");
}

/** What a settled refund did to one payment of a subscription. */
export interface RefundOutcome {
  /** The payment's state after the refund. */
  paymentState: PaymentState;
  /** Kinds of the lines refunded by this refund. */
  refundedKinds: readonly ItemKind[];
}

/**
 * Does this refund end the subscription? Yes when the whole payment is refunded
 * (TOTALLY_REFUNDED) or a LECTURE line is refunded: the family asked for the lessons' money
 * back, so nothing may be charged again. A refund of other lines only (a device, a book) keeps
 * the renewals.
 * Examples: { TOTALLY_REFUNDED, [LECTURE, DEVICE] } → true; { PARTIALLY_REFUNDED, [LECTURE] } →
 * true; { PARTIALLY_REFUNDED, [DEVICE] } → false.
 */
export function refundEndsSubscription(outcome: RefundOutcome): boolean {
  return outcome.paymentState === "TOTALLY_REFUNDED" || outcome.refundedKinds.includes("LECTURE");
}

/** "2026.12.23" (Asia/Seoul). */
export function seoulDotDate(instant: Date): string {
  const p = seoulDateParts(instant);
  return `${p.year}.${String(p.month).padStart(2, "0")}.${String(p.day).padStart(2, "0")}`;
}

/** The subscription as the refund page needs it. */
export interface RenewalFacts {
  status: SubscriptionStatus;
  /** Won charged at each renewal. */
  renewalAmount: number;
  /** When the next renewal is due (ACTIVE/PAST_DUE). */
  nextChargeAt: Date;
}

/**
 * One Korean sentence telling what a refund does to the next monthly charge (issue #11: "a
 * partial refund must say what happens to the next charge"). `endsRenewals` is
 * `refundEndsSubscription` of the refund asked for (or that would follow from it).
 * Examples: ends → "환불되면 자동 결제가 해지되어 다음 결제(2026.12.23, 189,000원)는 되지 않아요.";
 * keeps → "자동 결제는 그대로예요. 다음 결제일 2026.12.23에 189,000원이 결제돼요."; a cancelled
 * subscription → "자동 결제는 이미 해지되어 더 결제되지 않아요."
 */
export function renewalAfterRefundMessage(facts: RenewalFacts, endsRenewals: boolean): string {
  if (facts.status === "CANCELLED") return "자동 결제는 이미 해지되어 더 결제되지 않아요.";
  const date = seoulDotDate(facts.nextChargeAt);
  const amount = formatRefundWon(facts.renewalAmount);
  if (endsRenewals) {
    return `환불되면 자동 결제가 해지되어 다음 결제(${date}, ${amount})는 되지 않아요.`;
  }
  return `자동 결제는 그대로예요. 다음 결제일 ${date}에 ${amount}이 결제돼요. 멈추려면 내 수업에서 자동 결제를 해지해 주세요.`;
}

/**
 * The Korean line a family sees after stopping renewals (issue #11 item 1). `paidUntil` is the
 * exclusive end of the paid period; the last day shown is the day before it (Asia/Seoul), e.g.
 * paidUntil 2027-01-22T15:00Z → "자동 결제를 해지했어요. 더 결제되지 않고, 이미 결제한 수업은
 * 2027.01.22까지 이용할 수 있어요."
 */
export function subscriptionCancelledMessage(paidUntil: Date): string {
  return `자동 결제를 해지했어요. 더 결제되지 않고, 이미 결제한 수업은 ${lastPaidDay(paidUntil)}까지 이용할 수 있어요.`;
}

/** The last day (Asia/Seoul, "2027.01.22") of a period that ends (exclusive) at `endsAt`. */
export function lastPaidDay(endsAt: Date): string {
  return seoulDotDate(new Date(endsAt.getTime() - 1));
}
