import { describe, expect, it } from "vitest";
import { SEOLBTI_QUESTIONS, SEOLBTI_TYPES, seolbtiType, type SeolbtiAnswers } from "./seolbti";

/** Every possible set of answers (2^6). */
function allAnswers(): SeolbtiAnswers[] {
  return Array.from({ length: 2 ** SEOLBTI_QUESTIONS.length }, (_, bits) =>
    Object.fromEntries(SEOLBTI_QUESTIONS.map((q, i) => [q.id, ((bits >> i) & 1) as 0 | 1])),
  );
}

describe("설BTI", () => {
  it("has three two-choice questions per axis", () => {
    expect(SEOLBTI_QUESTIONS.filter((q) => q.axis === "plan")).toHaveLength(3);
    expect(SEOLBTI_QUESTIONS.filter((q) => q.axis === "learn")).toHaveLength(3);
  });

  it("gives every set of answers one of the four types, each reachable equally often", () => {
    const counts = new Map<string, number>();
    for (const answers of allAnswers()) {
      const type = seolbtiType(answers);
      counts.set(type.code, (counts.get(type.code) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual(SEOLBTI_TYPES.map((t) => t.code).sort());
    expect(new Set(counts.values())).toEqual(new Set([16]));
  });

  it("follows the majority on each axis", () => {
    const answers = { q1: 0, q3: 0, q5: 1, q2: 1, q4: 1, q6: 0 } as const;
    expect(seolbtiType(answers).code).toBe("plan-practice");
  });

  it("refuses an incomplete set", () => {
    expect(() => seolbtiType({ q1: 0 })).toThrow(/unanswered/);
  });
});
