/**
 * Refund eligibility of a payment item (SPEC.md §5 refund-ineligibility reasons). Pure: the
 * current time is a parameter. Eligibility is an expected business outcome, so it is returned
 * as a result with stable reason codes, never thrown.
 */
import { REFUND_WINDOW_MONTHS } from "./constants.ts";
import {
  REFUND_INELIGIBILITY_REASONS,
  isClosedLectureState,
  isStaffUserType,
  type ItemKind,
  type LectureState,
  type PaymentItemState,
  type PaymentMethod,
  type PaymentState,
  type RefundIneligibilityReason,
  type UserType,
} from "./enums.ts";
import { addMonthsSeoul } from "./time.ts";

/** The payment an item belongs to; `userId` is the payer (USER_NO), `paidAt` an instant. */
export interface RefundPayment {
  id: number;
  userId: number;
  paymentMethod: PaymentMethod;
  state: PaymentState;
  paidAt: Date;
}

/**
 * The payment item to refund. `lectureState` is the matching/lecture state of a lecture item;
 * leave it out for items without a lecture. No rule reads `kind` today; it names the item.
 */
export interface RefundItem {
  id: number;
  state: PaymentItemState;
  kind: ItemKind;
  lectureState?: LectureState;
}

/** Who asks for the refund. A PARENT lists the user ids of their linked children. */
export interface RefundRequester {
  userId: number;
  userType: UserType;
  childUserIds?: readonly number[];
}

/** Input of `refundEligibility`; `now` is the current instant, passed in (never read inside). */
export interface RefundEligibilityInput {
  payment: RefundPayment;
  item: RefundItem;
  requester: RefundRequester;
  now: Date;
}

/** Result of `refundEligibility`: an expected outcome with stable reason codes. */
export interface RefundEligibility {
  eligible: boolean;
  /** Every reason that applies, in `REFUND_INELIGIBILITY_REASONS` order; empty when eligible. */
  reasons: RefundIneligibilityReason[];
}

/**
 * The instant the refund window closes: `paidAt` + 1 month in Asia/Seoul (same day next month
 * at the same time, or that month's last day; SPEC.md §5, §9). Refunds are allowed before it.
 * Example: paid 2026-01-31 10:00 KST → refunds blocked from 2026-02-28 10:00 KST.
 * @throws RangeError for an invalid Date
 */
export function refundDeadline(paidAt: Date): Date {
  return addMonthsSeoul(paidAt, REFUND_WINDOW_MONTHS);
}

/** True when the requester may act on a payment made by `payerId` (self, parent, or staff). */
export function mayActForPayer(requester: RefundRequester, payerId: number): boolean {
  return (
    requester.userId === payerId ||
    isStaffUserType(requester.userType) ||
    (requester.userType === "PARENT" && (requester.childUserIds ?? []).includes(payerId))
  );
}

/**
 * Whether `item` of `payment` can be refunded at `now` for `requester` (SPEC.md §5).
 * Reasons, all that apply, in this (stable, alphabetical) order:
 * - CLOSED_LECTURE: the item's lecture state is FINISH, AUTO_FINISH or DONE.
 * - NOT_MY_PAYMENT: the requester is not the payer, not a PARENT linked to the payer, and not
 *   staff (ADMIN, SALES_TEAM).
 * - ONE_MONTH_PASSED: `now` ≥ `refundDeadline(payment.paidAt)` (one month in Asia/Seoul).
 * - REFUNDED_PAYMENT_ITEM: the item is REFUNDED or REFUND_REQUESTED, or the payment is
 *   TOTALLY_REFUNDED. (REFUND_REQUEST_FAILED may be asked again.)
 * - VBANK_IS_NOT_ALLOWED: the payment was made by virtual bank account.
 * @returns `{ eligible, reasons }`; `eligible` is true exactly when `reasons` is empty
 * @throws RangeError only for an invalid `paidAt` or `now` Date
 */
export function refundEligibility({
  payment,
  item,
  requester,
  now,
}: RefundEligibilityInput): RefundEligibility {
  if (Number.isNaN(now.getTime())) throw new RangeError("now: invalid Date");
  const applies: Record<RefundIneligibilityReason, boolean> = {
    CLOSED_LECTURE: isClosedLectureState(item.lectureState),
    NOT_MY_PAYMENT: !mayActForPayer(requester, payment.userId),
    ONE_MONTH_PASSED: now.getTime() >= refundDeadline(payment.paidAt).getTime(),
    REFUNDED_PAYMENT_ITEM:
      item.state === "REFUNDED" ||
      item.state === "REFUND_REQUESTED" ||
      payment.state === "TOTALLY_REFUNDED",
    VBANK_IS_NOT_ALLOWED: payment.paymentMethod === "VBANK",
  };
  const reasons = REFUND_INELIGIBILITY_REASONS.filter((reason) => applies[reason]);
  return { eligible: reasons.length === 0, reasons };
}
