/**
 * What a refund keeps back (issue #18; docs/decisions/021-store-refunds-penalty-delivery-restock.md;
 * docs/refunds.md "Deductions"). Pure; integer won; the current time is a parameter.
 *
 * Two item kinds of SPEC.md §3 are charged by taking them off a refund (never by charging the
 * card again):
 * - PENALTY: ending the lessons of a free tablet rental early (`earlyEndPenalty` of discounts.ts:
 *   30,000 won per month of the first 3 Asia/Seoul calendar months not completed, at most the
 *   tablet's value). Only when this refund ends the lessons (no paid lecture line of the payment
 *   is left), the lessons had begun (a lecture line quoted otherwise than ACADEMY_BEFORE_START),
 *   and the 7-day withdrawal period of the payment is over (전자상거래법 제18조제9항: no penalty
 *   for a withdrawal). A GIFT tablet and a tablet bought or rented for a fee have none.
 * - DELIVERY_FEE_FOR_REFUND: the return shipping (`returnDeliveryFee`: 3,000 won once per
 *   request) when books something was paid for go back by parcel by change of mind and the law
 *   gives something back for them; none when they were defective or not as sold (제18조제10항),
 *   none for digital contents or lessons, and none for devices: they ship with the lessons and
 *   are collected at no charge, like the tablet lent free (decision 021).
 * A deduction never takes the refund below 0: what it could not take is not charged (said so).
 */
import type { ItemKind } from "./enums.ts";
import { assertNonNegativeInteger, type Won } from "./money.ts";
import {
  FREE_RENTAL_MIN_MONTHS,
  FREE_RENTAL_PENALTY_PER_MONTH_WON,
  PENALTY_TITLE,
  earlyEndPenalty,
  returnDeliveryFee,
  type ReturnReason,
} from "./discounts.ts";
import { formatRefundWon, withdrawalDeadline, type RefundRule } from "./refund-rules.ts";

/** The return reasons the refund page offers, in its order. */
export const RETURN_REASONS: readonly ReturnReason[] = [
  "CHANGE_OF_MIND",
  "DEFECTIVE_OR_NOT_AS_SOLD",
];

export function isReturnReason(value: unknown): value is ReturnReason {
  return value === "CHANGE_OF_MIND" || value === "DEFECTIVE_OR_NOT_AS_SOLD";
}

/** The kinds a refund can keep back (SPEC.md §3 item kinds). */
export type RefundDeductionKind = "PENALTY" | "DELIVERY_FEE_FOR_REFUND";

/** Title of the return shipping line. */
export const RETURN_DELIVERY_FEE_TITLE = "반품 배송비";

/** One deduction of a refund quote. */
export interface RefundDeduction {
  kind: RefundDeductionKind;
  /** The line's title (PENALTY_TITLE, RETURN_DELIVERY_FEE_TITLE). */
  name: string;
  /** The payment item it is about (the free tablet line for PENALTY), else null. */
  paymentItemId: number | null;
  /** Won the published rule gives. */
  ruleAmount: Won;
  /** Won taken off this refund: min(ruleAmount, what the refund still had). */
  amount: Won;
  /** One Korean sentence for the refund page and the staff queue. */
  explanation: string;
}

/** One item of the payment as the deductions need it. */
export interface DeductionItem {
  id: number;
  kind: ItemKind;
  /** Won paid for the line. */
  paidPrice: Won;
  /** DEVICE lines: a tablet (not headphones). */
  tablet?: boolean;
  /** DEVICE lines: lent free with the lessons (0 won, not a gift, not a paid rental). */
  freeRental?: boolean;
  /** In this request. */
  requested: boolean;
  /** Already refunded or being refunded by another request (REFUNDED, REFUND_REQUESTED). */
  closed: boolean;
  /** Items in this request: the law's amount and rule (refund-rules.ts `legalRefund`). */
  law?: { amount: Won; rule: RefundRule } | null;
}

export interface RefundDeductionsInput {
  /** Every item of the payment. */
  items: readonly DeductionItem[];
  /** When the payment was paid (the free tablet is lent from it). */
  paidAt: Date;
  now: Date;
  /** Why books go back (default CHANGE_OF_MIND: the law's default case). */
  returnReason?: ReturnReason | null;
  /** The refund before deductions, won (the law's amount, capped at the payment's balance). */
  grossAmount: Won;
  /**
   * The free tablet's value, won, the penalty's cap (약관법 제8조): its list price, or the price
   * of the same model sold used; null when unknown (then the rule's maximum is the cap).
   */
  tabletValueWon?: Won | null;
}

export interface RefundDeductions {
  deductions: RefundDeduction[];
  /** Σ deduction amounts, won. */
  total: Won;
  /** grossAmount − total, never below 0. */
  netAmount: Won;
  /** A Korean sentence to add after the quote's explanation; "" when nothing is kept back. */
  explanation: string;
}

/** Kinds sent back by parcel at the buyer's cost on a change of mind: books (decision 021). */
export const RETURN_FEE_KINDS: ReadonlySet<ItemKind> = new Set<ItemKind>(["SEOLTAB_BOOK"]);
const LESSON_KINDS: ReadonlySet<ItemKind> = new Set<ItemKind>(["LECTURE", "SINGLE_LECTURE_GROUP"]);

/**
 * The published penalty rule in words, for the contract ("태블릿") and docs: the figures come
 * from discounts.ts. `tabletValueWon` names this contract's cap when known.
 */
export function freeRentalPenaltyTerms(tabletValueWon: Won | null): string {
  const max = FREE_RENTAL_MIN_MONTHS * FREE_RENTAL_PENALTY_PER_MONTH_WON;
  const cap =
    tabletValueWon !== null && tabletValueWon > 0 && tabletValueWon < max
      ? `태블릿 가격 ${formatRefundWon(tabletValueWon)}`
      : `최대 ${formatRefundWon(max)}`;
  return `무료로 빌린 태블릿은 결제일부터 ${FREE_RENTAL_MIN_MONTHS}개월(달력 기준) 동안 쓰는 조건입니다. 수업이 시작된 뒤 ${FREE_RENTAL_MIN_MONTHS}개월을 채우기 전에 수업을 모두 해지(환불)하면, 채우지 못한 달(진행 중인 달 포함)마다 ${formatRefundWon(FREE_RENTAL_PENALTY_PER_MONTH_WON)}의 위약금(${cap}까지)을 환불 금액에서 뺍니다. 결제일부터 7일 이내의 청약 철회와 첫 수업 전 해지에는 위약금이 없고, 환불 금액보다 많은 위약금은 청구하지 않습니다.`;
}

/** True when the refund's lecture lines had begun (a rule other than "before start"). */
function lessonsBegun(items: readonly DeductionItem[]): boolean {
  return items.some(
    (i) =>
      i.requested &&
      LESSON_KINDS.has(i.kind) &&
      i.paidPrice > 0 &&
      i.law != null &&
      i.law.rule !== "ACADEMY_BEFORE_START" &&
      i.law.rule !== "NOTHING_PAID",
  );
}

/** True when, after this request, no paid lecture line of the payment is left. */
function endsTheLessons(items: readonly DeductionItem[]): boolean {
  const paidLessons = items.filter((i) => LESSON_KINDS.has(i.kind) && i.paidPrice > 0);
  return paidLessons.some((i) => i.requested) && paidLessons.every((i) => i.requested || i.closed);
}

/**
 * The deductions of a refund (see the module note), in the order they are taken: PENALTY, then
 * DELIVERY_FEE_FOR_REFUND. Invariants (property tests): 0 ≤ netAmount ≤ grossAmount; every
 * 0 ≤ amount ≤ ruleAmount; total = Σ amounts = grossAmount − netAmount.
 * Example: a free tablet lent 2026-03-10, lessons refunded (3 held) on 2026-04-20 with 400,000
 * won to give → PENALTY 60,000 (2 months short), net 340,000.
 * @throws RangeError for a negative or fractional gross amount or tablet value, or invalid Dates
 */
export function refundDeductions(input: RefundDeductionsInput): RefundDeductions {
  assertNonNegativeInteger(input.grossAmount, "grossAmount (won)");
  if (input.tabletValueWon != null) {
    assertNonNegativeInteger(input.tabletValueWon, "tabletValueWon (won)");
  }
  const nowMs = input.now.getTime();
  if (Number.isNaN(nowMs) || Number.isNaN(input.paidAt.getTime())) {
    throw new RangeError("invalid Date");
  }
  const deductions: RefundDeduction[] = [];
  let left = input.grossAmount;
  const take = (
    kind: RefundDeductionKind,
    name: string,
    paymentItemId: number | null,
    ruleAmount: Won,
    sentence: string,
  ) => {
    if (ruleAmount <= 0) return;
    const amount = Math.min(ruleAmount, left);
    left -= amount;
    const short =
      amount < ruleAmount
        ? ` 돌려드릴 금액이 ${formatRefundWon(amount)}뿐이라 ${formatRefundWon(amount)}만 빼고, 나머지 ${formatRefundWon(ruleAmount - amount)}은 청구하지 않아요.`
        : "";
    deductions.push({
      kind,
      name,
      paymentItemId,
      ruleAmount,
      amount,
      explanation: sentence + short,
    });
  };

  const tablet = input.items.find((i) => i.kind === "DEVICE" && i.freeRental && i.tablet);
  const withinWithdrawal = nowMs < withdrawalDeadline(input.paidAt).getTime();
  if (tablet && !withinWithdrawal && endsTheLessons(input.items) && lessonsBegun(input.items)) {
    const max = FREE_RENTAL_MIN_MONTHS * FREE_RENTAL_PENALTY_PER_MONTH_WON;
    const cap =
      input.tabletValueWon != null && input.tabletValueWon > 0 ? input.tabletValueWon : max;
    const penalty = earlyEndPenalty({
      rentalStartAt: input.paidAt,
      endAt: input.now,
      capWon: cap,
    });
    if (penalty.amount > 0) {
      const uncapped = penalty.monthsShort * FREE_RENTAL_PENALTY_PER_MONTH_WON;
      const sentence =
        penalty.amount < uncapped
          ? `무료 대여 태블릿을 ${FREE_RENTAL_MIN_MONTHS}개월보다 일찍 해지해 못 채운 ${penalty.monthsShort}개월 × ${formatRefundWon(FREE_RENTAL_PENALTY_PER_MONTH_WON)}이지만 태블릿 가격 ${formatRefundWon(cap)}까지만 받아, 위약금 ${formatRefundWon(penalty.amount)}을 빼요. 태블릿은 돌려주셔야 해요.`
          : `무료 대여 태블릿을 ${FREE_RENTAL_MIN_MONTHS}개월보다 일찍 해지해 못 채운 ${penalty.monthsShort}개월 × ${formatRefundWon(FREE_RENTAL_PENALTY_PER_MONTH_WON)} = 위약금 ${formatRefundWon(penalty.amount)}을 빼요. 태블릿은 돌려주셔야 해요.`;
      take("PENALTY", PENALTY_TITLE, tablet.id, penalty.amount, sentence);
    }
  }

  const shipped = input.items.some(
    (i) =>
      i.requested &&
      RETURN_FEE_KINDS.has(i.kind) &&
      i.paidPrice > 0 &&
      i.law != null &&
      i.law.amount > 0,
  );
  const reason = input.returnReason ?? "CHANGE_OF_MIND";
  const fee = returnDeliveryFee(reason, shipped);
  take(
    "DELIVERY_FEE_FOR_REFUND",
    RETURN_DELIVERY_FEE_TITLE,
    null,
    fee,
    `단순 변심으로 반품하는 교재의 반품 배송비 ${formatRefundWon(fee)}을 빼요 (전자상거래법 제18조제9항: 반품 비용은 구매자가 내요).`,
  );

  const total = deductions.reduce((sum, d) => sum + d.amount, 0);
  const netAmount = input.grossAmount - total;
  const explanation =
    deductions.length === 0
      ? ""
      : `여기에서 ${deductions.map((d) => `${d.name} ${formatRefundWon(d.amount)}`).join(", ")}을 빼고 ${formatRefundWon(netAmount)}을 돌려드려요.`;
  return { deductions, total, netAmount, explanation };
}
