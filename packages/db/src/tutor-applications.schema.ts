/**
 * Tutor applications (issue #12; SPEC.md §3 "Tutor resume and application"; DESIGN.md §9 "Tutors").
 * Re-exported by schema.ts.
 *
 * - `tutor_applications`: one per TEACHER account — the resume (a draft until submitted), the
 *   pipeline state (packages/domain TUTOR_APPLICATION_STATES), the attempt number (a re-application
 *   after NOGOOD/NPASS counts up), and the profile switches that matter after ACTIVE.
 * - `tutor_application_transitions`: every move (who, why, when, the step's rubric score).
 * - `tutor_application_files`: uploaded documents and the voice answer: metadata only, the bytes
 *   live in the storage port under `storage_key`. Never logged.
 * - `tutor_application_uploads`: storage keys issued for a direct browser upload (presigned POST),
 *   until the applicant confirms the upload (a file row) or abandons it.
 * - `tutor_background_checks`: the two record checks (청소년성보호법 §56, 아동복지법 §29-3), one
 *   row per kind, as staff recorded them. No resident registration number is ever stored.
 * - `tutor_agreements`: the signed tutor agreement (text version and SHA-256, the text as signed).
 */
import {
  bigint,
  bigserial,
  boolean,
  char,
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
import type { SignedDocument } from "./contracts.schema.ts";

/** The resume as stored (packages/domain TutorResume; the db package does not import domain). */
export type StoredTutorResume = Record<string, unknown>;

export const tutorApplications = pgTable(
  "tutor_applications",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    state: varchar("state", { length: 16 }).notNull().default("JOIN"),
    /** 1 for the first submission, +1 for each re-application. */
    attempt: smallint("attempt").notNull().default(1),
    resume: jsonb("resume").$type<StoredTutorResume>().notNull(),
    /** When the current state was entered (queue age, stalled steps). */
    stateChangedAt: timestamp("state_changed_at", { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    /** Earliest re-application after NOGOOD / NPASS. */
    reapplyAfter: timestamp("reapply_after", { withTimezone: true }),
    /** What staff said at the last decision (shown to the applicant). */
    lastReason: varchar("last_reason", { length: 500 }),
    /** Set when the applicant's step stalled (no voice answer / no signature after N days). */
    stalledAt: timestamp("stalled_at", { withTimezone: true }),
    /** The one reminder sent for the stalled step. */
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    /** After ACTIVE: the tutor takes new students (issue #13 suggests only these). */
    matchingAvailable: boolean("matching_available").notNull().default(false),
    /** When the tutor last confirmed their university status (once per term). */
    universityStatusConfirmedAt: timestamp("university_status_confirmed_at", {
      withTimezone: true,
    }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("tutor_applications_user_key").on(t.userId),
    index("tutor_applications_state_idx").on(t.state, t.stateChangedAt),
  ],
);

export const tutorApplicationTransitions = pgTable(
  "tutor_application_transitions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    applicationId: bigint("application_id", { mode: "number" })
      .notNull()
      .references(() => tutorApplications.id, { onDelete: "cascade" }),
    fromState: varchar("from_state", { length: 16 }),
    toState: varchar("to_state", { length: 16 }).notNull(),
    /** USER (the applicant), ADMIN, SALES_TEAM or AUTO. */
    initiator: varchar("initiator", { length: 16 }).notNull(),
    actorUserId: integer("actor_user_id"),
    reason: varchar("reason", { length: 500 }),
    /** Rubric score of the step, 0-100, when staff gave one. */
    score: smallint("score"),
    attempt: smallint("attempt").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("tutor_application_transitions_app_idx").on(t.applicationId, t.createdAt)],
);

export const tutorApplicationFiles = pgTable(
  "tutor_application_files",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    applicationId: bigint("application_id", { mode: "number" })
      .notNull()
      .references(() => tutorApplications.id, { onDelete: "cascade" }),
    /** ENROLLMENT_PROOF or VOICE_ANSWER. */
    kind: varchar("kind", { length: 24 }).notNull(),
    /** Key in the storage port (random; no name or user data in it). */
    storageKey: varchar("storage_key", { length: 200 }).notNull(),
    /** The sniffed content type (never the one the browser claimed). */
    contentType: varchar("content_type", { length: 64 }).notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    sha256: char("sha256", { length: 64 }).notNull(),
    /** Voice answer length the browser measured, seconds; null for documents. */
    durationSeconds: smallint("duration_seconds"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("tutor_application_files_app_idx").on(t.applicationId, t.kind, t.createdAt),
    uniqueIndex("tutor_application_files_key").on(t.storageKey),
  ],
);

export const tutorApplicationUploads = pgTable(
  "tutor_application_uploads",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    applicationId: bigint("application_id", { mode: "number" })
      .notNull()
      .references(() => tutorApplications.id, { onDelete: "cascade" }),
    /** ENROLLMENT_PROOF or VOICE_ANSWER: the kind the key was issued for. */
    kind: varchar("kind", { length: 24 }).notNull(),
    /** The key the browser may post to (random; no name or user data in it). */
    storageKey: varchar("storage_key", { length: 200 }).notNull(),
    /** The size cap of the upload's policy, bytes. */
    maxBytes: integer("max_bytes").notNull(),
    /** Until when the upload may be confirmed (the form itself expires earlier). */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("tutor_application_uploads_key").on(t.storageKey),
    index("tutor_application_uploads_app_idx").on(t.applicationId, t.createdAt),
    index("tutor_application_uploads_expires_idx").on(t.expiresAt),
  ],
);

export const tutorBackgroundChecks = pgTable(
  "tutor_background_checks",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    applicationId: bigint("application_id", { mode: "number" })
      .notNull()
      .references(() => tutorApplications.id, { onDelete: "cascade" }),
    /** SEX_OFFENSE or CHILD_ABUSE. */
    kind: varchar("kind", { length: 16 }).notNull(),
    /** REQUESTED, CLEAR or FOUND. */
    result: varchar("result", { length: 16 }).notNull(),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
    /** When the result (CLEAR / FOUND) was recorded. */
    resultAt: timestamp("result_at", { withTimezone: true }),
    /** The police reply's reference (회신 번호), never an identity number. */
    reference: varchar("reference", { length: 100 }),
    recordedBy: integer("recorded_by").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("tutor_background_checks_app_kind_key").on(t.applicationId, t.kind)],
);

export const tutorAgreements = pgTable(
  "tutor_agreements",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    applicationId: bigint("application_id", { mode: "number" })
      .notNull()
      .references(() => tutorApplications.id, { onDelete: "cascade" }),
    signerName: varchar("signer_name", { length: 50 }).notNull(),
    signedAt: timestamp("signed_at", { withTimezone: true }).notNull(),
    signedIp: varchar("signed_ip", { length: 64 }),
    userAgent: varchar("user_agent", { length: 300 }),
    textVersion: varchar("text_version", { length: 32 }).notNull(),
    textHash: char("text_hash", { length: 64 }).notNull(),
    signedDocument: jsonb("signed_document").$type<SignedDocument>().notNull(),
  },
  (t) => [uniqueIndex("tutor_agreements_app_key").on(t.applicationId)],
);
