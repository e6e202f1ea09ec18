/**
 * Contracts (issue #5; SPEC.md §3 UserContract, Contract to sign; §7 SignContract, ContractToSign,
 * UserContract). Re-exported by schema.ts.
 *
 * - `contracts`: one per paid order (not per renewal), created when the payment becomes PAID,
 *   describing what was bought (name, months, the tablet and how it is held: OWNED, PAID or
 *   RENTED, new or used). `signed_at` is null while it waits for a signature.
 * - `user_contracts`: the signature — who signed (the student, their parent, or staff on their
 *   behalf), when, from where, and the exact contract text version and its SHA-256.
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
import { payments } from "./payments.schema.ts";
import { users } from "./core.schema.ts";

export const contracts = pgTable(
  "contracts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** The paid order; one contract per payment. */
    paymentId: bigint("payment_id", { mode: "number" })
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    /** The student the lessons are for. */
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Contract title, e.g. 설탭 스마트 수학 3개월 수강 계약. */
    name: varchar("name", { length: 160 }).notNull(),
    /** The tablet: OWNED (the family's own), PAID (bought), RENTED (lent with the lessons). */
    ownershipType: varchar("ownership_type", { length: 8 }).notNull(),
    /** The tablet is a used one. */
    isUsed: boolean("is_used").notNull().default(false),
    /** Months of lessons bought. */
    month: smallint("month").notNull(),
    /** Store item id of the tablet (SPEC.md UserContract.deviceId), null without one. */
    deviceId: integer("device_id"),
    paidAt: timestamp("paid_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set when signed (copy of user_contracts.signed_at), for the "to sign" query. */
    signedAt: timestamp("signed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("contracts_payment_key").on(t.paymentId),
    index("contracts_user_idx").on(t.userId, t.createdAt),
  ],
);

export const userContracts = pgTable(
  "user_contracts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    contractId: bigint("contract_id", { mode: "number" })
      .notNull()
      .references(() => contracts.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The account that signed. */
    signerUserId: integer("signer_user_id").notNull(),
    /** STUDENT, PARENT or STAFF. */
    signerRole: varchar("signer_role", { length: 8 }).notNull(),
    /** The name typed as the signature. */
    signerName: varchar("signer_name", { length: 50 }).notNull(),
    signedAt: timestamp("signed_at", { withTimezone: true }).notNull(),
    /** Client address the signature came from. */
    signedIp: varchar("signed_ip", { length: 64 }),
    userAgent: varchar("user_agent", { length: 300 }),
    /** Version of the contract text signed (packages/domain contracts) and its SHA-256. */
    textVersion: varchar("text_version", { length: 32 }).notNull(),
    textHash: char("text_hash", { length: 64 }).notNull(),
    /** The document exactly as signed: { title, sections: [{ heading, paragraphs }], text }. */
    signedDocument: jsonb("signed_document").$type<SignedDocument>().notNull(),
  },
  (t) => [
    uniqueIndex("user_contracts_contract_key").on(t.contractId),
    index("user_contracts_user_idx").on(t.userId, t.signedAt),
  ],
);

export interface SignedDocument {
  title: string;
  sections: { heading: string; paragraphs: string[] }[];
  text: string;
}
