/**
 * Data access of the lessons area (issue #14): the only file that touches `lessons`. State writes
 * are conditional on the state read; materialising is idempotent by (lecture, recurrence id).
 */
import {
  and,
  asc,
  count,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  min,
  ne,
  notInArray,
  schema,
  sql,
  type Database,
} from "@seoltab/db";
import { assertTransition } from "@seoltab/domain";
import {
  LESSON_TRANSITIONS,
  type LessonOccurrence,
  type LessonState,
} from "@seoltab/domain/lessons";

const l = schema.lessons;
export type LessonRow = typeof schema.lessons.$inferSelect;

/** Inserts the occurrences a lecture does not have yet; returns how many were new. */
export async function insertOccurrences(
  db: Database,
  lecture: { id: number; userId: number; tutorUserId: number | null },
  occurrences: readonly LessonOccurrence[],
): Promise<number> {
  if (occurrences.length === 0) return 0;
  const rows = await db
    .insert(l)
    .values(
      occurrences.map((o) => ({
        lectureId: lecture.id,
        userId: lecture.userId,
        tutorUserId: lecture.tutorUserId,
        recurrenceId: o.recurrenceId,
        startsAt: o.startsAt,
        endsAt: o.endsAt,
        minutes: o.minutes,
      })),
    )
    // A slot cancelled by a tutor change or a plan change and planned again (the new plan has
    // it too) comes back as the same lesson: RFC 5545 keeps one event per RECURRENCE-ID.
    .onConflictDoUpdate({
      target: [l.lectureId, l.recurrenceId],
      set: {
        state: "RESERVATION",
        tutorUserId: sql`excluded.tutor_user_id`,
        startsAt: sql`excluded.starts_at`,
        endsAt: sql`excluded.ends_at`,
        minutes: sql`excluded.minutes`,
        cancelledBy: null,
        cancelReason: null,
        cancelCause: null,
      },
      setWhere: and(eq(l.state, "CANCEL"), inArray(l.cancelCause, [...REPLANNABLE_CAUSES])),
    })
    .returning({ id: l.id });
  return rows.length;
}

/** Why a lesson was cancelled (lessons.cancel_cause). */
export type CancelCause = "LECTURE_END" | "PAUSE" | "PLAN_CHANGE" | "REMATCH";
/** Cancellations a later plan may undo for the same slot. */
const REPLANNABLE_CAUSES: readonly CancelCause[] = ["PLAN_CHANGE", "REMATCH"];

/**
 * Moves a planned lesson (RESERVATION, still starting at `expectedStartsAt`) to new times; the
 * id and recurrence id stay. The row, or undefined when another writer moved or held it first.
 */
export async function moveLessonRow(
  db: Database,
  id: number,
  expectedStartsAt: Date,
  set: { startsAt: Date; endsAt: Date; minutes: number },
): Promise<LessonRow | undefined> {
  const [row] = await db
    .update(l)
    .set(set)
    .where(and(eq(l.id, id), eq(l.state, "RESERVATION"), eq(l.startsAt, expectedStartsAt)))
    .returning();
  return row;
}

/** Cancels a lecture's planned lessons starting in [from, to); `keep` recurrence ids stay. */
export async function cancelPlanned(
  db: Database,
  lectureId: number,
  window: { from: Date; to?: Date; keep?: readonly string[] },
  cancel: { by: string; reason: string; cause: CancelCause },
): Promise<number> {
  assertTransition(LESSON_TRANSITIONS, "lesson", "RESERVATION", "CANCEL");
  const rows = await db
    .update(l)
    .set({
      state: "CANCEL",
      cancelledBy: cancel.by,
      cancelReason: cancel.reason,
      cancelCause: cancel.cause,
    })
    .where(
      and(
        eq(l.lectureId, lectureId),
        eq(l.state, "RESERVATION"),
        gte(l.startsAt, window.from),
        window.to ? lt(l.startsAt, window.to) : undefined,
        window.keep && window.keep.length > 0
          ? notInArray(l.recurrenceId, [...window.keep])
          : undefined,
      ),
    )
    .returning({ id: l.id });
  return rows.length;
}

/**
 * The lessons (not cancelled) of a tutor or a student overlapping [from, to), except one lesson:
 * what a moved lesson or a new plan must not overlap.
 */
export async function findBusy(
  db: Database,
  who: { tutorId: number } | { userId: number },
  from: Date,
  to: Date,
  exceptLessonId: number | null,
): Promise<LessonRow[]> {
  return db
    .select()
    .from(l)
    .where(
      and(
        "tutorId" in who ? eq(l.tutorUserId, who.tutorId) : eq(l.userId, who.userId),
        ne(l.state, "CANCEL"),
        lt(l.startsAt, to),
        gt(l.endsAt, from),
        exceptLessonId === null ? undefined : ne(l.id, exceptLessonId),
      ),
    )
    .orderBy(asc(l.startsAt))
    .limit(1000);
}

export async function findLessonById(
  db: Database,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<LessonRow | undefined> {
  const query = db.select().from(l).where(eq(l.id, id));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row;
}

/** Lessons of students or of a tutor between two instants, earliest first (at most 500). */
export async function findLessons(
  db: Database,
  who: { userIds: readonly number[] } | { tutorId: number },
  from: Date,
  to: Date,
): Promise<LessonRow[]> {
  const whose =
    "tutorId" in who ? eq(l.tutorUserId, who.tutorId) : inArray(l.userId, [...who.userIds]);
  if ("userIds" in who && who.userIds.length === 0) return [];
  return db
    .select()
    .from(l)
    .where(and(whose, gte(l.startsAt, from), lt(l.startsAt, to)))
    .orderBy(asc(l.startsAt), asc(l.id))
    .limit(500);
}

export async function findLessonsOfLecture(db: Database, lectureId: number): Promise<LessonRow[]> {
  return db.select().from(l).where(eq(l.lectureId, lectureId)).orderBy(asc(l.startsAt), asc(l.id));
}

/**
 * Records a held lesson when it is still in `from`; the row or undefined. Asks LESSON_TRANSITIONS
 * first: `from` → DONE not allowed throws TransitionNotAllowedError and nothing is written.
 */
export async function markHeld(
  db: Database,
  id: number,
  from: string,
  set: { heldMinutes: number; note: string | null; recordedAt: Date },
): Promise<LessonRow | undefined> {
  assertTransition(LESSON_TRANSITIONS, "lesson", from as LessonState, "DONE");
  const [row] = await db
    .update(l)
    .set({ ...set, state: "DONE" })
    .where(and(eq(l.id, id), eq(l.state, from)))
    .returning();
  return row;
}

/**
 * Cancels the lecture's planned lessons from `from` on (the lecture ended, or a tutor change).
 * Only RESERVATION lessons move (RESERVATION → CANCEL, asked of LESSON_TRANSITIONS).
 */
export async function cancelUpcoming(
  db: Database,
  lectureId: number,
  from: Date,
  by: string,
  reason: string,
  cause: CancelCause = "LECTURE_END",
): Promise<number> {
  assertTransition(LESSON_TRANSITIONS, "lesson", "RESERVATION", "CANCEL");
  const rows = await db
    .update(l)
    .set({ state: "CANCEL", cancelledBy: by, cancelReason: reason, cancelCause: cause })
    .where(and(eq(l.lectureId, lectureId), eq(l.state, "RESERVATION"), gte(l.startsAt, from)))
    .returning({ id: l.id });
  return rows.length;
}

/** lectureId → the start of its next planned lesson after `now`. */
export async function findNextLessons(
  db: Database,
  lectureIds: readonly number[],
  now: Date,
): Promise<Map<number, Date>> {
  if (lectureIds.length === 0) return new Map();
  const rows = await db
    .select({ lectureId: l.lectureId, next: min(l.startsAt) })
    .from(l)
    .where(
      and(inArray(l.lectureId, [...lectureIds]), eq(l.state, "RESERVATION"), gt(l.startsAt, now)),
    )
    .groupBy(l.lectureId);
  return new Map(rows.flatMap((r) => (r.next ? [[r.lectureId, r.next] as const] : [])));
}

/** Lessons held with 0 minutes that no staff member reviewed yet, oldest record first. */
export async function findZeroMinuteLessons(
  db: Database,
  page: number,
  pageSize: number,
): Promise<{ rows: LessonRow[]; total: number }> {
  const flagged = and(eq(l.state, "DONE"), eq(l.heldMinutes, 0), isNull(l.zeroReviewedAt));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(l)
      .where(flagged)
      .orderBy(asc(l.recordedAt), asc(l.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(l).where(flagged),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Marks a flagged 0-minute lesson reviewed (once); the row or undefined. */
export async function markZeroMinuteReviewed(
  db: Database,
  id: number,
  by: number,
  at: Date,
): Promise<LessonRow | undefined> {
  const [row] = await db
    .update(l)
    .set({ zeroReviewedAt: at, zeroReviewedByUserId: by })
    .where(and(eq(l.id, id), eq(l.state, "DONE"), eq(l.heldMinutes, 0), isNull(l.zeroReviewedAt)))
    .returning();
  return row;
}

/** Planned lessons (RESERVATION) starting in (from, to], earliest first (reminders). */
export async function findPlannedLessonsBetween(
  db: Database,
  from: Date,
  to: Date,
  limit = 2000,
): Promise<LessonRow[]> {
  return db
    .select()
    .from(l)
    .where(and(eq(l.state, "RESERVATION"), gt(l.startsAt, from), lte(l.startsAt, to)))
    .orderBy(asc(l.startsAt), asc(l.id))
    .limit(limit);
}
