import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  allowedMultiples,
  priceLine,
  TWELVE_MONTH_POLICY_NAME,
  type PricedStoreItem,
} from "./checkout.ts";
import {
  activeLectureSalesMethods,
  conversionRules,
  convertSalesMethodNo,
  reachableLines,
  salesPolicyProblem,
  type PolicyTargetItem,
  type SalesMethodRecord,
  type SalesPolicyDraft,
} from "./sales-policies.ts";

const LECTURE: PolicyTargetItem = {
  id: 1,
  title: "스마트 수학",
  itemKind: "LECTURE",
  months: 1,
  salePrice: 189_000,
};
const HOMESHOPPING_10: PolicyTargetItem = {
  id: 55,
  title: "[홈쇼핑] 스마트 수학 10개월",
  itemKind: "LECTURE",
  months: 10,
  salePrice: 149_000,
  homeshopping: true,
};
const IPAD9_NEW: PolicyTargetItem = {
  id: 102,
  title: "iPad 9세대 새 제품",
  itemKind: "DEVICE",
  months: 1,
  salePrice: 399_000,
  deviceGen: "9",
  usedType: "NEW",
};
const IPAD9_USED: PolicyTargetItem = {
  id: 106,
  title: "iPad 9세대 중고",
  itemKind: "DEVICE",
  months: 1,
  salePrice: 219_000,
  deviceGen: "9",
  usedType: "USED",
};
const FREE_TABLET: PolicyTargetItem = { ...IPAD9_USED, id: 101, salePrice: 0 };
const CATALOG = [LECTURE, HOMESHOPPING_10, IPAD9_NEW, IPAD9_USED, FREE_TABLET];

const draft = (over: Partial<SalesPolicyDraft>): SalesPolicyDraft => ({
  name: "테스트 할인",
  discountKind: "ADDITIONAL_LECTURE_DISCOUNT",
  discountType: "AMOUNT",
  value: 10_000,
  months: null,
  itemKind: "LECTURE",
  deviceGen: null,
  ...over,
});

const method = (over: Partial<SalesMethodRecord>): SalesMethodRecord => ({
  id: 1,
  name: "방법",
  userId: null,
  isActive: true,
  toSalesMethodNo: null,
  conversionOnly: false,
  policies: [],
  ...over,
});

const policy = (
  id: number,
  over: Partial<SalesMethodRecord["policies"][number]> = {},
): SalesMethodRecord["policies"][number] => ({
  id,
  name: `정책 ${id}`,
  discountKind: null,
  discountType: "AMOUNT",
  value: 30_000,
  months: null,
  itemKind: "DEVICE",
  deviceGen: "9",
  isActive: true,
  ...over,
});

describe("salesPolicyProblem (a discount never makes a line negative)", () => {
  it("refuses an AMOUNT above the cheapest line it can reach, naming that line", () => {
    // The cheapest lecture line is one month of 스마트 수학: 189,000 won.
    expect(salesPolicyProblem(draft({ value: 189_001 }), CATALOG)).toEqual({
      code: "MAKES_LINE_NEGATIVE",
      itemId: 1,
      title: "스마트 수학",
      lineWon: 189_000,
    });
    expect(salesPolicyProblem(draft({ value: 189_000 }), CATALOG)).toBeNull();
    // Limited to 12 months: 12 × 189,000 less 5 % = 2,154,600 won.
    expect(salesPolicyProblem(draft({ value: 2_154_600, months: 12 }), CATALOG)).toBeNull();
    expect(salesPolicyProblem(draft({ value: 2_154_601, months: 12 }), CATALOG)).toMatchObject({
      code: "MAKES_LINE_NEGATIVE",
      lineWon: 2_154_600,
    });
  });

  it("a generation policy reaches NEW tablets of that generation only (not used, not free)", () => {
    const d = draft({ itemKind: "DEVICE", deviceGen: "9", value: 399_000 });
    expect(reachableLines(d, CATALOG).map((l) => l.itemId)).toEqual([102]);
    expect(salesPolicyProblem(d, CATALOG)).toBeNull();
    expect(salesPolicyProblem({ ...d, value: 399_001 }, CATALOG)?.code).toBe("MAKES_LINE_NEGATIVE");
    expect(salesPolicyProblem({ ...d, deviceGen: "11" }, CATALOG)).toEqual({ code: "NO_LINE" });
  });

  it("refuses bad shapes before looking at lines", () => {
    expect(salesPolicyProblem(draft({ value: 0 }), CATALOG)?.code).toBe("VALUE_NOT_POSITIVE");
    expect(salesPolicyProblem(draft({ discountType: "PERCENT", value: 101 }), CATALOG)?.code).toBe(
      "PERCENT_OVER_100",
    );
    expect(salesPolicyProblem(draft({ deviceGen: "9" }), CATALOG)?.code).toBe(
      "DEVICE_GEN_NEEDS_DEVICE",
    );
    expect(salesPolicyProblem(draft({ itemKind: "DEVICE", months: 3 }), CATALOG)?.code).toBe(
      "MONTHS_ON_DEVICE",
    );
    // Home-shopping items are bought once: a 30-month policy reaches nothing.
    expect(salesPolicyProblem(draft({ months: 30 }), [HOMESHOPPING_10])).toEqual({
      code: "NO_LINE",
    });
  });

  it("property: an accepted draft, priced on any line it reaches, never takes it below 0 and takes its whole AMOUNT", () => {
    const item = fc.record({
      id: fc.integer({ min: 1, max: 10_000 }),
      title: fc.constant("상품"),
      itemKind: fc.constantFrom("LECTURE", "DEVICE"),
      months: fc.constantFrom(1, 3, 10),
      salePrice: fc.integer({ min: 0, max: 900_000 }),
      homeshopping: fc.boolean(),
      deviceGen: fc.constantFrom("9", "10", "11", null),
      usedType: fc.constantFrom("NEW", "USED"),
    });
    const drafts = fc.record({
      name: fc.constant("할인"),
      discountKind: fc.constant("ADDITIONAL_LECTURE_DISCOUNT" as const),
      discountType: fc.constantFrom("AMOUNT" as const, "PERCENT" as const),
      value: fc.integer({ min: -5, max: 3_000_000 }),
      months: fc.constantFrom(null, 1, 3, 6, 10, 12),
      itemKind: fc.constantFrom("LECTURE" as const, "DEVICE" as const),
      deviceGen: fc.constantFrom(null, "9" as const, "11" as const),
    });
    fc.assert(
      fc.property(fc.array(item, { minLength: 1, maxLength: 6 }), drafts, (items, d) => {
        if (salesPolicyProblem(d, items) !== null) return;
        const rule = { ...d };
        for (const it of items) {
          const priced: PricedStoreItem = {
            id: it.id,
            itemKind: it.itemKind as "LECTURE" | "DEVICE",
            title: it.title,
            months: it.months,
            basePrice: it.salePrice,
            salePrice: it.salePrice,
            homeshopping: it.homeshopping,
            deviceGen: it.deviceGen,
            usedType: it.usedType,
          };
          const multiples =
            it.itemKind === "LECTURE" ? allowedMultiples("LECTURE", it.homeshopping) : [1];
          for (const m of multiples) {
            const line = priceLine(priced, m, [rule]);
            expect(line.paidPrice).toBeGreaterThanOrEqual(0);
            expect(line.paidPrice).toBe(line.salePrice - line.policyPrice);
            const twelve = line.policies.find((p) => p.name === TWELVE_MONTH_POLICY_NAME);
            const before = line.salePrice - (twelve?.amount ?? 0);
            const reached = reachableLines(d, [it]).some((l) => l.lineWon === before);
            const taken = line.policies.find((p) => p.name === "할인");
            if (reached && d.discountType === "AMOUNT") expect(taken?.amount).toBe(d.value);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("active lecture sales methods, policy11 / policy9 and convertSalesMethodNo", () => {
  const target = method({
    id: 9001,
    name: "새 태블릿 함께 구매 할인",
    conversionOnly: true,
    policies: [
      policy(2, { deviceGen: "11", value: 50_000 }),
      policy(1, { deviceGen: "9", value: 30_000 }),
    ],
  });
  const converting = method({ id: 9000, name: "수업 + 새 태블릿", toSalesMethodNo: 9001 });
  const own = method({
    id: 12,
    userId: 7,
    policies: [policy(5, { itemKind: "LECTURE", deviceGen: null, value: 10_000 })],
  });
  const other = method({ id: 13, userId: 8, toSalesMethodNo: 9001 });
  const methods = [own, target, converting, other];

  it("lists the base and own lecture methods with the target's policy11 and policy9", () => {
    expect(activeLectureSalesMethods(methods, 7)).toEqual([
      { id: 12, to_sales_method_no: null, policy11: null, policy9: null },
      {
        id: 9000,
        to_sales_method_no: 9001,
        policy11: expect.objectContaining({ id: 2, deviceGen: "11", value: 50_000 }),
        policy9: expect.objectContaining({ id: 1, deviceGen: "9", value: 30_000 }),
      },
    ]);
    // Another family's method and the conversion-only target are never listed.
    expect(activeLectureSalesMethods(methods, null).map((m) => m.id)).toEqual([9000]);
  });

  it("converts with a NEW 9th or 11th generation tablet only", () => {
    const active = activeLectureSalesMethods(methods, 7);
    expect(convertSalesMethodNo(active, "9")).toBe(9001);
    expect(convertSalesMethodNo(active, "11")).toBe(9001);
    expect(convertSalesMethodNo(active, "10")).toBeNull();
    expect(convertSalesMethodNo(active, null)).toBeNull();
    // A deactivated generation policy no longer converts.
    const without9 = methods.map((m) =>
      m.id === 9001
        ? { ...m, policies: m.policies.map((p) => (p.id === 1 ? { ...p, isActive: false } : p)) }
        : m,
    );
    expect(convertSalesMethodNo(activeLectureSalesMethods(without9, 7), "9")).toBeNull();
    // An inactive target converts nothing.
    const off = methods.map((m) => (m.id === 9001 ? { ...m, isActive: false } : m));
    expect(activeLectureSalesMethods(off, 7)[1]).toEqual({
      id: 9000,
      to_sales_method_no: null,
      policy11: null,
      policy9: null,
    });
  });

  it("the converted method's policy discounts the NEW tablet of its generation only", () => {
    const rules = conversionRules(methods, 9001);
    const tablet = (usedType: string, gen: string): PricedStoreItem => ({
      id: 102,
      itemKind: "DEVICE",
      title: "iPad",
      months: 1,
      basePrice: 399_000,
      salePrice: 399_000,
      deviceGen: gen,
      usedType,
    });
    expect(priceLine(tablet("NEW", "9"), 1, rules).paidPrice).toBe(369_000);
    expect(priceLine(tablet("NEW", "11"), 1, rules).paidPrice).toBe(349_000);
    expect(priceLine(tablet("USED", "9"), 1, rules).paidPrice).toBe(399_000);
    expect(priceLine(tablet("NEW", "10"), 1, rules).paidPrice).toBe(399_000);
    expect(conversionRules(methods, null)).toEqual([]);
  });
});
