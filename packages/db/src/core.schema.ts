/**
 * Core tables of the database schema (DESIGN.md §4): users and identity, tokens, audit logs,
 * seed runs. Area tables live in <area>.schema.ts; schema.ts gathers them. SQL names are
 * snake_case, TypeScript names camelCase.
 * Money is integer won; timestamps are stored as timestamptz (UTC) and shown in Asia/Seoul.
 * Migrations are generated from schema.ts with `npm run db:generate` and committed as SQL.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  char,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
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
    /** When `phone` was proven by an SMS code (join); null = never verified. */
    phoneVerifiedAt: timestamp("phone_verified_at", { withTimezone: true }),
    /** ACTIVE, or PENDING_PARENT_CONSENT for users under 14 until a parent consents. */
    status: varchar("status", { length: 32 }).notNull().default("ACTIVE"),
    /** Calendar date of birth (Asia/Seoul), used for 만 나이; null for staff. */
    birthDate: date("birth_date", { mode: "string" }),
    /** MAN (default) or WOMAN (SPEC.md §3 join form). */
    gender: varchar("gender", { length: 8 }).notNull().default("MAN"),
    /** School grade code of the join form (apps/api accounts GRADES), e.g. MIDDLE_2. */
    grade: varchar("grade", { length: 16 }),
    /** The parent's mobile number (digits) a student gave at join; links parent and child. */
    parentPhone: varchar("parent_phone", { length: 20 }),
    /** When a parent consented for an under-14 account (PIPA art. 22-2). */
    parentConsentedAt: timestamp("parent_consented_at", { withTimezone: true }),
    /** Name the consenting parent gave. */
    parentConsentName: varchar("parent_consent_name", { length: 50 }),
    /** SPEC.md §6: IS_ONLY_HOMESHOPPING=YES users receive only home-shopping products. */
    isOnlyHomeshopping: boolean("is_only_homeshopping").notNull().default(false),
    passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    uniqueIndex("users_nickname_lower_key").on(sql`lower(${t.nickname})`),
    index("users_phone_idx").on(t.phone),
    index("users_parent_phone_idx").on(t.parentPhone),
  ],
);

/**
 * Terms a user agreed to at join (SPEC.md §3 "agreed term lists for two services"): one row per
 * service and term id of packages/domain TERMS, with the time of agreement.
 */
export const userTermAgreements = pgTable(
  "user_term_agreements",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** SEOLTAB or ONUEI. */
    service: varchar("service", { length: 16 }).notNull(),
    termId: varchar("term_id", { length: 32 }).notNull(),
    agreedAt: timestamp("agreed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.service, t.termId] })],
);

/**
 * Refresh tokens (DESIGN.md §3; docs/decisions/007): opaque values stored only as their
 * SHA-256 hex digest. A sign-in starts a family; every use rotates the token (the old row gets
 * `usedAt` and `rotatedToId`); presenting a used token again revokes the whole family.
 * `expiresAt` is the family's absolute expiry (sign-in + 30 days), copied to every rotation.
 */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    tokenHash: char("token_hash", { length: 64 }).notNull(),
    familyId: uuid("family_id").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    rotatedToId: bigint("rotated_to_id", { mode: "number" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("refresh_tokens_token_hash_key").on(t.tokenHash),
    index("refresh_tokens_family_idx").on(t.familyId),
    index("refresh_tokens_user_idx").on(t.userId),
  ],
);

/**
 * Phone verifications by SMS code (join, parent consent, password change, finding a child).
 * The code is stored only as sha256(salt || code) with a per-row salt; after a correct code a
 * single-purpose verification token is issued, stored only as its SHA-256 hex digest and
 * consumed on use. Rows older than a day are purged when new codes are sent.
 */
export const phoneVerifications = pgTable(
  "phone_verifications",
  {
    /** VERIFICATION_ID of the wire contract. */
    id: uuid("id").primaryKey(),
    /** JOIN, PARENT_CONSENT, CHANGE_PASSWORD, FIND_CHILD or CONSULTATION. */
    purpose: varchar("purpose", { length: 24 }).notNull(),
    /** Digits only; needed to finish the purpose (e.g. the phone of the account joining). */
    phone: varchar("phone", { length: 20 }).notNull(),
    codeHash: char("code_hash", { length: 64 }).notNull(),
    codeSalt: char("code_salt", { length: 32 }).notNull(),
    attempts: smallint("attempts").notNull().default(0),
    codeExpiresAt: timestamp("code_expires_at", { withTimezone: true }).notNull(),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    tokenHash: char("token_hash", { length: 64 }),
    tokenExpiresAt: timestamp("token_expires_at", { withTimezone: true }),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("phone_verifications_phone_created_idx").on(t.phone, t.createdAt),
    uniqueIndex("phone_verifications_token_hash_key").on(t.tokenHash),
    index("phone_verifications_created_idx").on(t.createdAt),
  ],
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
    /**
     * Chain position, previous entry's hash and this entry's hash (hex SHA-256 of
     * `audit_log_payload`), set by the database at COMMIT (migration 0024, issue 16); never
     * written by the app. Null only inside the inserting transaction.
     */
    seq: bigint("seq", { mode: "number" }),
    prevHash: varchar("prev_hash", { length: 64 }),
    hash: varchar("hash", { length: 64 }),
  },
  (t) => [
    index("audit_logs_kind_created_idx").on(t.kind, t.createdAt),
    index("audit_logs_actor_action_idx").on(t.actorUserId, t.action),
    uniqueIndex("audit_logs_seq_key").on(t.seq),
    index("audit_logs_target_idx").on(t.target, t.id),
    index("audit_logs_actor_id_idx").on(t.actorUserId, t.id),
    index("audit_logs_created_id_idx").on(t.createdAt, t.id),
  ],
);

/**
 * The head of the audit chain (one row, id 1): the last sealed entry's seq and hash. Locked
 * FOR UPDATE by the sealing trigger so concurrent commits never fork the chain (issue 16).
 */
export const auditChainHead = pgTable("audit_chain_head", {
  id: smallint("id").primaryKey(),
  seq: bigint("seq", { mode: "number" }).notNull(),
  hash: varchar("hash", { length: 64 }).notNull(),
});

/** Which named seed has run in this database, so `npm start` seeds demo data once. */
export const seedRuns = pgTable("seed_runs", {
  name: varchar("name", { length: 64 }).primaryKey(),
  ranAt: timestamp("ran_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Attempt counters shared by every process (issue #19: sign-in and password-change throttles).
 * One row per throttle key; the key is the SHA-256 (hex) of "<kind>:<value>", so no email or
 * address is stored. Counted in a fixed window that restarts when it has passed; reserved with
 * one atomic upsert before the password is checked.
 */
export const attemptCounters = pgTable("attempt_counters", {
  keyHash: varchar("key_hash", { length: 64 }).primaryKey(),
  count: integer("count").notNull(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
});
