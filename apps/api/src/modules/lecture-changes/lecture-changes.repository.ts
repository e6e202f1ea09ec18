/**
 * Data access of the lecture-changes area (issue #14): the only file that touches
 * `lecture_changes`. State writes are conditional on RECEIVED, so of two answers one wins.
 */
import { and, asc, count, desc, eq, inArray, schema, type Database } from "@seoltab/db";
import { assertTransition } from "@seoltab/domain";
import {
  LECTURE_CHANGE_TRANSITIONS,
  type LectureChangeKind,
  type LectureChangeState,
} from "@seoltab/domain/lecture-changes";
import { inSavepoint, isUniqueViolation } from "../../platform/transactions.ts";

const c = schema.lectureChanges;
export type LectureChangeRow = typeof schema.lectureChanges.$inferSelect;
export type NewLectureChange = typeof schema.lectureChanges.$inferInsert;

/** Inserts a RECEIVED request (in a savepoint, so a duplicate leaves `db` usable). */
export async function insertChange(
  db: Database,
  row: NewLectureChange,
): Promise<LectureChangeRow | null> {
  try {
    return await inSavepoint(db, async (sp) => {
      const [inserted] = await sp.insert(c).values(row).returning();
      return inserted!;
    });
  } catch (err) {
    // Another RECEIVED request holds the same lesson or kind.
    if (isUniqueViolation(err)) return null;
    throw err;
  }
}

export async function findChangeById(
  db: Database,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<LectureChangeRow | undefined> {
  const query = db.select().from(c).where(eq(c.id, id));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row;
}

/** A lecture's requests, newest first (at most 200). */
export async function findChangesOfLecture(
  db: Database,
  lectureId: number,
): Promise<LectureChangeRow[]> {
  return db
    .select()
    .from(c)
    .where(eq(c.lectureId, lectureId))
    .orderBy(desc(c.createdAt), desc(c.id))
    .limit(200);
}

/** A lecture's requests of some kinds in some states. */
export async function findChangesOf(
  db: Database,
  lectureId: number,
  kinds: readonly LectureChangeKind[],
  states: readonly LectureChangeState[],
): Promise<LectureChangeRow[]> {
  return db
    .select()
    .from(c)
    .where(
      and(eq(c.lectureId, lectureId), inArray(c.kind, [...kinds]), inArray(c.state, [...states])),
    )
    .orderBy(asc(c.createdAt));
}

/**
 * Moves a request out of RECEIVED; the row, or undefined when another answer came first. Asks
 * LECTURE_CHANGE_TRANSITIONS first (RECEIVED → `to` refused: TransitionNotAllowedError, nothing
 * written; issue #10).
 */
export async function decideChange(
  db: Database,
  id: number,
  to: Exclude<LectureChangeState, "RECEIVED">,
  decision: { side: string; userId: number | null; at: Date; note: string | null },
): Promise<LectureChangeRow | undefined> {
  assertTransition(LECTURE_CHANGE_TRANSITIONS, "lecture change", "RECEIVED", to);
  const [row] = await db
    .update(c)
    .set({
      state: to,
      decidedSide: decision.side,
      decidedByUserId: decision.userId,
      decidedAt: decision.at,
      decisionNote: decision.note,
      updatedAt: decision.at,
    })
    .where(and(eq(c.id, id), eq(c.state, "RECEIVED")))
    .returning();
  return row;
}

/** A page of the staff queue: requests in `state`, oldest first (staff-decided kinds first). */
export async function findQueuePage(
  db: Database,
  state: LectureChangeState,
  page: number,
  pageSize: number,
): Promise<{ rows: LectureChangeRow[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(c)
      .where(eq(c.state, state))
      .orderBy(asc(c.createdAt), asc(c.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(c).where(eq(c.state, state)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** How many late changes each tutor asked for (counted against the tutor). */
export async function countLateChanges(
  db: Database,
  tutorIds: readonly number[],
): Promise<Map<number, number>> {
  if (tutorIds.length === 0) return new Map();
  const rows = await db
    .select({ tutorId: c.requestedByUserId, n: count() })
    .from(c)
    .where(
      and(
        inArray(c.requestedByUserId, [...tutorIds]),
        eq(c.requestedSide, "TUTOR"),
        eq(c.late, true),
      ),
    )
    .groupBy(c.requestedByUserId);
  return new Map(rows.flatMap((r) => (r.tutorId === null ? [] : [[r.tutorId, r.n] as const])));
}
