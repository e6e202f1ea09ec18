/**
 * Korean labels and small helpers of the family-account pages (issue 15).
 */
import { GRADE_OPTIONS } from "@seoltab/domain";
import {
  GRADES_OF_LEVEL,
  UNLINK_BLOCKER_MESSAGES,
  type SchoolLevel,
  type UnlinkBlocker,
} from "@seoltab/domain/family-accounts";
import { restErrorText } from "../../lib/rest-errors";

export const SCHOOL_LEVEL_LABELS: Record<SchoolLevel, string> = {
  MIDDLE: "중학교",
  HIGH: "고등학교",
};

/** The grade options of a school level, with their Korean labels. */
export function gradeOptions(level: SchoolLevel) {
  return GRADE_OPTIONS.filter((o) => GRADES_OF_LEVEL[level].includes(o.value));
}

/** 중학교 3학년, or "" without a grade. */
export function gradeLabel(grade: string | null): string {
  return GRADE_OPTIONS.find((o) => o.value === grade)?.label ?? "";
}

/** Why a child cannot be unlinked now, in Korean. */
export function blockerText(blockers: readonly string[]): string {
  return blockers.map((b) => UNLINK_BLOCKER_MESSAGES[b as UnlinkBlocker] ?? b).join(" ");
}

/**
 * The message of a failed call of these pages: the web's one REST error sentence
 * (lib/rest-errors.ts — the first invalid field, the server's Korean text, a 5xx / English text
 * as the generic sentence, or the network one).
 */
export const errorText: (error: unknown) => string = restErrorText;

/** Today in Asia/Seoul as YYYY-MM-DD (the date input's max). */
export function seoulToday(now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Seoul" }).format(now);
}
