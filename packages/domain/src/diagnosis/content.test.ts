import { describe, expect, it } from "vitest";
import {
  DIAGNOSIS_SUBJECTS,
  LEVEL_TEST_ITEMS_PER_UNIT,
  MIN_BANK_ITEMS,
  SCHOOL_LEVEL_LABELS,
  diagnosisBankSchema,
  levelTestId,
  scoreDiagnosis,
} from "./index.ts";
import { DIAGNOSIS_BANKS, DIAGNOSIS_ITEMS, LEVEL_TESTS, levelTestsFor } from "./content/index.ts";

describe("diagnosis content", () => {
  it("has one bank per subject and school level, each valid by its schema", () => {
    const keys = DIAGNOSIS_BANKS.map((b) => `${b.subject}-${b.schoolLevel}`).sort();
    const expected = DIAGNOSIS_SUBJECTS.flatMap((s) =>
      Object.keys(SCHOOL_LEVEL_LABELS).map((l) => `${s}-${l}`),
    ).sort();
    expect(keys).toEqual(expected);
    for (const bank of DIAGNOSIS_BANKS) {
      const parsed = diagnosisBankSchema.safeParse(bank);
      expect(parsed.success, `${bank.subject}-${bank.schoolLevel}: ${parsed.error?.message}`).toBe(
        true,
      );
      expect(bank.items.length).toBeGreaterThanOrEqual(MIN_BANK_ITEMS);
      for (const unit of bank.units) {
        expect(bank.items.some((i) => i.unit === unit)).toBe(true);
      }
    }
  });

  it("gives every item a unique id across banks", () => {
    const total = DIAGNOSIS_BANKS.reduce((n, b) => n + b.items.length, 0);
    expect(DIAGNOSIS_ITEMS.size).toBe(total);
  });

  it("does not always put the right answer at the same place", () => {
    for (const bank of DIAGNOSIS_BANKS) {
      const places = new Set(bank.items.map((i) => i.answer));
      expect(places.size, bank.title).toBeGreaterThanOrEqual(3);
    }
  });

  it("refuses a bank with a wrong answer index, an unknown unit or too few items", () => {
    const bank = DIAGNOSIS_BANKS[0]!;
    const first = bank.items[0]!;
    const broken = [
      { ...bank, items: [{ ...first, answer: 9 }, ...bank.items.slice(1)] },
      { ...bank, items: [{ ...first, unit: "없는 단원" }, ...bank.items.slice(1)] },
      { ...bank, items: bank.items.slice(0, MIN_BANK_ITEMS - 1) },
      { ...bank, items: [{ ...first, choices: ["a", "a", "b", "c"] }, ...bank.items.slice(1)] },
      { ...bank, items: [...bank.items, { ...first }] },
    ];
    for (const b of broken) expect(diagnosisBankSchema.safeParse(b).success).toBe(false);
  });

  it("builds a fixed level test per bank covering every unit", () => {
    expect(LEVEL_TESTS.size).toBe(DIAGNOSIS_BANKS.length);
    for (const bank of DIAGNOSIS_BANKS) {
      const [test] = levelTestsFor(bank.subject, bank.schoolLevel);
      expect(test?.id).toBe(levelTestId(bank.subject, bank.schoolLevel));
      expect(test!.items).toHaveLength(bank.units.length * LEVEL_TEST_ITEMS_PER_UNIT);
      expect(new Set(test!.items.map((i) => i.unit))).toEqual(new Set(bank.units));
      // All right: every unit strong.
      const right = Object.fromEntries(test!.items.map((i) => [i.id, i.answer]));
      const score = scoreDiagnosis(test!.items, right, test!.units);
      expect(score.weakUnits).toEqual([]);
      expect(score.strongUnits).toEqual(bank.units);
    }
  });
});
