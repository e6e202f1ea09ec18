/**
 * Lecture prices and cart totals of SPEC.md §5, in integer won.
 *
 * - Total price = monthly price × months; 12 months cost 5 % less, rounded down to the won.
 * - In the cart, that 5 % is carried as a policy amount of the 12-month line, so
 *   sale total − policy total = the 12-month price exactly.
 * - Payment due = total sale price − total policy price.
 */
import { TWELVE_MONTH_DISCOUNT_PERCENT } from "./constants.ts";
import type { DiscountKind, DiscountType } from "./enums.ts";
import { assertNonNegativeInteger, multiplyWon, percentOfWon, type Won } from "./money.ts";

/** The number of months that earns the 12-month reduction (SPEC.md §5, §9). */
export const TWELVE_MONTHS = 12;

function assertMonths(months: number): number {
  if (!Number.isSafeInteger(months) || months < 1) {
    throw new RangeError(`months must be a whole number of at least 1, got ${months}`);
  }
  return months;
}

/**
 * The price of a lecture for `months` months (SPEC.md §5): `monthlyWon × months`; for exactly
 * 12 months, 5 % less rounded down to the won, i.e. floor(total × 95 / 100) computed in
 * integers. Examples: 189 000 × 3 = 567 000; 189 000 × 12 = 2 268 000 → 2 154 600;
 * 33 333 × 12 = 399 996 → 379 996 (floor of 379 996.2).
 * @param monthlyWon monthly price in won (non-negative safe integer)
 * @param months whole months, at least 1 (from `DEFAULT_MONTHS` = 3 upwards in the store)
 * @returns the price in won
 * @throws RangeError for a negative, fractional or unsafe price, months < 1, or a total > 2^53 - 1
 */
export function lecturePrice(monthlyWon: Won, months: number): Won {
  const total = multiplyWon(monthlyWon, assertMonths(months));
  return months === TWELVE_MONTHS
    ? percentOfWon(total, 100 - TWELVE_MONTH_DISCOUNT_PERCENT)
    : total;
}

/**
 * The 12-month policy amount the cart adds (SPEC.md §5 "the 12-month policy adds 5 percent of a
 * value"): `totalWon − floor(totalWon × 95 / 100)`, so that `totalWon − policy` equals
 * `lecturePrice(monthly, 12)` to the won. (This is 5 % rounded up: 2 268 000 → 113 400,
 * 399 996 → 20 000.)
 * @param totalWon the undiscounted 12-month total, monthly × 12, in won
 * @returns the policy amount in won, never more than `totalWon`
 * @throws RangeError when `totalWon` is not a non-negative safe integer
 */
export function twelveMonthPolicyValue(totalWon: Won): Won {
  return totalWon - percentOfWon(totalWon, 100 - TWELVE_MONTH_DISCOUNT_PERCENT);
}

/**
 * A sales policy attached to a cart line (SPEC.md §3 `contract_sales_policy`).
 * `value` is won off the line for AMOUNT, a whole percent (0-100) for PERCENT.
 */
export interface SalesPolicy {
  discountType: DiscountType;
  value: number;
  discountKind?: DiscountKind;
}

/**
 * The pricing fields of a cart item, with SPEC.md §3 wire spelling. Prices are monthly, in won;
 * `lecture_multiple` is the number of months. Other cart-item fields may be present.
 */
export interface CartItemPricing {
  basePrice: Won;
  salePrice: Won;
  lecture_multiple: number;
  contract_sales_policy?: readonly SalesPolicy[] | null;
}

/** Totals of one cart line, in won. */
export interface CartLineTotals {
  basePrice: Won;
  salePrice: Won;
  policyPrice: Won;
  paymentPrice: Won;
}

/** Totals of the whole cart, in won (SPEC.md §3 cart store fields). */
export interface CartTotals {
  totalBasePrice: Won;
  totalSalePrice: Won;
  totalPolicyPrice: Won;
  paymentPrice: Won;
}

/**
 * Totals of one cart line (SPEC.md §5), in won.
 *
 * Precedence rules:
 * 1. `basePrice` = base × months and `salePrice` = sale × months (the line's sale total).
 * 2. Policy amounts are all taken from the line's sale total; they do not compound:
 *    - the 12-month policy, added automatically when `lecture_multiple` is 12:
 *      `twelveMonthPolicyValue(sale total)`;
 *    - each PERCENT policy: floor(sale total × value / 100), rounded down to the won;
 *    - each AMOUNT policy: `value` won, once per line (not per month).
 * 3. The sum is clamped to the sale total, so a line never goes below 0 won.
 * 4. `paymentPrice` = `salePrice` − `policyPrice`.
 *
 * @throws RangeError for a price, month count or policy value that is not a non-negative safe
 *   integer, a PERCENT above 100, months < 1, or amounts beyond 2^53 - 1
 */
export function cartLineTotals(item: CartItemPricing): CartLineTotals {
  const months = assertMonths(item.lecture_multiple);
  const basePrice = multiplyWon(item.basePrice, months);
  const salePrice = multiplyWon(item.salePrice, months);
  let policySum = months === TWELVE_MONTHS ? twelveMonthPolicyValue(salePrice) : 0;
  for (const policy of item.contract_sales_policy ?? []) {
    policySum +=
      policy.discountType === "PERCENT"
        ? percentOfWon(salePrice, policy.value)
        : assertNonNegativeInteger(policy.value, "AMOUNT policy value (won)");
  }
  const policyPrice = Math.min(salePrice, assertNonNegativeInteger(policySum, "policy sum (won)"));
  return { basePrice, salePrice, policyPrice, paymentPrice: salePrice - policyPrice };
}

/**
 * Cart totals (SPEC.md §3 cart store, §5): the sums over `cartLineTotals` of every item, and
 * `paymentPrice` = `totalSalePrice` − `totalPolicyPrice` (payment due). Every figure is a
 * non-negative integer in won; an empty cart totals 0. Line precedence rules: `cartLineTotals`.
 * @throws RangeError as `cartLineTotals` does, or when a sum exceeds 2^53 - 1
 */
export function cartTotals(items: readonly CartItemPricing[]): CartTotals {
  let totalBasePrice = 0;
  let totalSalePrice = 0;
  let totalPolicyPrice = 0;
  for (const item of items) {
    const line = cartLineTotals(item);
    totalBasePrice += line.basePrice;
    totalSalePrice += line.salePrice;
    totalPolicyPrice += line.policyPrice;
  }
  assertNonNegativeInteger(totalBasePrice, "total base price (won)");
  assertNonNegativeInteger(totalSalePrice, "total sale price (won)");
  return {
    totalBasePrice,
    totalSalePrice,
    totalPolicyPrice,
    paymentPrice: totalSalePrice - totalPolicyPrice,
  };
}
