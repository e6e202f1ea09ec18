/**
 * Lecture change requests (issue #14 `lecture-changes`; docs/api/lecture-changes.md). Re-exported
 * by schema.ts. One RECEIVED move per lesson and one RECEIVED request per lecture and kind (the
 * other kinds) are held by partial unique indexes, so two concurrent asks make one request.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { users } from "./core.schema.ts";
import { lectures, type StoredWeeklyBlock } from "./lectures.schema.ts";
import { lessons } from "./lessons.schema.ts";

export const lectureChanges = pgTable(
  "lecture_changes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    lectureId: bigint("lecture_id", { mode: "number" })
      .notNull()
      .references(() => lectures.id, { onDelete: "cascade" }),
    /** MOVE_LESSON, CHANGE_PLAN, CHANGE_TUTOR, PAUSE or STOP. */
    kind: varchar("kind", { length: 16 }).notNull(),
    /** RECEIVED, ACCEPTED, DECLINED or CANCELLED. */
    state: varchar("state", { length: 16 }).notNull().default("RECEIVED"),
    /** FAMILY or TUTOR (staff asking for a family is FAMILY). */
    requestedSide: varchar("requested_side", { length: 8 }).notNull(),
    requestedByUserId: integer("requested_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    /** MOVE_LESSON: the lesson, its start when asked, and the proposed start and minutes. */
    lessonId: bigint("lesson_id", { mode: "number" }).references(() => lessons.id, {
      onDelete: "set null",
    }),
    lessonStartsAt: timestamp("lesson_starts_at", { withTimezone: true }),
    proposedStartsAt: timestamp("proposed_starts_at", { withTimezone: true }),
    proposedMinutes: smallint("proposed_minutes"),
    /** CHANGE_PLAN: the new plan (Asia/Seoul) and the Seoul date it starts (YYYY-MM-DD). */
    weeklyPlan: jsonb("weekly_plan").$type<StoredWeeklyBlock[]>(),
    effectiveFrom: varchar("effective_from", { length: 10 }),
    /** PAUSE: Seoul dates, both included. */
    pauseFrom: varchar("pause_from", { length: 10 }),
    pauseUntil: varchar("pause_until", { length: 10 }),
    reason: varchar("reason", { length: 300 }),
    /** A tutor's change inside the tutor's notice window (counted against the tutor). */
    late: boolean("late").notNull().default(false),
    decidedSide: varchar("decided_side", { length: 8 }),
    decidedByUserId: integer("decided_by_user_id"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decisionNote: varchar("decision_note", { length: 300 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("lecture_changes_open_move_key")
      .on(t.lessonId)
      .where(sql`"state" = 'RECEIVED' AND "kind" = 'MOVE_LESSON'`),
    uniqueIndex("lecture_changes_open_kind_key")
      .on(t.lectureId, t.kind)
      .where(sql`"state" = 'RECEIVED' AND "kind" <> 'MOVE_LESSON'`),
    index("lecture_changes_lecture_idx").on(t.lectureId, t.createdAt),
    index("lecture_changes_queue_idx").on(t.state, t.createdAt, t.id),
  ],
);
