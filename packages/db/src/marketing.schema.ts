/**
 * Marketing content (issue #6): reviews and FAQ served by `/marketing/graphql`.
 * Consultation requests live in consultations.schema.ts. Re-exported by schema.ts.
 */
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { cycleReviews } from "./cycle-reviews.schema.ts";

/**
 * A review shown on /seoltab_review and /review (SPEC.md §3 "review list"). Verified reviews are
 * copies of published cycle reviews (`cycle_review_id`, issue #14): the only kind written outside
 * local mode. Rows without it are the local demo's samples (`sample`), shown marked as examples.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    /** Calendar year the review belongs to (the year filter). */
    year: smallint("year").notNull(),
    /** Subject name as shown, e.g. 수학 (the subject filter). */
    subject: varchar("subject", { length: 20 }).notNull(),
    /** Who wrote it, already masked for display: "고2 김*준 학생", "중1 학부모". */
    authorLabel: varchar("author_label", { length: 40 }).notNull(),
    title: varchar("title", { length: 120 }).notNull(),
    body: text("body").notNull(),
    /** 1 to 5. */
    rating: smallint("rating").notNull(),
    published: boolean("published").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The verified cycle review this row publishes (issue #14); null for a sample. */
    cycleReviewId: bigint("cycle_review_id", { mode: "number" }).references(() => cycleReviews.id, {
      onDelete: "cascade",
    }),
    /** The exact 0..10 score of a verified review (`rating` shows it as stars). */
    score: smallint("score"),
    /** A demo example, not from a lesson of this service (local mode seeds only). */
    sample: boolean("sample").notNull().default(false),
  },
  (t) => [
    index("reviews_published_year_subject_idx").on(t.published, t.year, t.subject, t.id),
    uniqueIndex("reviews_cycle_review_key").on(t.cycleReviewId),
  ],
);

/** A frequently asked question, grouped by category (/seoltab_faq_st). */
export const faqs = pgTable(
  "faqs",
  {
    id: serial("id").primaryKey(),
    category: varchar("category", { length: 30 }).notNull(),
    question: varchar("question", { length: 200 }).notNull(),
    answer: text("answer").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    published: boolean("published").notNull().default(true),
  },
  (t) => [index("faqs_category_sort_idx").on(t.category, t.sortOrder)],
);
