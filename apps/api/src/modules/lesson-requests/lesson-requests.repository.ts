/**
 * Data access of the lesson-requests area (issue #13): `lesson_requests` and their files. A
 * state write asks packages/domain LESSON_REQUEST_TRANSITIONS first (issue #10) and is
 * conditional on the state read.
 */
import { and, asc, eq, inArray, schema, type Database } from "@seoltab/db";
import {
  LESSON_REQUEST_TRANSITIONS,
  assertTransition,
  type LessonRequestState,
} from "@seoltab/domain";

const r = schema.lessonRequests;
export type LessonRequestRow = typeof schema.lessonRequests.$inferSelect;

export async function findRequestByLecture(
  db: Database,
  lectureId: number,
  options: { forUpdate?: boolean } = {},
): Promise<LessonRequestRow | undefined> {
  const query = db.select().from(r).where(eq(r.lectureId, lectureId));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row;
}

export async function findRequestById(
  db: Database,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<LessonRequestRow | undefined> {
  const query = db.select().from(r).where(eq(r.id, id));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row;
}

/** The request of a lecture, created as a DRAFT with `form` when missing. */
export async function ensureRequest(
  db: Database,
  lectureId: number,
  form: Record<string, unknown>,
  at: Date,
): Promise<LessonRequestRow> {
  await db
    .insert(r)
    .values({ lectureId, form, createdAt: at, updatedAt: at })
    .onConflictDoNothing({ target: r.lectureId });
  return (await findRequestByLecture(db, lectureId, { forUpdate: true }))!;
}

/**
 * Writes a request moving from `change.from` (the state read) to `change.to` with `set`, when it
 * is still in `from`; the row, or undefined when another writer moved it first. Asks
 * LESSON_REQUEST_TRANSITIONS first: a move it refuses (e.g. SUBMITTED → DRAFT) throws
 * TransitionNotAllowedError and nothing is written.
 */
export async function moveRequest(
  db: Database,
  id: number,
  change: { from: LessonRequestState; to: LessonRequestState },
  set: Omit<Partial<typeof r.$inferInsert>, "state" | "id" | "lectureId">,
): Promise<LessonRequestRow | undefined> {
  assertTransition(LESSON_REQUEST_TRANSITIONS, "lesson request", change.from, change.to);
  const [row] = await db
    .update(r)
    .set({ ...set, state: change.to })
    .where(and(eq(r.id, id), eq(r.state, change.from)))
    .returning();
  return row;
}

/** lectureId → request state, for LECTURE_INFO. */
export async function findRequestStates(
  db: Database,
  lectureIds: readonly number[],
): Promise<Map<number, string>> {
  if (lectureIds.length === 0) return new Map();
  const rows = await db
    .select({ lectureId: r.lectureId, state: r.state })
    .from(r)
    .where(inArray(r.lectureId, [...lectureIds]));
  return new Map(rows.map((row) => [row.lectureId, row.state]));
}

export type RequestFileRow = typeof schema.lessonRequestFiles.$inferSelect;

export async function insertRequestFile(
  db: Database,
  row: typeof schema.lessonRequestFiles.$inferInsert,
): Promise<RequestFileRow> {
  const [inserted] = await db.insert(schema.lessonRequestFiles).values(row).returning();
  return inserted!;
}

export async function findRequestFiles(db: Database, requestId: number): Promise<RequestFileRow[]> {
  const f = schema.lessonRequestFiles;
  return db
    .select()
    .from(f)
    .where(eq(f.lessonRequestId, requestId))
    .orderBy(asc(f.createdAt), asc(f.id));
}

export async function findRequestFile(
  db: Database,
  id: number,
): Promise<RequestFileRow | undefined> {
  const f = schema.lessonRequestFiles;
  const [row] = await db.select().from(f).where(eq(f.id, id));
  return row;
}
