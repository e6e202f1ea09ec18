/**
 * The lessons area (issue #14; DESIGN.md §9; docs/api/lessons.md): the occurrences of a matched
 * lecture's weekly plan, materialised LESSON_HORIZON_WEEKS ahead (when the lecture is MATCHED, and
 * by the job `lessons-materialize`), recorded by the tutor (minutes and a note for the parent; the
 * first held lesson makes the lecture ACTIVE), cancelled when the lecture ends, and the ledger.
 *
 * Who may act: the student and linked parents read their lessons; the lecture's tutor reads and
 * records theirs; staff read all. Anyone else's lesson answers like an unknown one.
 */
import type { Database } from "@seoltab/db";
import {
  FINAL_LECTURE_STATES,
  isStaffUserType,
  type LectureState,
  type WeeklyTimeBlock,
} from "@seoltab/domain";
import {
  LESSON_HORIZON_WEEKS,
  lessonLedger,
  occurrencesOf,
  recordLessonProblem,
  type LessonState,
} from "@seoltab/domain/lessons";
import type { Clock } from "../../clock.ts";
import { AppError } from "../../errors.ts";
import type { EventBus } from "../../platform/events.ts";
import { withTransaction } from "../../platform/transactions.ts";
import { insertAuditLog } from "../../platform/audit.ts";
import { requireStaff } from "../../platform/auth.ts";
import type { AuthUser } from "../accounts/accounts.public.ts";
import { findChildren, mayActFor } from "../accounts/accounts.public.ts";
import {
  findLectureById,
  findLecturesInStates,
  lectureForCaller,
  moveLecture,
  type LectureRow,
} from "../lectures/lectures.public.ts";
import * as repo from "./lessons.repository.ts";

export interface LessonsDeps {
  db: Database;
  clock: Clock;
  events: EventBus;
}

export const LESSON_MESSAGES = {
  notFound: "수업을 찾을 수 없어요.",
  range: "기간은 from 이 to 보다 앞이고, 길어도 92일이어야 해요.",
  noteTooLong: "메모는 1,000자까지 적을 수 있어요.",
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Materialises a lecture's plan from `from` for the horizon; returns how many lessons are new. */
export async function materialize(db: Database, lecture: LectureRow, from: Date): Promise<number> {
  const plan = (lecture.weeklyPlan ?? []) as WeeklyTimeBlock[];
  if (plan.length === 0 || !lecture.tutorUserId) return 0;
  // A plan changed "this and future" applies from its date on; the lessons before it are the
  // old plan's, already materialised.
  const start = lecture.planFrom && lecture.planFrom > from ? lecture.planFrom : from;
  const until = from.getTime() + LESSON_HORIZON_WEEKS * 7 * DAY_MS;
  const occurrences = occurrencesOf(plan, start, LESSON_HORIZON_WEEKS).filter(
    (o) => o.startsAt.getTime() < until,
  );
  return repo.insertOccurrences(db, lecture, occurrences);
}

/** `lecture.moved`: MATCHED → the lessons appear; a final state cancels the planned ones. */
export async function onLectureMoved(tx: Database, lecture: LectureRow, at: Date): Promise<void> {
  const state = lecture.state as LectureState;
  if (state === "MATCHED" || state === "ACTIVE") await materialize(tx, lecture, at);
  if (state === "REMATCH" || state === "REMATCH_B") {
    // A tutor change: the old tutor's planned lessons go; the slots the new plan has again come
    // back as the same lessons when the lecture is MATCHED again (cancel cause REMATCH).
    await repo.cancelUpcoming(
      tx,
      lecture.id,
      at,
      "STAFF",
      "선생님이 바뀌어 예정된 수업이 새 선생님과 다시 잡혀요.",
      "REMATCH",
    );
  }
  if (FINAL_LECTURE_STATES.includes(state)) {
    await repo.cancelUpcoming(
      tx,
      lecture.id,
      at,
      "STAFF",
      "수강이 끝나 예정된 수업이 취소되었어요.",
    );
  }
}

/** The job: keeps every MATCHED or ACTIVE lecture's lessons LESSON_HORIZON_WEEKS ahead. */
export async function materializeAll(deps: Pick<LessonsDeps, "db" | "clock">) {
  const now = deps.clock.now();
  let created = 0;
  for (const lecture of await findLecturesInStates(deps.db, ["MATCHED", "ACTIVE"])) {
    created += await materialize(deps.db, lecture, now);
  }
  return { processed: created };
}

function parseRange(from: string, to: string): { from: Date; to: Date } {
  const a = new Date(from);
  const b = new Date(to);
  if (
    Number.isNaN(a.getTime()) ||
    Number.isNaN(b.getTime()) ||
    a >= b ||
    b.getTime() - a.getTime() > 92 * DAY_MS
  ) {
    throw new AppError("validation", "validation_failed", LESSON_MESSAGES.range, [
      { field: "from", message: LESSON_MESSAGES.range },
    ]);
  }
  return { from: a, to: b };
}

/**
 * myLessons(from, to[, userId]): a tutor's lessons (workspace), or a student's — the caller, a
 * parent's children (or one child with `userId`), staff for `userId` (matching).
 * @throws AppError validation (range up to 92 days); forbidden not_your_lecture
 */
export async function myLessons(
  deps: LessonsDeps,
  caller: AuthUser,
  input: { from: string; to: string; userId?: number | null; asTutor: boolean },
): Promise<repo.LessonRow[]> {
  const range = parseRange(input.from, input.to);
  if (input.asTutor) {
    if (caller.userType !== "TEACHER") {
      throw new AppError("forbidden", "not_a_tutor", "선생님 계정으로 로그인해야 볼 수 있어요.");
    }
    return repo.findLessons(deps.db, { tutorId: caller.userNo }, range.from, range.to);
  }
  let userIds: number[];
  if (input.userId) {
    if (!(await mayActFor(deps.db, caller, input.userId))) {
      throw new AppError(
        "forbidden",
        "not_your_lecture",
        "이 학생의 수업을 볼 수 있는 권한이 없어요.",
      );
    }
    userIds = [input.userId];
  } else if (caller.userType === "PARENT") {
    userIds = (await findChildren(deps.db, caller.userNo)).map((c) => c.id);
  } else {
    userIds = [caller.userNo];
  }
  return repo.findLessons(deps.db, { userIds }, range.from, range.to);
}

/**
 * recordLesson (the lecture's tutor): marks a started lesson held with the minutes taught (0 to
 * the planned minutes; 0 is flagged to staff) and a note for the parent. The first held lesson
 * moves the lecture MATCHED → ACTIVE. Recording twice: `lesson_already_recorded`.
 * @throws AppError not_found lesson_not_found (also another tutor's); validation; conflict
 */
export async function recordLesson(
  deps: LessonsDeps,
  caller: AuthUser,
  input: { lessonId: number; minutes: number; note: string | null },
): Promise<repo.LessonRow> {
  const note = input.note?.trim() || null;
  if (note && note.length > 1000) {
    throw new AppError("validation", "validation_failed", LESSON_MESSAGES.noteTooLong, [
      { field: "note", message: LESSON_MESSAGES.noteTooLong },
    ]);
  }
  return withTransaction(deps.db, async (tx) => {
    const lesson = await repo.findLessonById(tx, input.lessonId, { forUpdate: true });
    if (!lesson || lesson.tutorUserId !== caller.userNo) {
      throw new AppError("not_found", "lesson_not_found", LESSON_MESSAGES.notFound);
    }
    const now = deps.clock.now();
    const problem = recordLessonProblem(
      { state: lesson.state as LessonState, startsAt: lesson.startsAt, minutes: lesson.minutes },
      input.minutes,
      now,
    );
    if (problem) {
      const code = lesson.state === "DONE" ? "lesson_already_recorded" : "validation_failed";
      throw new AppError(
        lesson.state === "DONE" || lesson.state === "CANCEL" ? "conflict" : "validation",
        code,
        problem,
        [{ field: "minutes", message: problem }],
      );
    }
    const held = await repo.markHeld(tx, lesson.id, lesson.state, {
      heldMinutes: input.minutes,
      note,
      recordedAt: now,
    });
    if (!held) throw new AppError("conflict", "lesson_already_recorded", "이미 기록한 수업이에요.");
    await deps.events.emit(tx, "lesson.recorded", { lesson: held, at: now });
    const lecture = await findLectureById(tx, lesson.lectureId, { forUpdate: true });
    if (lecture?.state === "MATCHED") {
      await moveLecture(deps, tx, {
        lecture,
        to: "ACTIVE",
        at: now,
        initiator: "AUTO",
        actorUserId: null,
        reason: "첫 수업을 했어요.",
      });
    }
    return held;
  });
}

/** lessonLedger(lectureId): the family, the lecture's tutor and staff. */
export async function ledgerOf(deps: LessonsDeps, caller: AuthUser, lectureId: number) {
  const lecture = await lectureForCaller(deps.db, caller, lectureId, { tutorToo: true });
  const lessons = await repo.findLessonsOfLecture(deps.db, lecture.id);
  return {
    lecture,
    lessons,
    ledger: lessonLedger(
      lessons.map((l) => ({
        state: l.state as LessonState,
        heldMinutes: l.heldMinutes,
        cancelledBy: l.cancelledBy,
      })),
    ),
    staff: isStaffUserType(caller.userType),
  };
}

// --- what lecture changes do to lessons (lessons.public.ts) -----------------------------------

/** The lessons a moved lesson or a new plan must not overlap: the tutor's and the student's. */
export async function busyAround(
  db: Database,
  lecture: Pick<LectureRow, "userId" | "tutorUserId">,
  window: { from: Date; to: Date },
  exceptLessonId: number | null,
): Promise<{ tutor: repo.LessonRow[]; student: repo.LessonRow[] }> {
  const tutor = lecture.tutorUserId
    ? await repo.findBusy(
        db,
        { tutorId: lecture.tutorUserId },
        window.from,
        window.to,
        exceptLessonId,
      )
    : [];
  const student = await repo.findBusy(
    db,
    { userId: lecture.userId },
    window.from,
    window.to,
    exceptLessonId,
  );
  return { tutor, student };
}

/**
 * Moves one planned lesson (an accepted MOVE_LESSON): new start and minutes, same id and
 * RECURRENCE-ID. @throws AppError conflict `lesson_changed` when it was moved, held or
 * cancelled meanwhile.
 */
export async function moveLesson(
  tx: Database,
  lesson: repo.LessonRow,
  startsAt: Date,
  minutes: number,
): Promise<repo.LessonRow> {
  const moved = await repo.moveLessonRow(tx, lesson.id, lesson.startsAt, {
    startsAt,
    endsAt: new Date(startsAt.getTime() + minutes * 60_000),
    minutes,
  });
  if (!moved) {
    throw new AppError(
      "conflict",
      "lesson_changed",
      "그사이 수업이 바뀌었어요. 다시 확인해 주세요.",
    );
  }
  return moved;
}

/**
 * An accepted CHANGE_PLAN: `lecture` already carries the new plan and `planFrom`. The old plan's
 * planned lessons from `planFrom` on are cancelled (cause PLAN_CHANGE) except the slots the new
 * plan keeps, and the new plan is materialised from `planFrom`. Returns the new lessons' count.
 */
export async function replanLessons(
  tx: Database,
  lecture: LectureRow,
  planFrom: Date,
  reason: string,
): Promise<number> {
  const plan = (lecture.weeklyPlan ?? []) as WeeklyTimeBlock[];
  const next = occurrencesOf(plan, planFrom, LESSON_HORIZON_WEEKS);
  await repo.cancelPlanned(
    tx,
    lecture.id,
    { from: planFrom, keep: next.map((o) => o.recurrenceId) },
    { by: "STAFF", reason, cause: "PLAN_CHANGE" },
  );
  return repo.insertOccurrences(tx, lecture, next);
}

/**
 * An accepted PAUSE: the plan's lessons up to `to` are materialised first (so a pause longer than
 * the horizon is not filled in later), then every planned lesson in [from, to) is cancelled
 * (cause PAUSE). Returns how many were cancelled.
 */
export async function pauseLessons(
  tx: Database,
  lecture: LectureRow,
  window: { from: Date; to: Date },
  now: Date,
): Promise<number> {
  const plan = (lecture.weeklyPlan ?? []) as WeeklyTimeBlock[];
  if (plan.length > 0 && lecture.tutorUserId) {
    const weeks = Math.ceil((window.to.getTime() - now.getTime()) / (7 * DAY_MS)) + 1;
    const start = lecture.planFrom && lecture.planFrom > now ? lecture.planFrom : now;
    await repo.insertOccurrences(
      tx,
      lecture,
      occurrencesOf(plan, start, weeks).filter((o) => o.startsAt < window.to),
    );
  }
  return repo.cancelPlanned(
    tx,
    lecture.id,
    { from: window.from, to: window.to },
    { by: "STAFF", reason: "쉬는 기간이라 수업이 없어요.", cause: "PAUSE" },
  );
}

// --- staff: lessons held with 0 minutes (DESIGN.md §10 work queues) ---------------------------

/**
 * zeroMinuteLessons(page) (staff): lessons a tutor recorded with 0 minutes and nobody reviewed,
 * oldest first, 20 a page. @throws AppError forbidden staff_only; validation (page)
 */
export async function zeroMinuteQueue(deps: LessonsDeps, caller: AuthUser, page: number) {
  requireStaffCaller(caller);
  if (!Number.isInteger(page) || page < 1 || page > 10_000) {
    throw new AppError("validation", "validation_failed", "page 는 1 이상의 정수여야 해요.", [
      { field: "page", message: "1 이상의 정수여야 해요." },
    ]);
  }
  const pageSize = 20;
  const { rows, total } = await repo.findZeroMinuteLessons(deps.db, page, pageSize);
  return { rows, total, page, pageSize };
}

/**
 * reviewZeroMinuteLesson(lessonId) (staff): takes a 0-minute lesson off the queue, once, with an
 * audit entry. @throws AppError forbidden staff_only; not_found lesson_not_found (not flagged, or
 * already reviewed)
 */
export async function reviewZeroMinuteLesson(
  deps: LessonsDeps,
  caller: AuthUser,
  lessonId: number,
  requestId: string | null,
): Promise<repo.LessonRow> {
  const initiator = requireStaffCaller(caller);
  return withTransaction(deps.db, async (tx) => {
    const row = await repo.markZeroMinuteReviewed(tx, lessonId, caller.userNo, deps.clock.now());
    if (!row) {
      throw new AppError("not_found", "lesson_not_found", "확인할 0분 수업이 아니에요.");
    }
    await insertAuditLog(tx, {
      kind: "EXECUTION",
      initiator,
      actorUserId: caller.userNo,
      action: "zero_minute_lesson_reviewed",
      target: `lesson:${row.id}`,
      detail: { lectureId: row.lectureId, tutorUserId: row.tutorUserId },
      requestId,
    });
    return row;
  });
}

function requireStaffCaller(caller: AuthUser) {
  return requireStaff(caller, { code: "staff_only", message: "운영팀만 볼 수 있어요." });
}
