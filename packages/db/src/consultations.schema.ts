/**
 * Consultation requests (issue #6 "The consultation funnel"; docs/api/consultations.md): what a
 * parent or student leaves on /consultation, with the session's campaign (utm) values, for staff
 * (ADMIN, SALES_TEAM) to call back. Re-exported by schema.ts.
 *
 * Personal data: `name` and `phone` are kept only to call back, for the retention period shown
 * on the form (one year from the request; apps/api consultations.constants.ts); the phone is
 * never logged. Status changes are also written to `audit_logs` (who, when, from, to).
 */
import { sql } from "drizzle-orm";
import {
  char,
  check,
  index,
  integer,
  pgTable,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";

export const consultationRequests = pgTable(
  "consultation_requests",
  {
    /** REQUEST_ID of the wire contract (random uuid). */
    id: uuid("id").primaryKey(),
    /** PARENT or STUDENT. */
    applicantType: varchar("applicant_type", { length: 16 }).notNull(),
    name: varchar("name", { length: 50 }).notNull(),
    /** School grade code (the join form's list), e.g. MIDDLE_2. */
    grade: varchar("grade", { length: 16 }).notNull(),
    /** Subject as shown: 수학, 국어, 영어, 사회, 과학, 제2외국어 or 입시 컨설팅. */
    subject: varchar("subject", { length: 16 }).notNull(),
    /** The verified mobile number to call back, digits only (01012345678). */
    phone: varchar("phone", { length: 20 }).notNull(),
    /** WEEKDAY_AFTERNOON, WEEKDAY_EVENING, WEEKEND or ANYTIME. */
    preferredTime: varchar("preferred_time", { length: 24 }).notNull(),
    /** Free text about the time to call, as typed (at most 200 characters). */
    preferredTimeNote: varchar("preferred_time_note", { length: 200 }),
    /** Free text, as typed (at most 500 characters). */
    memo: varchar("memo", { length: 500 }),
    /** When the applicant agreed to the collection and use of this data. */
    privacyAgreedAt: timestamp("privacy_agreed_at", { withTimezone: true }).notNull(),
    utmCampaign: varchar("utm_campaign", { length: 200 }),
    utmContent: varchar("utm_content", { length: 200 }),
    utmMedium: varchar("utm_medium", { length: 200 }),
    utmSource: varchar("utm_source", { length: 200 }),
    utmTerm: varchar("utm_term", { length: 200 }),
    /** RECEIVED → CONTACTED → CLOSED (RECEIVED → CLOSED too). */
    status: varchar("status", { length: 16 }).notNull().default("RECEIVED"),
    /** When the status last changed, and the staff member (users.id) who changed it. */
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }),
    statusChangedBy: integer("status_changed_by"),
    /**
     * SHA-256 hex digest of the phone verification token the request was made with: one
     * request per token, so a repeated submit answers with the request already made.
     */
    verificationTokenHash: char("verification_token_hash", { length: 64 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("consultation_requests_token_hash_key").on(t.verificationTokenHash),
    index("consultation_requests_created_idx").on(t.createdAt, t.id),
    index("consultation_requests_status_created_idx").on(t.status, t.createdAt, t.id),
    check(
      "consultation_requests_status_check",
      sql`${t.status} in ('RECEIVED', 'CONTACTED', 'CLOSED')`,
    ),
    check(
      "consultation_requests_applicant_type_check",
      sql`${t.applicantType} in ('PARENT', 'STUDENT')`,
    ),
  ],
);
