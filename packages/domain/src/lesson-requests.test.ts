import { describe, expect, it } from "vitest";
import { LESSON_REQUEST_STATES, LESSON_REQUEST_TRANSITIONS } from "./lesson-requests.ts";
import {
  TransitionNotAllowedError,
  assertTransition,
  canTransition,
  sourcesOf,
} from "./payments.ts";
import {
  defaultLessonRequestForm,
  lessonRequestSubmitProblems,
  REQUEST_GRADES,
} from "./lesson-requests.ts";

describe("lesson request form", () => {
  it("starts with SPEC.md §3's defaults", () => {
    const form = defaultLessonRequestForm();
    expect(form.lessonStartType).toBe("FAST");
    expect(form.promotionType).toBe("none-event");
    expect(form.allGrades).toHaveLength(REQUEST_GRADES.length);
    for (const g of form.allGrades) {
      expect(Object.values(g.terms)).toEqual([-1, -1, -1, -1, -1]);
    }
  });

  it("names what is missing and refuses late blocks and a past start date", () => {
    const empty = lessonRequestSubmitProblems(defaultLessonRequestForm(), "2026-11-24");
    expect(empty.map((p) => p.field)).toEqual([
      "schoolName",
      "gradeCode",
      "lectureSubjectId",
      "schedules",
    ]);
    const form = {
      ...defaultLessonRequestForm(),
      schoolName: "서울고등학교",
      gradeCode: "H2" as const,
      lectureSubjectId: 1001,
      schedules: [{ day: "MON" as const, start: "21:00", end: "22:30" }],
      lessonStartType: "DATE" as const,
      lessonStartDate: "2026-11-01",
      promotionType: "friend" as const,
    };
    const problems = lessonRequestSubmitProblems(form, "2026-11-24");
    expect(problems.map((p) => p.field)).toEqual(["schedules", "lessonStartDate", "friendCode"]);
    expect(problems[0]!.message).toContain("밤 10시");
  });
});

describe("LESSON_REQUEST_TRANSITIONS (issue #10)", () => {
  it("a draft is saved or submitted; a submitted form is only withdrawn; a withdrawn one reopens", () => {
    const table = Object.fromEntries(
      LESSON_REQUEST_STATES.map((from) => [
        from,
        LESSON_REQUEST_STATES.filter((to) => canTransition(LESSON_REQUEST_TRANSITIONS, from, to)),
      ]),
    );
    expect(table).toEqual({
      DRAFT: ["DRAFT", "SUBMITTED"],
      SUBMITTED: ["CANCELLED"],
      CANCELLED: ["DRAFT", "SUBMITTED"],
    });
    expect(sourcesOf(LESSON_REQUEST_TRANSITIONS, "SUBMITTED")).toEqual(["DRAFT", "CANCELLED"]);
    expect(() =>
      assertTransition(LESSON_REQUEST_TRANSITIONS, "lesson request", "SUBMITTED", "DRAFT"),
    ).toThrow(TransitionNotAllowedError);
  });
});
