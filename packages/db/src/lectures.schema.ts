/**
 * Lectures, lesson requests and matching (issue #13; DESIGN.md §9). Re-exported by schema.ts.
 *
 * - `lectures`: one per paid LECTURE line of a first order (`payment_item_id` unique; its id is
 *   the LECTURE_INFO `LECTURE_NO` / hub `lectureVtNo`), with its SPEC.md §4 state, the tutor once
 *   matched and the agreed weekly plan.
 * - `lecture_transitions`: every state move (who, why, when).
 * - `lesson_requests`: the family's form per lecture (draft, submitted, cancelled).
 * - `lesson_request_files`: school record and grade card attachments (bytes in the storage port).
 * - `matchings`: a search for a tutor for one lecture (NEW or TEACHER_CHANGE), at most one OPEN.
 * - `matching_suggestions`: a tutor suggested by staff, their answer, and the family's choice.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  char,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { users } from "./core.schema.ts";
import { paymentItems, payments } from "./payments.schema.ts";

/** A weekly block as stored: Asia/Seoul wall clock. */
export interface StoredWeeklyBlock {
  day: string;
  start: string;
  end: string;
}

export const lectures = pgTable(
  "lectures",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** The student. */
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    paymentId: bigint("payment_id", { mode: "number" })
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    /** The LECTURE line: LECTURE_INFO `LECTURE_NO`, the hub's `lectureVtNo`. */
    paymentItemId: bigint("payment_item_id", { mode: "number" })
      .notNull()
      .references(() => paymentItems.id, { onDelete: "cascade" }),
    title: varchar("title", { length: 120 }).notNull(),
    months: integer("months").notNull(),
    state: varchar("state", { length: 16 }).notNull(),
    tutorUserId: integer("tutor_user_id").references(() => users.id, { onDelete: "set null" }),
    weeklyPlan: jsonb("weekly_plan").$type<StoredWeeklyBlock[]>(),
    matchedAt: timestamp("matched_at", { withTimezone: true }),
    /** Lessons of `weeklyPlan` start here (a plan changed "this and future"); null: any time. */
    planFrom: timestamp("plan_from", { withTimezone: true }),
    /** Days paused (accepted PAUSE changes): the lecture's end moves by them. */
    pausedDays: integer("paused_days").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("lectures_payment_item_key").on(t.paymentItemId),
    index("lectures_user_idx").on(t.userId, t.createdAt),
    index("lectures_tutor_idx").on(t.tutorUserId, t.state),
  ],
);

export const lectureTransitions = pgTable(
  "lecture_transitions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    lectureId: bigint("lecture_id", { mode: "number" })
      .notNull()
      .references(() => lectures.id, { onDelete: "cascade" }),
    fromState: varchar("from_state", { length: 16 }),
    toState: varchar("to_state", { length: 16 }).notNull(),
    initiator: varchar("initiator", { length: 16 }).notNull(),
    actorUserId: integer("actor_user_id"),
    reason: varchar("reason", { length: 300 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("lecture_transitions_lecture_idx").on(t.lectureId, t.createdAt)],
);

export const lessonRequests = pgTable(
  "lesson_requests",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    lectureId: bigint("lecture_id", { mode: "number" })
      .notNull()
      .references(() => lectures.id, { onDelete: "cascade" }),
    /** DRAFT, SUBMITTED or CANCELLED. */
    state: varchar("state", { length: 16 }).notNull().default("DRAFT"),
    form: jsonb("form").$type<Record<string, unknown>>().notNull(),
    /** Who last wrote it (the student or a parent). */
    filledByUserId: integer("filled_by_user_id"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("lesson_requests_lecture_key").on(t.lectureId)],
);

export const lessonRequestFiles = pgTable(
  "lesson_request_files",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    lessonRequestId: bigint("lesson_request_id", { mode: "number" })
      .notNull()
      .references(() => lessonRequests.id, { onDelete: "cascade" }),
    /** SCHOOL_RECORD or GRADE_CARD. */
    kind: varchar("kind", { length: 24 }).notNull(),
    storageKey: varchar("storage_key", { length: 200 }).notNull(),
    contentType: varchar("content_type", { length: 64 }).notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    sha256: char("sha256", { length: 64 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("lesson_request_files_request_idx").on(t.lessonRequestId)],
);

export const matchings = pgTable(
  "matchings",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    lectureId: bigint("lecture_id", { mode: "number" })
      .notNull()
      .references(() => lectures.id, { onDelete: "cascade" }),
    /** NEW or TEACHER_CHANGE. */
    type: varchar("type", { length: 16 }).notNull(),
    /** OPEN, MATCHED or CLOSED. */
    state: varchar("state", { length: 16 }).notNull().default("OPEN"),
    /** The staff manager who owns it (the first to suggest, unless assigned). */
    managerUserId: integer("manager_user_id"),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("matchings_one_open_key")
      .on(t.lectureId)
      .where(sql`${t.state} = 'OPEN'`),
    index("matchings_state_idx").on(t.state, t.openedAt),
  ],
);

export const matchingSuggestions = pgTable(
  "matching_suggestions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    matchingId: bigint("matching_id", { mode: "number" })
      .notNull()
      .references(() => matchings.id, { onDelete: "cascade" }),
    tutorUserId: integer("tutor_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** SUGGESTED, ACCEPTED, REFUSED, EXPIRED, CHOSEN or CLOSED (packages/domain matching). */
    state: varchar("state", { length: 16 }).notNull().default("SUGGESTED"),
    /** "Why this tutor", as ranked when suggested. */
    reasons: jsonb("reasons").$type<string[]>().notNull(),
    score: real("score").notNull(),
    /** The weekly slots the tutor can teach (accepting). */
    slots: jsonb("slots").$type<StoredWeeklyBlock[]>(),
    refusedReason: varchar("refused_reason", { length: 300 }),
    suggestedByUserId: integer("suggested_by_user_id").notNull(),
    suggestedAt: timestamp("suggested_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("matching_suggestions_tutor_key").on(t.matchingId, t.tutorUserId),
    index("matching_suggestions_tutor_idx").on(t.tutorUserId, t.state),
    index("matching_suggestions_expiry_idx").on(t.state, t.expiresAt),
  ],
);
