/**
 * "View as this family" sessions (issue #20; SPEC.md §3 admin store; docs/api/view-as.md): a
 * staff member's temporary, read-only view of one family's account. Re-exported by schema.ts.
 * Only the SHA-256 of the session token is stored.
 */
import { sql } from "drizzle-orm";
import {
  bigserial,
  index,
  integer,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { users } from "./core.schema.ts";

export const viewAsSessions = pgTable(
  "view_as_sessions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    staffUserId: integer("staff_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    familyUserId: integer("family_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Hex SHA-256 of the opaque session token (the token itself is never stored). */
    tokenHash: varchar("token_hash", { length: 64 }).notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Set once: when it was ended (by the staff member, or found expired). */
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** ENDED (the staff member) or EXPIRED. */
    endReason: varchar("end_reason", { length: 16 }),
  },
  (t) => [
    uniqueIndex("view_as_sessions_token_hash_idx").on(t.tokenHash),
    // One open session per staff member: starting another ends the first (service).
    uniqueIndex("view_as_sessions_open_staff_idx")
      .on(t.staffUserId)
      .where(sql`${t.endedAt} IS NULL`),
    index("view_as_sessions_family_idx").on(t.familyUserId),
  ],
);
