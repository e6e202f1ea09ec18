/**
 * Family accounts and account links between the services of the family (issue 15;
 * docs/api/family-accounts.md; docs/decisions/034-family-accounts-and-account-links.md).
 *
 * - family_link_requests: a parent asks to manage an existing student account; the link is made
 *   only when the student (or, under 14, the consenting parent's phone) confirms.
 * - family_service_accounts: the accounts of the other service of the family (SERVICE_TYPE
 *   QUESTION), kept by the shared accounts issuer; passwords only as argon2id hashes.
 * - account_links: one person's LECTURE account linked to their account on another service.
 *   At most one live link per LECTURE account and service, and per other account.
 * - family_service_agreements: each family-services term agreed (term id + version + time).
 */
import { sql } from "drizzle-orm";
import {
  bigserial,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { users } from "./core.schema.ts";

/** A parent's pending (then decided) request to manage a student account. */
export const familyLinkRequests = pgTable(
  "family_link_requests",
  {
    id: uuid("id").primaryKey(),
    parentUserId: integer("parent_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    childUserId: integer("child_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** PARENT_REQUEST (the parent named the student; a code confirms) or PARENT_JOIN. */
    origin: varchar("origin", { length: 16 }).notNull(),
    /** The phone verification whose code confirms a PARENT_REQUEST (phone_verifications.id). */
    verificationId: uuid("verification_id"),
    /** PENDING, CONFIRMED, DECLINED or CANCELLED. */
    status: varchar("status", { length: 16 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("family_link_requests_pending_key")
      .on(t.parentUserId, t.childUserId)
      .where(sql`${t.status} = 'PENDING'`),
    index("family_link_requests_child_idx").on(t.childUserId, t.status),
  ],
);

/** An account on another service of the family (the shared accounts issuer keeps it). */
export const familyServiceAccounts = pgTable(
  "family_service_accounts",
  {
    id: serial("id").primaryKey(),
    /** The service's SERVICE_TYPE (packages/domain FAMILY_SERVICE_TYPES), never LECTURE. */
    serviceType: varchar("service_type", { length: 16 }).notNull(),
    email: varchar("email", { length: 254 }).notNull(),
    passwordHash: text("password_hash").notNull(),
    name: varchar("name", { length: 50 }).notNull(),
    passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("family_service_accounts_email_key").on(t.serviceType, sql`lower(${t.email})`),
  ],
);

/** A LECTURE account linked to an account of another service; unlinked rows are kept. */
export const accountLinks = pgTable(
  "account_links",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    serviceType: varchar("service_type", { length: 16 }).notNull(),
    serviceAccountId: integer("service_account_id")
      .notNull()
      .references(() => familyServiceAccounts.id, { onDelete: "cascade" }),
    /** FORWARD (started here) or REVERSE (started on the other service). */
    direction: varchar("direction", { length: 8 }).notNull(),
    linkedAt: timestamp("linked_at", { withTimezone: true }).notNull(),
    unlinkedAt: timestamp("unlinked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("account_links_user_live_key")
      .on(t.userId, t.serviceType)
      .where(sql`${t.unlinkedAt} is null`),
    uniqueIndex("account_links_account_live_key")
      .on(t.serviceType, t.serviceAccountId)
      .where(sql`${t.unlinkedAt} is null`),
  ],
);

/** Family-services terms a LECTURE account agreed to: term id and version, with the time. */
export const familyServiceAgreements = pgTable(
  "family_service_agreements",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The service whose terms these are (LECTURE or QUESTION) or FAMILY for the shared ones. */
    service: varchar("service", { length: 16 }).notNull(),
    termId: varchar("term_id", { length: 32 }).notNull(),
    termVersion: varchar("term_version", { length: 16 }).notNull(),
    agreedAt: timestamp("agreed_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("family_service_agreements_key").on(t.userId, t.service, t.termId, t.termVersion),
  ],
);
