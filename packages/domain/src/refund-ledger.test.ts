/**
 * The refund of a lecture line by its lesson ledger (issue 14; DESIGN.md §9; 학원법 시행령
 * [별표 4] 비고 2 원격교습: paid less the lessons taken at the list price per lesson; decision 029).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LESSONS_PER_CYCLE } from "./lessons.ts";
import {
  LESSONS_PER_MONTH,
  legalRefund,
  lessonDeductionLabel,
  lessonLedgerRefund,
  type LegalRefundItemInput,
} from "./refund-rules.ts";

const kst = (wallTime: string) => new Date(`${wallTime}+09:00`);

describe("lessonLedgerRefund (별표 4 비고 2: 낸 금액 − 진행한 수업 × 회당 금액)", () => {
  it("a month of lessons is SPEC.md §3's cycle: 8 lessons", () => {
    expect(LESSONS_PER_MONTH).toBe(LESSONS_PER_CYCLE);
  });

  // 스마트 수학 189,000 won a month (정가 219,000: not the list price per lesson, decision 029);
  // 12 months 2,268,000 won less 5 % = 2,154,600 won paid.
  it.each<[string, number, number, number, number, number, number, string]>([
    // name, paid, list, months, held → per lesson, deducted, amount, rule
    ["1개월, 수업 전", 189_000, 189_000, 1, 0, 23_625, 0, "ACADEMY_BEFORE_START"],
    ["1개월, 1회", 189_000, 189_000, 1, 1, 23_625, 23_625, "REMOTE_LESSONS_TAKEN"],
    ["1개월, 3회", 189_000, 189_000, 1, 3, 23_625, 70_875, "REMOTE_LESSONS_TAKEN"],
    ["1개월, 7회", 189_000, 189_000, 1, 7, 23_625, 165_375, "REMOTE_LESSONS_TAKEN"],
    ["1개월, 8회 (모두)", 189_000, 189_000, 1, 8, 23_625, 189_000, "REMOTE_LESSONS_TAKEN"],
    [
      "1개월, 10회 (산 8회까지만)",
      189_000,
      189_000,
      1,
      10,
      23_625,
      189_000,
      "REMOTE_LESSONS_TAKEN",
    ],
    ["3개월, 3회", 567_000, 567_000, 3, 3, 23_625, 70_875, "REMOTE_LESSONS_TAKEN"],
    ["12개월 5% 할인, 3회", 2_154_600, 2_268_000, 12, 3, 23_625, 70_875, "REMOTE_LESSONS_TAKEN"],
    [
      "12개월 5% 할인, 92회",
      2_154_600,
      2_268_000,
      12,
      92,
      23_625,
      2_173_500,
      "REMOTE_LESSONS_TAKEN",
    ],
    [
      "회당 금액은 원 단위 미만 버림 (100,001 / 8)",
      100_001,
      100_001,
      1,
      8,
      12_500,
      100_000,
      "REMOTE_LESSONS_TAKEN",
    ],
  ])(
    "%s: paid %i, list %i, %i months, %i held",
    (_n, paid, list, months, held, per, deducted, rule) => {
      const r = lessonLedgerRefund({ paidPrice: paid, listPrice: list, months, lessonsHeld: held });
      expect(r.lessons).toMatchObject({ pricePerLesson: per, deducted, lessonsBought: months * 8 });
      expect(r.amount).toBe(Math.max(0, paid - deducted));
      expect(r.rule).toBe(rule);
      expect(r.explanation).toMatch(/요\.$/);
    },
  );

  it("says how it was computed, in Korean", () => {
    const r = lessonLedgerRefund({
      paidPrice: 189_000,
      listPrice: 189_000,
      months: 1,
      lessonsHeld: 3,
    });
    expect(r.amount).toBe(118_125);
    expect(lessonDeductionLabel(r.lessons)).toBe("수업 3회 진행 × 회당 23,625원 = 70,875원 차감");
    expect(r.explanation).toBe(
      "낸 수업료 189,000원에서 진행한 수업 3회의 수업료(회당 23,625원 × 3회 = 70,875원)를 뺀 118,125원을 돌려받을 수 있어요.",
    );
    const all = lessonLedgerRefund({
      paidPrice: 189_000,
      listPrice: 189_000,
      months: 1,
      lessonsHeld: 9,
    });
    expect(all).toMatchObject({ amount: 0, rule: "REMOTE_LESSONS_TAKEN" });
    expect(all.explanation).toBe(
      "진행한 수업 8회의 수업료(회당 23,625원 × 8회 = 189,000원)가 낸 수업료 189,000원 이상이라 돌려받을 수업료가 없어요. 이 결제로 산 수업은 8회라 8회까지만 빼요.",
    );
    expect(
      lessonLedgerRefund({ paidPrice: 189_000, listPrice: 189_000, months: 1, lessonsHeld: 0 })
        .explanation,
    ).toBe("아직 진행한 수업이 없어 낸 수업료 전액 189,000원을 돌려받을 수 있어요.");
  });

  it("refuses fractional or negative won and counts, and months < 1", () => {
    const ok = { paidPrice: 189_000, listPrice: 189_000, months: 1, lessonsHeld: 1 };
    expect(() => lessonLedgerRefund({ ...ok, paidPrice: 1.5 })).toThrow(RangeError);
    expect(() => lessonLedgerRefund({ ...ok, listPrice: -1 })).toThrow(RangeError);
    expect(() => lessonLedgerRefund({ ...ok, lessonsHeld: 0.5 })).toThrow(RangeError);
    expect(() => lessonLedgerRefund({ ...ok, months: 0 })).toThrow(RangeError);
  });

  it("never more than paid, never negative, never more as more lessons are held (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 12_000_000 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 120 }),
        fc.integer({ min: 0, max: 20 }),
        (paidPrice, listPrice, months, held, more) => {
          const a = lessonLedgerRefund({ paidPrice, listPrice, months, lessonsHeld: held });
          const b = lessonLedgerRefund({ paidPrice, listPrice, months, lessonsHeld: held + more });
          for (const r of [a, b]) {
            expect(Number.isSafeInteger(r.amount)).toBe(true);
            expect(r.amount).toBeGreaterThanOrEqual(0);
            expect(r.amount).toBeLessThanOrEqual(paidPrice);
            expect(r.lessons.deducted).toBeLessThanOrEqual(listPrice);
          }
          expect(b.amount).toBeLessThanOrEqual(a.amount);
        },
      ),
    );
  });
});

describe("legalRefund with a ledger", () => {
  const paidAt = kst("2026-03-01T10:00:00");
  const lecture: LegalRefundItemInput = {
    id: 1,
    kind: "LECTURE",
    paidPrice: 189_000,
    months: 1,
    lessonsStartAt: null,
    paidAt,
  };
  const tablet: LegalRefundItemInput = {
    id: 2,
    kind: "DEVICE",
    paidPrice: 0,
    months: 0,
    lessonsStartAt: null,
    paidAt,
  };

  it("a lecture with lesson records uses the ledger, not the calendar; the free tablet is unchanged", () => {
    const result = legalRefund({
      paymentMethod: "BILLING_CARD",
      items: [{ ...lecture, ledger: { lessonsHeld: 3, listPrice: 189_000 } }, tablet],
      now: kst("2026-03-20T10:00:00"),
    });
    expect(result.items[0]).toMatchObject({
      amount: 118_125,
      rule: "REMOTE_LESSONS_TAKEN",
      lessons: { lessonsHeld: 3, pricePerLesson: 23_625, deducted: 70_875 },
    });
    expect(result.items[1]).toMatchObject({ amount: 0, rule: "NOTHING_PAID", lessons: null });
    expect(result).toMatchObject({ amount: 118_125, rule: "REMOTE_LESSONS_TAKEN" });
  });

  it("without a ledger: the calendar rules as before (lessons not started → everything)", () => {
    const result = legalRefund({ paymentMethod: "BILLING_CARD", items: [lecture], now: paidAt });
    expect(result.items[0]).toMatchObject({
      amount: 189_000,
      rule: "ACADEMY_BEFORE_START",
      lessons: null,
    });
  });

  it("subtracts what was already refunded from the ledger's amount, never below 0", () => {
    const result = legalRefund({
      paymentMethod: "BILLING_CARD",
      items: [
        { ...lecture, refundedAmount: 100_000, ledger: { lessonsHeld: 3, listPrice: 189_000 } },
      ],
      now: paidAt,
    });
    expect(result.items[0]!.amount).toBe(18_125);
    expect(result.items[0]!.explanation).toContain("이미 환불된 100,000원을 빼면 18,125원이에요.");
  });

  it("with a ledger the total never exceeds what remains paid and never grows with lessons held (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 1, max: 10 }),
        (paidPrice, refundedShare, months, held, more) => {
          const refundedAmount = Math.floor((paidPrice * refundedShare) / 100);
          const at = (lessonsHeld: number) =>
            legalRefund({
              paymentMethod: "BILLING_CARD",
              items: [
                {
                  ...lecture,
                  paidPrice,
                  refundedAmount,
                  months,
                  ledger: { lessonsHeld, listPrice: paidPrice },
                },
              ],
              now: paidAt,
            }).amount;
          expect(at(held)).toBeLessThanOrEqual(paidPrice - refundedAmount);
          expect(at(held)).toBeGreaterThanOrEqual(0);
          expect(at(held + more)).toBeLessThanOrEqual(at(held));
        },
      ),
    );
  });
});
