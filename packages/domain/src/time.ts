/**
 * Asia/Seoul calendar helpers (CONVENTIONS.md §7: time is stored in UTC and shown in
 * Asia/Seoul). No library: `Intl.DateTimeFormat` with the "Asia/Seoul" time zone reads wall
 * time; the way back from wall time to an instant uses the fixed offset UTC+9, which is exact
 * for every instant since 1988-10-09 (Korea has kept UTC+9 without daylight saving since then).
 * The current time is always a parameter; nothing here reads the clock.
 */

/** IANA name of the product's time zone. */
export const SEOUL_TIME_ZONE = "Asia/Seoul";

/** Korea Standard Time offset from UTC, in ms (+09:00, no DST since 1988). */
export const SEOUL_UTC_OFFSET_MS = 9 * 60 * 60 * 1000;

/** Wall-clock fields of an instant in Asia/Seoul; `month` is 1-12. */
export interface SeoulDateParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

const seoulFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: SEOUL_TIME_ZONE,
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
  hourCycle: "h23",
});

function assertValidDate(instant: Date): number {
  const time = instant.getTime();
  if (Number.isNaN(time)) throw new RangeError("invalid Date");
  return time;
}

/**
 * The Asia/Seoul wall-clock date and time of `instant`.
 * Example: 2026-01-31T01:00:00Z → { year: 2026, month: 1, day: 31, hour: 10, ... }.
 * @throws RangeError for an invalid Date
 */
export function seoulDateParts(instant: Date): SeoulDateParts {
  const time = assertValidDate(instant);
  const parts: Record<string, string> = {};
  for (const { type, value } of seoulFormat.formatToParts(instant)) parts[type] = value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    millisecond: ((time % 1000) + 1000) % 1000,
  };
}

/** The instant at which Asia/Seoul wall time shows `parts` (fixed UTC+9, see module note). */
function seoulWallTimeToInstant(p: SeoulDateParts): Date {
  const utc = new Date(0);
  utc.setUTCFullYear(p.year, p.month - 1, p.day);
  utc.setUTCHours(p.hour, p.minute, p.second, p.millisecond);
  return new Date(utc.getTime() - SEOUL_UTC_OFFSET_MS);
}

/** Days in `month` (1-12) of `year` (proleptic Gregorian). */
export function daysInMonth(year: number, month: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month, 0);
  return date.getUTCDate();
}

/**
 * `instant` moved by `months` calendar months in Asia/Seoul (SPEC.md §5 "one month"): the same
 * day of the target month at the same wall-clock time; when that month is shorter, its last day
 * (Jan 31 10:00 KST + 1 → Feb 28 10:00 KST, or Feb 29 in a leap year). Negative `months` go
 * back. Not additive over month ends: +1 twice from Jan 31 gives Mar 28, +2 gives Mar 31.
 * @param months whole months, may be negative
 * @throws RangeError for an invalid Date or a non-integer `months`
 */
export function addMonthsSeoul(instant: Date, months: number): Date {
  if (!Number.isSafeInteger(months)) {
    throw new RangeError(`months must be a whole number, got ${months}`);
  }
  const parts = seoulDateParts(instant);
  const monthIndex = parts.year * 12 + (parts.month - 1) + months;
  const year = Math.floor(monthIndex / 12);
  const month = monthIndex - year * 12 + 1;
  const day = Math.min(parts.day, daysInMonth(year, month));
  return seoulWallTimeToInstant({ ...parts, year, month, day });
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Age in completed years (만 나이, the legal age in Korea since June 2023 — not the traditional
 * 세는 나이) on the Asia/Seoul date of `now`: it goes up on the birthday itself; someone born on
 * Feb 29 turns a year older on Mar 1 in common years.
 * @param birthDate calendar date "YYYY-MM-DD"
 * @param now the current instant (a parameter; never read inside)
 * @throws RangeError for a malformed or impossible date (e.g. "2010-02-30"), an invalid `now`,
 *   or a birth date after today's date in Asia/Seoul
 */
export function koreanAge(birthDate: string, now: Date): number {
  const match = DATE_PATTERN.exec(birthDate);
  const [year, month, day] = match ? match.slice(1).map(Number) : [];
  if (
    year === undefined ||
    month === undefined ||
    day === undefined ||
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > daysInMonth(year, month)
  ) {
    throw new RangeError(`birth date must be a real date "YYYY-MM-DD", got "${birthDate}"`);
  }
  const today = seoulDateParts(now);
  const hadBirthday = today.month > month || (today.month === month && today.day >= day);
  const age = today.year - year - (hadBirthday ? 0 : 1);
  if (age < 0) throw new RangeError(`birth date ${birthDate} is after today in Asia/Seoul`);
  return age;
}

/**
 * True when the person is under 14 (만 14세 미만) on the Asia/Seoul date of `now`: such users need
 * parent certification to join (SPEC.md §3 join form, §5).
 * @throws RangeError as `koreanAge` does
 */
export function isUnderFourteen(birthDate: string, now: Date): boolean {
  return koreanAge(birthDate, now) < 14;
}

/**
 * The Asia/Seoul calendar date of `instant` in Korean: "2026년 11월 24일".
 * @throws RangeError for an invalid Date
 */
export function formatSeoulDate(instant: Date): string {
  const { year, month, day } = seoulDateParts(instant);
  return `${year}년 ${month}월 ${day}일`;
}
