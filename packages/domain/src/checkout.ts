/**
 * Pricing of a checkout order (issue #4; SPEC.md §5): the server recomputes every amount from
 * the catalog and the user's sales policies — a price sent by a client is never trusted.
 * Pure; amounts are integer won.
 *
 * - A LECTURE line buys `lecture_multiple` units of `months` months; its prices are per month,
 *   so the line's sale total is salePrice × months × lecture_multiple (`cartLineTotals`).
 *   Bought for 12 months in all, the 12-month policy takes 5 % off (SPEC.md §5, §9).
 * - A DEVICE line is a one-off price; it is bought once (lecture_multiple 1).
 * - A policy applies to a line when its `itemKind` (if set) is the line's kind and its `months`
 *   (if set) is the line's total months. Policies never compound and never push a line below 0.
 */
import { TWELVE_MONTHS, twelveMonthPolicyValue } from "./pricing.ts";
import { assertNonNegativeInteger, multiplyWon, percentOfWon, type Won } from "./money.ts";
import type { DiscountType } from "./enums.ts";

/** The `lecture_multiple` values a lecture may be bought for (issue #4): 1, 3, 6 or 12 units. */
export const LECTURE_MULTIPLES = [1, 3, 6, 12] as const;
/** A device is bought once. */
export const DEVICE_MULTIPLES = [1] as const;
/** Copies of one book (SEOLTAB_BOOK) in one order: 1 to 5 (issue #18). */
export const BOOK_MULTIPLES = [1, 2, 3, 4, 5] as const;
/** Installment months the checkout offers for card payments (0 = lump sum). */
export const CARD_QUOTA_CHOICES = [0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
/** Installments need at least this amount in won (PortOne / card companies). */
export const INSTALLMENT_MINIMUM_WON = 50_000;
/** Most lines in one order. */
export const MAX_ORDER_LINES = 20;

/**
 * Kinds a cart line may have (issue #18 adds books and contents; DELIVERY_FEE lines are added
 * by the pricing, never sent by a client).
 */
export type SellableKind = "LECTURE" | "DEVICE" | "SEOLTAB_BOOK" | "CONTENTS" | "DELIVERY_FEE";

/** item_type of the fixed-term winter course items (packages/domain winter-course.ts). */
export const WINTER_COURSE_ITEM_TYPE = "LECTURE_WINTER";
/** Item types bought once for their whole term: never multiplied, never renewed monthly. */
export const FIXED_TERM_ITEM_TYPES: readonly string[] = [WINTER_COURSE_ITEM_TYPE];

/** Whether a lecture of this item_type is a fixed-term course (bought once, not renewed). */
export function isFixedTermItemType(itemType: string | null | undefined): boolean {
  return itemType != null && FIXED_TERM_ITEM_TYPES.includes(itemType);
}

/** A catalog item as pricing needs it (prices in won: per month for lectures, one-off for devices). */
export interface PricedStoreItem {
  id: number;
  itemKind: SellableKind;
  title: string;
  /** Unit length in months (≥ 1). */
  months: number;
  basePrice: Won;
  salePrice: Won;
  /** A fixed-term course (`isFixedTermItemType`): bought once, never renewed monthly. */
  fixedTerm?: boolean;
  /**
   * A home-shopping product (SPEC.md §3 home-shopping lists for 1, 3 and 10 months): its months
   * are the whole purchase, so it is bought once (lecture_multiple 1; issue #18).
   */
  homeshopping?: boolean;
  /** DEVICE lines: the generation (device_gen), matched by a policy's `deviceGen` (issue #18). */
  deviceGen?: string | null;
  /** DEVICE lines: NEW or USED. */
  usedType?: string | null;
}

/** A sales policy rule (catalog sales_policies). */
export interface PolicyRule {
  name: string;
  discountKind: string | null;
  discountType: DiscountType;
  /** Won for AMOUNT, whole percent for PERCENT. */
  value: number;
  /** Only lines bought for exactly this many months in all; null = any. */
  months: number | null;
  /** Only lines of this kind; null = any. */
  itemKind: string | null;
  /**
   * Only NEW DEVICE lines of this generation (policy9 / policy11 of an active lecture sales
   * method, sales-policies.ts); null or absent = any line.
   */
  deviceGen?: string | null;
}

export interface AppliedPolicyAmount {
  name: string;
  discountKind: string | null;
  discountType: DiscountType;
  value: number;
  /** Won this policy took off the line. */
  amount: Won;
}

export interface PricedLine {
  item: PricedStoreItem;
  /** Units bought. */
  quantity: number;
  /** Months covered in all (item months × quantity); 0 for devices. */
  months: number;
  salePrice: Won;
  basePrice: Won;
  policyPrice: Won;
  paidPrice: Won;
  policies: AppliedPolicyAmount[];
}

export interface PricedOrder {
  lines: PricedLine[];
  /** Σ line sale totals (SPEC.md Payment.productsPrice). */
  productsPrice: Won;
  /** Σ policies (Payment.discountedValue). */
  discountedValue: Won;
  /** productsPrice − discountedValue (Payment.paidPrice, payment due of SPEC.md §5). */
  paidPrice: Won;
  /** Order name: the first line's title, "외 N건" when there are more. */
  name: string;
}

/** The 12-month policy as it shows in a payment's applied policies. */
export const TWELVE_MONTH_POLICY_NAME = "12개월 결제 5% 할인";

/** Why an order cannot be priced (each maps to a 400 with a Korean message in the api). */
export type OrderProblem =
  | { code: "EMPTY_ORDER" }
  | { code: "TOO_MANY_LINES" }
  | { code: "DUPLICATE_ITEM"; id: number }
  | { code: "UNKNOWN_ITEM"; id: number }
  | { code: "MONTHS_NOT_ALLOWED"; id: number; allowed: readonly number[] };

/**
 * The `lecture_multiple` values allowed for an item of this kind: lectures 1, 3, 6 or 12 units;
 * books 1 to 5 copies; everything else, a fixed-term course and a home-shopping product: 1.
 */
export function allowedMultiples(kind: SellableKind, fixedTerm = false): readonly number[] {
  if (fixedTerm) return DEVICE_MULTIPLES;
  if (kind === "SEOLTAB_BOOK") return BOOK_MULTIPLES;
  return kind === "LECTURE" ? LECTURE_MULTIPLES : DEVICE_MULTIPLES;
}

/**
 * Checks an order's lines against the catalog. `catalog` holds the sellable items the user may
 * buy (inactive, home-shopping-only or unknown ids absent). Returns the first problem, or null.
 */
export function orderProblem(
  lines: readonly { id: number; lecture_multiple: number }[],
  catalog: ReadonlyMap<number, PricedStoreItem>,
): OrderProblem | null {
  if (lines.length === 0) return { code: "EMPTY_ORDER" };
  if (lines.length > MAX_ORDER_LINES) return { code: "TOO_MANY_LINES" };
  const seen = new Set<number>();
  for (const line of lines) {
    if (seen.has(line.id)) return { code: "DUPLICATE_ITEM", id: line.id };
    seen.add(line.id);
    const item = catalog.get(line.id);
    if (!item) return { code: "UNKNOWN_ITEM", id: line.id };
    const allowed = allowedMultiples(item.itemKind, item.fixedTerm || item.homeshopping);
    if (!allowed.includes(line.lecture_multiple)) {
      return { code: "MONTHS_NOT_ALLOWED", id: line.id, allowed };
    }
  }
  return null;
}

function applies(rule: PolicyRule, item: PricedStoreItem, months: number): boolean {
  if (rule.itemKind !== null && rule.itemKind !== item.itemKind) return false;
  if (rule.months !== null && rule.months !== months) return false;
  if (rule.deviceGen != null) {
    return (
      item.itemKind === "DEVICE" && item.deviceGen === rule.deviceGen && item.usedType === "NEW"
    );
  }
  return true;
}

/**
 * Prices one line (see the file comment for the rules).
 * @throws RangeError for invalid amounts (catalog data out of range)
 */
export function priceLine(
  item: PricedStoreItem,
  quantity: number,
  rules: readonly PolicyRule[],
): PricedLine {
  assertNonNegativeInteger(quantity, "quantity");
  const isLecture = item.itemKind === "LECTURE";
  const months = isLecture ? multiplyWon(item.months, quantity) : 0;
  const factor = isLecture ? months : quantity;
  const salePrice = multiplyWon(item.salePrice, factor);
  const basePrice = multiplyWon(item.basePrice, factor);
  const wanted: AppliedPolicyAmount[] = [];
  if (isLecture && months === TWELVE_MONTHS) {
    wanted.push({
      name: TWELVE_MONTH_POLICY_NAME,
      discountKind: null,
      discountType: "PERCENT",
      value: 5,
      amount: twelveMonthPolicyValue(salePrice),
    });
  }
  for (const rule of rules) {
    if (!applies(rule, item, months)) continue;
    const amount =
      rule.discountType === "PERCENT"
        ? percentOfWon(salePrice, rule.value)
        : assertNonNegativeInteger(rule.value, "AMOUNT policy value (won)");
    wanted.push({
      name: rule.name,
      discountKind: rule.discountKind,
      discountType: rule.discountType,
      value: rule.value,
      amount,
    });
  }
  // Clamp: policies are taken in order until the line reaches 0 won.
  let left = salePrice;
  const policies = wanted
    .map((p) => {
      const amount = Math.min(p.amount, left);
      left -= amount;
      return { ...p, amount };
    })
    .filter((p) => p.amount > 0);
  const policyPrice = salePrice - left;
  return {
    item,
    quantity,
    months,
    salePrice,
    basePrice,
    policyPrice,
    paidPrice: left,
    policies,
  };
}

/**
 * Prices a whole order from catalog items and the user's policies. Validate first with
 * `orderProblem`; this throws a RangeError when a line's item is missing.
 */
export function priceOrder(
  lines: readonly { id: number; lecture_multiple: number }[],
  catalog: ReadonlyMap<number, PricedStoreItem>,
  rules: readonly PolicyRule[],
): PricedOrder {
  const priced = lines.map((line) => {
    const item = catalog.get(line.id);
    if (!item) throw new RangeError(`unknown store item ${line.id}`);
    return priceLine(item, line.lecture_multiple, rules);
  });
  const productsPrice = priced.reduce((sum, l) => sum + l.salePrice, 0);
  const discountedValue = priced.reduce((sum, l) => sum + l.policyPrice, 0);
  assertNonNegativeInteger(productsPrice, "products price (won)");
  return {
    lines: priced,
    productsPrice,
    discountedValue,
    paidPrice: productsPrice - discountedValue,
    name: orderName(priced.map((l) => l.item.title)),
  };
}

/** "스마트 수학" for one title; "스마트 수학 외 2건" for three. */
export function orderName(titles: readonly string[]): string {
  const [first] = titles;
  if (first === undefined) return "";
  return titles.length === 1 ? first : `${first} 외 ${titles.length - 1}건`;
}

/**
 * What one monthly renewal charges for an order's lecture lines: each lecture at one month with
 * the policies that apply to a 1-month line. Devices and fixed-term courses (the winter course)
 * are not renewed. Won.
 */
export function renewalLines(order: PricedOrder, rules: readonly PolicyRule[]): PricedLine[] {
  return order.lines
    .filter((l) => l.item.itemKind === "LECTURE" && !l.item.fixedTerm)
    .map((l) => priceLine({ ...l.item, months: 1 }, 1, rules));
}

/**
 * The installment months allowed for an amount: lump sum only below 50 000 won.
 * @param won the amount to charge
 */
export function allowedCardQuotas(won: Won): readonly number[] {
  return won >= INSTALLMENT_MINIMUM_WON ? CARD_QUOTA_CHOICES : [0];
}
