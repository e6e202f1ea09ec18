import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  MATCHING_STATES,
  MATCHING_TRANSITIONS,
  commonBlocks,
  overlapMinutes,
  rankCandidates,
  type RankingRequest,
  type RankingTutor,
} from "./matching.ts";
import {
  TransitionNotAllowedError,
  assertTransition,
  canTransition,
  sourcesOf,
} from "./payments.ts";
import { WEEKDAYS, type WeeklyTimeBlock } from "./tutor-applications.ts";

const request: RankingRequest = {
  subjectIds: [1111, 1103, 1001],
  schedules: [
    { day: "MON", start: "18:00", end: "21:00" },
    { day: "SAT", start: "10:00", end: "12:00" },
  ],
  preferences: ["TOP_UNIVERSITY"],
  studentGender: "WOMAN",
  hopeMajor: null,
};
const tutor = (patch: Partial<RankingTutor>): RankingTutor => ({
  tutorId: 1,
  subjects: [1001],
  availableTimes: [{ day: "MON", start: "18:00", end: "20:00" }],
  gender: "MAN",
  university: "연세대학교",
  major: "수학과",
  activeLectures: 0,
  answered: 0,
  accepted: 0,
  ...patch,
});

describe("overlap", () => {
  it("adds up shared minutes per day", () => {
    expect(overlapMinutes(request.schedules, [{ day: "MON", start: "19:00", end: "22:00" }])).toBe(
      120,
    );
    expect(overlapMinutes(request.schedules, [{ day: "TUE", start: "18:00", end: "21:00" }])).toBe(
      0,
    );
    expect(commonBlocks(request.schedules, [{ day: "SAT", start: "11:00", end: "13:00" }])).toEqual(
      [{ day: "SAT", start: "11:00", end: "12:00" }],
    );
  });
});

describe("rankCandidates", () => {
  it("ranks by overlap, preferences, load and history, with the reasons", () => {
    const ranked = rankCandidates(request, [
      tutor({ tutorId: 1 }),
      tutor({ tutorId: 2, university: "서울대학교", availableTimes: request.schedules }),
      tutor({ tutorId: 3, activeLectures: 4, availableTimes: request.schedules }),
    ]);
    expect(ranked.map((r) => r.tutorId)).toEqual([2, 1, 3]);
    expect(ranked[0]!.reasons.join(" ")).toContain("서울대");
    expect(ranked[0]!.reasons[0]).toContain("주 5시간");
  });

  it("leaves out a tutor without the subject or without an overlapping block", () => {
    const ranked = rankCandidates(request, [
      tutor({ tutorId: 1, subjects: [1002] }),
      tutor({ tutorId: 2, availableTimes: [{ day: "TUE", start: "18:00", end: "20:00" }] }),
    ]);
    expect(ranked).toEqual([]);
  });

  const block = fc
    .record({
      day: fc.constantFrom(...WEEKDAYS),
      start: fc.integer({ min: 8, max: 20 }),
      length: fc.integer({ min: 1, max: 2 }),
    })
    .map(({ day, start, length }): WeeklyTimeBlock => ({
      day,
      start: `${String(start).padStart(2, "0")}:00`,
      end: `${String(Math.min(22, start + length)).padStart(2, "0")}:00`,
    }));
  const tutorArb = fc.record({
    tutorId: fc.integer({ min: 1, max: 10_000 }),
    subjects: fc.array(fc.constantFrom(1001, 1002, 1003, 1103, 1111), { maxLength: 3 }),
    availableTimes: fc.array(block, { maxLength: 4 }),
    gender: fc.constantFrom("MAN", "WOMAN", null),
    university: fc.constantFrom("서울대학교", "고려대학교", null),
    major: fc.constantFrom("수학과", null),
    activeLectures: fc.integer({ min: 0, max: 6 }),
    answered: fc.integer({ min: 0, max: 20 }),
    accepted: fc.integer({ min: 0, max: 20 }),
  });

  it("never ranks a tutor without the subject or any overlap, and is sorted", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(tutorArb, { maxLength: 12, selector: (t) => t.tutorId }),
        fc.array(block, { minLength: 1, maxLength: 4 }),
        (tutors, schedules) => {
          const req = { ...request, schedules };
          const ranked = rankCandidates(req, tutors);
          for (const r of ranked) {
            const t = tutors.find((x) => x.tutorId === r.tutorId)!;
            expect(t.subjects.some((s) => req.subjectIds.includes(s))).toBe(true);
            expect(overlapMinutes(schedules, t.availableTimes)).toBeGreaterThan(0);
            expect(r.reasons.length).toBeGreaterThan(0);
          }
          for (let i = 1; i < ranked.length; i++) {
            expect(ranked[i - 1]!.score).toBeGreaterThanOrEqual(ranked[i]!.score);
          }
        },
      ),
    );
  });
});

describe("MATCHING_TRANSITIONS (issue #10)", () => {
  it("OPEN moves to MATCHED or CLOSED; MATCHED and CLOSED are terminal", () => {
    const table = Object.fromEntries(
      MATCHING_STATES.map((from) => [
        from,
        MATCHING_STATES.filter((to) => canTransition(MATCHING_TRANSITIONS, from, to)),
      ]),
    );
    expect(table).toEqual({ OPEN: ["MATCHED", "CLOSED"], MATCHED: [], CLOSED: [] });
    expect(sourcesOf(MATCHING_TRANSITIONS, "CLOSED")).toEqual(["OPEN"]);
    expect(() => assertTransition(MATCHING_TRANSITIONS, "matching", "MATCHED", "CLOSED")).toThrow(
      TransitionNotAllowedError,
    );
  });
});
