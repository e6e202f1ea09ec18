/**
 * Data access of the cycle-reviews area (issue #14): the only file that touches `cycle_reviews`.
 * `(lecture_id, cycle)` is unique: a second insert of a cycle fails with a unique violation.
 */
import { and, asc, desc, eq, schema, sql, type Database } from "@seoltab/db";

const r = schema.cycleReviews;
export type CycleReviewRow = typeof schema.cycleReviews.$inferSelect;
export type NewCycleReview = Omit<
  typeof schema.cycleReviews.$inferInsert,
  "id" | "createdAt" | "publishedAt" | "publishedByUserId"
>;

/** The unique index that makes a cycle reviewed once. */
export const LECTURE_CYCLE_KEY = "cycle_reviews_lecture_cycle_key";

export async function insertReview(
  db: Database,
  values: NewCycleReview & { createdAt: Date },
): Promise<CycleReviewRow> {
  const [row] = await db.insert(r).values(values).returning();
  return row!;
}

/** The reviews of a lecture, by cycle. */
export async function findReviewsOfLecture(
  db: Database,
  lectureId: number,
): Promise<CycleReviewRow[]> {
  return db.select().from(r).where(eq(r.lectureId, lectureId)).orderBy(asc(r.cycle));
}

export async function findReviewById(
  db: Database,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<CycleReviewRow | undefined> {
  const query = db.select().from(r).where(eq(r.id, id));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row;
}

/** Reviews whose author agreed to publication, newest first, one page; with the total. */
export async function findConsentedPage(
  db: Database,
  filter: { published?: boolean },
  offset: number,
  limit: number,
): Promise<{ rows: CycleReviewRow[]; total: number }> {
  const where = and(
    eq(r.publishConsent, true),
    filter.published === undefined
      ? undefined
      : filter.published
        ? sql`${r.publishedAt} is not null`
        : sql`${r.publishedAt} is null`,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(r)
      .where(where)
      .orderBy(desc(r.createdAt), desc(r.id))
      .offset(offset)
      .limit(limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(r)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** Sets or clears the publication (staff); the row. */
export async function setPublished(
  db: Database,
  id: number,
  published: { at: Date; byUserId: number } | null,
): Promise<CycleReviewRow> {
  const [row] = await db
    .update(r)
    .set({ publishedAt: published?.at ?? null, publishedByUserId: published?.byUserId ?? null })
    .where(eq(r.id, id))
    .returning();
  return row!;
}
