/**
 * The lecture-changes area (issue #14; docs/api/lecture-changes.md; rules in
 * packages/domain/src/lecture-changes.ts): a family or a tutor asks to move one lesson, change
 * the weekly plan from a date on, change tutor, pause or stop; the other side (or staff) answers.
 *
 * Every request and answer runs under the lecture's row lock, and one RECEIVED request per lesson
 * (moves) or per lecture and kind (the rest) is held by partial unique indexes: of two concurrent
 * asks one is taken, the other answers `change_already_open`; of two answers one wins. An
 * accepted change is applied in the same transaction as the answer, by the lessons and lectures
 * areas' public faces (a moved lesson keeps its RECURRENCE-ID).
 *
 * Who may act: the student and linked parents (side FAMILY), the lecture's tutor (TUTOR), staff
 * (STAFF; a staff member asking acts for the family). Anyone else: FORBIDDEN `not_your_lecture`.
 */
import { z } from "zod";
import type { Database } from "@seoltab/db";
import {
  WEEKDAYS,
  isStaffUserType,
  type LectureState,
  type WeeklyTimeBlock,
} from "@seoltab/domain";
import {
  CHANGE_AHEAD_WEEKS,
  CHANGE_MESSAGES,
  LECTURE_CHANGE_DECISIONS,
  LECTURE_CHANGE_KINDS,
  LECTURE_CHANGE_RULES,
  LECTURE_CHANGE_STATES,
  availableKinds,
  daysInclusive,
  mayDecide,
  moveProblems,
  noticeCheck,
  pauseProblems,
  planChangeProblems,
  seoulDayStart,
  type ChangeProblem,
  type ChangeSide,
  type LectureChangeKind,
  type LectureChangeState,
} from "@seoltab/domain/lecture-changes";
import { occurrencesOf } from "@seoltab/domain/lessons";
import type { Clock } from "../../clock.ts";
import { AppError } from "../../errors.ts";
import { insertAuditLog } from "../../platform/audit.ts";
import { initiatorOf } from "../../platform/auth.ts";
import type { EventBus } from "../../platform/events.ts";
import { withTransaction } from "../../platform/transactions.ts";
import { parseInput } from "../../platform/validation.ts";
import type { AuthUser } from "../accounts/accounts.public.ts";
import {
  findLectureById,
  lectureForCaller,
  moveLecture,
  updateLecturePlan,
  type LectureRow,
} from "../lectures/lectures.public.ts";
import {
  busyAround,
  findLessonById,
  findLessonsOfLecture,
  moveLesson,
  pauseLessons,
  replanLessons,
  type LessonRow,
} from "../lessons/lessons.public.ts";
import * as repo from "./lecture-changes.repository.ts";
import type {} from "./lecture-changes.public.ts"; // DomainEvents: lesson.moved, lecture-lessons.changed

export interface LectureChangesDeps {
  db: Database;
  clock: Clock;
  events: EventBus;
}

export const CHANGE_ERRORS = {
  notFound: "변경 요청을 찾을 수 없어요.",
  lessonNotFound: "이 강의의 수업을 찾을 수 없어요.",
  notYours: "이 요청에 답할 수 있는 사람이 아니에요.",
  closed: "이미 처리된 요청이에요.",
  staffOnly: "운영팀만 볼 수 있어요.",
  kindFields: "이 변경에 필요한 값을 확인해 주세요.",
} as const;

const DAY_MS = 86_400_000;
const id = z.coerce
  .number({ error: "숫자여야 해요." })
  .int("정수여야 해요.")
  .positive("양수여야 해요.");
const block = z.strictObject({
  day: z.enum(WEEKDAYS, { error: "요일은 MON~SUN 중 하나여야 해요." }),
  start: z.string().max(5),
  end: z.string().max(5),
});
const seoulDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "날짜는 YYYY-MM-DD 로 적어 주세요.");

/** requestLectureChange input (the fields a kind needs; the others are ignored). */
export const requestInput = z.strictObject({
  lectureId: id,
  kind: z.enum(LECTURE_CHANGE_KINDS, {
    error: `kind 는 ${LECTURE_CHANGE_KINDS.join(", ")} 중 하나여야 해요.`,
  }),
  lessonId: id.nullish(),
  newStartsAt: z.iso
    .datetime({ offset: true, error: "newStartsAt 은 ISO 8601 시각이어야 해요." })
    .nullish(),
  minutes: z.number().int("분은 정수여야 해요.").nullish(),
  weeklyPlan: z.array(block).max(14, "요일·시간은 14개까지예요.").nullish(),
  effectiveFrom: seoulDate.nullish(),
  pauseFrom: seoulDate.nullish(),
  pauseUntil: seoulDate.nullish(),
  reason: z.string().trim().max(300, "이유는 300자까지 적을 수 있어요.").nullish(),
});
export type RequestLectureChangeInput = z.input<typeof requestInput>;

/** respondToLectureChange input: ACCEPT / DECLINE (the deciding side), CANCEL (who asked). */
export const respondInput = z.strictObject({
  changeId: id,
  decision: z.enum(LECTURE_CHANGE_DECISIONS, {
    error: "decision 은 ACCEPT, DECLINE, CANCEL 중 하나여야 해요.",
  }),
  note: z.string().trim().max(300, "메모는 300자까지 적을 수 있어요.").nullish(),
});

function invalid(problems: ChangeProblem[]): AppError {
  return new AppError("validation", "validation_failed", problems[0]!.message, problems);
}

/** The side `caller` acts on `lecture` as (lectureForCaller already refused strangers). */
function sideOf(caller: AuthUser, lecture: LectureRow): ChangeSide {
  if (isStaffUserType(caller.userType)) return "STAFF";
  if (lecture.tutorUserId === caller.userNo) return "TUTOR";
  return "FAMILY";
}

/** Lessons still planned, from now on, of a lecture (earliest first). */
function planned(lessons: LessonRow[], now: Date): LessonRow[] {
  return lessons.filter((l) => l.state === "RESERVATION" && l.startsAt > now);
}

function asIntervals(rows: LessonRow[]) {
  return rows.map((r) => ({ startsAt: r.startsAt, endsAt: r.endsAt }));
}

/** Busy lessons of the tutor and the student around one moved lesson. */
async function moveCheck(
  db: Database,
  lecture: LectureRow,
  lesson: LessonRow,
  newStartsAt: Date,
  minutes: number,
  side: ChangeSide,
  now: Date,
): Promise<ChangeProblem[]> {
  const window = {
    from: new Date(newStartsAt.getTime() - DAY_MS),
    to: new Date(newStartsAt.getTime() + DAY_MS),
  };
  const busy = await busyAround(db, lecture, window, lesson.id);
  return moveProblems({
    lesson: {
      id: lesson.id,
      recurrenceId: lesson.recurrenceId,
      state: lesson.state,
      minutes: lesson.minutes,
      startsAt: lesson.startsAt,
      endsAt: lesson.endsAt,
    },
    newStartsAt,
    minutes,
    side,
    tutorLessons: asIntervals(busy.tutor),
    studentLessons: asIntervals(busy.student),
    now,
  });
}

/** Overlaps of a new plan (from its date, for the horizon) with the tutor's other lectures. */
async function planCheck(
  db: Database,
  lecture: LectureRow,
  plan: WeeklyTimeBlock[],
  effectiveFrom: string,
  now: Date,
): Promise<ChangeProblem[]> {
  const problems = planChangeProblems(plan, effectiveFrom, now);
  if (problems.length > 0) return problems;
  const from = seoulDayStart(effectiveFrom);
  const next = occurrencesOf(plan, new Date(from.getTime() - 1), CHANGE_AHEAD_WEEKS);
  if (next.length === 0) return problems;
  const busy = await busyAround(
    db,
    lecture,
    { from, to: new Date(next.at(-1)!.endsAt.getTime() + 1) },
    null,
  );
  const others = (rows: LessonRow[]) => rows.filter((r) => r.lectureId !== lecture.id);
  const clash = (rows: LessonRow[]) =>
    next.some((o) => rows.some((r) => r.startsAt < o.endsAt && o.startsAt < r.endsAt));
  if (clash(others(busy.tutor))) {
    problems.push({ field: "weeklyPlan", message: CHANGE_MESSAGES.tutorBusy });
  }
  if (clash(others(busy.student))) {
    problems.push({ field: "weeklyPlan", message: CHANGE_MESSAGES.studentBusy });
  }
  return problems;
}

/** The Seoul-date pauses of a lecture, accepted or waiting, except `exceptId`. */
async function otherPauses(db: Database, lectureId: number, exceptId: number | null) {
  return (await repo.findChangesOf(db, lectureId, ["PAUSE"], ["RECEIVED", "ACCEPTED"]))
    .filter((r) => r.id !== exceptId && r.pauseFrom && r.pauseUntil)
    .map((r) => ({ from: r.pauseFrom!, until: r.pauseUntil! }));
}

/**
 * requestLectureChange: asks for a change (state RECEIVED). The family and the tutor each ask
 * what LECTURE_CHANGE_RULES lets them; a family inside its 12 h window is refused, a tutor always
 * gives a reason and inside 24 h is marked late. Fields by kind: MOVE_LESSON lessonId +
 * newStartsAt (+ minutes); CHANGE_PLAN weeklyPlan + effectiveFrom; PAUSE pauseFrom + pauseUntil;
 * CHANGE_TUTOR, STOP a reason.
 * @throws AppError forbidden not_your_lecture | change_not_allowed; validation validation_failed
 *   | notice_too_short; not_found lesson_not_found; conflict change_already_open
 */
export async function requestLectureChange(
  deps: LectureChangesDeps,
  caller: AuthUser,
  raw: unknown,
  requestId: string | null,
): Promise<repo.LectureChangeRow> {
  const input = parseInput(requestInput, raw);
  return withTransaction(deps.db, async (tx) => {
    const lecture = await lectureForCaller(tx, caller, input.lectureId, {
      tutorToo: true,
      forUpdate: true,
    });
    const now = deps.clock.now();
    const side = sideOf(caller, lecture);
    const asking: "FAMILY" | "TUTOR" = side === "TUTOR" ? "TUTOR" : "FAMILY";
    const rule = LECTURE_CHANGE_RULES[input.kind];
    if (!rule.requestedBy.includes(asking)) {
      throw new AppError("forbidden", "change_not_allowed", CHANGE_MESSAGES.notYourKind);
    }
    if (!rule.lectureStates.includes(lecture.state as LectureState)) {
      throw new AppError(
        "conflict",
        "change_not_allowed",
        input.kind === "STOP" ? CHANGE_MESSAGES.stopNotNow : CHANGE_MESSAGES.notRunning,
      );
    }
    const reason = input.reason?.trim() || null;
    if (side === "TUTOR" && !reason) {
      throw invalid([{ field: "reason", message: CHANGE_MESSAGES.tutorReason }]);
    }
    if ((input.kind === "CHANGE_TUTOR" || input.kind === "STOP") && !reason) {
      throw invalid([{ field: "reason", message: CHANGE_MESSAGES.reasonRequired }]);
    }
    const row: repo.NewLectureChange = {
      lectureId: lecture.id,
      kind: input.kind,
      state: "RECEIVED",
      requestedSide: asking,
      requestedByUserId: caller.userNo,
      reason,
      createdAt: now,
      updatedAt: now,
    };
    const lessons = await findLessonsOfLecture(tx, lecture.id);
    let firstAffected: Date | null = null;

    if (input.kind === "MOVE_LESSON") {
      if (!input.lessonId || !input.newStartsAt) {
        throw invalid([
          ...(!input.lessonId ? [{ field: "lessonId", message: CHANGE_ERRORS.kindFields }] : []),
          ...(!input.newStartsAt
            ? [{ field: "newStartsAt", message: CHANGE_ERRORS.kindFields }]
            : []),
        ]);
      }
      const lesson = lessons.find((l) => l.id === input.lessonId);
      if (!lesson) {
        throw new AppError("not_found", "lesson_not_found", CHANGE_ERRORS.lessonNotFound);
      }
      const newStartsAt = new Date(input.newStartsAt);
      const minutes = input.minutes ?? lesson.minutes;
      const problems = await moveCheck(tx, lecture, lesson, newStartsAt, minutes, side, now);
      if (problems.length > 0) throw invalid(problems);
      // The earlier of the two times is the one the notice is about.
      firstAffected = newStartsAt < lesson.startsAt ? newStartsAt : lesson.startsAt;
      Object.assign(row, {
        lessonId: lesson.id,
        lessonStartsAt: lesson.startsAt,
        proposedStartsAt: newStartsAt,
        proposedMinutes: minutes,
      });
    } else if (input.kind === "CHANGE_PLAN") {
      const plan = (input.weeklyPlan ?? []) as WeeklyTimeBlock[];
      const effectiveFrom = input.effectiveFrom ?? "";
      const problems = await planCheck(tx, lecture, plan, effectiveFrom, now);
      if (problems.length > 0) throw invalid(problems);
      const from = seoulDayStart(effectiveFrom);
      firstAffected = planned(lessons, now).find((l) => l.startsAt >= from)?.startsAt ?? from;
      Object.assign(row, { weeklyPlan: plan, effectiveFrom });
    } else if (input.kind === "PAUSE") {
      const span = { from: input.pauseFrom ?? "", until: input.pauseUntil ?? "" };
      const problems = pauseProblems(span, await otherPauses(tx, lecture.id, null), now);
      if (problems.length > 0) throw invalid(problems);
      const from = seoulDayStart(span.from);
      firstAffected = planned(lessons, now).find((l) => l.startsAt >= from)?.startsAt ?? null;
      Object.assign(row, { pauseFrom: span.from, pauseUntil: span.until });
    }

    const notice = noticeCheck(input.kind, side, firstAffected, now);
    if (!notice.ok) {
      throw new AppError("validation", "notice_too_short", notice.message, [
        { field: input.kind === "MOVE_LESSON" ? "newStartsAt" : "kind", message: notice.message },
      ]);
    }
    row.late = notice.late;
    const inserted = await repo.insertChange(tx, row);
    if (!inserted) {
      throw new AppError("conflict", "change_already_open", CHANGE_MESSAGES.alreadyOpen);
    }
    await insertAuditLog(tx, {
      kind: "EXECUTION",
      initiator: initiatorOf(caller),
      actorUserId: caller.userNo,
      action: "lecture_change_requested",
      target: `lecture_change:${inserted.id}`,
      detail: { lectureId: lecture.id, kind: input.kind, side: asking, late: notice.late },
      requestId,
    });
    return inserted;
  });
}

/**
 * respondToLectureChange: ACCEPT or DECLINE by the deciding side (the other side for moves and
 * plan changes, staff for a tutor change, pause or stop; staff may decide any), CANCEL by who
 * asked. An accepted change is applied in the same transaction (checked again against the
 * lessons as they are now).
 * @throws AppError not_found change_not_found; forbidden not_your_change; conflict change_closed
 *   | lesson_changed | transition_not_allowed; validation (the change no longer fits)
 */
export async function respondToLectureChange(
  deps: LectureChangesDeps,
  caller: AuthUser,
  raw: unknown,
  requestId: string | null,
): Promise<repo.LectureChangeRow> {
  const input = parseInput(respondInput, raw);
  return withTransaction(deps.db, async (tx) => {
    const peek = await repo.findChangeById(tx, input.changeId);
    if (!peek) throw new AppError("not_found", "change_not_found", CHANGE_ERRORS.notFound);
    // Another family's or tutor's change answers like an unknown one.
    const lecture = await lectureForCaller(tx, caller, peek.lectureId, {
      tutorToo: true,
      forUpdate: true,
    }).catch((err: unknown) => {
      if (err instanceof AppError && err.code === "not_your_lecture") {
        throw new AppError("not_found", "change_not_found", CHANGE_ERRORS.notFound);
      }
      throw err;
    });
    const change = (await repo.findChangeById(tx, input.changeId, { forUpdate: true }))!;
    if (change.state !== "RECEIVED") {
      throw new AppError("conflict", "change_closed", CHANGE_ERRORS.closed);
    }
    const side = sideOf(caller, lecture);
    const kind = change.kind as LectureChangeKind;
    if (!mayDecide(kind, change.requestedSide as ChangeSide, side, input.decision)) {
      throw new AppError("forbidden", "not_your_change", CHANGE_ERRORS.notYours);
    }
    const now = deps.clock.now();
    const to: Exclude<LectureChangeState, "RECEIVED"> =
      input.decision === "ACCEPT"
        ? "ACCEPTED"
        : input.decision === "DECLINE"
          ? "DECLINED"
          : "CANCELLED";
    if (to === "ACCEPTED") await apply(deps, tx, caller, lecture, change, side, now);
    const decided = await repo.decideChange(tx, change.id, to, {
      side,
      userId: caller.userNo,
      at: now,
      note: input.note?.trim() || null,
    });
    if (!decided) throw new AppError("conflict", "change_closed", CHANGE_ERRORS.closed);
    await insertAuditLog(tx, {
      kind: "EXECUTION",
      initiator: initiatorOf(caller),
      actorUserId: caller.userNo,
      action: "lecture_change_decided",
      target: `lecture_change:${change.id}`,
      detail: { lectureId: lecture.id, kind, before: "RECEIVED", after: to, side },
      requestId,
    });
    return decided;
  });
}

/** Applies an accepted change to the lessons and the lecture (in the answer's transaction). */
async function apply(
  deps: LectureChangesDeps,
  tx: Database,
  caller: AuthUser,
  lecture: LectureRow,
  change: repo.LectureChangeRow,
  side: ChangeSide,
  now: Date,
): Promise<void> {
  const kind = change.kind as LectureChangeKind;
  if (kind === "MOVE_LESSON") {
    const lesson = change.lessonId
      ? await findLessonById(tx, change.lessonId, { forUpdate: true })
      : undefined;
    if (!lesson || lesson.startsAt.getTime() !== change.lessonStartsAt?.getTime()) {
      throw new AppError(
        "conflict",
        "lesson_changed",
        "그사이 수업이 바뀌었어요. 다시 확인해 주세요.",
      );
    }
    const problems = await moveCheck(
      tx,
      lecture,
      lesson,
      change.proposedStartsAt!,
      change.proposedMinutes ?? lesson.minutes,
      side,
      now,
    );
    if (problems.length > 0) throw invalid(problems);
    const moved = await moveLesson(
      tx,
      lesson,
      change.proposedStartsAt!,
      change.proposedMinutes ?? lesson.minutes,
    );
    await deps.events.emit(tx, "lesson.moved", { lesson: moved, from: lesson.startsAt, at: now });
  } else if (kind === "CHANGE_PLAN") {
    const plan = (change.weeklyPlan ?? []) as WeeklyTimeBlock[];
    // Checked again with today's date and lessons; a plan that no longer fits is declined.
    const problems = await planCheck(tx, lecture, plan, change.effectiveFrom ?? "", now);
    if (problems.length > 0) throw invalid(problems);
    const from = seoulDayStart(change.effectiveFrom!);
    const updated = await updateLecturePlan(tx, lecture.id, {
      weeklyPlan: plan,
      planFrom: from,
      at: now,
    });
    await replanLessons(tx, updated!, from, "요일·시간이 바뀌었어요.");
    await deps.events.emit(tx, "lecture-lessons.changed", {
      lectureId: lecture.id,
      kind: "CHANGE_PLAN",
      at: now,
    });
  } else if (kind === "PAUSE") {
    const from = seoulDayStart(change.pauseFrom!);
    const until = new Date(seoulDayStart(change.pauseUntil!).getTime() + DAY_MS);
    const problems = pauseProblems(
      { from: change.pauseFrom!, until: change.pauseUntil! },
      await otherPauses(tx, lecture.id, change.id),
      now,
    );
    if (problems.length > 0) throw invalid(problems);
    await pauseLessons(tx, lecture, { from, to: until }, now);
    await updateLecturePlan(tx, lecture.id, {
      addPausedDays: daysInclusive(change.pauseFrom!, change.pauseUntil!),
      at: now,
    });
    await deps.events.emit(tx, "lecture-lessons.changed", {
      lectureId: lecture.id,
      kind: "PAUSE",
      at: now,
    });
  } else if (kind === "CHANGE_TUTOR") {
    await moveLecture(deps, tx, {
      lecture,
      to: change.requestedSide === "TUTOR" ? "REMATCH_B" : "REMATCH",
      at: now,
      initiator: initiatorOf(caller),
      actorUserId: caller.userNo,
      reason: change.reason ?? "선생님 변경",
    });
  }
  // STOP: accepting hands the family over to the refund flow (the refund of the lecture line
  // ends the lecture); nothing else changes here.
}

/** What a family or tutor sees of one request (GraphQL LectureChange, REST OPEN_REQUESTS). */
export interface ChangeView {
  row: repo.LectureChangeRow;
  canRespond: boolean;
  canCancel: boolean;
}

function viewFor(row: repo.LectureChangeRow, side: ChangeSide): ChangeView {
  const open = row.state === "RECEIVED";
  const kind = row.kind as LectureChangeKind;
  const requested = row.requestedSide as ChangeSide;
  return {
    row,
    canRespond: open && mayDecide(kind, requested, side, "ACCEPT"),
    canCancel: open && mayDecide(kind, requested, side, "CANCEL"),
  };
}

/** lectureChanges(lectureId): the lecture's requests, newest first. */
export async function lectureChanges(
  deps: LectureChangesDeps,
  caller: AuthUser,
  lectureId: number,
): Promise<ChangeView[]> {
  const lecture = await lectureForCaller(deps.db, caller, lectureId, { tutorToo: true });
  const side = sideOf(caller, lecture);
  return (await repo.findChangesOfLecture(deps.db, lecture.id)).map((r) => viewFor(r, side));
}

/**
 * The change form of a lecture (phoenix `GET /serverless/lectureChangeForm/student/{id}`,
 * GraphQL lectureChangeForm): the lecture, its tutor, weekly plan, upcoming lessons (4 weeks),
 * which kinds the caller may ask now and why not, and the open requests.
 */
export async function changeForm(deps: LectureChangesDeps, caller: AuthUser, lectureId: number) {
  const lecture = await lectureForCaller(deps.db, caller, lectureId, { tutorToo: true });
  const now = deps.clock.now();
  const side = sideOf(caller, lecture);
  const lessons = await findLessonsOfLecture(deps.db, lecture.id);
  const horizon = now.getTime() + CHANGE_AHEAD_WEEKS * 7 * DAY_MS;
  const upcoming = planned(lessons, now).filter((l) => l.startsAt.getTime() <= horizon);
  const changes = await repo.findChangesOfLecture(deps.db, lecture.id);
  const open = changes.filter((c) => c.state === "RECEIVED");
  const movable = upcoming.filter(
    (l) => noticeCheck("MOVE_LESSON", side, l.startsAt, now).ok,
  ).length;
  const kinds = availableKinds({
    lectureState: lecture.state as LectureState,
    side,
    openKinds: open.map((c) => c.kind as LectureChangeKind),
    movableLessons: movable,
  });
  return {
    lecture,
    side,
    upcoming,
    kinds,
    open: open.map((r) => viewFor(r, side)),
    pausedDays: lecture.pausedDays,
  };
}

/** lectureChangeQueue(state, page) (staff): requests in `state` (default RECEIVED), oldest first. */
export async function changeQueue(
  deps: LectureChangesDeps,
  caller: AuthUser,
  args: { state: string | null; page: number },
) {
  if (!isStaffUserType(caller.userType)) {
    throw new AppError("forbidden", "staff_only", CHANGE_ERRORS.staffOnly);
  }
  const state = (args.state ?? "RECEIVED") as LectureChangeState;
  if (!LECTURE_CHANGE_STATES.includes(state)) {
    throw invalid([
      { field: "state", message: `state 는 ${LECTURE_CHANGE_STATES.join(", ")} 중 하나여야 해요.` },
    ]);
  }
  if (!Number.isInteger(args.page) || args.page < 1 || args.page > 10_000) {
    throw invalid([{ field: "page", message: "page 는 1 이상의 정수여야 해요." }]);
  }
  const pageSize = 20;
  const { rows, total } = await repo.findQueuePage(deps.db, state, args.page, pageSize);
  const lectures = new Map<number, LectureRow>();
  for (const r of rows) {
    if (!lectures.has(r.lectureId)) {
      const lecture = await findLectureById(deps.db, r.lectureId);
      if (lecture) lectures.set(r.lectureId, lecture);
    }
  }
  const tutorIds = [
    ...new Set([...lectures.values()].flatMap((l) => (l.tutorUserId ? [l.tutorUserId] : []))),
  ];
  const late = await repo.countLateChanges(deps.db, tutorIds);
  return {
    items: rows.map((r) => {
      const tutorId = lectures.get(r.lectureId)?.tutorUserId ?? null;
      return { ...viewFor(r, "STAFF"), tutorLateChanges: tutorId ? (late.get(tutorId) ?? 0) : 0 };
    }),
    total,
    page: args.page,
    pageSize,
  };
}

/**
 * A lecture line was refunded (`payment-items.refunded` → the lecture is FINISH): its waiting
 * STOP request is settled as ACCEPTED (AUTO), and its other waiting requests are CANCELLED.
 */
export async function settleForEndedLecture(
  tx: Database,
  lectureId: number,
  at: Date,
): Promise<void> {
  for (const change of await repo.findChangesOf(
    tx,
    lectureId,
    [...LECTURE_CHANGE_KINDS],
    ["RECEIVED"],
  )) {
    await repo.decideChange(tx, change.id, change.kind === "STOP" ? "ACCEPTED" : "CANCELLED", {
      side: "STAFF",
      userId: null,
      at,
      note:
        change.kind === "STOP" ? "환불이 끝나 수업을 마쳤어요." : "수업이 끝나 요청이 닫혔어요.",
    });
  }
}

/**
 * A low-scored cycle review that asks for another tutor opens a CHANGE_TUTOR request for staff
 * (side FAMILY), unless one is already waiting. Returns the new request or null.
 */
export async function openTutorChangeFromReview(
  tx: Database,
  review: {
    lectureId: number;
    actorUserId: number;
    cycle: number;
    score: number;
    comment: string | null;
    at: Date;
  },
): Promise<repo.LectureChangeRow | null> {
  const lecture = await findLectureById(tx, review.lectureId);
  if (
    !lecture ||
    !LECTURE_CHANGE_RULES.CHANGE_TUTOR.lectureStates.includes(lecture.state as LectureState)
  ) {
    return null;
  }
  const reason = `수업 평가 ${review.cycle}회차 ${review.score}점: 선생님 변경을 원해요.${
    review.comment ? ` (${review.comment})` : ""
  }`.slice(0, 300);
  return repo.insertChange(tx, {
    lectureId: lecture.id,
    kind: "CHANGE_TUTOR",
    state: "RECEIVED",
    requestedSide: "FAMILY",
    requestedByUserId: review.actorUserId,
    reason,
    createdAt: review.at,
    updatedAt: review.at,
  });
}
