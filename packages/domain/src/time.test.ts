import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addMonthsSeoul, daysInMonth, isUnderFourteen, koreanAge, seoulDateParts } from "./time.ts";

/** An instant given as Asia/Seoul wall time. */
const kst = (wallTime: string) => new Date(`${wallTime}+09:00`);

describe("seoulDateParts", () => {
  it("reads Asia/Seoul wall time whatever the process time zone", () => {
    expect(seoulDateParts(new Date("2026-01-31T01:00:00.250Z"))).toEqual({
      year: 2026,
      month: 1,
      day: 31,
      hour: 10,
      minute: 0,
      second: 0,
      millisecond: 250,
    });
  });

  it("rolls the date at 15:00 UTC (midnight in Seoul)", () => {
    expect(seoulDateParts(new Date("2025-12-31T15:00:00Z"))).toMatchObject({
      year: 2026,
      month: 1,
      day: 1,
      hour: 0,
    });
  });

  it("rejects an invalid Date", () => {
    expect(() => seoulDateParts(new Date("nope"))).toThrow(RangeError);
  });
});

describe("daysInMonth", () => {
  it.each([
    [2026, 1, 31],
    [2026, 2, 28],
    [2028, 2, 29],
    [2100, 2, 28],
    [2000, 2, 29],
    [2026, 4, 30],
    [2026, 12, 31],
  ])("%i-%i has %i days", (year, month, days) => {
    expect(daysInMonth(year, month)).toBe(days);
  });
});

describe("addMonthsSeoul (SPEC.md §5: one month = same day next month, Asia/Seoul)", () => {
  it.each([
    ["2026-01-15T10:00:00", 1, "2026-02-15T10:00:00"],
    ["2026-01-31T10:00:00", 1, "2026-02-28T10:00:00"],
    ["2028-01-31T10:00:00", 1, "2028-02-29T10:00:00"],
    ["2026-03-31T23:59:59.999", 1, "2026-04-30T23:59:59.999"],
    ["2026-12-31T00:00:00", 1, "2027-01-31T00:00:00"],
    ["2026-01-31T08:30:00", 13, "2027-02-28T08:30:00"],
    ["2026-03-31T10:00:00", -1, "2026-02-28T10:00:00"],
    ["2026-01-10T10:00:00", -1, "2025-12-10T10:00:00"],
    ["2026-05-20T07:00:00", 0, "2026-05-20T07:00:00"],
    // 00:30 KST on Feb 1 is still Jan 31 in UTC: the Seoul date counts.
    ["2026-02-01T00:30:00", 1, "2026-03-01T00:30:00"],
  ])("%s KST + %i months = %s KST", (from, months, to) => {
    expect(addMonthsSeoul(kst(from), months)).toEqual(kst(to));
  });

  it("rejects fractional months", () => {
    expect(() => addMonthsSeoul(kst("2026-01-01T00:00:00"), 1.5)).toThrow(RangeError);
  });

  // From 1993, so that even -48 months stays after 1988, when Korea last observed DST.
  const instant = fc.date({
    min: new Date("1993-01-01T00:00:00Z"),
    max: new Date("2100-01-01T00:00:00Z"),
    noInvalidDate: true,
  });

  it("keeps the time of day and lands in the target month, on the same or an earlier day", () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: -48, max: 48 }), (from, months) => {
        const a = seoulDateParts(from);
        const b = seoulDateParts(addMonthsSeoul(from, months));
        expect([b.hour, b.minute, b.second, b.millisecond]).toEqual([
          a.hour,
          a.minute,
          a.second,
          a.millisecond,
        ]);
        expect(b.year * 12 + b.month - (a.year * 12 + a.month)).toBe(months);
        expect(b.day).toBe(Math.min(a.day, daysInMonth(b.year, b.month)));
      }),
    );
  });

  it("always moves forward for a positive number of months", () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 1, max: 48 }), (from, months) => {
        expect(addMonthsSeoul(from, months).getTime()).toBeGreaterThan(from.getTime());
      }),
    );
  });
});

describe("koreanAge / isUnderFourteen (만 나이, Asia/Seoul)", () => {
  it.each([
    ["2012-03-10", "2026-03-09T23:59:59", 13],
    ["2012-03-10", "2026-03-10T00:00:00", 14],
    ["2012-03-10", "2026-12-31T23:59:59", 14],
    ["2012-02-29", "2026-02-28T12:00:00", 13],
    ["2012-02-29", "2026-03-01T00:00:00", 14],
    ["2026-03-10", "2026-03-10T00:00:00", 0],
    ["1990-01-01", "2026-01-01T00:00:00", 36],
  ])("born %s, at %s KST: %i", (birthDate, now, age) => {
    expect(koreanAge(birthDate, kst(now))).toBe(age);
    expect(isUnderFourteen(birthDate, kst(now))).toBe(age < 14);
  });

  it("uses the Seoul date, not the UTC date", () => {
    // 2026-03-09T15:00Z is already 2026-03-10 00:00 in Seoul: the 14th birthday.
    expect(isUnderFourteen("2012-03-10", new Date("2026-03-09T15:00:00Z"))).toBe(false);
    expect(isUnderFourteen("2012-03-10", new Date("2026-03-09T14:59:59Z"))).toBe(true);
  });

  it.each([
    "2012-02-30",
    "2012-13-01",
    "2012-00-10",
    "2012-3-10",
    "20120310",
    "",
    "2012-03-10T00:00",
  ])("rejects birth date %j", (birthDate) => {
    expect(() => koreanAge(birthDate, kst("2026-01-01T00:00:00"))).toThrow(RangeError);
  });

  it("rejects a birth date after today", () => {
    expect(() => koreanAge("2026-03-11", kst("2026-03-10T23:00:00"))).toThrow(RangeError);
  });
});
