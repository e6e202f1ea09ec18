/**
 * Billing cards, payments, payment items, their state history, and subscriptions (issue #4;
 * SPEC.md §3 Payment / Main billing card, §4 payment states; DESIGN.md §4). Re-exported by
 * schema.ts. Money is integer won; times are timestamptz (UTC).
 *
 * Card data: only the gateway's billing key (customer_uid), the masked number (first 8 and last
 * 4 digits), company and card name are stored — never a full number, expiry, birth date or PIN
 * digits (DESIGN.md §4).
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  char,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { users } from "./core.schema.ts";

/**
 * Billing cards (SPEC.md §3 "Main billing card"). A user has at most one main card (partial
 * unique index); registering a new one demotes the previous one (kept for past payments).
 */
export const billingCards = pgTable(
  "billing_cards",
  {
    id: serial("id").primaryKey(),
    /** The account the card pays for (a student); a parent may register it for a child. */
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Who registered it (the student, their parent, or staff). */
    registeredByUserId: integer("registered_by_user_id").notNull(),
    /** The gateway's billing key: PortOne V1 `customer_uid`. */
    billingKey: varchar("billing_key", { length: 80 }).notNull(),
    /** Card product name from the gateway, e.g. 신한 Deep Dream. */
    name: varchar("name", { length: 80 }).notNull(),
    /** Card company, e.g. 신한카드. */
    companyName: varchar("company_name", { length: 40 }).notNull(),
    /** First 8 and last 4 digits, the rest masked: 4242-4242-****-4242. */
    numberMasked: varchar("number_masked", { length: 24 }).notNull(),
    /** COMPANY_CREDIT_CARD, COMPANY_DEBIT_CARD, CREDIT_CARD or DEBIT_CARD (SPEC.md §3). */
    cardType: varchar("card_type", { length: 24 }).notNull(),
    /** A card registered with the previous billing system (SPEC.md §3 isLegacy). */
    isLegacy: boolean("is_legacy").notNull().default(false),
    isMain: boolean("is_main").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    replacedAt: timestamp("replaced_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("billing_cards_one_main_key")
      .on(t.userId)
      .where(sql`${t.isMain}`),
    uniqueIndex("billing_cards_billing_key_key").on(t.billingKey),
  ],
);

/**
 * Monthly subscriptions created by a billing-card checkout (issue #4 "schedules the monthly
 * renewals"). The first payment pays `paid_months` months from `started_at`; from then on the
 * renewal job charges `renewal_amount` won for each month, one payment per period, on the
 * user's main billing card (initiator AUTO).
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /**
     * ACTIVE, PAST_DUE (three renewals declined in a row) or CANCELLED (terminal: a refund of
     * the lecture, the family or staff stopped it). SUBSCRIPTION_TRANSITIONS in packages/domain.
     */
    status: varchar("status", { length: 16 }).notNull().default("ACTIVE"),
    /** The order name shown on renewals, e.g. 스마트 수학 (1개월). */
    name: varchar("name", { length: 120 }).notNull(),
    /** What one renewal buys: [{ storeItemId, itemKind, name, months, salePrice, paidPrice }]. */
    renewalItems: jsonb("renewal_items").$type<RenewalItem[]>().notNull(),
    /** Won charged for each renewal month. */
    renewalAmount: integer("renewal_amount").notNull(),
    firstPaymentId: bigint("first_payment_id", { mode: "number" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    /** The month index (0 = the first payment's months) up to which payments exist. */
    paidMonths: smallint("paid_months").notNull(),
    /** When the next renewal is due: startedAt + paidMonths months (Asia/Seoul calendar). */
    nextChargeAt: timestamp("next_charge_at", { withTimezone: true }).notNull(),
    /** Declined renewals in a row; the job stops retrying after 3 (PAST_DUE). */
    failedAttempts: smallint("failed_attempts").notNull().default(0),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** Why it was cancelled: REFUNDED, USER_REQUEST or STAFF (packages/domain subscriptions). */
    cancelReason: varchar("cancel_reason", { length: 16 }),
    /** Who cancelled it: USER, ADMIN, SALES_TEAM or AUTO (a refund settled by a job). */
    cancelInitiator: varchar("cancel_initiator", { length: 16 }),
    /** The person who cancelled it (the family member or staff), when a person did. */
    cancelledByUserId: integer("cancelled_by_user_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("subscriptions_due_idx").on(t.status, t.nextChargeAt),
    index("subscriptions_user_idx").on(t.userId),
    uniqueIndex("subscriptions_first_payment_key").on(t.firstPaymentId),
  ],
);

export interface RenewalItem {
  storeItemId: number;
  itemKind: string;
  name: string;
  months: number;
  salePrice: number;
  paidPrice: number;
}

/**
 * Payments (SPEC.md §3 Payment; states SPEC.md §4 set two, transitions packages/domain
 * PAYMENT_TRANSITIONS). `merchant_uid` is chosen by the client (or `renewal-{subscription}-
 * {period}` by the renewal job) and is the idempotency key: one row, one charge per value.
 */
export const payments = pgTable(
  "payments",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    merchantUid: varchar("merchant_uid", { length: 80 }).notNull(),
    /** sha256 of the canonical request; a MERCHANT_UID reused for another order is refused. */
    requestHash: char("request_hash", { length: 64 }).notNull(),
    /** The student the order is for (USER_NO). */
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Who asked for it: the student, a parent, staff; null for AUTO renewals. */
    requestedByUserId: integer("requested_by_user_id"),
    /** ADMIN, AUTO, SALES_TEAM, UNKNOWN or USER (who started the payment). */
    initiator: varchar("initiator", { length: 16 }).notNull(),
    /** BILLING_CARD, CASH or VBANK (SPEC.md §3). ONETIME card payments are BILLING_CARD with no card row. */
    paymentMethod: varchar("payment_method", { length: 16 }).notNull(),
    /** READY, PAID, FAILED, PARTIALLY_REFUNDED or TOTALLY_REFUNDED. */
    state: varchar("state", { length: 24 }).notNull(),
    /** Order name, e.g. 스마트 수학 외 1건. */
    name: varchar("name", { length: 120 }).notNull(),
    /** Sum of the lines' sale totals, won. */
    productsPrice: integer("products_price").notNull(),
    /** Sum of the policies applied, won (12-month 5 %, user policies). */
    discountedValue: integer("discounted_value").notNull(),
    /** productsPrice − discountedValue: what is (to be) charged, won. */
    paidPrice: integer("paid_price").notNull(),
    refundedAmount: integer("refunded_amount").notNull().default(0),
    /** Installment months sent to the gateway (0 = lump sum). */
    cardQuota: smallint("card_quota").notNull().default(0),
    billingCardId: integer("billing_card_id").references(() => billingCards.id),
    /** The gateway's payment id (PortOne imp_uid) once known. */
    gatewayPaymentId: varchar("gateway_payment_id", { length: 80 }),
    failReason: varchar("fail_reason", { length: 300 }),
    receiptUrl: varchar("receipt_url", { length: 500 }),
    /** VBANK: { bankName, accountNumber, holder, dueAt (ISO) }. */
    virtualAccount: jsonb("virtual_account").$type<VirtualAccount>(),
    subscriptionId: bigint("subscription_id", { mode: "number" }),
    /** Renewal period index (1 = the first renewal month) for AUTO renewals. */
    billingPeriod: smallint("billing_period"),
    /** Staff note for CASH payments. */
    memo: varchar("memo", { length: 300 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payments_merchant_uid_key").on(t.merchantUid),
    uniqueIndex("payments_subscription_period_key")
      .on(t.subscriptionId, t.billingPeriod)
      .where(sql`${t.subscriptionId} is not null and ${t.state} <> 'FAILED'`),
    index("payments_user_created_idx").on(t.userId, t.createdAt, t.id),
    index("payments_state_created_idx").on(t.state, t.createdAt),
    // The console's CSV export pages by (created_at, id) (issue 16, migration 0024).
    index("payments_created_id_idx").on(t.createdAt, t.id),
    index("payments_gateway_payment_id_idx").on(t.gatewayPaymentId),
    check(
      "payments_amounts_check",
      sql`${t.productsPrice} >= 0 and ${t.discountedValue} >= 0 and ${t.paidPrice} >= 0 and ${t.refundedAmount} >= 0 and ${t.refundedAmount} <= ${t.paidPrice} and ${t.paidPrice} = ${t.productsPrice} - ${t.discountedValue}`,
    ),
  ],
);

export interface VirtualAccount {
  bankName: string;
  accountNumber: string;
  holder: string;
  /** ISO 8601 instant: the deposit deadline. */
  dueAt: string;
}

/**
 * The lines of a payment with their kinds (SPEC.md §3 item kinds) and prices in won.
 * `state` follows SPEC.md §4 set one (PAID, REFUND_REQUESTED, REFUNDED, REFUND_REQUEST_FAILED)
 * once the payment is paid; null while the payment is READY or FAILED.
 */
export const paymentItems = pgTable(
  "payment_items",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    paymentId: bigint("payment_id", { mode: "number" })
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    storeItemId: integer("store_item_id"),
    itemKind: varchar("item_kind", { length: 32 }).notNull(),
    name: varchar("name", { length: 120 }).notNull(),
    /** Units bought (lecture_multiple). */
    quantity: smallint("quantity").notNull(),
    /** Months covered: item months × quantity (0 for one-off items). */
    months: smallint("months").notNull(),
    /** Price per unit at the time of the order, won. */
    unitBasePrice: integer("unit_base_price").notNull(),
    unitSalePrice: integer("unit_sale_price").notNull(),
    /** Line totals, won: sale total, policies, and what was paid for the line. */
    salePrice: integer("sale_price").notNull(),
    policyPrice: integer("policy_price").notNull(),
    paidPrice: integer("paid_price").notNull(),
    refundedAmount: integer("refunded_amount").notNull().default(0),
    /** The policies applied: [{ name, discountKind, discountType, value, amount }]. */
    policies: jsonb("policies").$type<AppliedPolicy[]>().notNull().default([]),
    state: varchar("state", { length: 24 }),
  },
  (t) => [
    index("payment_items_payment_idx").on(t.paymentId),
    // The paid tablets (DEVICE_OWNER_DISCOUNT's question, `ownsPurchasedTablet`): without it the
    // question read every line of every order of the student (issue 19 performance).
    index("payment_items_paid_device_idx")
      .on(t.paymentId)
      .where(sql`${t.itemKind} = 'DEVICE' and ${t.state} = 'PAID' and ${t.paidPrice} > 0`),
    check(
      "payment_items_amounts_check",
      sql`${t.paidPrice} = ${t.salePrice} - ${t.policyPrice} and ${t.paidPrice} >= 0 and ${t.refundedAmount} >= 0 and ${t.refundedAmount} <= ${t.paidPrice}`,
    ),
  ],
);

/**
 * What a DEVICE line of an order is (issue #18; SPEC.md §3 purchase or gift, device condition):
 * PURCHASE (bought, or rented for a fee) or GIFT (given to keep: no rent, no return); null for
 * the tablet lent free with the lessons; NEW_DEVICE / USED_DEVICE; a rental goes back at its end.
 */
export const paymentItemDevices = pgTable("payment_item_devices", {
  paymentItemId: bigint("payment_item_id", { mode: "number" })
    .primaryKey()
    .references(() => paymentItems.id, { onDelete: "cascade" }),
  purchaseOrGift: varchar("purchase_or_gift", { length: 8 }),
  deviceCondition: varchar("device_condition", { length: 12 }),
  isRental: boolean("is_rental").notNull().default(false),
});

export interface AppliedPolicy {
  name: string;
  discountKind: string | null;
  discountType: string;
  value: number;
  /** Won taken off the line by this policy. */
  amount: number;
}

/**
 * Every state change of a payment or one of its items (DESIGN.md §4): who (initiator, actor),
 * when, from → to (from is null for the creation), and why.
 */
export const paymentTransitions = pgTable(
  "payment_transitions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    paymentId: bigint("payment_id", { mode: "number" })
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    /** Null for a change of the payment itself; an item id for an item's change. */
    paymentItemId: bigint("payment_item_id", { mode: "number" }),
    fromState: varchar("from_state", { length: 24 }),
    toState: varchar("to_state", { length: 24 }).notNull(),
    initiator: varchar("initiator", { length: 16 }).notNull(),
    actorUserId: integer("actor_user_id"),
    reason: varchar("reason", { length: 300 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("payment_transitions_payment_idx").on(t.paymentId, t.id)],
);

/**
 * Gateway notifications received (webhooks), kept for support: the body as a hint only; the
 * payment is always re-fetched from the gateway before anything changes.
 */
export const gatewayNotifications = pgTable(
  "gateway_notifications",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    gatewayPaymentId: varchar("gateway_payment_id", { length: 80 }),
    merchantUid: varchar("merchant_uid", { length: 80 }),
    status: varchar("status", { length: 24 }),
    /** What the handler did: APPLIED, UNCHANGED, UNKNOWN_PAYMENT, AMOUNT_MISMATCH, ERROR. */
    outcome: varchar("outcome", { length: 24 }).notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("gateway_notifications_merchant_idx").on(t.merchantUid)],
);
