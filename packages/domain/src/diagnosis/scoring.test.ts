import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  START_LEVELS,
  diagnosisNextSteps,
  scoreDiagnosis,
  startLevelFor,
  unitStanding,
  type ScoredItem,
} from "./index.ts";

const items: ScoredItem[] = [
  { id: "a1", unit: "A", answer: 0 },
  { id: "a2", unit: "A", answer: 1 },
  { id: "b1", unit: "B", answer: 2 },
  { id: "b2", unit: "B", answer: 3 },
  { id: "c1", unit: "C", answer: 0 },
  { id: "c2", unit: "C", answer: 0 },
];

/** Items in 1..6 units, 1..4 items each, answers 0..3. */
const itemsArb = fc
  .array(fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 4 }), {
    minLength: 1,
    maxLength: 6,
  })
  .map((units) =>
    units.flatMap((answers, u) =>
      answers.map((answer, i) => ({ id: `u${u}-${i}`, unit: `단원${u}`, answer })),
    ),
  );

const withAnswers = itemsArb.chain((list) =>
  fc.tuple(
    fc.constant(list),
    fc.array(fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }), {
      minLength: list.length,
      maxLength: list.length,
    }),
  ),
);

describe("scoreDiagnosis", () => {
  it("scores per unit in the given order, strong and weak units, level and lesson type", () => {
    const score = scoreDiagnosis(items, { a1: 0, a2: 1, b1: 0, b2: null, c1: 0, c2: 1 }, [
      "C",
      "B",
      "A",
    ]);
    expect(score.units).toEqual([
      { unit: "C", correct: 1, total: 2, percent: 50, standing: "OK" },
      { unit: "B", correct: 0, total: 2, percent: 0, standing: "WEAK" },
      { unit: "A", correct: 2, total: 2, percent: 100, standing: "STRONG" },
    ]);
    expect(score).toMatchObject({
      correct: 3,
      total: 6,
      percent: 50,
      strongUnits: ["A"],
      weakUnits: ["B"],
      startLevel: "CORE",
      lessonType: "BALANCED",
      correctItemIds: ["a1", "a2", "c1"],
    });
  });

  it("counts skipped and missing answers as wrong", () => {
    const score = scoreDiagnosis(items, {});
    expect(score).toMatchObject({ correct: 0, percent: 0, startLevel: "FOUNDATION" });
    expect(score.lessonType).toBe("CONCEPT");
    expect(score.weakUnits).toEqual(["A", "B", "C"]);
  });

  it("all right: advanced, practice lessons", () => {
    const score = scoreDiagnosis(items, { a1: 0, a2: 1, b1: 2, b2: 3, c1: 0, c2: 0 });
    expect(score).toMatchObject({ percent: 100, startLevel: "ADVANCED", lessonType: "PRACTICE" });
  });

  it("places the level and standing thresholds at 50 % and 80 %", () => {
    expect(startLevelFor(49)).toBe("FOUNDATION");
    expect(startLevelFor(50)).toBe("CORE");
    expect(startLevelFor(79)).toBe("CORE");
    expect(startLevelFor(80)).toBe("ADVANCED");
    expect(unitStanding(4, 5)).toBe("STRONG");
    expect(unitStanding(3, 5)).toBe("OK");
    expect(unitStanding(2, 5)).toBe("WEAK");
    expect(unitStanding(1, 2)).toBe("OK");
  });

  it("keeps its sums: units add up to the whole, strong and weak never overlap", () => {
    fc.assert(
      fc.property(withAnswers, ([list, chosen]) => {
        const answers = Object.fromEntries(list.map((item, i) => [item.id, chosen[i]]));
        const score = scoreDiagnosis(list, answers);
        expect(score.total).toBe(list.length);
        expect(score.units.reduce((n, u) => n + u.total, 0)).toBe(list.length);
        expect(score.units.reduce((n, u) => n + u.correct, 0)).toBe(score.correct);
        expect(score.correctItemIds).toHaveLength(score.correct);
        expect(score.percent).toBeGreaterThanOrEqual(0);
        expect(score.percent).toBeLessThanOrEqual(100);
        for (const u of score.strongUnits) expect(score.weakUnits).not.toContain(u);
        expect(new Set(score.units.map((u) => u.unit)).size).toBe(score.units.length);
      }),
    );
  });

  it("never scores lower when a wrong answer is made right (monotone)", () => {
    fc.assert(
      fc.property(withAnswers, fc.nat(), ([list, chosen], pick) => {
        const answers = Object.fromEntries(list.map((item, i) => [item.id, chosen[i]]));
        const before = scoreDiagnosis(list, answers);
        const item = list[pick % list.length]!;
        const after = scoreDiagnosis(list, { ...answers, [item.id]: item.answer });
        expect(after.correct).toBeGreaterThanOrEqual(before.correct);
        expect(after.percent).toBeGreaterThanOrEqual(before.percent);
        expect(START_LEVELS.indexOf(after.startLevel)).toBeGreaterThanOrEqual(
          START_LEVELS.indexOf(before.startLevel),
        );
      }),
    );
  });

  it("ignores answers to items it was not given", () => {
    fc.assert(
      fc.property(withAnswers, fc.integer({ min: 0, max: 3 }), ([list, chosen], extra) => {
        const answers = Object.fromEntries(list.map((item, i) => [item.id, chosen[i]]));
        expect(scoreDiagnosis(list, { ...answers, "not-an-item": extra })).toEqual(
          scoreDiagnosis(list, answers),
        );
      }),
    );
  });
});

describe("diagnosisNextSteps", () => {
  it("links consultation and enrollment with the subject in the address", () => {
    expect(diagnosisNextSteps("MATH").consultation).toBe(
      `/consultation?subject=${encodeURIComponent("수학")}&from=ai_diagnosis`,
    );
    // The enrollment form with the subject preselected (issue 20).
    expect(diagnosisNextSteps("ENGLISH").enrollment).toBe(
      `/guest_enrollment?subject=${encodeURIComponent("영어")}&from=ai_diagnosis`,
    );
  });
});
