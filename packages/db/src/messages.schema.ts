/**
 * Messages (issue #17; DESIGN.md §11; docs/api/messages.md). Re-exported by schema.ts.
 * - `messages`: the outbox. One row per (idempotency key): a second event with the same key
 *   writes nothing. Never holds a phone number or a verification code: the recipient's phone is
 *   read at send time; `text` is the rendered informational text.
 * - `message_consents`: the consent ledger, append-only (marketing per channel, night), each with
 *   time and source.
 */
import { sql } from "drizzle-orm";
import {
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

export const messages = pgTable(
  "messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** e.g. `lesson-reminder:12:2026-11-30T09:00:00Z:D1:34` (event, subject, recipient). */
    idempotencyKey: varchar("idempotency_key", { length: 200 }).notNull(),
    /** What the message is about, e.g. `lesson:12`, `payment:7` (to cancel or replace it). */
    subject: varchar("subject", { length: 64 }).notNull(),
    recipientUserId: integer("recipient_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** STUDENT, PARENT or TEACHER. */
    recipientRole: varchar("recipient_role", { length: 16 }).notNull(),
    /** ALIMTALK, SMS or LMS. */
    channel: varchar("channel", { length: 16 }).notNull(),
    templateId: varchar("template_id", { length: 64 }).notNull(),
    templateVersion: smallint("template_version").notNull(),
    variables: jsonb("variables").$type<Record<string, string>>().notNull(),
    text: varchar("text", { length: 2000 }).notNull(),
    buttons: jsonb("buttons").$type<{ name: string; url: string }[]>().notNull(),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }).notNull(),
    /** PENDING, SENDING (claimed by a sender), SENT, FAILED or CANCELLED. */
    state: varchar("state", { length: 16 }).notNull().default("PENDING"),
    attempts: smallint("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    provider: varchar("provider", { length: 16 }),
    providerMessageId: varchar("provider_message_id", { length: 120 }),
    /** The provider's answer or why it failed (no message text). */
    providerResult: varchar("provider_result", { length: 300 }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelReason: varchar("cancel_reason", { length: 120 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("messages_idempotency_key").on(t.idempotencyKey),
    index("messages_due_idx")
      .on(t.scheduledAt, t.id)
      .where(sql`"state" = 'PENDING'`),
    index("messages_subject_idx").on(t.subject, t.state),
    index("messages_recipient_idx").on(t.recipientUserId, t.createdAt),
    index("messages_created_idx").on(t.createdAt, t.id),
  ],
);

export const messageConsents = pgTable(
  "message_consents",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** MARKETING_SMS, MARKETING_EMAIL, MARKETING_PUSH or NIGHT. */
    kind: varchar("kind", { length: 24 }).notNull(),
    granted: boolean("granted").notNull(),
    /** Where it was given: JOIN, PROFILE, RECONFIRM, STAFF. */
    source: varchar("source", { length: 16 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("message_consents_user_idx").on(t.userId, t.kind, t.createdAt)],
);
