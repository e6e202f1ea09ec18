/**
 * The operations console (issue #16; DESIGN.md §10). Re-exported by schema.ts.
 *
 * - `admin_notes`: staff notes on a family (the student the note is filed under); shown on the
 *   family timeline. Append-only: a correction is a new note.
 * - `admin_actions`: the idempotency keys of console actions (refund decisions, cash entries,
 *   notes, virtual-account and renewal actions). The first request with a key reserves the row
 *   (state RUNNING); its answer is kept (DONE) and given again to a repeat with the same key and
 *   body; a failed action deletes its row so it may be tried again.
 *
 * Migration 0022 also adds the search indexes (pg_trgm GIN on users name / phone / parent_phone
 * / lower(email), the card-digit expression indexes on billing_cards, payments by card); they are
 * declared there only, as Drizzle cannot express operator classes on expressions.
 */
import {
  bigserial,
  char,
  index,
  integer,
  jsonb,
  pgTable,
  timestamp,
  varchar,
} from "drizzle-orm/pg-core";
import { users } from "./core.schema.ts";

export const adminNotes = pgTable(
  "admin_notes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** The family's student (or parent) the note is about. */
    familyUserId: integer("family_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    authorUserId: integer("author_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** ADMIN or SALES_TEAM when written. */
    authorRole: varchar("author_role", { length: 16 }).notNull(),
    body: varchar("body", { length: 2000 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("admin_notes_family_idx").on(t.familyUserId, t.createdAt)],
);

export const adminActions = pgTable("admin_actions", {
  /** The client's idempotency key (8..64 characters). */
  idempotencyKey: varchar("idempotency_key", { length: 64 }).primaryKey(),
  actorUserId: integer("actor_user_id").notNull(),
  /** The console action, e.g. refund_decide, cash_payment, note_add. */
  action: varchar("action", { length: 48 }).notNull(),
  /** sha256 of the action and its canonical body: a key reused for another body is refused. */
  requestHash: char("request_hash", { length: 64 }).notNull(),
  /** RUNNING or DONE. */
  state: varchar("state", { length: 8 }).notNull(),
  /** The answer given (DONE). */
  response: jsonb("response").$type<unknown>(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
});
