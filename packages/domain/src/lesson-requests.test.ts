import { describe, expect, it } from "vitest";
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
