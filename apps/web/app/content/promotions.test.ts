import { WINTER_COURSE_ITEMS, winterCoursePrice } from "@seoltab/domain";
import { describe, expect, it } from "vitest";
import {
  EXAM_EVENT_2026,
  feeRows,
  formatKoreanDate,
  formatPeriod,
  formatWon,
  WINTER_2026,
  WINTER_NOTES,
  WINTER_PROGRAMS,
  winterProgram,
} from "./promotions";

// Issue #11 item 2 changed these: the winter pages sell the one product the catalog has — the
// 8-week course per level (store items 21-24) — instead of 3- and 12-month rows at level prices
// that checkout never sold.
describe("winter fees (decision 017)", () => {
  it("every program is a catalog item, priced as checkout prices it", () => {
    expect(WINTER_PROGRAMS.map((p) => p.item)).toEqual(WINTER_COURSE_ITEMS);
    for (const p of WINTER_PROGRAMS) {
      expect(p.monthlyWon).toBe(p.item.salePrice);
      expect(p.courseWon).toBe(winterCoursePrice(p.item));
      expect(p.enrollHref).toBe(`/guest_enrollment?item=${p.item.id}`);
    }
    expect(WINTER_PROGRAMS.map((p) => [p.label, p.monthlyWon, p.courseWon])).toEqual([
      ["초등", 169_000, 338_000],
      ["중등", 199_000, 398_000],
      ["고등", 219_000, 438_000],
      ["특목고·자사고", 239_000, 478_000],
    ]);
  });

  it("a level's fee table is the 8-week course only", () => {
    expect(feeRows(winterProgram("elementary"))).toEqual([
      expect.objectContaining({ months: 2, totalWon: 338_000, listWon: 338_000 }),
    ]);
  });

  it("promises no cash checkout and no 12-month winter discount", () => {
    const notes = WINTER_NOTES.join("\n");
    expect(notes).not.toContain("현금");
    expect(notes).not.toMatch(/12개월/);
    expect(notes).toContain("가상계좌");
    expect(notes).toContain("자동으로 결제되지 않아요");
    expect(WINTER_2026.courseMonths).toBe(2);
  });

  it("formats won with thousands separators", () => {
    expect(formatWon(0)).toBe("0원");
    expect(formatWon(999)).toBe("999원");
    expect(formatWon(2_724_600)).toBe("2,724,600원");
  });
});

describe("dates", () => {
  it("writes Korean dates with the weekday", () => {
    expect(formatKoreanDate("2026-12-28")).toBe("2026년 12월 28일(월)");
    expect(formatKoreanDate("2027-02-26")).toBe("2027년 2월 26일(금)");
    expect(formatPeriod("2026-11-23", "2026-12-31")).toBe(
      "2026년 11월 23일(월) ~ 2026년 12월 31일(목)",
    );
  });

  it("keeps each period in order, the winter course 8 weeks long after the first lesson", () => {
    const w = WINTER_2026;
    expect(w.applyFrom < w.applyTo).toBe(true);
    expect(w.lessonsFrom <= w.firstLessonBy && w.firstLessonBy <= w.lessonsTo).toBe(true);
    const eightWeeksAfterLatestStart = new Date(`${w.firstLessonBy}T00:00:00Z`);
    eightWeeksAfterLatestStart.setUTCDate(eightWeeksAfterLatestStart.getUTCDate() + 7 * 8 - 3);
    expect(eightWeeksAfterLatestStart.toISOString().slice(0, 10)).toBe(w.lessonsTo);
    const e = EXAM_EVENT_2026;
    expect(e.applyFrom < e.applyTo && e.sessionsFrom < e.sessionsTo).toBe(true);
  });
});
