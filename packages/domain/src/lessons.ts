/**
 * Lessons (issue #14; DESIGN.md §9 "Times", "Lesson ledger"): the occurrences of a lecture's
 * weekly plan, their states, and the ledger. Wall-clock times are computed with Temporal
 * (`temporal-polyfill` on Node 20), never with bare Date arithmetic; the current time is always a
 * parameter. Imported as `@seoltab/domain/lessons` (not from the package index, so pages that do
 * not need the calendar never load the polyfill).
 *
 * A lesson keeps its identity by `recurrenceId`: the plan slot's original start (ISO instant), as
 * RFC 5545 RECURRENCE-ID does, so materialising the plan again never duplicates a lesson and a
 * moved lesson stays the same lesson.
 */
import { Temporal } from "temporal-polyfill";
import type { TransitionTable } from "./payments.ts";
import { LESSON_CURFEW, WEEKDAYS, type WeeklyTimeBlock } from "./tutor-applications.ts";

export const SEOUL = "Asia/Seoul";

/** RESERVATION (planned) → TUTORING (started) → DONE (held, minutes recorded) | CANCEL. */
export const LESSON_STATES = ["RESERVATION", "TUTORING", "DONE", "CANCEL"] as const;
export type LessonState = (typeof LESSON_STATES)[number];

export const LESSON_TRANSITIONS: TransitionTable<LessonState> = {
  RESERVATION: ["TUTORING", "DONE", "CANCEL"],
  TUTORING: ["DONE", "CANCEL"],
  DONE: [],
  CANCEL: [],
};

export const LESSON_STATE_LABELS: Record<LessonState, string> = {
  RESERVATION: "예정",
  TUTORING: "수업 중",
  DONE: "완료",
  CANCEL: "취소",
};

/** Weeks of lessons kept materialised ahead. */
export const LESSON_HORIZON_WEEKS = 4;
/** SPEC.md §3 default: twice a week, 60 minutes, 8 lessons per 4 weeks. */
export const DEFAULT_LESSONS_PER_WEEK = 2;
export const DEFAULT_LESSON_MINUTES = 60;
export const LESSONS_PER_CYCLE = 8;

/** One planned occurrence. */
export interface LessonOccurrence {
  /** The slot's original start: the lesson's identity (RFC 5545 RECURRENCE-ID). */
  recurrenceId: string;
  startsAt: Date;
  endsAt: Date;
  minutes: number;
}

const dayIndex = (day: WeeklyTimeBlock["day"]) => WEEKDAYS.indexOf(day) + 1; // ISO: Monday = 1

function toDate(zdt: Temporal.ZonedDateTime): Date {
  return new Date(zdt.epochMilliseconds);
}

/**
 * The occurrences of `plan` (weekday + start–end, Asia/Seoul) that start after `from` and before
 * `from + weeks`, earliest first. Each block ends by 22:00 (blocks past it are skipped).
 * Example: MON 18:00–19:30 from Tue 2026-11-24 for 1 week → Mon 2026-11-30 18:00 KST.
 */
export function occurrencesOf(
  plan: readonly WeeklyTimeBlock[],
  from: Date,
  weeks = LESSON_HORIZON_WEEKS,
): LessonOccurrence[] {
  const start = Temporal.Instant.fromEpochMilliseconds(from.getTime()).toZonedDateTimeISO(SEOUL);
  const until = start.add({ weeks });
  const firstDay = start.toPlainDate();
  const out: LessonOccurrence[] = [];
  for (let offset = 0; offset <= weeks * 7; offset += 1) {
    const date = firstDay.add({ days: offset });
    for (const block of plan) {
      if (dayIndex(block.day) !== date.dayOfWeek) continue;
      if (block.end > LESSON_CURFEW || block.start >= block.end) continue;
      const begins = date.toZonedDateTime({
        timeZone: SEOUL,
        plainTime: Temporal.PlainTime.from(block.start),
      });
      const ends = date.toZonedDateTime({
        timeZone: SEOUL,
        plainTime: Temporal.PlainTime.from(block.end),
      });
      if (Temporal.ZonedDateTime.compare(begins, start) <= 0) continue;
      if (Temporal.ZonedDateTime.compare(begins, until) >= 0) continue;
      const recurrenceId = begins.toInstant().toString();
      if (out.some((o) => o.recurrenceId === recurrenceId)) continue; // one lesson per slot start
      out.push({
        recurrenceId,
        startsAt: toDate(begins),
        endsAt: toDate(ends),
        minutes: begins.until(ends).total({ unit: "minutes" }),
      });
    }
  }
  return out.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/** The Asia/Seoul wall clock of an instant: { date: "2026-11-30", time: "18:00", weekday: "MON" }. */
export function seoulWallClock(at: Date): {
  date: string;
  time: string;
  weekday: WeeklyTimeBlock["day"];
} {
  const zdt = Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(SEOUL);
  return {
    date: zdt.toPlainDate().toString(),
    time: zdt.toPlainTime().toString({ smallestUnit: "minute" }),
    weekday: WEEKDAYS[zdt.dayOfWeek - 1]!,
  };
}

/** Why a lesson cannot be recorded as held now (Korean), or null when it can. */
export function recordLessonProblem(
  lesson: { state: LessonState; startsAt: Date; minutes: number },
  heldMinutes: number,
  now: Date,
): string | null {
  if (lesson.state === "DONE") return "이미 기록한 수업이에요.";
  if (lesson.state === "CANCEL") return "취소된 수업은 기록할 수 없어요.";
  if (lesson.startsAt.getTime() > now.getTime()) return "아직 시작하지 않은 수업이에요.";
  if (!Number.isInteger(heldMinutes) || heldMinutes < 0)
    return "수업한 시간(분)을 0 이상의 정수로 적어 주세요.";
  if (heldMinutes > lesson.minutes)
    return `수업 시간(${lesson.minutes}분)보다 길게 기록할 수 없어요.`;
  return null;
}

/** The lesson ledger of a lecture (DESIGN.md §9): what was held, cancelled and remains. */
export interface LessonLedger {
  held: number;
  heldMinutes: number;
  cancelled: number;
  cancelledByTutor: number;
  upcoming: number;
  /** Lessons held with 0 minutes (flagged to staff). */
  zeroMinute: number;
}

export function lessonLedger(
  lessons: readonly {
    state: LessonState;
    heldMinutes: number | null;
    cancelledBy: string | null;
  }[],
): LessonLedger {
  const ledger: LessonLedger = {
    held: 0,
    heldMinutes: 0,
    cancelled: 0,
    cancelledByTutor: 0,
    upcoming: 0,
    zeroMinute: 0,
  };
  for (const l of lessons) {
    if (l.state === "DONE") {
      ledger.held += 1;
      ledger.heldMinutes += l.heldMinutes ?? 0;
      if ((l.heldMinutes ?? 0) === 0) ledger.zeroMinute += 1;
    } else if (l.state === "CANCEL") {
      ledger.cancelled += 1;
      if (l.cancelledBy === "TEACHER") ledger.cancelledByTutor += 1;
    } else {
      ledger.upcoming += 1;
    }
  }
  return ledger;
}
