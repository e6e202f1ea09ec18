/**
 * Per-cycle reviews (issue #14; docs/api/cycle-reviews.md): after every 4 held lessons the
 * student or a linked parent rates the lecture's tutor 0..10. Re-exported by schema.ts.
 * `(lecture_id, cycle)` is unique, so a cycle is reviewed once even under concurrent submits.
 * Published ones (consent given, published by staff) are copied to marketing `reviews` with
 * `cycle_review_id` set (marketing.schema.ts).
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { users } from "./core.schema.ts";
import { lectures } from "./lectures.schema.ts";

export const cycleReviews = pgTable(
  "cycle_reviews",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    lectureId: bigint("lecture_id", { mode: "number" })
      .notNull()
      .references(() => lectures.id, { onDelete: "cascade" }),
    /** 1 after held lessons 4..7, 2 after 8..11, … */
    cycle: smallint("cycle").notNull(),
    /** The student of the lecture. */
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The tutor reviewed (the lecture's tutor when it was written). */
    tutorUserId: integer("tutor_user_id").references(() => users.id, { onDelete: "set null" }),
    /** Who wrote it: the student or a linked parent. */
    authorUserId: integer("author_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** STUDENT or PARENT. */
    authorRole: varchar("author_role", { length: 16 }).notNull(),
    /** 0 to 10. */
    score: smallint("score").notNull(),
    comment: varchar("comment", { length: 1000 }),
    wantsTutorChange: boolean("wants_tutor_change").notNull(),
    /** score <= LOW_SCORE_MAX (packages/domain cycle-reviews.ts) when written. */
    lowScore: boolean("low_score").notNull(),
    /** The author agreed that it may be published on /seoltab_review. */
    publishConsent: boolean("publish_consent").notNull(),
    /** The lecture's subject name as shown (수학, 영어, …) when written. */
    subject: varchar("subject", { length: 20 }).notNull(),
    /** Lessons held when it was written. */
    heldLessons: integer("held_lessons").notNull(),
    /** Set while published on /seoltab_review (staff). */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    publishedByUserId: integer("published_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("cycle_reviews_lecture_cycle_key").on(t.lectureId, t.cycle),
    index("cycle_reviews_consent_idx").on(t.publishConsent, t.createdAt),
    check("cycle_reviews_score_check", sql`${t.score} BETWEEN 0 AND 10`),
    check("cycle_reviews_cycle_check", sql`${t.cycle} >= 1`),
  ],
);
