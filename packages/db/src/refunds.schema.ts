/**
 * Refund requests (issue #5; SPEC.md §4 payment item states, §5 refund-ineligibility reasons).
 * Re-exported by schema.ts. Money is integer won.
 *
 * A request is either carried out at once through the gateway (state REFUNDED / FAILED) or, when
 * self-service is blocked (SPEC.md §5), kept for staff with the amount the law gives
 * (STAFF_REVIEW → REFUNDED / REJECTED). `rule` names the legal rule applied (docs/refunds.md).
 * A bank account is kept only for virtual-account refunds, to pay the money back.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { paymentItems, payments } from "./payments.schema.ts";

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
    /**
     * Why shipped goods go back: CHANGE_OF_MIND or DEFECTIVE_OR_NOT_AS_SOLD (decides the
     * DELIVERY_FEE_FOR_REFUND); null when the request has no shipped goods (migration 0030).
     */
    returnReason: varchar("return_reason", { length: 32 }),
    /** The person said goods of the request were used or damaged (전자상거래법 제17조제2항). */
    goodsOpened: boolean("goods_opened").notNull().default(false),
  },
  (t) => [
    index("refund_requests_payment_idx").on(t.paymentId),
    index("refund_requests_state_idx").on(t.state, t.createdAt),
    // The console's CSV export pages by (created_at, id) (issue 16, migration 0024).
    index("refund_requests_created_id_idx").on(t.createdAt, t.id),
  ],
);

/**
 * What a refund keeps back (issue #18, migration 0030, decision 021): PENALTY (early end of a
 * free tablet rental, packages/domain `earlyEndPenalty`) and DELIVERY_FEE_FOR_REFUND (return
 * shipping of goods sent back by change of mind, `returnDeliveryFee`). Written with the request;
 * `amount` is the won taken off the refund (never above what the refund had), `ruleAmount` what
 * the published rule gives.
 */
export const refundDeductions = pgTable(
  "refund_deductions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    refundRequestId: bigint("refund_request_id", { mode: "number" })
      .notNull()
      .references(() => refundRequests.id, { onDelete: "cascade" }),
    kind: varchar("kind", { length: 32 }).notNull(),
    /** The line it is about: the free tablet line (PENALTY); null for the return shipping. */
    paymentItemId: bigint("payment_item_id", { mode: "number" }),
    ruleAmount: integer("rule_amount").notNull(),
    amount: integer("amount").notNull(),
    explanation: varchar("explanation", { length: 500 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("refund_deductions_request_kind_key").on(t.refundRequestId, t.kind),
    check("refund_deductions_kind_check", sql`${t.kind} in ('PENALTY', 'DELIVERY_FEE_FOR_REFUND')`),
    check(
      "refund_deductions_amount_check",
      sql`${t.amount} >= 0 and ${t.amount} <= ${t.ruleAmount}`,
    ),
  ],
);

/**
 * A refunded book back in stock (issue #18, migration 0030): one row per payment item, written
 * with the `store_items.count` increment in the transaction that settles the refund, so two
 * settlements never restock twice.
 */
export const storeRestocks = pgTable(
  "store_restocks",
  {
    paymentItemId: bigint("payment_item_id", { mode: "number" })
      .primaryKey()
      .references(() => paymentItems.id, { onDelete: "cascade" }),
    storeItemId: integer("store_item_id").notNull(),
    quantity: integer("quantity").notNull(),
    refundRequestId: bigint("refund_request_id", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("store_restocks_quantity_check", sql`${t.quantity} > 0`)],
);
