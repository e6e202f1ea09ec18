/**
 * Data access of the lesson-requests area (issue #13): `lesson_requests` and their files.
 */
import { asc, eq, inArray, schema, type Database } from "@seoltab/db";

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

export async function updateRequest(
  db: Database,
  id: number,
  set: Partial<typeof r.$inferInsert>,
): Promise<LessonRequestRow> {
  const [row] = await db.update(r).set(set).where(eq(r.id, id)).returning();
  return row!;
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
