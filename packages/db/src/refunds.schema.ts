/**
 * Refund requests (issue #5; SPEC.md §4 payment item states, §5 refund-ineligibility reasons).
 * Re-exported by schema.ts. Money is integer won.
 *
 * A request is either carried out at once through the gateway (state REFUNDED / FAILED) or, when
 * self-service is blocked (SPEC.md §5), kept for staff with the amount the law gives
 * (STAFF_REVIEW → REFUNDED / REJECTED). `rule` names the legal rule applied (docs/refunds.md).
 * A bank account is kept only for virtual-account refunds, to pay the money back.
 */
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  timestamp,
  varchar,
} from "drizzle-orm/pg-core";
import { payments } from "./payments.schema.ts";

export const refundRequests = pgTable(
  "refund_requests",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    paymentId: bigint("payment_id", { mode: "number" })
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    /** The payment items refunded: [id, ...]. */
    paymentItemIds: jsonb("payment_item_ids").$type<number[]>().notNull(),
    requestedByUserId: integer("requested_by_user_id").notNull(),
    /** USER, ADMIN or SALES_TEAM. */
    initiator: varchar("initiator", { length: 16 }).notNull(),
    reason: varchar("reason", { length: 500 }).notNull(),
    /** REFUNDED, FAILED (gateway refused), STAFF_REVIEW, REJECTED. */
    state: varchar("state", { length: 16 }).notNull(),
    /** CARD or BANK (SPEC.md §3 refund channels). */
    channel: varchar("channel", { length: 8 }).notNull(),
    /** Won to refund (what the rule gives). */
    amount: integer("amount").notNull(),
    /** The rule applied, e.g. ACADEMY_BEFORE_START, DEVICE_WITHDRAWAL_7_DAYS (docs/refunds.md). */
    rule: varchar("rule", { length: 48 }).notNull(),
    /** SPEC.md §5 reasons that blocked self-service (empty when carried out at once). */
    blockedReasons: jsonb("blocked_reasons").$type<string[]>().notNull().default([]),
    /** BANK refunds: { bankCode, bankName, accountNumber, holder }. */
    refundAccount: jsonb("refund_account").$type<Record<string, string>>(),
    /** Gateway cancel id / failure message. */
    gatewayNote: varchar("gateway_note", { length: 300 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedByUserId: integer("decided_by_user_id"),
  },
  (t) => [
    index("refund_requests_payment_idx").on(t.paymentId),
    index("refund_requests_state_idx").on(t.state, t.createdAt),
    // The console's CSV export pages by (created_at, id) (issue 16, migration 0024).
    index("refund_requests_created_id_idx").on(t.createdAt, t.id),
  ],
);
