/**
 * The diagnosis item banks (issue #20): content kept in the repository, WITH the answers. Only
 * the api imports this entry (`@seoltab/domain/diagnosis-content`); the web never does, so no
 * answer reaches a browser before a submission. Validated by content.test.ts.
 */
import {
  diagnosisBankSchema,
  levelTestId,
  levelTestItems,
  type DiagnosisBank,
  type DiagnosisItem,
  type DiagnosisSubject,
  type SchoolLevel,
} from "../index.ts";
import { ENGLISH_HIGH, ENGLISH_MIDDLE } from "./english.ts";
import { KOREAN_HIGH, KOREAN_MIDDLE } from "./korean.ts";
import { MATH_HIGH, MATH_MIDDLE } from "./math.ts";

/** Every bank: math, Korean and English, middle and high school. */
export const DIAGNOSIS_BANKS: readonly DiagnosisBank[] = [
  MATH_MIDDLE,
  MATH_HIGH,
  KOREAN_MIDDLE,
  KOREAN_HIGH,
  ENGLISH_MIDDLE,
  ENGLISH_HIGH,
];

/** A level test: a fixed selection of a bank's items covering every unit. */
export interface LevelTest {
  id: string;
  subject: DiagnosisSubject;
  schoolLevel: SchoolLevel;
  title: string;
  units: string[];
  items: DiagnosisItem[];
}

/** Every level test, by id (built once; the banks are parsed by their schema first). */
export const LEVEL_TESTS: ReadonlyMap<string, LevelTest> = new Map(
  DIAGNOSIS_BANKS.map((raw) => {
    const bank = diagnosisBankSchema.parse(raw);
    const test: LevelTest = {
      id: levelTestId(bank.subject, bank.schoolLevel),
      subject: bank.subject,
      schoolLevel: bank.schoolLevel,
      title: bank.title,
      units: bank.units,
      items: levelTestItems(bank),
    };
    return [test.id, test];
  }),
);

/** The level tests of a subject and school level (one today). */
export function levelTestsFor(subject: DiagnosisSubject, schoolLevel: SchoolLevel): LevelTest[] {
  return [...LEVEL_TESTS.values()].filter(
    (t) => t.subject === subject && t.schoolLevel === schoolLevel,
  );
}

/** Every item of every bank by id (a report lists the items of its attempt). */
export const DIAGNOSIS_ITEMS: ReadonlyMap<string, DiagnosisItem> = new Map(
  DIAGNOSIS_BANKS.flatMap((bank) => bank.items.map((item) => [item.id, item] as const)),
);
