import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  TWELVE_MONTH_POLICY_NAME,
  allowedCardQuotas,
  orderName,
  orderProblem,
  priceLine,
  priceOrder,
  renewalLines,
  type PolicyRule,
  type PricedStoreItem,
} from "./checkout.ts";
import { cartLineTotals, lecturePrice } from "./pricing.ts";

const math: PricedStoreItem = {
  id: 1,
  itemKind: "LECTURE",
  title: "스마트 수학",
  months: 1,
  basePrice: 219_000,
  salePrice: 189_000,
};
const tablet: PricedStoreItem = {
  id: 2,
  itemKind: "DEVICE",
  title: "iPad 10세대 (새 제품)",
  months: 1,
  basePrice: 550_000,
  salePrice: 490_000,
};
const catalog = new Map([
  [math.id, math],
  [tablet.id, tablet],
]);
const amount = (value: number, extra: Partial<PolicyRule> = {}): PolicyRule => ({
  name: `${value}원 할인`,
  discountKind: "REFERRAL_CODE_DISCOUNT",
  discountType: "AMOUNT",
  value,
  months: null,
  itemKind: null,
  ...extra,
});
const percent = (value: number, extra: Partial<PolicyRule> = {}): PolicyRule => ({
  ...amount(value, extra),
  name: `${value}% 할인`,
  discountType: "PERCENT",
  ...extra,
});

describe("priceOrder (issue #4: the server's price of an order)", () => {
  it.each([
    // [lecture_multiple, paid] with no policies: salePrice × n, 12 months less 5 % floored
    [1, 189_000],
    [3, 567_000],
    [6, 1_134_000],
    [12, 2_154_600],
  ])("smart math × %i months with no policy costs %i won", (n, paid) => {
    const order = priceOrder([{ id: 1, lecture_multiple: n }], catalog, []);
    expect(order.paidPrice).toBe(paid);
    expect(order.productsPrice).toBe(189_000 * n);
    expect(order.discountedValue).toBe(189_000 * n - paid);
  });

  it("names the 12-month reduction as a policy of the line", () => {
    const order = priceOrder([{ id: 1, lecture_multiple: 12 }], catalog, []);
    expect(order.lines[0]!.policies).toEqual([
      {
        name: TWELVE_MONTH_POLICY_NAME,
        discountKind: null,
        discountType: "PERCENT",
        value: 5,
        amount: 113_400,
      },
    ]);
  });

  it.each([
    ["AMOUNT on any line", [amount(10_000)], 3, 10_000],
    ["PERCENT of the line's sale total, floored", [percent(3)], 3, 17_010],
    ["a policy for 6 months does not apply to 3", [amount(10_000, { months: 6 })], 3, 0],
    ["a policy for 6 months applies to 6", [amount(10_000, { months: 6 })], 6, 10_000],
    ["12 months: 5 % and a user policy, not compounded", [percent(10)], 12, 113_400 + 226_800],
    ["a device-only policy skips lectures", [amount(10_000, { itemKind: "DEVICE" })], 3, 0],
    ["policies never push a line below 0", [amount(10_000_000)], 1, 189_000],
  ])("%s", (_name, rules, n, discount) => {
    const order = priceOrder([{ id: 1, lecture_multiple: n }], catalog, rules);
    expect(order.discountedValue).toBe(discount);
    expect(order.paidPrice).toBe(order.productsPrice - discount);
  });

  it("a device is a one-off price and never gets the 12-month reduction", () => {
    const order = priceOrder(
      [
        { id: 1, lecture_multiple: 12 },
        { id: 2, lecture_multiple: 1 },
      ],
      catalog,
      [],
    );
    expect(order.lines[1]).toMatchObject({ salePrice: 490_000, policyPrice: 0, months: 0 });
    expect(order.paidPrice).toBe(2_154_600 + 490_000);
    expect(order.name).toBe("스마트 수학 외 1건");
  });

  it("agrees with cartLineTotals and lecturePrice for any price and multiple", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.constantFrom(1, 3, 6, 12),
        fc.array(fc.integer({ min: 0, max: 100 }), { maxLength: 3 }),
        (sale, n, percents) => {
          const item = { ...math, salePrice: sale };
          const rules = percents.map((p) => percent(p));
          const line = priceLine(item, n, rules);
          const reference = cartLineTotals({
            basePrice: item.basePrice,
            salePrice: sale,
            lecture_multiple: n,
            contract_sales_policy: percents.map((p) => ({
              discountType: "PERCENT" as const,
              value: p,
            })),
          });
          expect(line.paidPrice).toBe(reference.paymentPrice);
          expect(line.policies.reduce((s, p) => s + p.amount, 0)).toBe(line.policyPrice);
          if (percents.length === 0) expect(line.paidPrice).toBe(lecturePrice(sale, n));
          expect(line.paidPrice).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe("orderProblem", () => {
  it.each([
    [[], "EMPTY_ORDER"],
    [[{ id: 9, lecture_multiple: 3 }], "UNKNOWN_ITEM"],
    [[{ id: 1, lecture_multiple: 2 }], "MONTHS_NOT_ALLOWED"],
    [[{ id: 1, lecture_multiple: 24 }], "MONTHS_NOT_ALLOWED"],
    [[{ id: 2, lecture_multiple: 3 }], "MONTHS_NOT_ALLOWED"],
    [
      [
        { id: 1, lecture_multiple: 3 },
        { id: 1, lecture_multiple: 1 },
      ],
      "DUPLICATE_ITEM",
    ],
    [Array.from({ length: 21 }, (_, i) => ({ id: i, lecture_multiple: 1 })), "TOO_MANY_LINES"],
  ])("%j → %s", (lines, code) => {
    expect(orderProblem(lines, catalog)?.code).toBe(code);
  });

  it("accepts lectures for 1, 3, 6, 12 and a device once", () => {
    for (const n of [1, 3, 6, 12]) {
      expect(
        orderProblem(
          [
            { id: 1, lecture_multiple: n },
            { id: 2, lecture_multiple: 1 },
          ],
          catalog,
        ),
      ).toBeNull();
    }
  });
});

describe("renewalLines, allowedCardQuotas, orderName", () => {
  it("a renewal is one month of each lecture, with 1-month policies, no devices", () => {
    const order = priceOrder(
      [
        { id: 1, lecture_multiple: 12 },
        { id: 2, lecture_multiple: 1 },
      ],
      catalog,
      [],
    );
    const lines = renewalLines(order, [amount(5_000, { months: 1 })]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ salePrice: 189_000, paidPrice: 184_000 });
  });

  it.each([
    [49_999, [0]],
    [50_000, [0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]],
  ])("installments for %i won: %j", (won, quotas) => {
    expect(allowedCardQuotas(won)).toEqual(quotas);
  });

  it.each([
    [[], ""],
    [["스마트 수학"], "스마트 수학"],
    [["스마트 수학", "iPad", "헤드폰"], "스마트 수학 외 2건"],
  ])("orderName(%j) = %s", (titles, name) => {
    expect(orderName(titles)).toBe(name);
  });
});
