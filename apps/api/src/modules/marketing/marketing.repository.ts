/** Marketing content data access: only this file touches the ORM for reviews and FAQ. */
import { and, asc, desc, eq, schema, sql, type Database } from "@seoltab/db";

export interface ReviewFilter {
  year?: number;
  subject?: string;
}

function reviewWhere(filter: ReviewFilter) {
  const r = schema.reviews;
  return and(
    eq(r.published, true),
    filter.year === undefined ? undefined : eq(r.year, filter.year),
    filter.subject === undefined ? undefined : eq(r.subject, filter.subject),
  );
}

/** Published reviews matching the filter, newest first, one page (offset = (page-1) x size). */
export async function findReviewsPage(
  db: Database,
  filter: ReviewFilter,
  offset: number,
  limit: number,
) {
  const r = schema.reviews;
  return db
    .select({
      id: r.id,
      year: r.year,
      subject: r.subject,
      authorLabel: r.authorLabel,
      title: r.title,
      body: r.body,
      rating: r.rating,
      score: r.score,
      verified: sql<boolean>`${r.cycleReviewId} is not null`,
      createdAt: r.createdAt,
    })
    .from(r)
    .where(reviewWhere(filter))
    .orderBy(desc(r.createdAt), desc(r.id))
    .offset(offset)
    .limit(limit);
}

/** How many published reviews match the filter. */
export async function countReviews(db: Database, filter: ReviewFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(schema.reviews)
    .where(reviewWhere(filter));
  return row?.n ?? 0;
}

/** The years and subjects that have published reviews, for the filter controls. */
export async function findReviewFacets(db: Database) {
  const r = schema.reviews;
  const years = await db
    .selectDistinct({ year: r.year })
    .from(r)
    .where(eq(r.published, true))
    .orderBy(desc(r.year));
  const subjects = await db
    .selectDistinct({ subject: r.subject })
    .from(r)
    .where(eq(r.published, true))
    .orderBy(asc(r.subject));
  return { years: years.map((y) => y.year), subjects: subjects.map((s) => s.subject) };
}

/** Published FAQ entries, optionally of one category, in insertion (id) order. */
export async function findFaqs(db: Database, category?: string) {
  const f = schema.faqs;
  return db
    .select({
      id: f.id,
      category: f.category,
      question: f.question,
      answer: f.answer,
      sortOrder: f.sortOrder,
    })
    .from(f)
    .where(
      and(eq(f.published, true), category === undefined ? undefined : eq(f.category, category)),
    )
    .orderBy(asc(f.id));
}

/** A published cycle review as a verified review (issue #14); replaces the earlier copy. */
export async function upsertVerifiedReview(
  db: Database,
  cycleReviewId: number,
  review: {
    year: number;
    subject: string;
    authorLabel: string;
    title: string;
    body: string;
    score: number;
    rating: number;
    createdAt: Date;
  },
): Promise<void> {
  const values = {
    year: review.year,
    subject: review.subject,
    authorLabel: review.authorLabel.slice(0, 40),
    title: review.title.slice(0, 120),
    body: review.body,
    rating: review.rating,
    score: review.score,
    createdAt: review.createdAt,
    published: true,
    sample: false,
  };
  await db
    .insert(schema.reviews)
    .values({ ...values, cycleReviewId })
    .onConflictDoUpdate({ target: schema.reviews.cycleReviewId, set: values });
}

/** Removes the verified copy of a cycle review (unpublished). */
export async function deleteVerifiedReview(db: Database, cycleReviewId: number): Promise<void> {
  await db.delete(schema.reviews).where(eq(schema.reviews.cycleReviewId, cycleReviewId));
}
