/**
 * Database schema (DESIGN.md §4). SQL names are snake_case, TypeScript names camelCase.
 * Money is integer won; timestamps are stored as timestamptz (UTC) and shown in Asia/Seoul.
 * Migrations are generated from this file with `npm run db:generate` and committed as SQL.
 */
import { sql } from "drizzle-orm";
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";

/**
 * accounts: every person who signs in (SPEC.md §6, DESIGN.md §3). `id` is the USER_NO of the
 * wire contracts. `passwordHash` is an argon2id PHC string, never the password itself.
 */
export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    email: varchar("email", { length: 254 }).notNull(),
    passwordHash: text("password_hash").notNull(),
    /** STUDENT, TEACHER, PARENT, ADMIN or SALES_TEAM (packages/domain USER_TYPES). */
    userType: varchar("user_type", { length: 16 }).notNull(),
    name: varchar("name", { length: 50 }).notNull(),
    nickname: varchar("nickname", { length: 30 }),
    /** Digits only, e.g. 01012345678. */
    phone: varchar("phone", { length: 20 }),
    /** ACTIVE, or PENDING_PARENT_CONSENT for users under 14 until a parent consents. */
    status: varchar("status", { length: 32 }).notNull().default("ACTIVE"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`)],
);

/** A parent account linked to a student account (SPEC.md §1: parents see their children). */
export const parentChildren = pgTable(
  "parent_children",
  {
    parentUserId: integer("parent_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    childUserId: integer("child_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("parent_children_pair_key").on(t.parentUserId, t.childUserId)],
);

/**
 * Subject taxonomy (SPEC.md §3 "Taxonomy: INGANG entries have NAME, DEPTH, TERM_TAXONOMY_ID,
 * PARENT"). Reference data, inserted by a migration, the same in every environment.
 */
export const taxonomies = pgTable(
  "taxonomies",
  {
    termTaxonomyId: integer("term_taxonomy_id").primaryKey(),
    taxonomy: varchar("taxonomy", { length: 32 }).notNull(),
    name: varchar("name", { length: 100 }).notNull(),
    depth: smallint("depth").notNull(),
    /** term_taxonomy_id of the parent entry; 0 at the top level. */
    parent: integer("parent").notNull().default(0),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [index("taxonomies_taxonomy_idx").on(t.taxonomy, t.depth, t.sortOrder)],
);

/**
 * Audit log (DESIGN.md §4): who did what, when. kind EXECUTION or SECURITY (SPEC.md §3 log
 * kinds); initiator ADMIN, AUTO, SALES_TEAM, UNKNOWN or USER. Never holds a password, token,
 * card number or verification code.
 */
export const auditLogs = pgTable(
  "audit_logs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: varchar("kind", { length: 16 }).notNull(),
    initiator: varchar("initiator", { length: 16 }).notNull(),
    actorUserId: integer("actor_user_id"),
    action: varchar("action", { length: 64 }).notNull(),
    target: varchar("target", { length: 128 }),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
    requestId: varchar("request_id", { length: 64 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_logs_kind_created_idx").on(t.kind, t.createdAt)],
);

/** Which named seed has run in this database, so `npm start` seeds demo data once. */
export const seedRuns = pgTable("seed_runs", {
  name: varchar("name", { length: 64 }).primaryKey(),
  ranAt: timestamp("ran_at", { withTimezone: true }).notNull().defaultNow(),
});
