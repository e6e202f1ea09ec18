import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CHANGE_MESSAGES,
  LECTURE_CHANGE_KINDS,
  LECTURE_CHANGE_RULES,
  LECTURE_CHANGE_STATES,
  PAUSE_LIMIT,
  applyMove,
  availableKinds,
  canMoveLectureChange,
  endAfterPause,
  endsAfterCurfew,
  mayDecide,
  moveProblems,
  noticeCheck,
  pauseProblems,
  planChangeProblems,
  seoulDayStart,
  seoulInstant,
  type PlannedLesson,
} from "./lecture-changes.ts";
import { occurrencesOf } from "./lessons.ts";
import { WEEKDAYS, type WeeklyTimeBlock } from "./tutor-applications.ts";

const HOUR = 3_600_000;
const now = new Date("2026-11-24T03:00:00Z"); // Tue 12:00 KST

function lesson(startIso: string, overrides: Partial<PlannedLesson> = {}): PlannedLesson {
  const startsAt = new Date(startIso);
  return {
    id: 1,
    recurrenceId: startsAt.toISOString().replace(".000Z", "Z"),
    state: "RESERVATION",
    minutes: 60,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 60 * 60_000),
    ...overrides,
  };
}

describe("the rule table", () => {
  it("has a rule for every kind; the other side decides moves, staff the rest", () => {
    expect(Object.keys(LECTURE_CHANGE_RULES).sort()).toEqual([...LECTURE_CHANGE_KINDS].sort());
    expect(LECTURE_CHANGE_RULES.MOVE_LESSON).toMatchObject({
      decidedBy: "OTHER_SIDE",
      noticeHours: { FAMILY: 12, TUTOR: 24 },
    });
    for (const kind of ["CHANGE_TUTOR", "PAUSE", "STOP"] as const) {
      expect(LECTURE_CHANGE_RULES[kind].decidedBy).toBe("STAFF");
    }
  });

  it("RECEIVED is the only state a request leaves", () => {
    for (const from of LECTURE_CHANGE_STATES) {
      for (const to of LECTURE_CHANGE_STATES) {
        expect(canMoveLectureChange(from, to)).toBe(from === "RECEIVED" && to !== "RECEIVED");
      }
    }
  });

  it.each([
    ["MOVE_LESSON", "TUTOR", "FAMILY", "ACCEPT", true],
    ["MOVE_LESSON", "TUTOR", "TUTOR", "ACCEPT", false],
    ["MOVE_LESSON", "FAMILY", "TUTOR", "DECLINE", true],
    ["MOVE_LESSON", "FAMILY", "FAMILY", "CANCEL", true],
    ["MOVE_LESSON", "FAMILY", "TUTOR", "CANCEL", false],
    ["CHANGE_TUTOR", "FAMILY", "TUTOR", "ACCEPT", false],
    ["CHANGE_TUTOR", "FAMILY", "STAFF", "ACCEPT", true],
    ["PAUSE", "FAMILY", "FAMILY", "ACCEPT", false],
    ["STOP", "FAMILY", "STAFF", "DECLINE", true],
  ] as const)("%s asked by %s: %s may %s → %s", (kind, asked, side, decision, allowed) => {
    expect(mayDecide(kind, asked, side, decision)).toBe(allowed);
  });
});

describe("notice windows by role (the current time is a parameter)", () => {
  const at = (hoursAhead: number) => new Date(now.getTime() + hoursAhead * HOUR);
  it.each([
    ["FAMILY", 12, { ok: true, late: false }],
    ["FAMILY", 11.9, { ok: false, message: CHANGE_MESSAGES.familyNotice }],
    ["TUTOR", 24, { ok: true, late: false }],
    ["TUTOR", 23, { ok: true, late: true }],
    ["STAFF", 1, { ok: true, late: false }],
  ] as const)("%s, lesson %d h ahead", (side, hours, expected) => {
    expect(noticeCheck("MOVE_LESSON", side, at(hours), now)).toEqual(expected);
  });

  it("holds for any time: a family is refused exactly inside 12 h, a tutor is late inside 24 h", () => {
    fc.assert(
      fc.property(fc.integer({ min: -48 * 60, max: 72 * 60 }), (minutesAhead) => {
        const first = new Date(now.getTime() + minutesAhead * 60_000);
        const family = noticeCheck("MOVE_LESSON", "FAMILY", first, now);
        const tutor = noticeCheck("MOVE_LESSON", "TUTOR", first, now);
        expect(family.ok).toBe(minutesAhead >= 12 * 60);
        expect(tutor.ok && tutor.late).toBe(minutesAhead < 24 * 60);
      }),
    );
  });
});

describe("moving one lesson", () => {
  const planned = lesson("2026-11-26T09:00:00Z"); // Thu 18:00 KST
  const base = {
    lesson: planned,
    side: "FAMILY" as const,
    tutorLessons: [],
    studentLessons: [],
    now,
  };

  it("accepts a free evening slot", () => {
    expect(moveProblems({ ...base, newStartsAt: new Date("2026-11-27T10:00:00Z") })).toEqual([]);
  });

  it.each([
    ["ends after 22:00", "2026-11-27T12:30:00Z", CHANGE_MESSAGES.curfew],
    ["in the past", "2026-11-23T09:00:00Z", CHANGE_MESSAGES.startPast],
    ["more than 4 weeks ahead", "2027-01-05T09:00:00Z", CHANGE_MESSAGES.tooFar],
    ["at the same time", "2026-11-26T09:00:00Z", CHANGE_MESSAGES.sameTime],
  ])("refuses a new time %s", (_, iso, message) => {
    const problems = moveProblems({ ...base, newStartsAt: new Date(iso) });
    expect(problems.map((p) => p.message)).toContain(message);
  });

  it("refuses overlaps with the tutor's or the student's other lessons", () => {
    const other = lesson("2026-11-27T10:30:00Z", { id: 2 });
    const newStartsAt = new Date("2026-11-27T10:00:00Z");
    expect(
      moveProblems({ ...base, newStartsAt, tutorLessons: [other] }).map((p) => p.message),
    ).toEqual([CHANGE_MESSAGES.tutorBusy]);
    expect(
      moveProblems({ ...base, newStartsAt, studentLessons: [other] }).map((p) => p.message),
    ).toEqual([CHANGE_MESSAGES.studentBusy]);
  });

  it("refuses a lesson that is not planned or already started", () => {
    const held = { ...planned, state: "DONE" };
    expect(
      moveProblems({ ...base, lesson: held, newStartsAt: new Date("2026-11-27T10:00:00Z") })[0]!
        .message,
    ).toBe(CHANGE_MESSAGES.lessonNotPlanned);
    const past = lesson("2026-11-23T09:00:00Z");
    expect(
      moveProblems({ ...base, lesson: past, newStartsAt: new Date("2026-11-27T10:00:00Z") })[0]!
        .message,
    ).toBe(CHANGE_MESSAGES.lessonPast);
  });

  it("knows 22:00 Seoul time whatever the UTC offset arithmetic", () => {
    expect(endsAfterCurfew(new Date("2026-11-27T12:00:00Z"), 60)).toBe(false); // 21:00-22:00
    expect(endsAfterCurfew(new Date("2026-11-27T12:00:00Z"), 70)).toBe(true);
    expect(endsAfterCurfew(new Date("2026-11-27T14:30:00Z"), 30)).toBe(true); // 23:30
  });

  const block = fc
    .record({
      day: fc.constantFrom(...WEEKDAYS),
      hour: fc.integer({ min: 8, max: 20 }),
      half: fc.boolean(),
    })
    .map(({ day, hour, half }): WeeklyTimeBlock => ({
      day,
      start: `${String(hour).padStart(2, "0")}:${half ? "30" : "00"}`,
      end: `${String(hour + 1).padStart(2, "0")}:${half ? "30" : "00"}`,
    }));

  it("never changes the count of lessons, never duplicates one, and keeps its identity (property)", () => {
    fc.assert(
      fc.property(
        fc.array(block, { minLength: 1, maxLength: 4 }),
        fc.nat(),
        fc.integer({ min: 1, max: 27 * 24 }),
        (plan, pick, hoursAhead) => {
          const occurrences = occurrencesOf(plan, now, 4).map((o, i) => ({
            id: i + 1,
            recurrenceId: o.recurrenceId,
            state: "RESERVATION",
            minutes: o.minutes,
            startsAt: o.startsAt,
            endsAt: o.endsAt,
          }));
          if (occurrences.length === 0) return;
          const target = occurrences[pick % occurrences.length]!;
          const newStartsAt = new Date(now.getTime() + hoursAhead * HOUR);
          const after = applyMove(occurrences, target.id, newStartsAt);
          expect(after).toHaveLength(occurrences.length);
          expect(new Set(after.map((l) => l.recurrenceId)).size).toBe(occurrences.length);
          const moved = after.find((l) => l.id === target.id)!;
          expect(moved.recurrenceId).toBe(target.recurrenceId);
          expect(moved.startsAt).toEqual(newStartsAt);
          // A move the rules accept never ends after 22:00.
          const problems = moveProblems({ ...base, lesson: target, newStartsAt });
          if (problems.length === 0)
            expect(endsAfterCurfew(newStartsAt, target.minutes)).toBe(false);
        },
      ),
    );
  });
});

describe("a new weekly plan from a date on", () => {
  const plan: WeeklyTimeBlock[] = [{ day: "WED", start: "19:00", end: "20:00" }];
  it("starts tomorrow at the earliest and within 4 weeks", () => {
    expect(planChangeProblems(plan, "2026-11-25", now)).toEqual([]);
    expect(planChangeProblems(plan, "2026-12-22", now)).toEqual([]);
    for (const bad of ["2026-11-24", "2026-12-23", "2026-13-01", "soon"]) {
      expect(planChangeProblems(plan, bad, now).map((p) => p.field)).toEqual(["effectiveFrom"]);
    }
  });
  it("refuses an empty plan and blocks past 22:00", () => {
    expect(planChangeProblems([], "2026-11-25", now)[0]!.message).toBe(CHANGE_MESSAGES.planEmpty);
    expect(
      planChangeProblems([{ day: "WED", start: "21:30", end: "22:30" }], "2026-11-25", now)[0]!
        .message,
    ).toContain("밤 10시");
  });
});

describe("pauses", () => {
  it("take tomorrow at the earliest, at most 28 days, at most 28 days per 182 days", () => {
    expect(pauseProblems({ from: "2026-12-01", until: "2026-12-14" }, [], now)).toEqual([]);
    expect(pauseProblems({ from: "2026-11-24", until: "2026-11-30" }, [], now)[0]!.message).toBe(
      CHANGE_MESSAGES.pauseDates,
    );
    expect(pauseProblems({ from: "2026-12-10", until: "2026-12-01" }, [], now)[0]!.message).toBe(
      CHANGE_MESSAGES.pauseDates,
    );
    expect(pauseProblems({ from: "2026-12-01", until: "2026-12-29" }, [], now)[0]!.message).toBe(
      CHANGE_MESSAGES.pauseTooLong,
    );
    expect(
      pauseProblems(
        { from: "2026-12-15", until: "2026-12-28" },
        [{ from: "2026-12-01", until: "2026-12-15" }],
        now,
      )[0]!.message,
    ).toBe(CHANGE_MESSAGES.pausePeriod);
  });

  it("never lets the days in one period pass the limit (property)", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            start: fc.integer({ min: 1, max: 27 }),
            len: fc.integer({ min: 1, max: 40 }),
          }),
          {
            maxLength: 6,
          },
        ),
        (asks) => {
          const accepted: { from: string; until: string }[] = [];
          for (const ask of asks) {
            const from = new Date(seoulDayStart("2026-11-24").getTime() + ask.start * 86_400_000);
            const until = new Date(from.getTime() + (ask.len - 1) * 86_400_000);
            const span = {
              from: from.toISOString().slice(0, 10),
              until: until.toISOString().slice(0, 10),
            };
            if (pauseProblems(span, accepted, now).length === 0) accepted.push(span);
          }
          const total = accepted.reduce(
            (sum, p) => sum + (Date.parse(p.until) - Date.parse(p.from)) / 86_400_000 + 1,
            0,
          );
          expect(total).toBeLessThanOrEqual(PAUSE_LIMIT.maxDays);
        },
      ),
    );
  });
});

describe("the change form's kinds", () => {
  it("says why a kind cannot be asked now", () => {
    const kinds = availableKinds({
      lectureState: "ACTIVE",
      side: "TUTOR",
      openKinds: ["CHANGE_PLAN"],
      movableLessons: 2,
    });
    const by = Object.fromEntries(kinds.map((k) => [k.kind, k]));
    expect(by.MOVE_LESSON!.allowed).toBe(true);
    expect(by.CHANGE_PLAN!.reason).toBe(CHANGE_MESSAGES.alreadyOpen);
    expect(by.PAUSE!.reason).toBe(CHANGE_MESSAGES.notYourKind);
    const ready = availableKinds({
      lectureState: "READY",
      side: "FAMILY",
      openKinds: [],
      movableLessons: 0,
    });
    expect(ready.filter((k) => k.allowed).map((k) => k.kind)).toEqual(["STOP"]);
  });
});

describe("seoulInstant", () => {
  it("reads a Seoul date and time as the instant (KST is UTC+9)", () => {
    expect(seoulInstant("2026-12-01", "10:00").toISOString()).toBe("2026-12-01T01:00:00.000Z");
    expect(seoulInstant("2026-12-01", "08:30").toISOString()).toBe("2026-11-30T23:30:00.000Z");
  });
  it("refuses a date or time that does not exist", () => {
    expect(() => seoulInstant("2026-02-30", "10:00")).toThrow(RangeError);
    expect(() => seoulInstant("2026-12-01", "25:00")).toThrow(RangeError);
  });
});

describe("the end after a pause", () => {
  it("moves by the days paused, in Seoul calendar days; no pause, no move", () => {
    const end = new Date("2026-12-24T15:00:00Z"); // 2026-12-25 00:00 KST
    expect(endAfterPause(end, 14).toISOString()).toBe("2027-01-07T15:00:00.000Z");
    expect(endAfterPause(end, 0)).toBe(end);
  });
});
