import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  LESSON_TRANSITIONS,
  lessonLedger,
  occurrencesOf,
  recordLessonProblem,
  seoulWallClock,
} from "./lessons.ts";
import { WEEKDAYS, type WeeklyTimeBlock } from "./tutor-applications.ts";

describe("occurrencesOf (Asia/Seoul wall clock, Temporal)", () => {
  it("puts Monday 18:00-19:30 on every Monday after `from`, for the horizon", () => {
    const from = new Date("2026-11-24T03:00:00Z"); // Tue 12:00 KST
    const out = occurrencesOf([{ day: "MON", start: "18:00", end: "19:30" }], from, 4);
    expect(out.map((o) => o.startsAt.toISOString())).toEqual([
      "2026-11-30T09:00:00.000Z",
      "2026-12-07T09:00:00.000Z",
      "2026-12-14T09:00:00.000Z",
      "2026-12-21T09:00:00.000Z",
    ]);
    expect(out.every((o) => o.minutes === 90)).toBe(true);
    expect(out[0]!.recurrenceId).toBe("2026-11-30T09:00:00Z");
  });

  it("skips a slot that already started today and a block past 22:00", () => {
    const from = new Date("2026-11-30T09:30:00Z"); // Mon 18:30 KST
    const out = occurrencesOf(
      [
        { day: "MON", start: "18:00", end: "19:00" },
        { day: "MON", start: "21:30", end: "22:30" },
      ],
      from,
      1,
    );
    expect(out).toHaveLength(1);
    expect(out[0]!.startsAt.toISOString()).toBe("2026-12-07T09:00:00.000Z");
  });

  const block = fc
    .record({
      day: fc.constantFrom(...WEEKDAYS),
      start: fc.integer({ min: 8, max: 21 }),
      len: fc.integer({ min: 1, max: 3 }),
    })
    .map(({ day, start, len }): WeeklyTimeBlock => ({
      day,
      start: `${String(start).padStart(2, "0")}:00`,
      end: `${String(Math.min(22, start + len)).padStart(2, "0")}:${start + len > 22 ? "30" : "00"}`,
    }));

  it("never ends after 22:00 Seoul, never starts before `from`, one per slot per week", () => {
    fc.assert(
      fc.property(
        fc.array(block, { minLength: 1, maxLength: 4 }),
        fc.date({ min: new Date("2026-01-01"), max: new Date("2027-12-31"), noInvalidDate: true }),
        (plan, from) => {
          const out = occurrencesOf(plan, from, 4);
          for (const o of out) {
            expect(o.startsAt.getTime()).toBeGreaterThan(from.getTime());
            expect(seoulWallClock(o.endsAt).time <= "22:00").toBe(true);
          }
          expect(new Set(out.map((o) => o.recurrenceId)).size).toBe(out.length);
          const valid = new Set(
            plan
              .filter((b) => b.end <= "22:00" && b.start < b.end)
              .map((b) => `${b.day} ${b.start}`),
          ).size;
          expect(out.length).toBeLessThanOrEqual(valid * 5);
          expect(out.length).toBeGreaterThanOrEqual(valid * 3);
        },
      ),
    );
  });
});

describe("recording and the ledger", () => {
  const now = new Date("2026-12-01T10:00:00Z");
  const started = {
    state: "RESERVATION" as const,
    startsAt: new Date("2026-12-01T09:00:00Z"),
    minutes: 60,
  };
  it.each([
    [started, 60, null],
    [started, 0, null],
    [started, 61, "수업 시간(60분)"],
    [started, -1, "0 이상"],
    [{ ...started, state: "DONE" as const }, 60, "이미 기록한"],
    [{ ...started, state: "CANCEL" as const }, 60, "취소된"],
    [{ ...started, startsAt: new Date("2026-12-01T11:00:00Z") }, 60, "아직 시작하지"],
  ] as const)("%o with %i minutes → %s", (lesson, minutes, problem) => {
    const got = recordLessonProblem(lesson, minutes, now);
    if (problem === null) expect(got).toBeNull();
    else expect(got).toContain(problem);
  });

  it("DONE and CANCEL are final; the ledger counts held, minutes, 0-minute, cancellations", () => {
    expect(LESSON_TRANSITIONS.DONE).toEqual([]);
    expect(LESSON_TRANSITIONS.CANCEL).toEqual([]);
    expect(
      lessonLedger([
        { state: "DONE", heldMinutes: 60, cancelledBy: null },
        { state: "DONE", heldMinutes: 0, cancelledBy: null },
        { state: "CANCEL", heldMinutes: null, cancelledBy: "TEACHER" },
        { state: "RESERVATION", heldMinutes: null, cancelledBy: null },
      ]),
    ).toEqual({
      held: 2,
      heldMinutes: 60,
      cancelled: 1,
      cancelledByTutor: 1,
      upcoming: 1,
      zeroMinute: 1,
    });
  });
});
