/**
 * The AI learning diagnosis (issue #20; docs/api/diagnosis.md). Re-exported by schema.ts.
 *
 * `diagnosis_attempts`: one level test taken, from start to result. `item_ids` is the test's
 * selection when it was started (the items themselves are content in the repository,
 * `@seoltab/domain/diagnosis-content`). `token_hash` is the SHA-256 of the attempt token the
 * taker's browser keeps (a guest's only key; the token itself is never stored). `user_id` is
 * the account it belongs to: set at start when signed in, or when a guest claims it after
 * signing in. `answers` and `result` (the per-unit score) are written once, by the submission
 * that moves `state` from STARTED to SUBMITTED.
 */
import { sql } from "drizzle-orm";
import {
  bigserial,
  char,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { users } from "./core.schema.ts";

/** A stored per-unit score (the domain's DiagnosisScore). */
export interface StoredDiagnosisResult {
  correct: number;
  total: number;
  percent: number;
  units: { unit: string; correct: number; total: number; percent: number; standing: string }[];
  strongUnits: string[];
  weakUnits: string[];
  startLevel: string;
  lessonType: string;
  correctItemIds: string[];
}

export const diagnosisAttempts = pgTable(
  "diagnosis_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    testId: varchar("test_id", { length: 40 }).notNull(),
    subject: varchar("subject", { length: 16 }).notNull(),
    schoolLevel: varchar("school_level", { length: 8 }).notNull(),
    itemIds: jsonb("item_ids").$type<string[]>().notNull(),
    tokenHash: char("token_hash", { length: 64 }).notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    state: varchar("state", { length: 16 }).notNull().default("STARTED"),
    answers: jsonb("answers").$type<Record<string, number | null>>(),
    result: jsonb("result").$type<StoredDiagnosisResult>(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("diagnosis_attempts_token_hash_key").on(t.tokenHash),
    index("diagnosis_attempts_user_idx").on(t.userId, t.submittedAt),
    check("diagnosis_attempts_state_check", sql`${t.state} IN ('STARTED', 'SUBMITTED')`),
  ],
);
