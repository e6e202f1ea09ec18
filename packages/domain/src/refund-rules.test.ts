import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ITEM_KINDS, PAYMENT_METHODS } from "./enums.ts";
import {
  formatRefundWon,
  goodsRefund,
  legalRefund,
  lessonRefund,
  refundCategoryOf,
  refundChannelOf,
  withdrawalDeadline,
  type LegalRefundItemInput,
} from "./refund-rules.ts";

const kst = (wallTime: string) => new Date(`${wallTime}+09:00`);

const ACADEMY = "학원법 시행령 제18조 [별표 4]";
const ECOMMERCE = "전자상거래법 제17조";

describe(`lessonRefund (${ACADEMY} 교습비등 반환기준, 수강 포기 = 시행령 제18조제2항제3호)`, () => {
  // One month of 189,000 won from 2026-03-01 00:00 KST: March has 31 days, so 1/3 has passed at
  // 03-11 08:00 (10 days 8 hours) and 1/2 at 03-16 12:00.
  const oneMonth = { paidPrice: 189_000, months: 1, lessonsStartAt: kst("2026-03-01T00:00:00") };
  it.each<[string, string, number, string]>([
    ["교습 시작 전: 전액", "2026-02-28T23:59:59.999", 189_000, "ACADEMY_BEFORE_START"],
    [
      "교습기간 1개월 이내, 1/3 경과 전: 2/3",
      "2026-03-01T00:00:00",
      126_000,
      "ACADEMY_FIRST_THIRD",
    ],
    ["1/3 경과 직전: 2/3", "2026-03-11T07:59:59.999", 126_000, "ACADEMY_FIRST_THIRD"],
    [
      "정확히 1/3 경과: 1/2 (1/3 경과 '전'이 아님)",
      "2026-03-11T08:00:00",
      94_500,
      "ACADEMY_FIRST_HALF",
    ],
    ["1/2 경과 직전: 1/2", "2026-03-16T11:59:59.999", 94_500, "ACADEMY_FIRST_HALF"],
    ["정확히 1/2 경과: 반환하지 않음", "2026-03-16T12:00:00", 0, "ACADEMY_AFTER_HALF"],
    ["1/2 경과 후: 반환하지 않음", "2026-03-31T23:59:59.999", 0, "ACADEMY_AFTER_HALF"],
    ["교습기간이 끝난 뒤: 반환하지 않음", "2026-04-01T00:00:00", 0, "ACADEMY_AFTER_HALF"],
  ])("%s (now %s KST → %i won, %s)", (_name, now, amount, rule) => {
    const result = lessonRefund({ ...oneMonth, now: kst(now) });
    expect(result).toMatchObject({ amount, rule });
    expect(result.explanation).toMatch(/요\.$/);
  });

  // Three months of 567,000 won from 2026-01-31 10:00 KST: months end 02-28 10:00, 03-31 10:00
  // (addMonthsSeoul from the start, not chained) and 04-30 10:00.
  const threeMonths = {
    paidPrice: 567_000,
    months: 3,
    lessonsStartAt: kst("2026-01-31T10:00:00"),
  };
  it.each<[string, string, number, string]>([
    [
      "교습기간 1개월 초과, 교습 시작 전: 전액",
      "2026-01-31T09:59:59",
      567_000,
      "ACADEMY_BEFORE_START",
    ],
    [
      "1개월째 1/3 경과 전: 그 달의 2/3 + 나머지 2개월 전액 = 567,000 × 16/18",
      "2026-02-05T10:00:00",
      504_000,
      "ACADEMY_FIRST_THIRD",
    ],
    [
      "1개월째 1/2 경과 전 (28일 중 10일): 그 달의 1/2 + 나머지 2개월 = 567,000 × 15/18",
      "2026-02-10T10:00:00",
      472_500,
      "ACADEMY_FIRST_HALF",
    ],
    [
      "2개월째 1/3 경과 전 (31일 중 5일): 그 달의 2/3 + 나머지 1개월 = 567,000 × 10/18",
      "2026-03-05T10:00:00",
      315_000,
      "ACADEMY_FIRST_THIRD",
    ],
    [
      "2개월째 1/2 경과 후: 나머지 1개월 전액만",
      "2026-03-20T10:00:00",
      189_000,
      "ACADEMY_AFTER_HALF",
    ],
    [
      "3개월째 정확히 1/3 경과 (30일 중 10일): 그 달의 1/2 = 567,000 × 3/18",
      "2026-04-10T10:00:00",
      94_500,
      "ACADEMY_FIRST_HALF",
    ],
    ["3개월째 1/2 경과 후: 반환하지 않음", "2026-04-20T10:00:00", 0, "ACADEMY_AFTER_HALF"],
    ["교습기간이 끝난 뒤", "2026-05-01T00:00:00", 0, "ACADEMY_AFTER_HALF"],
  ])("%s (now %s KST → %i won, %s)", (_name, now, amount, rule) => {
    expect(lessonRefund({ ...threeMonths, now: kst(now) })).toMatchObject({ amount, rule });
  });

  it("12 months at the 5 % price (2,154,600 won), first third: × (4 + 11 × 6) / 72 = 2,094,750", () => {
    const result = lessonRefund({
      paidPrice: 2_154_600,
      months: 12,
      lessonsStartAt: kst("2026-01-01T00:00:00"),
      now: kst("2026-01-02T00:00:00"),
    });
    expect(result).toMatchObject({ amount: 2_094_750, rule: "ACADEMY_FIRST_THIRD" });
    expect(result.explanation).toBe(
      "12개월 중 1개월째 달의 1/3이 지나기 전이라 이번 달 수업료의 2/3와 남은 11개월 수업료 전액을 합한 2,094,750원을 돌려받을 수 있어요.",
    );
  });

  it("rounds down to the won once per item (100,000 × 2/3 = 66,666)", () => {
    const result = lessonRefund({
      paidPrice: 100_000,
      months: 1,
      lessonsStartAt: kst("2026-03-01T00:00:00"),
      now: kst("2026-03-02T00:00:00"),
    });
    expect(result.amount).toBe(66_666);
    expect(result.explanation).toBe(
      "수업 기간의 1/3이 지나기 전이라 수업료의 2/3인 66,666원을 돌려받을 수 있어요.",
    );
  });

  it("lessons not started (null start): everything back", () => {
    expect(
      lessonRefund({ paidPrice: 1000, months: 3, lessonsStartAt: null, now: new Date() }),
    ).toMatchObject({ amount: 1000, rule: "ACADEMY_BEFORE_START" });
  });

  it("refuses months < 1, fractional won and invalid dates", () => {
    const base = { paidPrice: 1000, months: 1, lessonsStartAt: null, now: new Date() };
    expect(() => lessonRefund({ ...base, months: 0 })).toThrow(RangeError);
    expect(() => lessonRefund({ ...base, paidPrice: 10.5 })).toThrow(RangeError);
    expect(() => lessonRefund({ ...base, now: new Date("x") })).toThrow(RangeError);
  });

  it("never gives back more than paid, and never more later than earlier (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 12 }),
        fc.date({
          min: new Date("2024-01-01Z"),
          max: new Date("2027-01-01Z"),
          noInvalidDate: true,
        }),
        fc.integer({ min: -40 * 86_400_000, max: 400 * 86_400_000 }),
        fc.integer({ min: 0, max: 40 * 86_400_000 }),
        (paidPrice, months, start, offset, later) => {
          const at = (ms: number) =>
            lessonRefund({
              paidPrice,
              months,
              lessonsStartAt: start,
              now: new Date(start.getTime() + ms),
            });
          const first = at(offset);
          const second = at(offset + later);
          expect(Number.isSafeInteger(first.amount)).toBe(true);
          expect(first.amount).toBeGreaterThanOrEqual(0);
          expect(first.amount).toBeLessThanOrEqual(paidPrice);
          expect(second.amount).toBeLessThanOrEqual(first.amount);
        },
      ),
    );
  });
});

describe(`goodsRefund (${ECOMMERCE} 청약철회, 민법 제157조 초일 불산입)`, () => {
  const receivedAt = kst("2026-03-01T15:00:00");
  it("the period ends at 24:00 KST of the 7th day after the day of receipt", () => {
    expect(withdrawalDeadline(receivedAt)).toEqual(kst("2026-03-09T00:00:00"));
    expect(withdrawalDeadline(kst("2026-03-01T00:00:00"))).toEqual(kst("2026-03-09T00:00:00"));
    expect(withdrawalDeadline(kst("2026-02-28T23:59:59"))).toEqual(kst("2026-03-08T00:00:00"));
  });

  it.each<[string, string, boolean, number, string]>([
    ["7일 이내, 미개봉: 전액", "2026-03-01T15:00:00", false, 890_000, "DEVICE_WITHDRAWAL_7_DAYS"],
    [
      "7일째 마지막 순간: 전액",
      "2026-03-08T23:59:59.999",
      false,
      890_000,
      "DEVICE_WITHDRAWAL_7_DAYS",
    ],
    ["7일 경과: 자동 환불 없음", "2026-03-09T00:00:00", false, 0, "DEVICE_OPENED_OR_LATE"],
    [
      "사용으로 가치 감소 (제17조제2항제2호): 자동 환불 없음",
      "2026-03-02T00:00:00",
      true,
      0,
      "DEVICE_OPENED_OR_LATE",
    ],
  ])("%s (now %s KST, opened %s → %i won, %s)", (_name, now, opened, amount, rule) => {
    const result = goodsRefund({
      paidPrice: 890_000,
      paidAt: kst("2026-02-27T09:00:00"),
      receivedAt,
      opened,
      now: kst(now),
    });
    expect(result).toMatchObject({ amount, rule });
  });

  it("says until which day, in Asia/Seoul", () => {
    const result = goodsRefund({
      paidPrice: 890_000,
      paidAt: kst("2026-02-27T09:00:00"),
      receivedAt,
      opened: false,
      now: kst("2026-03-02T00:00:00"),
    });
    expect(result.explanation).toBe(
      "받은 날부터 7일 이내(2026년 3월 8일까지)라 상품 가격 전액 890,000원을 돌려받을 수 있어요. 상품은 반품해 주셔야 해요.",
    );
  });

  // No delivery date is recorded yet: the days are counted from the payment, and the words say
  // so (issue #11 item 10; docs/decisions/016-refund-copy-and-korean-particles.md).
  describe("without a receipt date: counted from the payment, worded 결제일부터", () => {
    const paidAt = kst("2026-03-01T15:00:00");
    const at = (now: string, opened = false) =>
      goodsRefund({ paidPrice: 890_000, paidAt, opened, now: kst(now) });

    it("until 24:00 KST of the 7th day after the payment day: the price, 결제일부터", () => {
      const inside = at("2026-03-08T23:59:59.999");
      expect(inside).toMatchObject({ amount: 890_000, rule: "DEVICE_WITHDRAWAL_7_DAYS" });
      expect(inside.explanation).toBe(
        "결제일부터 7일 이내(2026년 3월 8일까지)라 상품 가격 전액 890,000원을 돌려받을 수 있어요. 상품은 반품해 주셔야 해요.",
      );
      expect(inside.explanation).not.toContain("받은 날부터 7일 이내");
    });

    it("later: not refunded at once, and a later receipt still counts (staff check it)", () => {
      const late = at("2026-03-09T00:00:00");
      expect(late).toMatchObject({ amount: 0, rule: "DEVICE_OPENED_OR_LATE" });
      expect(late.explanation).toContain("결제일부터 7일(2026년 3월 8일까지)이 지나");
      expect(late.explanation).toContain("받은 날부터 7일까지 반품할 수 있으니");
      expect(late.explanation).not.toContain("기간이 끝났어요");
    });

    it("used or damaged so that its value fell: nothing at once — worded as use/damage, not opening", () => {
      const used = at("2026-03-02T00:00:00", true);
      expect(used).toMatchObject({ amount: 0, rule: "DEVICE_OPENED_OR_LATE" });
      expect(used.explanation).toContain("사용했거나 훼손해 가치가 떨어진 상품");
      expect(used.explanation).not.toContain("개봉");
    });

    it("the wording and the computation agree for any payment time (property)", () => {
      fc.assert(
        fc.property(
          fc.date({
            min: new Date("2024-01-01"),
            max: new Date("2030-12-31"),
            noInvalidDate: true,
          }),
          fc.integer({ min: 0, max: 20 * 86_400_000 }),
          (paid, elapsed) => {
            const now = new Date(paid.getTime() + elapsed);
            const r = goodsRefund({ paidPrice: 1_000, paidAt: paid, opened: false, now });
            const deadline = withdrawalDeadline(paid);
            expect(r.amount > 0).toBe(now < deadline);
            expect(r.explanation.startsWith("결제일부터 7일")).toBe(true);
            // The day named is the last day of the period, in Asia/Seoul.
            const last = new Date(deadline.getTime() - 1 + 9 * 3_600_000);
            const label = `${last.getUTCFullYear()}년 ${last.getUTCMonth() + 1}월 ${last.getUTCDate()}일까지`;
            expect(r.explanation).toContain(label);
          },
        ),
      );
    });

    it("a price of 0: nothing paid, nothing to refund — never 전액 0원", () => {
      const free = goodsRefund({
        paidPrice: 0,
        paidAt,
        opened: false,
        now: kst("2026-03-02T00:00:00"),
      });
      expect(free).toMatchObject({ amount: 0, rule: "NOTHING_PAID" });
      expect(free.explanation).not.toContain("0원");
    });
  });
});

describe("legalRefund: per item and in total", () => {
  const paidAt = kst("2026-03-01T10:00:00");
  const lecture: LegalRefundItemInput = {
    id: 1,
    kind: "LECTURE",
    paidPrice: 567_000,
    months: 3,
    lessonsStartAt: paidAt,
    paidAt,
  };
  const device: LegalRefundItemInput = {
    id: 2,
    kind: "DEVICE",
    paidPrice: 450_000,
    months: 0,
    lessonsStartAt: paidAt,
    paidAt,
  };

  it("a card payment with a lecture and a device, 2 days after payment", () => {
    const result = legalRefund({
      paymentMethod: "BILLING_CARD",
      items: [lecture, device],
      now: kst("2026-03-03T10:00:00"),
    });
    expect(result.items).toEqual([
      expect.objectContaining({
        id: 1,
        amount: 504_000,
        rule: "ACADEMY_FIRST_THIRD",
        channel: "CARD",
      }),
      expect.objectContaining({
        id: 2,
        amount: 450_000,
        rule: "DEVICE_WITHDRAWAL_7_DAYS",
        channel: "CARD",
      }),
    ]);
    expect(result).toMatchObject({ amount: 954_000, rule: "MIXED", channel: "CARD" });
    expect(result.explanation).toBe("항목별 환불 기준에 따라 모두 954,000원을 돌려받을 수 있어요.");
  });

  it("one item: its rule and its sentence; virtual account and cash go back to a bank (BANK)", () => {
    for (const paymentMethod of ["VBANK", "CASH"] as const) {
      const result = legalRefund({ paymentMethod, items: [device], now: paidAt });
      expect(result.rule).toBe("DEVICE_WITHDRAWAL_7_DAYS");
      expect(result.channel).toBe("BANK");
      expect(result.explanation).toBe(result.items[0]!.explanation);
    }
  });

  it("subtracts what was already refunded, never below 0", () => {
    const result = legalRefund({
      paymentMethod: "BILLING_CARD",
      items: [
        { ...lecture, refundedAmount: 4_000 },
        { ...lecture, id: 3, refundedAmount: 567_000 },
      ],
      now: kst("2026-03-03T10:00:00"),
    });
    expect(result.items.map((i) => i.amount)).toEqual([500_000, 0]);
    expect(result.items[0]!.explanation).toContain("이미 환불된 4,000원을 빼면 500,000원이에요.");
  });

  it("kinds without a rule (delivery fee, penalty, contents, ...) are left to staff with 0", () => {
    const result = legalRefund({
      paymentMethod: "BILLING_CARD",
      items: [{ ...device, kind: "DELIVERY_FEE", paidPrice: 3_000 }],
      now: paidAt,
    });
    expect(result).toMatchObject({ amount: 0, rule: "STAFF_DECISION" });
  });

  // A tablet lent free with the lessons is a DEVICE line at 0 won (issue #11 item 10).
  const freeTablet: LegalRefundItemInput = { ...device, id: 9, paidPrice: 0 };

  it("a line nothing was paid for: NOTHING_PAID, said as such — never 전액 0원", () => {
    for (const opened of [false, true]) {
      const result = legalRefund({
        paymentMethod: "BILLING_CARD",
        items: [{ ...freeTablet, opened }],
        now: kst("2026-03-03T10:00:00"),
      });
      expect(result).toMatchObject({ amount: 0, rule: "NOTHING_PAID" });
      expect(result.explanation).toBe(
        "무료로 빌려 드린 기기라 낸 금액이 없어 돌려받을 금액도 없어요. 수강을 그만두면 기기는 돌려주셔야 해요.",
      );
      expect(result.explanation).not.toMatch(/전액|0원/);
    }
    for (const kind of ITEM_KINDS) {
      const result = legalRefund({
        paymentMethod: "CASH",
        items: [{ ...lecture, kind, paidPrice: 0 }],
        now: paidAt,
      });
      expect(result).toMatchObject({ amount: 0, rule: "NOTHING_PAID" });
      expect(result.explanation).not.toMatch(/전액|0원/);
    }
  });

  it("a lecture with a free tablet: the lecture's rule and sentence, not MIXED", () => {
    const now = kst("2026-03-03T10:00:00");
    const notStarted = { ...lecture, lessonsStartAt: null };
    const result = legalRefund({
      paymentMethod: "BILLING_CARD",
      items: [notStarted, freeTablet],
      now,
    });
    expect(result).toMatchObject({ amount: 567_000, rule: "ACADEMY_BEFORE_START" });
    expect(result.explanation).toBe(
      "수업 시작 전이라 낸 수업료 전액 567,000원을 돌려받을 수 있어요.",
    );
    expect(result.items[1]).toMatchObject({ amount: 0, rule: "NOTHING_PAID" });
    // Saying the tablet was used changes nothing on a line nothing was paid for.
    const used = legalRefund({
      paymentMethod: "BILLING_CARD",
      items: [notStarted, { ...freeTablet, opened: true }],
      now,
    });
    expect(used).toEqual(result);
  });

  it("several lines under one rule: that rule, and one sentence for the total", () => {
    const result = legalRefund({
      paymentMethod: "BILLING_CARD",
      items: [lecture, { ...lecture, id: 3 }, freeTablet],
      now: kst("2026-03-03T10:00:00"),
    });
    expect(result).toMatchObject({ amount: 1_008_000, rule: "ACADEMY_FIRST_THIRD" });
    expect(result.explanation).toBe("모두 1,008,000원을 돌려받을 수 있어요.");
  });

  it("only lines nothing was paid for, or nothing to give at once: no '0원을 돌려받을 수 있어요'", () => {
    const free = legalRefund({
      paymentMethod: "BILLING_CARD",
      items: [freeTablet, { ...freeTablet, id: 10 }],
      now: paidAt,
    });
    expect(free).toMatchObject({ amount: 0, rule: "NOTHING_PAID" });
    expect(free.explanation).toBe("고른 항목은 모두 낸 금액이 없어 돌려받을 금액이 없어요.");
    const late = legalRefund({
      paymentMethod: "BILLING_CARD",
      items: [device, { ...device, id: 4, kind: "SEOLTAB_BOOK", paidPrice: 20_000 }],
      now: kst("2026-04-01T10:00:00"),
    });
    expect(late).toMatchObject({ amount: 0, rule: "DEVICE_OPENED_OR_LATE" });
    expect(late.explanation).not.toContain("0원");
  });

  it("an empty list gives 0", () => {
    expect(legalRefund({ paymentMethod: "BILLING_CARD", items: [], now: paidAt }).amount).toBe(0);
  });

  it("categories and channels cover every enum value", () => {
    for (const kind of ITEM_KINDS)
      expect(["LESSON", "GOODS", "OTHER"]).toContain(refundCategoryOf(kind));
    expect(refundCategoryOf("LECTURE")).toBe("LESSON");
    expect(refundCategoryOf("SEOLTAB_BOOK")).toBe("GOODS");
    expect(PAYMENT_METHODS.map(refundChannelOf)).toEqual(["CARD", "BANK", "BANK"]);
    expect(formatRefundWon(1_234_567)).toBe("1,234,567원");
    expect(formatRefundWon(0)).toBe("0원");
  });

  it("the total never exceeds what was paid less what was refunded (property)", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            id: fc.nat(),
            kind: fc.constantFrom(...ITEM_KINDS),
            paidPrice: fc.integer({ min: 0, max: 5_000_000 }),
            refundedShare: fc.integer({ min: 0, max: 100 }),
            months: fc.integer({ min: 1, max: 12 }),
            opened: fc.boolean(),
          }),
          { maxLength: 6 },
        ),
        fc.constantFrom(...PAYMENT_METHODS),
        fc.integer({ min: 0, max: 400 * 86_400_000 }),
        (rows, paymentMethod, elapsed) => {
          const items = rows.map((r) => ({
            ...r,
            refundedAmount: Math.floor((r.paidPrice * r.refundedShare) / 100),
            lessonsStartAt: paidAt,
            paidAt,
          }));
          const result = legalRefund({
            paymentMethod,
            items,
            now: new Date(paidAt.getTime() + elapsed),
          });
          const room = items.reduce((s, i) => s + i.paidPrice - i.refundedAmount, 0);
          expect(result.amount).toBeLessThanOrEqual(room);
          expect(result.amount).toBe(result.items.reduce((s, i) => s + i.amount, 0));
          for (const [index, item] of result.items.entries()) {
            expect(item.amount).toBeLessThanOrEqual(
              items[index]!.paidPrice - items[index]!.refundedAmount,
            );
          }
        },
      ),
    );
  });
});
