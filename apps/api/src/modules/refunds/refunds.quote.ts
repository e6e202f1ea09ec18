/**
 * The refund quote (issue #5, #18; SPEC.md §5 reasons, docs/refunds.md): `assessRefund` — every
 * item's ineligibility reasons, the amount the law gives (lesson ledger, calendar rows, devices
 * and books), what the refund keeps back (deductions) and what it does to the renewals. Shared
 * by the `refundEligibility` query, `requestRefund` and the staff console; the law's amount of a
 * request's items is recomputed here for settlement (`legalRefundOf`, `ledgersOf`).
 */
import {
  REFUND_INELIGIBILITY_REASONS,
  addMonthsSeoul,
  isItemKind,
  lectureState,
  legalRefund,
  refundChannelOf,
  refundEligibility,
  formatRefundWon,
  refundDeductions,
  RETURN_FEE_KINDS,
  type ItemKind,
  type LectureState,
  type LegalRefund,
  type LessonDeduction,
  type PaymentItemState,
  type PaymentMethod,
  type PaymentRefundRule,
  type PaymentState,
  type RefundChannel,
  type RefundIneligibilityReason,
  type RefundRequester,
  type RefundDeduction,
  type ReturnReason,
} from "@seoltab/domain";
import { AppError, REFUND_MESSAGES } from "../../errors.ts";
import { type AuthUser, isParentOf, mayActFor } from "../accounts/accounts.public.ts";
import {
  findItemsOfPayments,
  findPaymentById,
  type PaymentItemRow,
  type PaymentRow,
  type SubscriptionRow,
  renewalEffectOfRefund,
  subscriptionOfPayment,
  type RenewalEffect,
} from "../payments/payments.public.ts";
import { findDeviceFacts, type DeviceFacts } from "./refunds.repository.ts";
import type { RefundsDeps } from "./refunds.common.ts";

/** One item as the refund page shows it. */
export interface ItemAssessment {
  item: PaymentItemRow;
  eligible: boolean;
  reasons: RefundIneligibilityReason[];
  /** Won the law gives now (less what was refunded). */
  amount: number;
  rule: string;
  explanation: string;
  /** How a lecture line's ledger quote was computed (lessons held, price per lesson); else null. */
  lessons: LessonDeduction | null;
  /** DEVICE lines: PURCHASE / GIFT / null and NEW_DEVICE / USED_DEVICE / null (issue #18). */
  purchaseOrGift: string | null;
  deviceCondition: string | null;
}

/** What `refundEligibility` answers (docs/api/refunds.md). */
export interface RefundAssessment {
  payment: PaymentRow;
  /** No SPEC.md §5 reason applies to the items considered (and there are some). */
  eligible: boolean;
  /** Reasons of the items considered, in SPEC.md §5 order. */
  reasons: RefundIneligibilityReason[];
  /**
   * Won to refund for the items considered (shown also when blocked): what the law gives, never
   * above what remains paid on the payment (paidPrice − refundedAmount), less `deductions`.
   */
  refundableAmount: number;
  /** The law's amount capped at the balance, before `deductions` (issue #18). */
  grossAmount: number;
  /**
   * What the refund keeps back (issue #18, decision 021): PENALTY (early end of a free tablet
   * rental) and DELIVERY_FEE_FOR_REFUND (return shipping by change of mind). Empty when none.
   */
  deductions: RefundDeduction[];
  /** The items considered include books something is given back for: ask why they go back. */
  returnReasonAsked: boolean;
  /** The return reason the quote was made with (CHANGE_OF_MIND unless told otherwise). */
  returnReason: ReturnReason;
  rule: PaymentRefundRule;
  explanation: string;
  channel: RefundChannel;
  /** A BANK refund needs the account to pay to. */
  refundAccountRequired: boolean;
  /** Every item of the payment. */
  items: ItemAssessment[];
  /** The items the totals are about: the ones asked for, or those still refundable. */
  considered: ItemAssessment[];
  /**
   * What refunding the considered items would do to the monthly renewals of the payment's
   * subscription (issue #11 item 1), or null without one.
   */
  renewal: RenewalEffect | null;
}

/** The item's kind (ETC for a kind this code does not know). */
export function kindOf(item: Pick<PaymentItemRow, "itemKind">): ItemKind {
  return isItemKind(item.itemKind) ? item.itemKind : "ETC";
}

/** An item still open to a refund: PAID, or a failed request that may be asked again. */
export function isOpen(item: PaymentItemRow): boolean {
  return item.state === "PAID" || item.state === "REFUND_REQUEST_FAILED";
}

/**
 * The payment the caller may act on. No such payment and another family's payment give the
 * same NOT_FOUND answer (issue #19: a 404-vs-403 difference told which payment ids exist).
 */
async function paymentForCaller(
  deps: RefundsDeps,
  caller: AuthUser,
  paymentId: number,
): Promise<PaymentRow> {
  const payment = await findPaymentById(deps.db, paymentId);
  if (!payment || !(await mayActFor(deps.db, caller, payment.userId))) {
    throw new AppError("not_found", "payment_not_found", REFUND_MESSAGES.paymentNotFound);
  }
  return payment;
}

/**
 * The items named by `ids` within `items`. An id that is not in this payment — unknown or
 * another person's: one answer for both (issue #19) — is a validation error.
 */
function pickItems(items: PaymentItemRow[], ids: readonly number[]): PaymentItemRow[] {
  const unique = [...new Set(ids)];
  const own = new Map(items.map((i) => [i.id, i]));
  const foreign = unique.filter((id) => !own.has(id));
  if (foreign.length > 0) {
    // Another family's item and an unknown id get the same answer (nothing tells them apart).
    throw new AppError("validation", "payment_item_not_found", REFUND_MESSAGES.itemNotInPayment, [
      { field: "paymentItemIds", message: REFUND_MESSAGES.itemNotInPayment },
    ]);
  }
  return unique.map((id) => own.get(id)!);
}

/** When the payment was paid (completedAt; createdAt for rows without one). */
function paidAtOf(payment: PaymentRow): Date {
  return payment.completedAt ?? payment.createdAt;
}

/**
 * When the lessons of a payment started, for the calendar rows of the law's table ([별표 4]:
 * "교습 시작 전" → all back), or null when they have not. A lecture line whose lecture has lesson
 * records is quoted by its ledger instead (`ledgersOf`, decision 029); what is left here is a
 * line with no lessons (waiting for its match, or a renewal line, which has no lecture record):
 * no lesson can have been given on it, so the whole unrefunded price comes back.
 */
function lessonsStartOf(_payment: PaymentRow): Date | null {
  return null;
}

/**
 * The lecture state of a LECTURE item, as LECTURE_INFO shows it (packages/domain `lectureState`
 * with the inputs of payments.reads `lectureInfoOf`), for SPEC.md §5 CLOSED_LECTURE: DONE once
 * the paid period is over and no active subscription carries it on; READY while it waits for a
 * tutor match. Items of other kinds have no lecture (undefined). A refunded item is FINISH in
 * LECTURE_INFO; here that is the item's own refund, already REFUNDED_PAYMENT_ITEM, so it is not
 * named a second time as CLOSED_LECTURE.
 */
function lectureStateOf(
  payment: PaymentRow,
  item: PaymentItemRow,
  subscription: SubscriptionRow | null,
  now: Date,
): LectureState | undefined {
  if (item.itemKind !== "LECTURE") return undefined;
  const endsAt = subscription
    ? addMonthsSeoul(subscription.startedAt, subscription.paidMonths)
    : payment.completedAt
      ? addMonthsSeoul(payment.completedAt, item.months)
      : null;
  const state = lectureState({
    paymentState: payment.state as PaymentState,
    itemState: (item.state ?? null) as PaymentItemState | null,
    subscriptionStatus: subscription?.status ?? null,
    endsAt,
    now,
  });
  return state === "FINISH" && item.state === "REFUNDED" ? undefined : state;
}

/** Held lessons per LECTURE line of `items` at `at` (empty without a ledger source). */
export async function ledgersOf(
  deps: RefundsDeps,
  items: readonly PaymentItemRow[],
  at: Date,
): Promise<ReadonlyMap<number, { held: number }>> {
  const lectureLines = items.filter((i) => i.itemKind === "LECTURE").map((i) => i.id);
  if (!deps.lessonLedgers || lectureLines.length === 0) return new Map();
  return deps.lessonLedgers(deps.db, lectureLines, at);
}

/**
 * The law's amounts of `items`. A LECTURE line in `ledgers` (its lecture has lessons) is quoted
 * by the ledger: its list price is the line's sale total before the order's policies
 * (`salePrice`: the catalog's monthly price × months; decision 029).
 */
export function legalRefundOf(
  payment: PaymentRow,
  items: readonly PaymentItemRow[],
  opened: boolean,
  now: Date,
  ledgers: ReadonlyMap<number, { held: number }>,
  devices: ReadonlyMap<number, DeviceFacts> = new Map(),
): LegalRefund {
  const paidAt = paidAtOf(payment);
  return legalRefund({
    paymentMethod: payment.paymentMethod as PaymentMethod,
    items: items.map((item) => {
      const kind: ItemKind = isItemKind(item.itemKind) ? item.itemKind : "ETC";
      return {
        id: item.id,
        kind,
        paidPrice: item.paidPrice,
        refundedAmount: item.refundedAmount,
        months: Math.max(1, item.months),
        lessonsStartAt: lessonsStartOf(payment),
        ledger:
          kind === "LECTURE" && ledgers.has(item.id)
            ? { lessonsHeld: ledgers.get(item.id)!.held, listPrice: item.salePrice }
            : null,
        // No delivery date is recorded: the withdrawal days count from the payment (016).
        paidAt,
        opened,
        gift: devices.get(item.id)?.purchaseOrGift === "GIFT",
      };
    }),
    now,
  });
}

/**
 * Assesses a refund of `paymentId` for `caller` at the clock's now: every item's SPEC.md §5
 * reasons and the amount the law gives. Totals are over `itemIds` when given, else over the items
 * still open to a refund (none open → REFUNDED_PAYMENT_ITEM).
 * @throws AppError not_found `payment_not_found` (also for another person's payment);
 *   validation `payment_item_not_found` (also for another person's item); conflict `payment_not_refundable`
 *   (READY or FAILED payment)
 */
export async function assessRefund(
  deps: RefundsDeps,
  caller: AuthUser,
  paymentId: number,
  options: {
    itemIds?: readonly number[] | null;
    opened?: boolean;
    /** Why books go back (default CHANGE_OF_MIND; issue #18). */
    returnReason?: ReturnReason | null;
  } = {},
): Promise<RefundAssessment> {
  const payment = await paymentForCaller(deps, caller, paymentId);
  if (payment.state === "READY" || payment.state === "FAILED") {
    throw new AppError("conflict", "payment_not_refundable", REFUND_MESSAGES.notRefundable);
  }
  const rows = await findItemsOfPayments(deps.db, [payment.id]);
  const picked = options.itemIds?.length ? pickItems(rows, options.itemIds) : null;
  const now = deps.clock.now();
  const requester: RefundRequester = {
    userId: caller.userNo,
    userType: caller.userType,
    childUserIds:
      caller.userType === "PARENT" && (await isParentOf(deps.db, caller.userNo, payment.userId))
        ? [payment.userId]
        : [],
  };
  const ledgers = await ledgersOf(deps, rows, now);
  const devices = await findDeviceFacts(deps.db, rows);
  const law = legalRefundOf(payment, rows, options.opened ?? false, now, ledgers, devices);
  const subscription = await subscriptionOfPayment(deps.db, payment);
  const items = rows.map((item, index): ItemAssessment => {
    const { reasons } = refundEligibility({
      payment: {
        id: payment.id,
        userId: payment.userId,
        paymentMethod: payment.paymentMethod as PaymentMethod,
        state: payment.state as PaymentState,
        paidAt: paidAtOf(payment),
      },
      item: {
        id: item.id,
        state: (item.state ?? "PAID") as PaymentItemState,
        kind: isItemKind(item.itemKind) ? item.itemKind : "ETC",
        lectureState: lectureStateOf(payment, item, subscription, now),
      },
      requester,
      now,
    });
    const legal = law.items[index]!;
    return {
      item,
      eligible: reasons.length === 0,
      reasons,
      amount: legal.amount,
      rule: legal.rule,
      explanation: legal.explanation,
      lessons: legal.lessons,
      purchaseOrGift: devices.get(item.id)?.purchaseOrGift ?? null,
      deviceCondition: devices.get(item.id)?.deviceCondition ?? null,
    };
  });
  const pickedIds = picked ? new Set(picked.map((i) => i.id)) : null;
  const considered = items.filter((a) => (pickedIds ? pickedIds.has(a.item.id) : isOpen(a.item)));
  const consideredLaw = legalRefundOf(
    payment,
    considered.map((a) => a.item),
    options.opened ?? false,
    now,
    ledgers,
    devices,
  );
  const reasonSet = new Set<RefundIneligibilityReason>(considered.flatMap((a) => a.reasons));
  if (considered.length === 0) reasonSet.add("REFUNDED_PAYMENT_ITEM");
  const reasons = REFUND_INELIGIBILITY_REASONS.filter((r) => reasonSet.has(r));
  const channel = refundChannelOf(payment.paymentMethod as PaymentMethod);
  // Never more than remains paid on the payment: a cancel made at the gateway's console is
  // mirrored on the payment only (not on its items), and the gateway refuses anything above
  // its balance.
  const balance = Math.max(0, payment.paidPrice - payment.refundedAmount);
  const grossAmount = Math.min(consideredLaw.amount, balance);
  // What the refund keeps back (issue #18): the free tablet's early-end penalty and the return
  // shipping of goods sent back by change of mind (packages/domain refund-deductions.ts).
  const consideredLawById = new Map(
    considered.map((a, index) => [a.item.id, consideredLaw.items[index]!] as const),
  );
  const freeTablet = rows.find((item) => isFreeRentalTablet(item, devices.get(item.id)));
  const returnReason: ReturnReason = options.returnReason ?? "CHANGE_OF_MIND";
  const cut = refundDeductions({
    items: rows.map((item) => {
      const facts = devices.get(item.id);
      const requested = consideredLawById.get(item.id);
      return {
        id: item.id,
        kind: kindOf(item),
        paidPrice: item.paidPrice,
        tablet: item.itemKind === "DEVICE" && facts?.deviceType !== "AIR_PODS_MAX",
        freeRental: isFreeRentalTablet(item, facts),
        requested: requested !== undefined,
        closed: item.state === "REFUNDED" || item.state === "REFUND_REQUESTED",
        law: requested ? { amount: requested.amount, rule: requested.rule } : null,
      };
    }),
    paidAt: paidAtOf(payment),
    now,
    returnReason,
    grossAmount,
    tabletValueWon: freeTablet ? (devices.get(freeTablet.id)?.valueWon ?? null) : null,
  });
  const refundableAmount = cut.netAmount;
  const baseExplanation =
    grossAmount < consideredLaw.amount
      ? `${consideredLaw.explanation} 이 결제에서 이미 취소된 금액을 빼면 남은 결제 금액 ${formatRefundWon(balance)}까지 돌려받을 수 있어요.`
      : consideredLaw.explanation;
  const explanation = cut.explanation ? `${baseExplanation} ${cut.explanation}` : baseExplanation;
  const returnReasonAsked = considered.some(
    (a) =>
      RETURN_FEE_KINDS.has(kindOf(a.item)) &&
      a.item.paidPrice > 0 &&
      (consideredLawById.get(a.item.id)?.amount ?? 0) > 0,
  );
  const renewal = await renewalEffectOfRefund(deps.db, payment, {
    paymentState:
      payment.refundedAmount + refundableAmount >= payment.paidPrice
        ? "TOTALLY_REFUNDED"
        : "PARTIALLY_REFUNDED",
    refundedKinds: considered.map((a) => kindOf(a.item)),
  });
  return {
    payment,
    eligible: reasons.length === 0,
    reasons,
    refundableAmount,
    grossAmount,
    deductions: cut.deductions,
    returnReasonAsked,
    returnReason,
    rule: consideredLaw.rule,
    explanation,
    channel,
    refundAccountRequired: channel === "BANK",
    items,
    considered,
    renewal,
  };
}

/**
 * The tablet lent free with the lessons: a DEVICE line sold at 0 won that is not a gift, not a
 * rental for a fee and not headphones (lines written before issue #18 have no device facts and
 * count as lent free when sold at 0 won, as the contract reads them).
 */
function isFreeRentalTablet(item: PaymentItemRow, facts: DeviceFacts | undefined): boolean {
  return (
    item.itemKind === "DEVICE" &&
    item.unitSalePrice === 0 &&
    facts?.purchaseOrGift !== "GIFT" &&
    facts?.isRental !== true &&
    facts?.deviceType !== "AIR_PODS_MAX"
  );
}
