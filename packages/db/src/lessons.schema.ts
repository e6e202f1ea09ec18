/**
 * Lessons (issue #14; DESIGN.md §9): the occurrences of a lecture's weekly plan. Re-exported by
 * schema.ts. `recurrence_id` is the plan slot's original start (RFC 5545 RECURRENCE-ID): one row
 * per slot, so materialising the plan again never duplicates a lesson.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
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

export const lessons = pgTable(
  "lessons",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    lectureId: bigint("lecture_id", { mode: "number" })
      .notNull()
      .references(() => lectures.id, { onDelete: "cascade" }),
    /** The student (copied from the lecture for calendar reads). */
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tutorUserId: integer("tutor_user_id").references(() => users.id, { onDelete: "set null" }),
    /** The slot's original start, ISO instant: the lesson's identity. */
    recurrenceId: varchar("recurrence_id", { length: 32 }).notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    /** Planned minutes. */
    minutes: smallint("minutes").notNull(),
    /** RESERVATION, TUTORING, DONE or CANCEL. */
    state: varchar("state", { length: 16 }).notNull().default("RESERVATION"),
    heldMinutes: smallint("held_minutes"),
    /** The tutor's note for the parent: what was covered, homework. */
    note: varchar("note", { length: 1000 }),
    recordedAt: timestamp("recorded_at", { withTimezone: true }),
    /** STUDENT, PARENT, TEACHER or STAFF when cancelled. */
    cancelledBy: varchar("cancelled_by", { length: 16 }),
    cancelReason: varchar("cancel_reason", { length: 300 }),
    /**
     * Why it was cancelled: LECTURE_END, PAUSE, PLAN_CHANGE or REMATCH. A REMATCH or PLAN_CHANGE
     * lesson whose slot the next plan has again is planned again (same RECURRENCE-ID).
     */
    cancelCause: varchar("cancel_cause", { length: 16 }),
    /** A lesson held with 0 minutes is flagged to staff until a staff member reviews it. */
    zeroReviewedAt: timestamp("zero_reviewed_at", { withTimezone: true }),
    zeroReviewedByUserId: integer("zero_reviewed_by_user_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("lessons_recurrence_key").on(t.lectureId, t.recurrenceId),
    index("lessons_user_time_idx").on(t.userId, t.startsAt),
    index("lessons_tutor_time_idx").on(t.tutorUserId, t.startsAt),
    index("lessons_zero_minute_idx")
      .on(t.recordedAt)
      .where(sql`"state" = 'DONE' AND "held_minutes" = 0 AND "zero_reviewed_at" IS NULL`),
  ],
);

/**
 * A person's private calendar feed (issue #14): the SHA-256 of the secret in its URL; one per
 * account (a new one replaces the old; deleting the row revokes it). The secret itself is never
 * stored.
 */
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: varchar("token_hash", { length: 64 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("calendar_feeds_user_key").on(t.userId),
    uniqueIndex("calendar_feeds_token_key").on(t.tokenHash),
  ],
);
