import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { orderProblem, type PolicyRule } from "./checkout.ts";
import {
  DELIVERY_FEE_WON,
  DISCOUNT_TABLE,
  FREE_DELIVERY_FROM_WON,
  NO_CART_CONTEXT,
  RETURN_DELIVERY_FEE_WON,
  cartProblem,
  deliveryFee,
  earlyEndPenalty,
  homeshoppingLists,
  priceCart,
  returnDeliveryFee,
  type CartContext,
  type CartStoreItem,
} from "./discounts.ts";
import { legalRefund } from "./refund-rules.ts";

const math: CartStoreItem = {
  id: 1,
  itemKind: "LECTURE",
  title: "스마트 수학",
  months: 1,
  basePrice: 219_000,
  salePrice: 189_000,
};
const korean: CartStoreItem = { ...math, id: 2, title: "스마트 국어", salePrice: 169_000 };
const book: CartStoreItem = {
  id: 201,
  itemKind: "SEOLTAB_BOOK",
  title: "설탭 수학 개념서",
  months: 1,
  basePrice: 18_000,
  salePrice: 15_000,
};
const contents: CartStoreItem = {
  id: 251,
  itemKind: "CONTENTS",
  title: "수능 기출 해설 영상",
  months: 1,
  basePrice: 39_000,
  salePrice: 29_000,
};
const tablet: CartStoreItem = {
  id: 102,
  itemKind: "DEVICE",
  title: "iPad 9세대 새 제품",
  months: 1,
  basePrice: 499_000,
  salePrice: 399_000,
  deviceType: "IPAD",
};
const headphones: CartStoreItem = {
  id: 121,
  itemKind: "DEVICE",
  title: "AirPods Max 대여 (3개월)",
  months: 3,
  basePrice: 60_000,
  salePrice: 45_000,
  deviceType: "AIR_PODS_MAX",
  rental: true,
};
const homeshopping: CartStoreItem = { ...math, id: 53, months: 10, homeshopping: true };
const catalog = new Map(
  [math, korean, book, contents, tablet, headphones, homeshopping].map((i) => [i.id, i]),
);
const ctx = (c: Partial<CartContext>): CartContext => ({ ...NO_CART_CONTEXT, ...c });

describe("the discount table", () => {
  it("lists the four discount kinds of SPEC.md §3 in the order they are taken", () => {
    expect(DISCOUNT_TABLE.map((r) => [r.step, r.kind, r.discountType, r.value])).toEqual([
      [3, "ADDITIONAL_LECTURE_DISCOUNT", "PERCENT", 10],
      [4, "DEVICE_OWNER_DISCOUNT", "AMOUNT", 30_000],
      [5, "USER_OWNED_DEVICE_DISCOUNT", "AMOUNT", 20_000],
      [6, "REFERRAL_CODE_DISCOUNT", "AMOUNT", 20_000],
    ]);
  });
});

describe("priceCart", () => {
  it("a lecture, a book and headphone rental with a friend's code: every line and the totals", () => {
    const cart = priceCart(
      [
        { id: 1, lecture_multiple: 3 },
        { id: 201, lecture_multiple: 1 },
        { id: 121, lecture_multiple: 1 },
      ],
      catalog,
      [],
      ctx({ referralFriend: true }),
    );
    expect(
      cart.lines.map((l) => [l.item.itemKind, l.salePrice, l.policyPrice, l.paidPrice]),
    ).toEqual([
      ["LECTURE", 567_000, 20_000, 547_000],
      ["SEOLTAB_BOOK", 15_000, 0, 15_000],
      ["DEVICE", 45_000, 0, 45_000],
      ["DELIVERY_FEE", 3_000, 0, 3_000],
    ]);
    expect(cart).toMatchObject({
      productsPrice: 630_000,
      discountedValue: 20_000,
      paidPrice: 610_000,
      deliveryFee: 3_000,
      name: "스마트 수학 외 2건",
      discounts: [{ kind: "REFERRAL_CODE_DISCOUNT", name: "친구 추천 할인", amount: 20_000 }],
    });
  });

  it("a second subject takes 10 % off the cheaper lecture; 12 months keeps its 5 % first", () => {
    const cart = priceCart(
      [
        { id: 2, lecture_multiple: 12 },
        { id: 1, lecture_multiple: 3 },
      ],
      catalog,
      [],
    );
    const [kor, mat] = cart.lines;
    // 국어 12 months: 2,028,000 sale total is the dearest line, so it keeps only the 5 %.
    expect(kor!.salePrice).toBe(2_028_000);
    expect(kor!.policies.map((p) => [p.name, p.amount])).toEqual([
      ["12개월 결제 5% 할인", 101_400],
    ]);
    expect(mat!.policies.map((p) => [p.name, p.amount])).toEqual([["추가 과목 10% 할인", 56_700]]);
    expect(cart.discounts).toEqual([
      { kind: "ADDITIONAL_LECTURE_DISCOUNT", name: "추가 과목 10% 할인", amount: 56_700 },
    ]);
  });

  it("device owner beats own tablet; neither with a tablet in the cart", () => {
    const both = priceCart(
      [{ id: 1, lecture_multiple: 1 }],
      catalog,
      [],
      ctx({ usesOwnDevice: true, ownsSeoltabDevice: true }),
    );
    expect(both.discounts.map((d) => [d.kind, d.amount])).toEqual([
      ["DEVICE_OWNER_DISCOUNT", 30_000],
    ]);
    const own = priceCart(
      [{ id: 1, lecture_multiple: 1 }],
      catalog,
      [],
      ctx({ usesOwnDevice: true }),
    );
    expect(own.discounts.map((d) => [d.kind, d.amount])).toEqual([
      ["USER_OWNED_DEVICE_DISCOUNT", 20_000],
    ]);
    const withTablet = priceCart(
      [
        { id: 1, lecture_multiple: 1 },
        { id: 102, lecture_multiple: 1 },
      ],
      catalog,
      [],
      ctx({ ownsSeoltabDevice: true }),
    );
    expect(withTablet.discounts).toEqual([]);
    expect(cartProblem([{ id: 102 }], catalog, ctx({ usesOwnDevice: true }))).toEqual({
      code: "OWN_DEVICE_WITH_TABLET",
    });
    // Headphones are no tablet.
    expect(cartProblem([{ id: 121 }], catalog, ctx({ usesOwnDevice: true }))).toBeNull();
  });

  it("friend and owner reward each take 20,000 once; goods and delivery never take a discount", () => {
    const rule: PolicyRule = {
      name: "전 상품 10%",
      discountKind: null,
      discountType: "PERCENT",
      value: 10,
      months: null,
      itemKind: null,
    };
    const cart = priceCart(
      [
        { id: 1, lecture_multiple: 1 },
        { id: 201, lecture_multiple: 1 },
        { id: 251, lecture_multiple: 1 },
      ],
      catalog,
      [rule],
      ctx({ referralFriend: true, referralOwnerReward: true }),
    );
    expect(cart.lines[0]!.policies.map((p) => [p.name, p.amount])).toEqual([
      ["전 상품 10%", 18_900],
      ["친구 추천 할인", 20_000],
      ["친구 추천 할인", 20_000],
    ]);
    for (const l of cart.lines.slice(1)) expect(l.policyPrice).toBe(0);
  });

  it("a discount never takes a line below 0 won", () => {
    const cheap: CartStoreItem = { ...math, id: 9, salePrice: 15_000, basePrice: 15_000 };
    const cart = priceCart(
      [{ id: 9, lecture_multiple: 1 }],
      new Map([[9, cheap]]),
      [],
      ctx({ referralFriend: true, usesOwnDevice: true }),
    );
    expect(cart.lines[0]).toMatchObject({ salePrice: 15_000, policyPrice: 15_000, paidPrice: 0 });
    expect(cart.paidPrice).toBe(0);
  });

  const context = fc.record({
    referralFriend: fc.boolean(),
    referralOwnerReward: fc.boolean(),
    usesOwnDevice: fc.boolean(),
    ownsSeoltabDevice: fc.boolean(),
  });
  const item = fc.record({
    itemKind: fc.constantFrom("LECTURE", "DEVICE", "SEOLTAB_BOOK", "CONTENTS") as fc.Arbitrary<
      CartStoreItem["itemKind"]
    >,
    months: fc.integer({ min: 1, max: 10 }),
    salePrice: fc.integer({ min: 0, max: 2_000_000 }),
    extra: fc.integer({ min: 0, max: 100_000 }),
  });
  const rule: fc.Arbitrary<PolicyRule> = fc.record({
    name: fc.constant("정책"),
    discountKind: fc.constant(null),
    discountType: fc.constantFrom("AMOUNT", "PERCENT") as fc.Arbitrary<"AMOUNT" | "PERCENT">,
    value: fc.integer({ min: 0, max: 100 }),
    months: fc.constantFrom(null, 3, 12),
    itemKind: fc.constantFrom(null, "LECTURE", "DEVICE"),
  });

  it("property: the payment due is never negative, never above the list price sum, and is the sum of its lines", () => {
    fc.assert(
      fc.property(
        fc.array(item, { minLength: 1, maxLength: 8 }),
        fc.array(fc.constantFrom(1, 3, 6, 12), { minLength: 8, maxLength: 8 }),
        fc.array(rule, { maxLength: 4 }),
        context,
        (items, multiples, rules, c) => {
          const cat = new Map<number, CartStoreItem>();
          items.forEach((i, n) =>
            cat.set(n + 1, {
              id: n + 1,
              itemKind: i.itemKind,
              title: `상품 ${n + 1}`,
              months: i.months,
              salePrice: i.salePrice,
              basePrice: i.salePrice + i.extra,
            }),
          );
          const lines = items.map((i, n) => ({
            id: n + 1,
            lecture_multiple: i.itemKind === "LECTURE" ? multiples[n]! : 1,
          }));
          const cart = priceCart(lines, cat, rules, c);
          expect(cart.paidPrice).toBeGreaterThanOrEqual(0);
          expect(cart.paidPrice).toBeLessThanOrEqual(cart.productsPrice);
          expect(cart.paidPrice).toBe(cart.lines.reduce((s, l) => s + l.paidPrice, 0));
          expect(cart.productsPrice).toBe(cart.lines.reduce((s, l) => s + l.salePrice, 0));
          for (const l of cart.lines) {
            expect(l.paidPrice).toBeGreaterThanOrEqual(0);
            expect(l.paidPrice).toBe(l.salePrice - l.policyPrice);
            expect(l.policyPrice).toBe(l.policies.reduce((s, p) => s + p.amount, 0));
            if (l.item.itemKind !== "LECTURE" && l.item.itemKind !== "DEVICE") {
              expect(l.policyPrice).toBe(0);
            }
          }
          expect(cart.discountedValue).toBe(cart.productsPrice - cart.paidPrice);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("delivery fees", () => {
  it.each([
    [0, false, 0],
    [0, true, DELIVERY_FEE_WON],
    [FREE_DELIVERY_FROM_WON - 1, true, DELIVERY_FEE_WON],
    [FREE_DELIVERY_FROM_WON, true, 0],
  ])("books %i won (books: %s) → %i won", (total, has, fee) => {
    expect(deliveryFee(total, has)).toBe(fee);
  });

  it("two books of 15,000 ship free: no DELIVERY_FEE line", () => {
    const cart = priceCart(
      [
        { id: 1, lecture_multiple: 1 },
        { id: 201, lecture_multiple: 2 },
      ],
      catalog,
      [],
    );
    expect(cart.deliveryFee).toBe(0);
    expect(cart.lines.map((l) => l.item.itemKind)).toEqual(["LECTURE", "SEOLTAB_BOOK"]);
  });

  it("a return by change of mind costs the return shipping; defective goods and contents do not", () => {
    expect(returnDeliveryFee("CHANGE_OF_MIND", true)).toBe(RETURN_DELIVERY_FEE_WON);
    expect(returnDeliveryFee("DEFECTIVE_OR_NOT_AS_SOLD", true)).toBe(0);
    expect(returnDeliveryFee("CHANGE_OF_MIND", false)).toBe(0);
  });
});

describe("multiples", () => {
  it("a home-shopping item is bought once; a book 1 to 5 copies; contents once", () => {
    expect(orderProblem([{ id: 53, lecture_multiple: 3 }], catalog)).toEqual({
      code: "MONTHS_NOT_ALLOWED",
      id: 53,
      allowed: [1],
    });
    expect(orderProblem([{ id: 53, lecture_multiple: 1 }], catalog)).toBeNull();
    expect(orderProblem([{ id: 201, lecture_multiple: 5 }], catalog)).toBeNull();
    expect(orderProblem([{ id: 201, lecture_multiple: 6 }], catalog)?.code).toBe(
      "MONTHS_NOT_ALLOWED",
    );
    expect(orderProblem([{ id: 251, lecture_multiple: 2 }], catalog)?.code).toBe(
      "MONTHS_NOT_ALLOWED",
    );
  });

  it("home-shopping lists of 1, 3 and 10 months", () => {
    const lists = homeshoppingLists([
      { id: 51, months: 1 },
      { id: 52, months: 3 },
      { id: 53, months: 10 },
      { id: 57, months: 6 },
    ]);
    expect(lists).toEqual({
      1: [{ id: 51, months: 1 }],
      3: [{ id: 52, months: 3 }],
      10: [{ id: 53, months: 10 }],
    });
  });
});

const kst = (local: string) => new Date(`${local}+09:00`);

describe("earlyEndPenalty (free tablet rental)", () => {
  it.each([
    ["2026-03-10T10:00:00", "2026-03-20T10:00:00", 3, 90_000],
    ["2026-03-10T10:00:00", "2026-04-20T10:00:00", 2, 60_000],
    ["2026-03-10T10:00:00", "2026-05-10T10:00:00", 1, 30_000],
    ["2026-03-10T10:00:00", "2026-06-10T10:00:00", 0, 0],
    ["2026-03-10T10:00:00", "2027-01-01T10:00:00", 0, 0],
  ])("started %s, ended %s → %i months short, %i won", (start, end, short, amount) => {
    const p = earlyEndPenalty({ rentalStartAt: kst(start), endAt: kst(end), capWon: 500_000 });
    expect([p.monthsShort, p.amount]).toEqual([short, amount]);
    expect(p.explanation).toContain("태블릿은 돌려주셔야 해요");
  });

  it("never more than the cap", () => {
    expect(
      earlyEndPenalty({
        rentalStartAt: kst("2026-03-10T10:00:00"),
        endAt: kst("2026-03-11T10:00:00"),
        capWon: 50_000,
      }).amount,
    ).toBe(50_000);
  });

  it("property: between 0 and the cap, and 0 once the minimum months are done", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 200_000 }),
        (days, cap) => {
          const start = kst("2026-01-31T12:00:00");
          const end = new Date(start.getTime() + days * 86_400_000);
          const p = earlyEndPenalty({ rentalStartAt: start, endAt: end, capWon: cap });
          expect(p.amount).toBeGreaterThanOrEqual(0);
          expect(p.amount).toBeLessThanOrEqual(cap);
          if (days >= 100) expect(p.amount).toBe(0);
        },
      ),
    );
  });
});

describe("digital contents refunds (legalRefund)", () => {
  const base = {
    id: 1,
    kind: "CONTENTS" as const,
    paidPrice: 29_000,
    months: 1,
    lessonsStartAt: null,
    paidAt: kst("2026-03-01T15:00:00"),
  };
  it("unopened within 7 days: everything paid; opened: nothing; late: nothing", () => {
    const now = kst("2026-03-05T10:00:00");
    expect(
      legalRefund({ paymentMethod: "BILLING_CARD", items: [base], now }).items[0],
    ).toMatchObject({ amount: 29_000, rule: "CONTENTS_WITHDRAWAL_7_DAYS" });
    const opened = legalRefund({
      paymentMethod: "BILLING_CARD",
      items: [{ ...base, opened: true }],
      now,
    }).items[0]!;
    expect(opened).toMatchObject({ amount: 0, rule: "CONTENTS_OPENED" });
    expect(opened.explanation).toContain("열어 본 디지털 콘텐츠");
    expect(
      legalRefund({
        paymentMethod: "BILLING_CARD",
        items: [base],
        now: kst("2026-03-09T00:00:00"),
      }).items[0],
    ).toMatchObject({ amount: 0, rule: "CONTENTS_OPENED" });
  });
});
