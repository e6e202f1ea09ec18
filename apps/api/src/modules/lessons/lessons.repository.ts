/**
 * Data access of the lessons area (issue #14): the only file that touches `lessons`. State writes
 * are conditional on the state read; materialising is idempotent by (lecture, recurrence id).
 */
import { and, asc, eq, gt, gte, inArray, lt, min, schema, type Database } from "@seoltab/db";
import type { LessonOccurrence } from "@seoltab/domain/lessons";

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
    .onConflictDoNothing({ target: [l.lectureId, l.recurrenceId] })
    .returning({ id: l.id });
  return rows.length;
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

/** Records a held lesson when it is still in `from`; the row or undefined. */
export async function markHeld(
  db: Database,
  id: number,
  from: string,
  set: { heldMinutes: number; note: string | null; recordedAt: Date },
): Promise<LessonRow | undefined> {
  const [row] = await db
    .update(l)
    .set({ ...set, state: "DONE" })
    .where(and(eq(l.id, id), eq(l.state, from)))
    .returning();
  return row;
}

/** Cancels the lecture's planned lessons from `from` on (the lecture ended). */
export async function cancelUpcoming(
  db: Database,
  lectureId: number,
  from: Date,
  by: string,
  reason: string,
): Promise<number> {
  const rows = await db
    .update(l)
    .set({ state: "CANCEL", cancelledBy: by, cancelReason: reason })
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
