/**
 * Data access of the cycle-reviews area (issue #14): the only file that touches `cycle_reviews`.
 * `(lecture_id, cycle)` is unique: a second insert of a cycle fails with a unique violation.
 */
import { and, asc, desc, eq, isNotNull, isNull, schema, sql, type Database } from "@seoltab/db";
import {
  REVIEW_PUBLICATION_TRANSITIONS,
  assertTransition,
  type ReviewPublicationState,
} from "@seoltab/domain";

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

/**
 * Sets (`published` given) or clears (null) the publication (staff) of a review read in `from`;
 * the row, or undefined when another writer moved it first (the write is conditional on
 * `from`). Asks REVIEW_PUBLICATION_TRANSITIONS first (issue #10): publishing a PUBLISHED review
 * (or clearing an UNPUBLISHED one) throws TransitionNotAllowedError and writes nothing.
 */
export async function setPublished(
  db: Database,
  id: number,
  from: ReviewPublicationState,
  published: { at: Date; byUserId: number } | null,
): Promise<CycleReviewRow | undefined> {
  const to: ReviewPublicationState = published ? "PUBLISHED" : "UNPUBLISHED";
  assertTransition(REVIEW_PUBLICATION_TRANSITIONS, "review publication", from, to);
  const [row] = await db
    .update(r)
    .set({ publishedAt: published?.at ?? null, publishedByUserId: published?.byUserId ?? null })
    .where(
      and(eq(r.id, id), from === "PUBLISHED" ? isNotNull(r.publishedAt) : isNull(r.publishedAt)),
    )
    .returning();
  return row;
}
