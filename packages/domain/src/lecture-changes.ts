/**
 * Lecture change requests (issue #14 "lecture-changes"; DESIGN.md §9 "Times"): what a family or
 * a tutor may ask to change about a running lecture, who decides, and the rules a family can
 * read. Pure: the current time is always a parameter; wall-clock times are Asia/Seoul and
 * computed with Temporal (`temporal-polyfill` through ./lessons.ts). Imported as
 * `@seoltab/domain/lecture-changes` (it loads the calendar polyfill, like `@seoltab/domain/lessons`).
 *
 * Kinds (LECTURE_CHANGE_RULES is the one table):
 * - MOVE_LESSON: one lesson to another time. It keeps its identity (RFC 5545 RECURRENCE-ID), so
 *   moving it never duplicates the series. Decided by the other side.
 * - CHANGE_PLAN: the weekly plan from a date on ("this and future"). Decided by the other side.
 * - CHANGE_TUTOR: another tutor (lecture REMATCH, or REMATCH_B when the tutor steps down, then a
 *   TEACHER_CHANGE matching and MATCHED again; held lessons stay). Decided by staff.
 * - PAUSE: no lessons between two dates; the lecture's end moves by the days paused. At most
 *   PAUSE_LIMIT days per pause and per period. Decided by staff.
 * - STOP: the family wants to stop; handed over to the refund flow with the legal quote.
 *   Decided by staff (or settled when the lecture line is refunded).
 *
 * Notice windows by role: a family moves a lesson at least 12 h before it starts; a tutor at
 * least 24 h before and always with a reason. A tutor's later change is still taken (a tutor
 * who cannot come must say so) but is marked late and counted against the tutor.
 */
import type { LectureState } from "./enums.ts";
import type { TransitionTable } from "./payments.ts";
import { canTransition } from "./payments.ts";
import { LESSON_HORIZON_WEEKS, SEOUL, seoulWallClock } from "./lessons.ts";
import { LESSON_CURFEW, weeklyBlockProblems, type WeeklyTimeBlock } from "./tutor-applications.ts";
import { Temporal } from "temporal-polyfill";

export const LECTURE_CHANGE_KINDS = [
  "MOVE_LESSON",
  "CHANGE_PLAN",
  "CHANGE_TUTOR",
  "PAUSE",
  "STOP",
] as const;
export type LectureChangeKind = (typeof LECTURE_CHANGE_KINDS)[number];

export const LECTURE_CHANGE_KIND_LABELS: Record<LectureChangeKind, string> = {
  MOVE_LESSON: "수업 한 번 옮기기",
  CHANGE_PLAN: "요일·시간 바꾸기",
  CHANGE_TUTOR: "선생님 바꾸기",
  PAUSE: "잠시 쉬기",
  STOP: "수업 그만하기",
};

/** RECEIVED → ACCEPTED | DECLINED | CANCELLED (withdrawn by whoever asked). */
export const LECTURE_CHANGE_STATES = ["RECEIVED", "ACCEPTED", "DECLINED", "CANCELLED"] as const;
export type LectureChangeState = (typeof LECTURE_CHANGE_STATES)[number];

export const LECTURE_CHANGE_STATE_LABELS: Record<LectureChangeState, string> = {
  RECEIVED: "접수",
  ACCEPTED: "수락",
  DECLINED: "거절",
  CANCELLED: "취소",
};

export const LECTURE_CHANGE_TRANSITIONS: TransitionTable<LectureChangeState> = {
  RECEIVED: ["ACCEPTED", "DECLINED", "CANCELLED"],
  ACCEPTED: [],
  DECLINED: [],
  CANCELLED: [],
};

export function canMoveLectureChange(from: LectureChangeState, to: LectureChangeState): boolean {
  return canTransition(LECTURE_CHANGE_TRANSITIONS, from, to);
}

/** Who asks or decides: the family (student or a linked parent), the lecture's tutor, staff. */
export const CHANGE_SIDES = ["FAMILY", "TUTOR", "STAFF"] as const;
export type ChangeSide = (typeof CHANGE_SIDES)[number];

/** The answers to a request: the deciding side accepts or declines; the asking side cancels. */
export const LECTURE_CHANGE_DECISIONS = ["ACCEPT", "DECLINE", "CANCEL"] as const;
export type LectureChangeDecision = (typeof LECTURE_CHANGE_DECISIONS)[number];

export interface LectureChangeRule {
  /** Who may ask (staff may always ask for the family). */
  requestedBy: readonly ("FAMILY" | "TUTOR")[];
  /** OTHER_SIDE: the family answers the tutor and the other way round (staff may too). */
  decidedBy: "OTHER_SIDE" | "STAFF";
  /** Hours before the first affected lesson, by side; 0 = no window. */
  noticeHours: { FAMILY: number; TUTOR: number };
  /** Lecture states in which the kind may be asked. */
  lectureStates: readonly LectureState[];
}

const RUNNING: readonly LectureState[] = ["MATCHED", "ACTIVE"];

/** The one rule table (docs/api/lecture-changes.md prints it). */
export const LECTURE_CHANGE_RULES: Record<LectureChangeKind, LectureChangeRule> = {
  MOVE_LESSON: {
    requestedBy: ["FAMILY", "TUTOR"],
    decidedBy: "OTHER_SIDE",
    noticeHours: { FAMILY: 12, TUTOR: 24 },
    lectureStates: RUNNING,
  },
  CHANGE_PLAN: {
    requestedBy: ["FAMILY", "TUTOR"],
    decidedBy: "OTHER_SIDE",
    noticeHours: { FAMILY: 12, TUTOR: 24 },
    lectureStates: RUNNING,
  },
  CHANGE_TUTOR: {
    requestedBy: ["FAMILY", "TUTOR"],
    decidedBy: "STAFF",
    noticeHours: { FAMILY: 0, TUTOR: 0 },
    lectureStates: RUNNING,
  },
  PAUSE: {
    requestedBy: ["FAMILY"],
    decidedBy: "STAFF",
    noticeHours: { FAMILY: 12, TUTOR: 24 },
    lectureStates: RUNNING,
  },
  STOP: {
    requestedBy: ["FAMILY"],
    decidedBy: "STAFF",
    noticeHours: { FAMILY: 0, TUTOR: 0 },
    lectureStates: ["REGISTER", "READY", "MATCHED", "ACTIVE", "REMATCH", "REMATCH_B"],
  },
};

/** Pauses: at most `maxDays` days in one pause, and in all pauses starting within `periodDays`. */
export const PAUSE_LIMIT = { maxDays: 28, periodDays: 182 } as const;

/** How far ahead a lesson may be moved to, or a new plan may start (weeks). */
export const CHANGE_AHEAD_WEEKS = LESSON_HORIZON_WEEKS;

export const CHANGE_MESSAGES = {
  familyNotice:
    "수업 시작 12시간 전까지만 바꿀 수 있어요. 급한 일은 선생님이나 상담팀에 알려 주세요.",
  tutorReason: "선생님이 바꿀 때는 이유를 꼭 적어 주세요.",
  notRunning: "수업이 진행 중인 강의에서만 신청할 수 있어요.",
  stopNotNow: "이미 끝난 강의예요.",
  notYourKind: "이 변경은 신청할 수 없는 계정이에요.",
  lessonNotPlanned: "예정된 수업만 옮길 수 있어요.",
  lessonPast: "이미 지난 수업은 옮길 수 없어요.",
  startPast: "지금보다 뒤의 시간으로만 옮길 수 있어요.",
  tooFar: `${CHANGE_AHEAD_WEEKS}주 안의 날짜로만 바꿀 수 있어요.`,
  curfew: "수업은 밤 10시 전에 끝나야 해요.",
  tutorBusy: "선생님의 다른 수업과 겹쳐요.",
  studentBusy: "학생의 다른 수업과 겹쳐요.",
  sameTime: "지금과 같은 시간이에요.",
  minutes: "수업 시간은 30분에서 180분 사이, 10분 단위여야 해요.",
  planEmpty: "바꿀 요일과 시간을 하나 이상 골라 주세요.",
  effectiveFrom: `바뀐 시간표는 내일부터 ${CHANGE_AHEAD_WEEKS}주 안의 날짜에 시작할 수 있어요.`,
  pauseDates: "쉬는 기간은 내일 이후에 시작하고, 끝나는 날이 시작하는 날보다 앞설 수 없어요.",
  pauseTooLong: `한 번에 ${PAUSE_LIMIT.maxDays}일까지 쉴 수 있어요.`,
  pausePeriod: `${PAUSE_LIMIT.periodDays}일 동안 쉬는 날은 모두 합쳐 ${PAUSE_LIMIT.maxDays}일까지예요.`,
  reasonRequired: "이유를 적어 주세요.",
  alreadyOpen: "같은 변경 요청이 이미 접수되어 있어요. 답을 기다리거나 요청을 취소해 주세요.",
} as const;

export interface Interval {
  startsAt: Date;
  endsAt: Date;
}

/** True when two half-open intervals [start, end) overlap. */
export function overlaps(a: Interval, b: Interval): boolean {
  return a.startsAt.getTime() < b.endsAt.getTime() && b.startsAt.getTime() < a.endsAt.getTime();
}

/** Whether a lesson starting at `startsAt` for `minutes` ends after 22:00 Seoul (or the next day). */
export function endsAfterCurfew(startsAt: Date, minutes: number): boolean {
  const begins = Temporal.Instant.fromEpochMilliseconds(startsAt.getTime()).toZonedDateTimeISO(
    SEOUL,
  );
  const ends = begins.add({ minutes });
  if (Temporal.PlainDate.compare(ends.toPlainDate(), begins.toPlainDate()) !== 0) return true;
  return ends.toPlainTime().toString({ smallestUnit: "minute" }) > LESSON_CURFEW;
}

/**
 * The notice rule for a change whose first affected lesson starts at `firstAffected`:
 * `{ ok: false, message }` when the family is inside its window; `{ ok: true, late }` otherwise,
 * `late` when a tutor is inside theirs (taken, counted against the tutor).
 * Example: FAMILY, lesson in 11 h → not ok; TUTOR, lesson in 11 h → ok, late.
 */
export function noticeCheck(
  kind: LectureChangeKind,
  side: ChangeSide,
  firstAffected: Date | null,
  now: Date,
): { ok: true; late: boolean } | { ok: false; message: string } {
  if (side === "STAFF" || firstAffected === null) return { ok: true, late: false };
  const hours = LECTURE_CHANGE_RULES[kind].noticeHours[side];
  const ahead = firstAffected.getTime() - now.getTime();
  if (ahead >= hours * 3_600_000) return { ok: true, late: false };
  if (side === "FAMILY") return { ok: false, message: CHANGE_MESSAGES.familyNotice };
  return { ok: true, late: true };
}

/** A lesson as the move rules see it. */
export interface PlannedLesson extends Interval {
  id: number;
  recurrenceId: string;
  state: string;
  minutes: number;
}

export interface MoveFacts {
  lesson: PlannedLesson;
  newStartsAt: Date;
  /** Minutes of the moved lesson (default: the lesson's). */
  minutes?: number;
  side: ChangeSide;
  /** The tutor's other lessons and the student's other lessons (cancelled ones left out). */
  tutorLessons: readonly Interval[];
  studentLessons: readonly Interval[];
  now: Date;
}

export interface ChangeProblem {
  field: string;
  message: string;
}

/** Every reason a lesson cannot be moved to `newStartsAt` now (empty: it can). */
export function moveProblems(facts: MoveFacts): ChangeProblem[] {
  const { lesson, now } = facts;
  const minutes = facts.minutes ?? lesson.minutes;
  const problems: ChangeProblem[] = [];
  if (lesson.state !== "RESERVATION") {
    problems.push({ field: "lessonId", message: CHANGE_MESSAGES.lessonNotPlanned });
    return problems;
  }
  if (lesson.startsAt.getTime() <= now.getTime()) {
    problems.push({ field: "lessonId", message: CHANGE_MESSAGES.lessonPast });
    return problems;
  }
  if (!Number.isInteger(minutes) || minutes < 30 || minutes > 180 || minutes % 10 !== 0) {
    problems.push({ field: "minutes", message: CHANGE_MESSAGES.minutes });
  }
  const start = facts.newStartsAt;
  if (start.getTime() <= now.getTime()) {
    problems.push({ field: "newStartsAt", message: CHANGE_MESSAGES.startPast });
  } else if (start.getTime() > now.getTime() + CHANGE_AHEAD_WEEKS * 7 * 86_400_000) {
    problems.push({ field: "newStartsAt", message: CHANGE_MESSAGES.tooFar });
  }
  if (endsAfterCurfew(start, minutes)) {
    problems.push({ field: "newStartsAt", message: CHANGE_MESSAGES.curfew });
  }
  if (start.getTime() === lesson.startsAt.getTime() && minutes === lesson.minutes) {
    problems.push({ field: "newStartsAt", message: CHANGE_MESSAGES.sameTime });
  }
  const moved = { startsAt: start, endsAt: new Date(start.getTime() + minutes * 60_000) };
  if (facts.tutorLessons.some((other) => overlaps(moved, other))) {
    problems.push({ field: "newStartsAt", message: CHANGE_MESSAGES.tutorBusy });
  }
  if (facts.studentLessons.some((other) => overlaps(moved, other))) {
    problems.push({ field: "newStartsAt", message: CHANGE_MESSAGES.studentBusy });
  }
  return problems;
}

/**
 * The lessons after a move: the same lessons, the moved one with its new times and the same
 * id and recurrence id (RFC 5545: a moved occurrence is an override, not a new event).
 */
export function applyMove<T extends PlannedLesson>(
  lessons: readonly T[],
  lessonId: number,
  newStartsAt: Date,
  minutes?: number,
): T[] {
  return lessons.map((l) =>
    l.id === lessonId
      ? {
          ...l,
          startsAt: newStartsAt,
          endsAt: new Date(newStartsAt.getTime() + (minutes ?? l.minutes) * 60_000),
          minutes: minutes ?? l.minutes,
        }
      : l,
  );
}

/** "2026-11-24" (Asia/Seoul) of an instant. */
export function seoulDateOf(at: Date): string {
  return seoulWallClock(at).date;
}

/** The instant a Seoul date starts (00:00 KST). Example: "2026-12-01" → 2026-11-30T15:00:00Z. */
export function seoulDayStart(date: string): Date {
  const zdt = Temporal.PlainDate.from(date).toZonedDateTime({ timeZone: SEOUL });
  return new Date(zdt.epochMilliseconds);
}

/**
 * The instant of a Seoul wall clock (a form's date and time inputs).
 * Example: ("2026-12-01", "10:00") → 2026-12-01T01:00:00Z. @throws RangeError for a bad date or time
 */
export function seoulInstant(date: string, time: string): Date {
  const zdt = Temporal.PlainDateTime.from(`${date}T${time}`, {
    overflow: "reject",
  }).toZonedDateTime(SEOUL);
  return new Date(zdt.epochMilliseconds);
}

/**
 * The end of a lecture's paid period moved by the days paused (Asia/Seoul calendar days).
 * Example: 2026-12-24T19:28Z + 14 → 2027-01-07T19:28Z.
 */
export function endAfterPause(endsAt: Date, pausedDays: number): Date {
  if (pausedDays <= 0) return endsAt;
  const zdt = Temporal.Instant.fromEpochMilliseconds(endsAt.getTime())
    .toZonedDateTimeISO(SEOUL)
    .add({ days: pausedDays });
  return new Date(zdt.epochMilliseconds);
}

/** Days from `from` to `until`, both included ("2026-12-01".."2026-12-07" → 7). */
export function daysInclusive(from: string, until: string): number {
  return Temporal.PlainDate.from(from).until(Temporal.PlainDate.from(until)).total("days") + 1;
}

function isDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  try {
    return Temporal.PlainDate.from(value, { overflow: "reject" }).toString() === value;
  } catch {
    return false;
  }
}

/** Every reason a weekly plan cannot start on `effectiveFrom` (YYYY-MM-DD, Seoul) now. */
export function planChangeProblems(
  plan: readonly WeeklyTimeBlock[],
  effectiveFrom: string,
  now: Date,
): ChangeProblem[] {
  const problems: ChangeProblem[] = [];
  if (plan.length === 0) problems.push({ field: "weeklyPlan", message: CHANGE_MESSAGES.planEmpty });
  for (const message of weeklyBlockProblems(plan)) problems.push({ field: "weeklyPlan", message });
  const today = Temporal.PlainDate.from(seoulDateOf(now));
  if (
    !isDate(effectiveFrom) ||
    Temporal.PlainDate.compare(Temporal.PlainDate.from(effectiveFrom), today) <= 0 ||
    Temporal.PlainDate.compare(
      Temporal.PlainDate.from(effectiveFrom),
      today.add({ weeks: CHANGE_AHEAD_WEEKS }),
    ) > 0
  ) {
    problems.push({ field: "effectiveFrom", message: CHANGE_MESSAGES.effectiveFrom });
  }
  return problems;
}

/** A pause as the limit counts it. */
export interface PauseSpan {
  from: string;
  until: string;
}

/**
 * Every reason a pause from `from` to `until` (YYYY-MM-DD, both included, Seoul) cannot be asked
 * now: it starts tomorrow at the earliest, lasts at most PAUSE_LIMIT.maxDays, and with the other
 * pauses (accepted or waiting) that start within PAUSE_LIMIT.periodDays before its end adds up to
 * at most PAUSE_LIMIT.maxDays.
 */
export function pauseProblems(
  pause: PauseSpan,
  others: readonly PauseSpan[],
  now: Date,
): ChangeProblem[] {
  if (!isDate(pause.from) || !isDate(pause.until)) {
    return [{ field: "pauseFrom", message: CHANGE_MESSAGES.pauseDates }];
  }
  const today = Temporal.PlainDate.from(seoulDateOf(now));
  const from = Temporal.PlainDate.from(pause.from);
  const until = Temporal.PlainDate.from(pause.until);
  if (
    Temporal.PlainDate.compare(from, today) <= 0 ||
    Temporal.PlainDate.compare(until, from) < 0 ||
    Temporal.PlainDate.compare(from, today.add({ weeks: CHANGE_AHEAD_WEEKS })) > 0
  ) {
    return [{ field: "pauseFrom", message: CHANGE_MESSAGES.pauseDates }];
  }
  const days = daysInclusive(pause.from, pause.until);
  if (days > PAUSE_LIMIT.maxDays) {
    return [{ field: "pauseUntil", message: CHANGE_MESSAGES.pauseTooLong }];
  }
  const windowStart = until.subtract({ days: PAUSE_LIMIT.periodDays - 1 });
  const counted = others
    .filter(
      (o) =>
        isDate(o.from) &&
        isDate(o.until) &&
        Temporal.PlainDate.compare(Temporal.PlainDate.from(o.from), windowStart) >= 0,
    )
    .reduce((sum, o) => sum + daysInclusive(o.from, o.until), 0);
  if (counted + days > PAUSE_LIMIT.maxDays) {
    return [{ field: "pauseUntil", message: CHANGE_MESSAGES.pausePeriod }];
  }
  return [];
}

/** Whether each kind can be asked now by `side`, and why not (the change form). */
export interface KindAvailability {
  kind: LectureChangeKind;
  label: string;
  allowed: boolean;
  /** Korean, when not allowed. */
  reason: string | null;
  decidedBy: "OTHER_SIDE" | "STAFF";
}

export function availableKinds(facts: {
  lectureState: LectureState;
  side: ChangeSide;
  /** Kinds with a request waiting (RECEIVED); MOVE_LESSON is per lesson, so never blocked here. */
  openKinds: readonly LectureChangeKind[];
  /** Planned lessons still movable by the side's notice window. */
  movableLessons: number;
}): KindAvailability[] {
  return LECTURE_CHANGE_KINDS.map((kind) => {
    const rule = LECTURE_CHANGE_RULES[kind];
    let reason: string | null = null;
    if (facts.side !== "STAFF" && !rule.requestedBy.includes(facts.side)) {
      reason = CHANGE_MESSAGES.notYourKind;
    } else if (!rule.lectureStates.includes(facts.lectureState)) {
      reason = kind === "STOP" ? CHANGE_MESSAGES.stopNotNow : CHANGE_MESSAGES.notRunning;
    } else if (kind !== "MOVE_LESSON" && facts.openKinds.includes(kind)) {
      reason = CHANGE_MESSAGES.alreadyOpen;
    } else if (kind === "MOVE_LESSON" && facts.movableLessons === 0) {
      reason =
        facts.side === "FAMILY" ? CHANGE_MESSAGES.familyNotice : CHANGE_MESSAGES.lessonNotPlanned;
    }
    return {
      kind,
      label: LECTURE_CHANGE_KIND_LABELS[kind],
      allowed: reason === null,
      reason,
      decidedBy: rule.decidedBy,
    };
  });
}

/**
 * Who may answer a RECEIVED request: for OTHER_SIDE kinds the side that did not ask (and staff);
 * for STAFF kinds only staff. The asking side may only withdraw (CANCEL).
 */
export function mayDecide(
  kind: LectureChangeKind,
  requestedSide: ChangeSide,
  side: ChangeSide,
  decision: LectureChangeDecision,
): boolean {
  if (decision === "CANCEL") return side === requestedSide || side === "STAFF";
  if (side === "STAFF") return true;
  if (LECTURE_CHANGE_RULES[kind].decidedBy === "STAFF") return false;
  return side !== requestedSide && requestedSide !== "STAFF";
}
