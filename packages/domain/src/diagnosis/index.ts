/**
 * The AI learning diagnosis (issue #20 "/ai_diagnosis and the diagnosis backend";
 * docs/api/diagnosis.md, docs/decisions/033-diagnosis.md): subjects and school levels, the
 * shape of an item bank and its zod schema, the fixed selection of a short level test, and the
 * per-unit scoring with the report's recommendation. Pure functions, no I/O.
 *
 * This file holds no item and no answer: the banks are in `@seoltab/domain/diagnosis-content`,
 * which only the api imports (the web imports this file, so answers never reach a bundle).
 */
import { z } from "zod";
import { SCHOOL_LEVELS, type SchoolLevel } from "../enums.ts";
import type { TransitionTable } from "../payments.ts";

/**
 * An attempt's life cycle (diagnosis_attempts.state; issue #10: the writer asks the table): it
 * is written STARTED and submitted once; SUBMITTED is terminal (a new test is a new attempt).
 */
export const DIAGNOSIS_ATTEMPT_STATES = ["STARTED", "SUBMITTED"] as const;
export type DiagnosisAttemptState = (typeof DIAGNOSIS_ATTEMPT_STATES)[number];

export const DIAGNOSIS_ATTEMPT_TRANSITIONS: TransitionTable<DiagnosisAttemptState> = {
  STARTED: ["SUBMITTED"],
  SUBMITTED: [],
};

/** Subjects with a diagnosis. */
export const DIAGNOSIS_SUBJECTS = ["MATH", "KOREAN", "ENGLISH"] as const;
export type DiagnosisSubject = (typeof DIAGNOSIS_SUBJECTS)[number];

/** Korean labels; these are also the consultation form's subject values (수학, 국어, 영어). */
export const DIAGNOSIS_SUBJECT_LABELS: Record<DiagnosisSubject, string> = {
  MATH: "수학",
  KOREAN: "국어",
  ENGLISH: "영어",
};

export { SCHOOL_LEVELS as DIAGNOSIS_SCHOOL_LEVELS, type SchoolLevel };

export const SCHOOL_LEVEL_LABELS: Record<SchoolLevel, string> = {
  MIDDLE: "중학생",
  HIGH: "고등학생",
};

export function isDiagnosisSubject(value: unknown): value is DiagnosisSubject {
  return typeof value === "string" && (DIAGNOSIS_SUBJECTS as readonly string[]).includes(value);
}

export function isSchoolLevelValue(value: unknown): value is SchoolLevel {
  return typeof value === "string" && (SCHOOL_LEVELS as readonly string[]).includes(value);
}

/** Items of a level test taken from each unit of the bank (the first ones in bank order). */
export const LEVEL_TEST_ITEMS_PER_UNIT = 2;
/** Every bank holds at least this many items. */
export const MIN_BANK_ITEMS = 20;
/** Suggested time for a level test, in minutes (shown, not enforced). */
export const LEVEL_TEST_MINUTES = 15;

/** One multiple-choice item: `answer` is the 0-based index of the right choice. */
export const diagnosisItemSchema = z
  .object({
    id: z.string().regex(/^(MATH|KOREAN|ENGLISH)-(M|H)-\d{2}$/),
    unit: z.string().min(2).max(40),
    /** An optional text the question is about (a poem, a paragraph). */
    passage: z.string().min(10).max(800).optional(),
    question: z.string().min(4).max(300),
    choices: z.array(z.string().min(1).max(120)).min(4).max(5),
    answer: z.number().int().min(0),
  })
  .strict()
  .refine((item) => item.answer < item.choices.length, {
    message: "answer must index one of the choices",
  })
  .refine((item) => new Set(item.choices).size === item.choices.length, {
    message: "choices must differ",
  });
export type DiagnosisItem = z.infer<typeof diagnosisItemSchema>;

/** A bank: the units in teaching order and at least MIN_BANK_ITEMS items, each in one unit. */
export const diagnosisBankSchema = z
  .object({
    subject: z.enum(DIAGNOSIS_SUBJECTS),
    schoolLevel: z.enum(SCHOOL_LEVELS),
    /** Shown as the test's title. */
    title: z.string().min(4),
    units: z.array(z.string().min(2)).min(3),
    items: z.array(diagnosisItemSchema).min(MIN_BANK_ITEMS),
  })
  .strict()
  .superRefine((bank, ctx) => {
    const ids = new Set<string>();
    const prefix = `${bank.subject}-${bank.schoolLevel === "MIDDLE" ? "M" : "H"}-`;
    for (const item of bank.items) {
      if (ids.has(item.id)) ctx.addIssue({ code: "custom", message: `duplicate id ${item.id}` });
      ids.add(item.id);
      if (!item.id.startsWith(prefix)) {
        ctx.addIssue({ code: "custom", message: `${item.id} should start with ${prefix}` });
      }
      if (!bank.units.includes(item.unit)) {
        ctx.addIssue({ code: "custom", message: `${item.id}: unknown unit ${item.unit}` });
      }
    }
    for (const unit of bank.units) {
      const n = bank.items.filter((i) => i.unit === unit).length;
      if (n < LEVEL_TEST_ITEMS_PER_UNIT) {
        ctx.addIssue({ code: "custom", message: `unit ${unit} has ${n} items` });
      }
    }
  });
export type DiagnosisBank = z.infer<typeof diagnosisBankSchema>;

/** The id of a bank's level test, e.g. `MATH-MIDDLE-1` (the suffix is the selection's version). */
export function levelTestId(subject: DiagnosisSubject, schoolLevel: SchoolLevel): string {
  return `${subject}-${schoolLevel}-1`;
}

/**
 * The level test of a bank: the first LEVEL_TEST_ITEMS_PER_UNIT items of every unit, units in
 * teaching order. Fixed, so two takers of one test answer the same items.
 */
export function levelTestItems(bank: DiagnosisBank): DiagnosisItem[] {
  return bank.units.flatMap((unit) =>
    bank.items.filter((i) => i.unit === unit).slice(0, LEVEL_TEST_ITEMS_PER_UNIT),
  );
}

/** How a unit went: STRONG at 80 % or more right, WEAK under 50 %, OK between. */
export const UNIT_STANDINGS = ["STRONG", "OK", "WEAK"] as const;
export type UnitStanding = (typeof UNIT_STANDINGS)[number];
export const UNIT_STANDING_LABELS: Record<UnitStanding, string> = {
  STRONG: "잘하는 단원",
  OK: "보통",
  WEAK: "보완할 단원",
};

/** The suggested start level, by the share of right answers overall. */
export const START_LEVELS = ["FOUNDATION", "CORE", "ADVANCED"] as const;
export type StartLevel = (typeof START_LEVELS)[number];
export const START_LEVEL_LABELS: Record<StartLevel, string> = {
  FOUNDATION: "기초 다지기",
  CORE: "현행 개념 완성",
  ADVANCED: "심화·실전",
};
export const START_LEVEL_DESCRIPTIONS: Record<StartLevel, string> = {
  FOUNDATION:
    "앞 학년 개념부터 차근차근 다시 잡고, 보완할 단원을 먼저 채운 뒤 현재 진도로 넘어가요.",
  CORE: "현재 학년 개념을 빈틈없이 정리하면서, 보완할 단원은 문제 풀이로 한 번 더 다져요.",
  ADVANCED: "개념은 잘 잡혀 있어요. 심화 문제와 실전 문제로 실력을 한 단계 끌어올려요.",
};

/** The suggested lesson type for each start level. */
export const LESSON_TYPES = ["CONCEPT", "BALANCED", "PRACTICE"] as const;
export type LessonType = (typeof LESSON_TYPES)[number];
export const LESSON_TYPE_LABELS: Record<LessonType, string> = {
  CONCEPT: "개념 중심 수업 (주 2회 권장)",
  BALANCED: "개념 + 문제 풀이 병행 수업 (주 2회 권장)",
  PRACTICE: "심화 문제 풀이 수업 (주 1~2회 권장)",
};
const LESSON_TYPE_OF: Record<StartLevel, LessonType> = {
  FOUNDATION: "CONCEPT",
  CORE: "BALANCED",
  ADVANCED: "PRACTICE",
};

/** What scoring needs of an item (the answer stays on the server). */
export interface ScoredItem {
  id: string;
  unit: string;
  answer: number;
}

/** A taker's answers: item id → chosen index, or null / missing when skipped. */
export type DiagnosisAnswers = Readonly<Record<string, number | null | undefined>>;

export interface UnitScore {
  unit: string;
  correct: number;
  total: number;
  /** Right answers in percent, rounded down (0..100). */
  percent: number;
  standing: UnitStanding;
}

/** The scored diagnosis: what the report shows. */
export interface DiagnosisScore {
  correct: number;
  total: number;
  /** 0..100, rounded down */
  percent: number;
  units: UnitScore[];
  strongUnits: string[];
  weakUnits: string[];
  startLevel: StartLevel;
  lessonType: LessonType;
  /** Item ids answered right (for the per-item list of the report). */
  correctItemIds: string[];
}

export function unitStanding(correct: number, total: number): UnitStanding {
  if (total <= 0) return "OK";
  if (correct * 100 >= total * 80) return "STRONG";
  if (correct * 100 < total * 50) return "WEAK";
  return "OK";
}

export function startLevelFor(percent: number): StartLevel {
  if (percent < 50) return "FOUNDATION";
  if (percent < 80) return "CORE";
  return "ADVANCED";
}

/**
 * Scores a taken test per unit. `units` gives the order of the report (units of `items` not
 * in it are appended in item order); a skipped item counts as wrong. Answers for items not in
 * `items` are ignored here (the api refuses them before scoring).
 */
export function scoreDiagnosis(
  items: readonly ScoredItem[],
  answers: DiagnosisAnswers,
  units: readonly string[] = [],
): DiagnosisScore {
  const order = [...units];
  for (const item of items) if (!order.includes(item.unit)) order.push(item.unit);
  const perUnit = new Map<string, { correct: number; total: number }>();
  const correctItemIds: string[] = [];
  for (const item of items) {
    const entry = perUnit.get(item.unit) ?? { correct: 0, total: 0 };
    entry.total += 1;
    const chosen = answers[item.id];
    if (typeof chosen === "number" && chosen === item.answer) {
      entry.correct += 1;
      correctItemIds.push(item.id);
    }
    perUnit.set(item.unit, entry);
  }
  const unitScores: UnitScore[] = order.flatMap((unit) => {
    const entry = perUnit.get(unit);
    if (!entry) return [];
    return [
      {
        unit,
        correct: entry.correct,
        total: entry.total,
        percent: Math.floor((entry.correct * 100) / entry.total),
        standing: unitStanding(entry.correct, entry.total),
      },
    ];
  });
  const correct = correctItemIds.length;
  const total = items.length;
  const percent = total === 0 ? 0 : Math.floor((correct * 100) / total);
  const startLevel = startLevelFor(percent);
  return {
    correct,
    total,
    percent,
    units: unitScores,
    strongUnits: unitScores.filter((u) => u.standing === "STRONG").map((u) => u.unit),
    weakUnits: unitScores.filter((u) => u.standing === "WEAK").map((u) => u.unit),
    startLevel,
    lessonType: LESSON_TYPE_OF[startLevel],
    correctItemIds,
  };
}

/**
 * The report's next step: a consultation with the subject chosen (the consultation page
 * honours `?subject=` with one of its subject values), or the enrollment form with the subject
 * preselected (/guest_enrollment honours `?subject=` with a subject the catalog sells, for
 * guests and signed-in people alike; decision 035).
 */
export function diagnosisNextSteps(subject: DiagnosisSubject): {
  consultation: string;
  enrollment: string;
} {
  const label = encodeURIComponent(DIAGNOSIS_SUBJECT_LABELS[subject]);
  return {
    consultation: `/consultation?subject=${label}&from=ai_diagnosis`,
    enrollment: `/guest_enrollment?subject=${label}&from=ai_diagnosis`,
  };
}
