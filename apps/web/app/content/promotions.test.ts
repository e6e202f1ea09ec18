import { lecturePrice } from "@seoltab/domain";
import { describe, expect, it } from "vitest";
import {
  EXAM_EVENT_2026,
  feeRows,
  formatKoreanDate,
  formatPeriod,
  formatWon,
  WINTER_2026,
  WINTER_PROGRAMS,
  winterProgram,
} from "./promotions";

describe("winter fees", () => {
  it("prices the winter course, 3 months and 12 months from the monthly fee", () => {
    expect(feeRows(169_000)).toEqual([
      expect.objectContaining({ months: 2, totalWon: 338_000, listWon: 338_000 }),
      expect.objectContaining({ months: 3, totalWon: 507_000, listWon: 507_000 }),
      // 12 months: 5 % off the 12-month total, rounded down to the won (SPEC.md §5).
      expect.objectContaining({ months: 12, totalWon: 1_926_600, listWon: 2_028_000 }),
    ]);
  });

  it("uses the domain's lecture price for every program and period", () => {
    for (const program of WINTER_PROGRAMS) {
      expect(Number.isSafeInteger(program.monthlyWon)).toBe(true);
      for (const row of feeRows(program.monthlyWon)) {
        expect(row.totalWon).toBe(lecturePrice(program.monthlyWon, row.months));
        expect(row.listWon).toBe(program.monthlyWon * row.months);
        if (row.months === 12) expect(row.totalWon).toBe(Math.floor(row.listWon * 0.95));
        else expect(row.totalWon).toBe(row.listWon);
      }
    }
    expect(winterProgram("special").monthlyWon).toBeGreaterThan(
      winterProgram("elementary").monthlyWon,
    );
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
