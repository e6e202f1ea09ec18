import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CONTRACT_TEXT_VERSION,
  CONTRACT_TEXT_VERSION_2,
  renderContract,
  type ContractTextInput,
} from "./contracts.ts";
import { FREE_RENTAL_PENALTY_PER_MONTH_WON, RETURN_DELIVERY_FEE_WON } from "./discounts.ts";
import type { ItemKind } from "./enums.ts";
import {
  RETURN_REASONS,
  freeRentalPenaltyTerms,
  refundDeductions,
  type DeductionItem,
} from "./refund-deductions.ts";
import { REFUND_RULES, legalRefund, type RefundRule } from "./refund-rules.ts";

/** An instant given as Asia/Seoul wall time. */
const kst = (local: string) => new Date(`${local}+09:00`);

const paidAt = kst("2026-03-10T10:00:00");
const lecture = (over: Partial<DeductionItem> = {}): DeductionItem => ({
  id: 1,
  kind: "LECTURE",
  paidPrice: 567_000,
  requested: true,
  closed: false,
  law: { amount: 400_000, rule: "REMOTE_LESSONS_TAKEN" },
  ...over,
});
const freeTablet: DeductionItem = {
  id: 2,
  kind: "DEVICE",
  paidPrice: 0,
  tablet: true,
  freeRental: true,
  requested: false,
  closed: false,
};
const book = (over: Partial<DeductionItem> = {}): DeductionItem => ({
  id: 3,
  kind: "SEOLTAB_BOOK",
  paidPrice: 15_000,
  requested: true,
  closed: false,
  law: { amount: 15_000, rule: "DEVICE_WITHDRAWAL_7_DAYS" },
  ...over,
});

describe("refundDeductions: PENALTY (early end of a free tablet rental)", () => {
  it("takes 30,000 won per month short when the lessons end after they began", () => {
    const cut = refundDeductions({
      items: [lecture(), freeTablet],
      paidAt,
      now: kst("2026-04-20T10:00:00"),
      grossAmount: 400_000,
      tabletValueWon: 259_000,
    });
    expect(cut.deductions).toEqual([
      expect.objectContaining({
        kind: "PENALTY",
        name: "무료 대여 태블릿 중도 해지 위약금",
        paymentItemId: 2,
        ruleAmount: 2 * FREE_RENTAL_PENALTY_PER_MONTH_WON,
        amount: 60_000,
      }),
    ]);
    expect(cut.netAmount).toBe(340_000);
    expect(cut.deductions[0]!.explanation).toBe(
      "무료 대여 태블릿을 3개월보다 일찍 해지해 못 채운 2개월 × 30,000원 = 위약금 60,000원을 빼요. 태블릿은 돌려주셔야 해요.",
    );
    expect(cut.explanation).toBe(
      "여기에서 무료 대여 태블릿 중도 해지 위약금 60,000원을 빼고 340,000원을 돌려드려요.",
    );
  });

  it.each([
    ["within the 7-day withdrawal period", { now: kst("2026-03-17T23:59:00") }],
    ["before any lesson (ACADEMY_BEFORE_START)", { rule: "ACADEMY_BEFORE_START" as RefundRule }],
    ["after the 3 months", { now: kst("2026-06-10T10:00:00") }],
  ])("none %s", (_label, over: { now?: Date; rule?: RefundRule }) => {
    const cut = refundDeductions({
      items: [
        lecture({ law: { amount: 400_000, rule: over.rule ?? "REMOTE_LESSONS_TAKEN" } }),
        freeTablet,
      ],
      paidAt,
      now: over.now ?? kst("2026-04-20T10:00:00"),
      grossAmount: 400_000,
    });
    expect(cut.deductions).toEqual([]);
    expect(cut.netAmount).toBe(400_000);
    expect(cut.explanation).toBe("");
  });

  it("none while another paid lecture line of the payment goes on", () => {
    const cut = refundDeductions({
      items: [lecture(), lecture({ id: 9, requested: false, law: null }), freeTablet],
      paidAt,
      now: kst("2026-04-20T10:00:00"),
      grossAmount: 400_000,
    });
    expect(cut.deductions).toEqual([]);
  });

  it("applies when the other lecture line was refunded before", () => {
    const cut = refundDeductions({
      items: [lecture(), lecture({ id: 9, requested: false, closed: true, law: null }), freeTablet],
      paidAt,
      now: kst("2026-04-20T10:00:00"),
      grossAmount: 400_000,
    });
    expect(cut.deductions.map((d) => [d.kind, d.amount])).toEqual([["PENALTY", 60_000]]);
  });

  it("none for a gift tablet or a tablet bought (not a free rental)", () => {
    for (const tablet of [{ ...freeTablet, freeRental: false }]) {
      const cut = refundDeductions({
        items: [lecture(), tablet],
        paidAt,
        now: kst("2026-04-20T10:00:00"),
        grossAmount: 400_000,
      });
      expect(cut.deductions).toEqual([]);
    }
  });

  it("never more than the tablet's value, and says so", () => {
    const cut = refundDeductions({
      items: [lecture(), freeTablet],
      paidAt,
      now: kst("2026-03-20T10:00:00"),
      grossAmount: 400_000,
      tabletValueWon: 50_000,
    });
    expect(cut.deductions[0]).toMatchObject({ ruleAmount: 50_000, amount: 50_000 });
    expect(cut.deductions[0]!.explanation).toContain("태블릿 가격 50,000원까지만");
  });

  it("takes no more than the refund has, and does not charge the rest", () => {
    const cut = refundDeductions({
      items: [lecture({ law: { amount: 20_000, rule: "REMOTE_LESSONS_TAKEN" } }), freeTablet],
      paidAt,
      now: kst("2026-03-20T10:00:00"),
      grossAmount: 20_000,
    });
    expect(cut.deductions[0]).toMatchObject({ ruleAmount: 90_000, amount: 20_000 });
    expect(cut.netAmount).toBe(0);
    expect(cut.deductions[0]!.explanation).toContain("나머지 70,000원은 청구하지 않아요.");
  });
});

describe("refundDeductions: DELIVERY_FEE_FOR_REFUND", () => {
  it("keeps the return shipping back for a book sent back by change of mind", () => {
    const cut = refundDeductions({
      items: [book()],
      paidAt,
      now: kst("2026-03-12T10:00:00"),
      grossAmount: 15_000,
    });
    expect(cut.deductions).toEqual([
      expect.objectContaining({
        kind: "DELIVERY_FEE_FOR_REFUND",
        name: "반품 배송비",
        paymentItemId: null,
        amount: RETURN_DELIVERY_FEE_WON,
      }),
    ]);
    expect(cut.netAmount).toBe(12_000);
  });

  it("none when the goods were defective or not as sold (제18조제10항)", () => {
    const cut = refundDeductions({
      items: [book()],
      paidAt,
      now: kst("2026-03-12T10:00:00"),
      returnReason: "DEFECTIVE_OR_NOT_AS_SOLD",
      grossAmount: 15_000,
    });
    expect(cut.deductions).toEqual([]);
  });

  it("none for digital contents, lessons, devices, or goods the law gives nothing back for", () => {
    for (const item of [
      book({
        kind: "DEVICE",
        paidPrice: 399_000,
        law: { amount: 399_000, rule: "DEVICE_WITHDRAWAL_7_DAYS" },
      }),
      book({ kind: "CONTENTS", law: { amount: 29_000, rule: "CONTENTS_WITHDRAWAL_7_DAYS" } }),
      book({ law: { amount: 0, rule: "DEVICE_OPENED_OR_LATE" } }),
      lecture({ law: { amount: 100_000, rule: "ACADEMY_BEFORE_START" } }),
    ]) {
      const cut = refundDeductions({
        items: [item],
        paidAt,
        now: kst("2026-03-12T10:00:00"),
        grossAmount: item.law!.amount,
      });
      expect(cut.deductions).toEqual([]);
    }
  });

  it("once per request, after the penalty", () => {
    const cut = refundDeductions({
      items: [lecture(), freeTablet, book(), book({ id: 4 })],
      paidAt,
      now: kst("2026-04-20T10:00:00"),
      grossAmount: 430_000,
    });
    expect(cut.deductions.map((d) => [d.kind, d.amount])).toEqual([
      ["PENALTY", 60_000],
      ["DELIVERY_FEE_FOR_REFUND", 3_000],
    ]);
    expect(cut.netAmount).toBe(367_000);
  });
});

describe("refundDeductions: properties", () => {
  const kinds: ItemKind[] = ["LECTURE", "DEVICE", "SEOLTAB_BOOK", "CONTENTS", "DELIVERY_FEE"];
  const item = fc.record({
    kind: fc.constantFrom(...kinds),
    paidPrice: fc.integer({ min: 0, max: 3_000_000 }),
    tablet: fc.boolean(),
    freeRental: fc.boolean(),
    requested: fc.boolean(),
    closed: fc.boolean(),
    law: fc.option(
      fc.record({
        amount: fc.integer({ min: 0, max: 3_000_000 }),
        rule: fc.constantFrom(...REFUND_RULES),
      }),
    ),
  });

  it("a refund is never negative, never above what it was before, and adds up", () => {
    fc.assert(
      fc.property(
        fc.array(item, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.integer({ min: 0, max: 200 }),
        fc.constantFrom(...RETURN_REASONS),
        fc.option(fc.integer({ min: 0, max: 1_000_000 })),
        (raw, gross, days, returnReason, tabletValueWon) => {
          const items = raw.map((r, id) => ({ ...r, id }));
          const cut = refundDeductions({
            items,
            paidAt,
            now: new Date(paidAt.getTime() + days * 86_400_000),
            returnReason,
            grossAmount: gross,
            tabletValueWon,
          });
          expect(cut.netAmount).toBeGreaterThanOrEqual(0);
          expect(cut.netAmount).toBeLessThanOrEqual(gross);
          expect(cut.total).toBe(cut.deductions.reduce((s, d) => s + d.amount, 0));
          expect(cut.netAmount + cut.total).toBe(gross);
          for (const d of cut.deductions) {
            expect(d.amount).toBeGreaterThanOrEqual(0);
            expect(d.amount).toBeLessThanOrEqual(d.ruleAmount);
          }
          expect(new Set(cut.deductions.map((d) => d.kind)).size).toBe(cut.deductions.length);
        },
      ),
    );
  });

  it("with the law's amounts: never above what was paid", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3_000_000 }),
        fc.integer({ min: 0, max: 16 }),
        fc.integer({ min: 0, max: 120 }),
        (paid, held, days) => {
          const now = new Date(paidAt.getTime() + days * 86_400_000);
          const law = legalRefund({
            paymentMethod: "BILLING_CARD",
            items: [
              {
                id: 1,
                kind: "LECTURE",
                paidPrice: paid,
                months: 1,
                lessonsStartAt: null,
                ledger: { lessonsHeld: held, listPrice: paid },
                paidAt,
              },
            ],
            now,
          });
          const cut = refundDeductions({
            items: [
              lecture({
                paidPrice: paid,
                law: { amount: law.items[0]!.amount, rule: law.items[0]!.rule },
              }),
              freeTablet,
            ],
            paidAt,
            now,
            grossAmount: law.amount,
          });
          expect(cut.netAmount).toBeGreaterThanOrEqual(0);
          expect(cut.netAmount).toBeLessThanOrEqual(paid);
        },
      ),
    );
  });
});

describe("legalRefund: a gift device", () => {
  it("says nothing was paid and nothing goes back", () => {
    const law = legalRefund({
      paymentMethod: "BILLING_CARD",
      items: [
        {
          id: 1,
          kind: "DEVICE",
          paidPrice: 0,
          months: 1,
          lessonsStartAt: null,
          paidAt,
          gift: true,
        },
      ],
      now: paidAt,
    });
    expect(law.items[0]).toMatchObject({ amount: 0, rule: "NOTHING_PAID" });
    expect(law.items[0]!.explanation).toContain("돌려주지 않으셔도 돼요");
  });
});

describe("contract 2026-11.3", () => {
  const base: ContractTextInput = {
    contractId: 7,
    name: "설탭 스마트 수학 3개월 수강 계약",
    studentName: "김설탭",
    paidAt,
    months: 3,
    lessons: [
      {
        title: "스마트 수학",
        subjects: ["수학"],
        months: 3,
        perWeek: 2,
        minutesPerLesson: 50,
        sessions: 24,
      },
    ],
    tablet: {
      ownershipType: "RENTED",
      isUsed: true,
      name: "수강 기간 무료 대여 태블릿",
      valueWon: 259_000,
    },
    otherDevices: [],
    payment: {
      method: "BILLING_CARD",
      productsPrice: 567_000,
      discountedValue: 0,
      paidPrice: 567_000,
      cardQuota: 0,
    },
    renewal: null,
    lines: [
      {
        kind: "LECTURE",
        name: "스마트 수학",
        months: 3,
        quantity: 3,
        listPrice: 567_000,
        salePrice: 567_000,
        policies: [],
        paidPrice: 567_000,
        device: null,
      },
      {
        kind: "DEVICE",
        name: "수강 기간 무료 대여 태블릿",
        months: 0,
        quantity: 1,
        listPrice: 0,
        salePrice: 0,
        policies: [],
        paidPrice: 0,
        device: { type: "IPAD", isUsed: true, rental: true, condition: "USED_DEVICE" },
      },
    ],
  };

  it("is the current version and prints the penalty rule for a free tablet", () => {
    const doc = renderContract(base);
    expect(doc.version).toBe(CONTRACT_TEXT_VERSION);
    expect(CONTRACT_TEXT_VERSION).not.toBe(CONTRACT_TEXT_VERSION_2);
    const tablet = doc.sections.find((s) => s.heading === "태블릿")!;
    expect(tablet.paragraphs).toContain(freeRentalPenaltyTerms(259_000));
    expect(doc.text).toContain("30,000원의 위약금(최대 90,000원까지)을 환불 금액에서 뺍니다");
    // The version signed before keeps its text.
    expect(renderContract(base, CONTRACT_TEXT_VERSION_2).text).not.toContain("위약금");
  });

  it("a gift tablet: given to keep, no rent, no return, no penalty", () => {
    const doc = renderContract({
      ...base,
      tablet: { ownershipType: "OWNED", isUsed: false, name: "iPad 9세대 새 제품", gift: true },
      lines: [
        base.lines[0]!,
        {
          ...base.lines[1]!,
          name: "iPad 9세대 새 제품",
          device: {
            type: "IPAD",
            isUsed: false,
            rental: true,
            purchaseOrGift: "GIFT",
            condition: "NEW_DEVICE",
          },
        },
      ],
    });
    expect(doc.text).toContain("수강 혜택으로 드립니다(증정, 0원)");
    expect(doc.text).toContain(
      "- iPad 9세대 새 제품 (1대, 새 제품 증정 · 돌려주지 않아도 됨): 0원",
    );
    expect(doc.text).not.toContain("위약금(");
    expect(doc.text).not.toContain("무료로 빌려 드립니다");
  });

  it("a bought device names its condition; books name the return shipping", () => {
    const doc = renderContract({
      ...base,
      tablet: { ownershipType: "PAID", isUsed: true, name: "iPad 9세대 중고 실버" },
      lines: [
        base.lines[0]!,
        {
          ...base.lines[1]!,
          name: "iPad 9세대 중고 실버",
          listPrice: 369_000,
          salePrice: 259_000,
          paidPrice: 259_000,
          device: {
            type: "IPAD",
            isUsed: true,
            rental: false,
            purchaseOrGift: "PURCHASE",
            condition: "USED_DEVICE",
          },
        },
        {
          kind: "SEOLTAB_BOOK",
          name: "설탭 중등 수학 개념서",
          months: 0,
          quantity: 1,
          listPrice: 18_000,
          salePrice: 15_000,
          policies: [],
          paidPrice: 15_000,
          device: null,
        },
      ],
    });
    expect(doc.text).toContain("(1대, 중고 제품 구매)");
    expect(doc.text).toContain("반품 배송비 3,000원을 환불 금액에서 뺍니다");
    expect(doc.text).toContain("교재(설탭 중등 수학 개념서)");
  });
});
