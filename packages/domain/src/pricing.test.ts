import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  cartLineTotals,
  cartTotals,
  lecturePrice,
  twelveMonthPolicyValue,
  type CartItemPricing,
  type SalesPolicy,
} from "./pricing.ts";

const monthly = fc.integer({ min: 0, max: 10_000_000 });
const months = fc.integer({ min: 1, max: 24 });

describe("lecturePrice (SPEC.md §5)", () => {
  it.each([
    [189_000, 1, 189_000],
    [189_000, 3, 567_000],
    [189_000, 6, 1_134_000],
    [189_000, 12, 2_154_600],
    [33_333, 12, 379_996],
    [1, 12, 11],
    [0, 12, 0],
    [189_000, 24, 4_536_000],
  ])("%i won × %i months = %i won", (monthlyWon, count, expected) => {
    expect(lecturePrice(monthlyWon, count)).toBe(expected);
  });

  it.each([
    [-1, 3],
    [1.5, 3],
    [189_000, 0],
    [189_000, 2.5],
    [Number.MAX_SAFE_INTEGER, 2],
  ])("rejects %s won × %s months", (monthlyWon, count) => {
    expect(() => lecturePrice(monthlyWon, count)).toThrow(RangeError);
  });

  it("is monthly × months, except 12 months which is floor(95 %)", () => {
    fc.assert(
      fc.property(monthly, months, (m, n) => {
        const price = lecturePrice(m, n);
        expect(Number.isSafeInteger(price)).toBe(true);
        expect(price).toBe(n === 12 ? Math.floor((m * 12 * 95) / 100) : m * n);
      }),
    );
  });

  it("makes 12 months cheaper than 12 × monthly for any monthly > 0, never more", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), (m) => {
        expect(lecturePrice(m, 12)).toBeLessThan(12 * m);
        expect(lecturePrice(m, 12)).toBeGreaterThanOrEqual(0);
      }),
    );
    expect(lecturePrice(0, 12)).toBe(0);
  });
});

describe("twelveMonthPolicyValue", () => {
  it.each([
    [2_268_000, 113_400],
    [399_996, 20_000],
    [12, 1],
    [0, 0],
  ])("%i won → %i won", (total, expected) => {
    expect(twelveMonthPolicyValue(total)).toBe(expected);
  });

  it("leaves exactly the 12-month price", () => {
    fc.assert(
      fc.property(monthly, (m) => {
        expect(12 * m - twelveMonthPolicyValue(12 * m)).toBe(lecturePrice(m, 12));
      }),
    );
  });
});

const line = (overrides: Partial<CartItemPricing> = {}): CartItemPricing => ({
  basePrice: 220_000,
  salePrice: 189_000,
  lecture_multiple: 3,
  contract_sales_policy: [],
  ...overrides,
});
const amount = (value: number): SalesPolicy => ({ discountType: "AMOUNT", value });
const percent = (value: number): SalesPolicy => ({ discountType: "PERCENT", value });

describe("cartLineTotals", () => {
  it.each<[string, CartItemPricing, [number, number, number, number]]>([
    ["3 months, no policy", line(), [660_000, 567_000, 0, 567_000]],
    [
      "policy list missing",
      line({ contract_sales_policy: undefined }),
      [660_000, 567_000, 0, 567_000],
    ],
    ["policy list null", line({ contract_sales_policy: null }), [660_000, 567_000, 0, 567_000]],
    [
      "12 months adds the 5 % policy",
      line({ lecture_multiple: 12 }),
      [2_640_000, 2_268_000, 113_400, 2_154_600],
    ],
    [
      "AMOUNT is once per line",
      line({ contract_sales_policy: [amount(30_000)] }),
      [660_000, 567_000, 30_000, 537_000],
    ],
    [
      "PERCENT of the sale total, rounded down",
      line({ salePrice: 33_333, contract_sales_policy: [percent(10)] }),
      [660_000, 99_999, 9_999, 90_000],
    ],
    [
      "percentages do not compound with the 12-month policy",
      line({ lecture_multiple: 12, contract_sales_policy: [percent(10), amount(1_000)] }),
      [2_640_000, 2_268_000, 113_400 + 226_800 + 1_000, 1_926_800],
    ],
    [
      "never below 0 won",
      line({ contract_sales_policy: [amount(500_000), percent(50)] }),
      [660_000, 567_000, 567_000, 0],
    ],
    [
      "a 0-won line stays 0",
      line({ salePrice: 0, lecture_multiple: 12, contract_sales_policy: [amount(1)] }),
      [2_640_000, 0, 0, 0],
    ],
  ])("%s", (_name, item, [basePrice, salePrice, policyPrice, paymentPrice]) => {
    expect(cartLineTotals(item)).toEqual({ basePrice, salePrice, policyPrice, paymentPrice });
  });

  it.each<[string, CartItemPricing]>([
    ["negative AMOUNT", line({ contract_sales_policy: [amount(-1)] })],
    ["fractional AMOUNT", line({ contract_sales_policy: [amount(0.5)] })],
    ["PERCENT above 100", line({ contract_sales_policy: [percent(101)] })],
    ["0 months", line({ lecture_multiple: 0 })],
    ["negative price", line({ salePrice: -10 })],
  ])("rejects %s", (_name, item) => {
    expect(() => cartLineTotals(item)).toThrow(RangeError);
  });
});

describe("cartTotals (SPEC.md §5: payment due = total sale − total policy)", () => {
  it("totals an empty cart to 0", () => {
    expect(cartTotals([])).toEqual({
      totalBasePrice: 0,
      totalSalePrice: 0,
      totalPolicyPrice: 0,
      paymentPrice: 0,
    });
  });

  it("sums lines, clamping each line on its own", () => {
    const items = [
      line({ lecture_multiple: 12 }),
      line({
        basePrice: 50_000,
        salePrice: 40_000,
        lecture_multiple: 1,
        contract_sales_policy: [amount(90_000)],
      }),
    ];
    expect(cartTotals(items)).toEqual({
      totalBasePrice: 2_690_000,
      totalSalePrice: 2_308_000,
      totalPolicyPrice: 153_400,
      paymentPrice: 2_154_600,
    });
  });

  const policy = fc.oneof(
    fc.record({
      discountType: fc.constant("AMOUNT" as const),
      value: fc.integer({ min: 0, max: 5_000_000 }),
    }),
    fc.record({
      discountType: fc.constant("PERCENT" as const),
      value: fc.integer({ min: 0, max: 100 }),
    }),
  );
  const item = fc.record({
    basePrice: monthly,
    salePrice: monthly,
    lecture_multiple: months,
    contract_sales_policy: fc.array(policy, { maxLength: 4 }),
  });

  it("gives non-negative integers with payment = sale − policy ≤ sale", () => {
    fc.assert(
      fc.property(fc.array(item, { maxLength: 6 }), (items) => {
        const totals = cartTotals(items);
        for (const value of Object.values(totals)) {
          expect(Number.isSafeInteger(value) && value >= 0).toBe(true);
        }
        expect(totals.paymentPrice).toBe(totals.totalSalePrice - totals.totalPolicyPrice);
        expect(totals.paymentPrice).toBeLessThanOrEqual(totals.totalSalePrice);
        expect(totals.paymentPrice).toBe(
          items.reduce((sum, i) => sum + cartLineTotals(i).paymentPrice, 0),
        );
      }),
    );
  });

  it("charges the 12-month price for a 12-month line without other policies", () => {
    fc.assert(
      fc.property(monthly, (m) => {
        const totals = cartTotals([line({ salePrice: m, lecture_multiple: 12 })]);
        expect(totals.paymentPrice).toBe(lecturePrice(m, 12));
      }),
    );
  });
});
