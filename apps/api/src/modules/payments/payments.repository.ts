/**
 * Payments data access: billing cards, payments, payment items, transitions, subscriptions and
 * gateway notifications. Only this file touches the ORM for the payments area. State changes are
 * conditional updates (`where state = <expected>`) so two workers, a webhook and a reconciliation
 * racing on one payment apply a change exactly once.
 */
import {
  and,
  asc,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  lt,
  lte,
  or,
  schema,
  sql,
  type Database,
} from "@seoltab/db";
import {
  PAYMENT_ITEM_ENTRY_STATES,
  PAYMENT_ITEM_TRANSITIONS,
  PAYMENT_TRANSITIONS,
  SUBSCRIPTION_TRANSITIONS,
  assertPaymentItemTransition,
  assertTransition,
  sourcesOf,
  type SubscriptionStatus,
  type Initiator,
  type PaymentItemState,
  type PaymentState,
} from "@seoltab/domain";

export type BillingCardRow = typeof schema.billingCards.$inferSelect;
export type PaymentRow = typeof schema.payments.$inferSelect;
export type NewPayment = typeof schema.payments.$inferInsert;
export type PaymentItemRow = typeof schema.paymentItems.$inferSelect;
export type NewPaymentItem = typeof schema.paymentItems.$inferInsert;
type NewPaymentTransition = typeof schema.paymentTransitions.$inferInsert;
export type SubscriptionRow = typeof schema.subscriptions.$inferSelect;
export type NewSubscription = typeof schema.subscriptions.$inferInsert;

import { withTransaction } from "../../platform/transactions.ts";
import { releaseOrderStock } from "../catalog/catalog.public.ts";
import { releaseReferralsOfPayment } from "../discounts/discounts.public.ts";

export { withTransaction };

// ---------------------------------------------------------------------------------------------
// Billing cards

/** The user's main billing card, if any. */
export async function findMainBillingCard(
  db: Database,
  userId: number,
): Promise<BillingCardRow | undefined> {
  const c = schema.billingCards;
  const [row] = await db
    .select()
    .from(c)
    .where(and(eq(c.userId, userId), eq(c.isMain, true)))
    .limit(1);
  return row;
}

/** The card with this id, if any. */
export async function findBillingCardById(
  db: Database,
  id: number,
): Promise<BillingCardRow | undefined> {
  const [row] = await db
    .select()
    .from(schema.billingCards)
    .where(eq(schema.billingCards.id, id))
    .limit(1);
  return row;
}

/**
 * Locks the user's row until the end of the caller's transaction, so changes of one user's main
 * card (a registration, a card promoted by its first successful payment) happen one after the
 * other: the loser of a race sees the winner's main card and demotes it, instead of colliding on
 * `billing_cards_one_main_key`.
 */
async function lockUserCards(tx: Database, userId: number): Promise<void> {
  const u = schema.users;
  await tx.select({ id: u.id }).from(u).where(eq(u.id, userId)).for("update");
}

/**
 * Makes `card` the user's main card: the previous main card (if any) is demoted with
 * `replacedAt`, in one transaction. Returns the new card.
 */
export async function replaceMainBillingCard(
  db: Database,
  card: typeof schema.billingCards.$inferInsert,
  now: Date,
): Promise<BillingCardRow> {
  return withTransaction(db, async (tx) => {
    const c = schema.billingCards;
    await lockUserCards(tx, card.userId);
    await tx
      .update(c)
      .set({ isMain: false, replacedAt: now })
      .where(and(eq(c.userId, card.userId), eq(c.isMain, true)));
    // A billing key reused by the gateway (same customer_uid) replaces the old row's key.
    await tx.delete(c).where(and(eq(c.billingKey, card.billingKey), eq(c.isMain, false)));
    const [row] = await tx
      .insert(c)
      .values({ ...card, isMain: true, createdAt: now })
      .returning();
    return row!;
  });
}

/**
 * Keeps a card registered from a checkout without making it the main card (issue #11 item 4):
 * `isMain` false and no `replacedAt` — a card waiting for its first successful payment
 * (`promoteBillingCard`). The current main card stays main.
 */
export async function insertPendingBillingCard(
  db: Database,
  card: typeof schema.billingCards.$inferInsert,
  now: Date,
): Promise<BillingCardRow> {
  const c = schema.billingCards;
  const [row] = await db
    .insert(c)
    .values({ ...card, isMain: false, replacedAt: null, createdAt: now })
    .returning();
  return row!;
}

/** True for a card waiting for its first successful payment (see insertPendingBillingCard). */
export function isPendingBillingCard(card: BillingCardRow): boolean {
  return !card.isMain && card.replacedAt === null;
}

/**
 * Makes a waiting card the user's main card once a payment with it succeeded: the previous main
 * card is demoted with `replacedAt`. Call inside the transaction that marks the payment PAID.
 * A card already main, or replaced meanwhile, is left alone. Returns the promoted card or null.
 */
export async function promoteBillingCard(
  tx: Database,
  cardId: number,
  userId: number,
  now: Date,
): Promise<BillingCardRow | null> {
  const c = schema.billingCards;
  const cardOf = async () => {
    const [row] = await tx
      .select()
      .from(c)
      .where(and(eq(c.id, cardId), eq(c.userId, userId)))
      .limit(1);
    return row;
  };
  // A card that is main already (every payment with the main card) or replaced never becomes
  // pending again: no lock then. Issue 19 performance: the lock was taken for every card
  // payment and held to the end of the PAID transaction, so one family's payments queued.
  const before = await cardOf();
  if (!before || !isPendingBillingCard(before)) return null;
  await lockUserCards(tx, userId);
  // Read again under the lock: a concurrent payment with the same card may have promoted it.
  const card = await cardOf();
  if (!card || !isPendingBillingCard(card)) return null;
  await tx
    .update(c)
    .set({ isMain: false, replacedAt: now })
    .where(and(eq(c.userId, userId), eq(c.isMain, true)));
  const [row] = await tx.update(c).set({ isMain: true }).where(eq(c.id, cardId)).returning();
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// Payments

/** The payment with this merchant_uid, if any. */
export async function findPaymentByMerchantUid(
  db: Database,
  merchantUid: string,
): Promise<PaymentRow | undefined> {
  const p = schema.payments;
  const [row] = await db.select().from(p).where(eq(p.merchantUid, merchantUid)).limit(1);
  return row;
}

/** The payment with this id, if any. */
export async function findPaymentById(db: Database, id: number): Promise<PaymentRow | undefined> {
  const p = schema.payments;
  const [row] = await db.select().from(p).where(eq(p.id, id)).limit(1);
  return row;
}

/** The items of these payments, by payment id then item id. */
/** One payment line with its payment, or undefined. */
export async function findPaymentItemById(
  db: Database,
  itemId: number,
): Promise<{ item: PaymentItemRow; payment: PaymentRow } | undefined> {
  const [item] = await db
    .select()
    .from(schema.paymentItems)
    .where(eq(schema.paymentItems.id, itemId));
  if (!item) return undefined;
  const payment = await findPaymentById(db, item.paymentId);
  return payment ? { item, payment } : undefined;
}

export async function findItemsOfPayments(
  db: Database,
  paymentIds: readonly number[],
): Promise<PaymentItemRow[]> {
  if (paymentIds.length === 0) return [];
  const i = schema.paymentItems;
  return db
    .select()
    .from(i)
    .where(inArray(i.paymentId, [...paymentIds]))
    .orderBy(asc(i.paymentId), asc(i.id));
}

/**
 * Inserts a READY payment with its items and its creation transition, unless a payment with
 * the same merchant_uid exists (then nothing is written and null is returned). One transaction.
 */
export async function insertReadyPayment(
  db: Database,
  payment: NewPayment,
  items: readonly Omit<NewPaymentItem, "paymentId">[],
  actorUserId: number | null,
  /**
   * Runs in the same transaction once the row exists (issue #18: stock of books and rentals,
   * referral use); a throw rolls the whole order back.
   */
  reserve?: (tx: Database, row: PaymentRow) => Promise<void>,
): Promise<PaymentRow | null> {
  return withTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(schema.payments)
      .values({ ...payment, state: "READY" })
      .onConflictDoNothing({ target: schema.payments.merchantUid })
      .returning();
    if (!row) return null;
    if (items.length > 0) {
      await tx
        .insert(schema.paymentItems)
        .values(items.map((it) => ({ ...it, paymentId: row.id })));
    }
    await tx.insert(schema.paymentTransitions).values({
      paymentId: row.id,
      fromState: null,
      toState: "READY",
      initiator: row.initiator,
      actorUserId,
      createdAt: payment.createdAt,
    });
    if (reserve) await reserve(tx, row);
    return row;
  });
}

export interface StateChange {
  from: PaymentState;
  to: PaymentState;
  initiator: Initiator;
  actorUserId?: number | null;
  reason?: string | null;
  at: Date;
  /** Columns to set together with the state. */
  set?: Partial<Omit<NewPayment, "id" | "state">>;
  /** The state every item takes (PAID when the payment is paid). */
  itemState?: PaymentItemState;
}

/**
 * Moves a payment from `change.from` to `change.to` if it is still in `from` (conditional
 * update), recording the transition (and the items' transitions when `itemState` is given).
 * Returns the updated row, or null when the payment was not in `from` (someone else moved it).
 * Runs in the caller's transaction when given one.
 *
 * Issue #10: PAYMENT_TRANSITIONS is asked for the payment and, with `itemState`, the item table
 * (`assertPaymentItemTransition`, SPEC.md §4 set one) for the current state of every item of the
 * payment while it is in `from`, before anything is written: a refused move throws
 * TransitionNotAllowedError and writes nothing (a payment already moved on stays a no-op that
 * returns null). The item update stays conditional on the table's sources, so an item another
 * writer moved in between is left alone.
 */
export async function transitionPayment(
  db: Database,
  paymentId: number,
  change: StateChange,
): Promise<PaymentRow | null> {
  return (await transitionPaymentWithItems(db, paymentId, change))?.payment ?? null;
}

/**
 * `transitionPayment`, also returning the payment's items as they are after the move: with
 * `change.itemState`, when every item of the payment moved (a fresh order's READY → PAID), the
 * updated rows, ordered by id — the same rows `findItemsOfPayments` would read next; otherwise
 * null (the caller reads them when it needs them). Issue 19 performance: the `payment.paid`
 * handlers and the checkout's answer used to read them again, one statement each.
 */
export async function transitionPaymentWithItems(
  db: Database,
  paymentId: number,
  change: StateChange,
): Promise<{ payment: PaymentRow; items: PaymentItemRow[] | null } | null> {
  const p = schema.payments;
  const pi = schema.paymentItems;
  assertTransition(PAYMENT_TRANSITIONS, "payment", change.from, change.to);
  // The items of a payment still in `from` (one that moved on is a no-op below, as before).
  const itemsBefore = change.itemState
    ? await db
        .select({ id: pi.id, state: pi.state })
        .from(pi)
        .innerJoin(p, eq(p.id, pi.paymentId))
        .where(and(eq(pi.paymentId, paymentId), eq(p.state, change.from)))
    : [];
  for (const it of itemsBefore) {
    assertPaymentItemTransition(it.state as PaymentItemState | null, change.itemState!);
  }
  const [row] = await db
    .update(p)
    .set({ ...change.set, state: change.to, updatedAt: change.at })
    .where(and(eq(p.id, paymentId), eq(p.state, change.from)))
    .returning();
  if (!row) return null;
  if (change.to === "FAILED") {
    // Nothing was charged: the order gives back the stock and referral use it reserved (#18).
    await releaseOrderStock(db, paymentId);
    await releaseReferralsOfPayment(db, paymentId);
  }
  // The payment's transition row, then its items' (one INSERT for all: issue 19 performance).
  const transitions: NewPaymentTransition[] = [
    {
      paymentId,
      fromState: change.from,
      toState: change.to,
      initiator: change.initiator,
      actorUserId: change.actorUserId ?? null,
      reason: change.reason?.slice(0, 300) ?? null,
      createdAt: change.at,
    },
  ];
  let moved: PaymentItemRow[] | null = null;
  if (change.itemState && itemsBefore.length > 0) {
    const to = change.itemState;
    const sources = sourcesOf(PAYMENT_ITEM_TRANSITIONS, to);
    const items = await db
      .update(pi)
      .set({ state: to })
      .where(
        and(
          eq(pi.paymentId, paymentId),
          or(
            PAYMENT_ITEM_ENTRY_STATES.includes(to) ? isNull(pi.state) : sql`false`,
            sources.length > 0 ? inArray(pi.state, sources) : sql`false`,
          ),
        ),
      )
      .returning();
    const fromOf = new Map(itemsBefore.map((it) => [it.id, it.state]));
    items.sort((a, b) => a.id - b.id);
    for (const it of items) {
      transitions.push({
        paymentId,
        paymentItemId: it.id,
        fromState: fromOf.get(it.id) ?? null,
        toState: to,
        initiator: change.initiator,
        actorUserId: change.actorUserId ?? null,
        createdAt: change.at,
      });
    }
    if (items.length === itemsBefore.length) moved = items;
  }
  await db.insert(schema.paymentTransitions).values(transitions);
  return { payment: row, items: moved };
}

/** Sets columns of a payment that is still in `state` (e.g. the virtual account of a READY one). */
export async function updatePaymentInState(
  db: Database,
  paymentId: number,
  state: PaymentState,
  set: Partial<Omit<NewPayment, "id" | "state">>,
  at: Date,
): Promise<PaymentRow | null> {
  const p = schema.payments;
  const [row] = await db
    .update(p)
    .set({ ...set, updatedAt: at })
    .where(and(eq(p.id, paymentId), eq(p.state, state)))
    .returning();
  return row ?? null;
}

/** The transitions of a payment, oldest first. */
export async function findTransitions(db: Database, paymentId: number) {
  const t = schema.paymentTransitions;
  return db.select().from(t).where(eq(t.paymentId, paymentId)).orderBy(asc(t.id));
}

/** Keyset position of a payment in "newest first" order. */
export interface PaymentCursor {
  createdAt: Date;
  id: number;
}

/**
 * Payments of these users, newest first (created_at, then id), after `cursor`, at most `limit`.
 */
export async function findPaymentsOfUsers(
  db: Database,
  userIds: readonly number[],
  limit: number,
  cursor: PaymentCursor | null,
): Promise<PaymentRow[]> {
  if (userIds.length === 0) return [];
  const p = schema.payments;
  const inUsers = inArray(p.userId, [...userIds]);
  const where = cursor
    ? and(
        inUsers,
        or(
          lt(p.createdAt, cursor.createdAt),
          and(eq(p.createdAt, cursor.createdAt), lt(p.id, cursor.id)),
        ),
      )
    : inUsers;
  return db.select().from(p).where(where).orderBy(desc(p.createdAt), desc(p.id)).limit(limit);
}

/** READY payments created before `before` (reconciliation), oldest first, at most `limit`. */
export async function findStaleReadyPayments(
  db: Database,
  before: Date,
  limit: number,
): Promise<PaymentRow[]> {
  const p = schema.payments;
  return db
    .select()
    .from(p)
    .where(and(eq(p.state, "READY"), lt(p.createdAt, before)))
    .orderBy(asc(p.createdAt))
    .limit(limit);
}

/** Payments found by one of the staff search keys (SPEC.md §3 search keys), newest first. */
export async function searchPayments(
  db: Database,
  key:
    "IMP_UID" | "MERCHANT_UID" | "PAYMENT_ID" | "USER_ID" | "USER_NAME" | "FIRST_EIGHT_CARD_NUMBER",
  value: string,
  limit: number,
): Promise<(PaymentRow & { userName: string })[]> {
  const p = schema.payments;
  const u = schema.users;
  const c = schema.billingCards;
  let where;
  switch (key) {
    case "IMP_UID":
      where = eq(p.gatewayPaymentId, value);
      break;
    case "MERCHANT_UID":
      where = eq(p.merchantUid, value);
      break;
    case "PAYMENT_ID":
      where = eq(p.id, Number(value));
      break;
    case "USER_ID":
      where = eq(p.userId, Number(value));
      break;
    case "USER_NAME":
      where = eq(u.name, value);
      break;
    case "FIRST_EIGHT_CARD_NUMBER":
      where = sql`replace(${c.numberMasked}, '-', '') like ${`${value}%`}`;
      break;
  }
  const rows = await db
    .select({ payment: p, userName: u.name })
    .from(p)
    .innerJoin(u, eq(u.id, p.userId))
    .leftJoin(c, eq(c.id, p.billingCardId))
    .where(where)
    .orderBy(desc(p.createdAt), desc(p.id))
    .limit(limit);
  return rows.map((r) => ({ ...r.payment, userName: r.userName }));
}

// ---------------------------------------------------------------------------------------------
// Subscriptions

/**
 * Inserts a subscription unless the payment already started one (the unique index
 * `subscriptions_first_payment_key`, migration 0033); returns it, or null when one existed.
 */
export async function insertSubscriptionOnce(
  db: Database,
  subscription: NewSubscription,
): Promise<SubscriptionRow | null> {
  const s = schema.subscriptions;
  const [row] = await db
    .insert(s)
    .values(subscription)
    .onConflictDoNothing({ target: s.firstPaymentId })
    .returning();
  return row ?? null;
}

/** The subscription with this id, if any. */
export async function findSubscriptionById(
  db: Database,
  id: number,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(schema.subscriptions)
    .where(eq(schema.subscriptions.id, id))
    .limit(1);
  return row;
}

/**
 * SQL condition: a lecture line of one of the subscription's payments (the first one or a
 * renewal) waits for a refund decision (REFUND_REQUESTED). Renewals are held meanwhile: the
 * refund may end the subscription (issue #11 item 1).
 */
function lectureRefundInFlight(s: typeof schema.subscriptions) {
  return sql`exists (
    select 1 from ${schema.paymentItems} i
    join ${schema.payments} p on p.id = i.payment_id
    where (p.id = ${s.firstPaymentId} or p.subscription_id = ${s.id})
      and i.item_kind = 'LECTURE' and i.state = 'REFUND_REQUESTED'
  )`;
}

/**
 * SQL condition: the lessons of the subscription were refunded — one of its payments (the first
 * one or a renewal) is TOTALLY_REFUNDED or has a LECTURE line REFUNDED. Such a subscription must
 * never be charged again (decision 012); the renewal checks it under the row lock, whatever path
 * the refund took, so a refund writer that forgot to end the subscription cannot cause a charge.
 */
function lessonsRefunded(s: typeof schema.subscriptions) {
  return sql`exists (
    select 1 from ${schema.payments} p
    where (p.id = ${s.firstPaymentId} or p.subscription_id = ${s.id})
      and (p.state = 'TOTALLY_REFUNDED' or exists (
        select 1 from ${schema.paymentItems} i
        where i.payment_id = p.id and i.item_kind = 'LECTURE' and i.state = 'REFUNDED'
      ))
  )`;
}

/**
 * ACTIVE subscriptions due at `now`, oldest due first, at most `limit`; those with a lecture
 * refund awaiting its outcome are left out (they are due again once it is settled).
 */
export async function findDueSubscriptions(
  db: Database,
  now: Date,
  limit: number,
): Promise<SubscriptionRow[]> {
  const s = schema.subscriptions;
  return db
    .select()
    .from(s)
    .where(
      and(eq(s.status, "ACTIVE"), lte(s.nextChargeAt, now), sql`not ${lectureRefundInFlight(s)}`),
    )
    .orderBy(asc(s.nextChargeAt))
    .limit(limit);
}

/** ACTIVE subscriptions whose next charge falls in (from, to] (renewal notices, issue #17). */
export async function findActiveSubscriptionsChargingBetween(
  db: Database,
  from: Date,
  to: Date,
  limit = 500,
): Promise<SubscriptionRow[]> {
  const s = schema.subscriptions;
  return db
    .select()
    .from(s)
    .where(and(eq(s.status, "ACTIVE"), gt(s.nextChargeAt, from), lte(s.nextChargeAt, to)))
    .orderBy(asc(s.nextChargeAt))
    .limit(limit);
}

/**
 * Locks the subscription row for the rest of the transaction (SELECT … FOR UPDATE) and returns
 * it as it is now, with whether a lecture refund of it is in flight and whether its lessons were
 * already refunded. Renewal reservations and refunds of a lecture take this lock, so one of them
 * always sees the other's outcome.
 */
export async function lockSubscription(
  tx: Database,
  id: number,
): Promise<
  (SubscriptionRow & { lectureRefundInFlight: boolean; lessonsRefunded: boolean }) | undefined
> {
  const s = schema.subscriptions;
  const [row] = await tx.select().from(s).where(eq(s.id, id)).for("update");
  if (!row) return undefined;
  const [flag] = await tx
    .select({
      inFlight: sql<boolean>`${lectureRefundInFlight(s)}`,
      refunded: sql<boolean>`${lessonsRefunded(s)}`,
    })
    .from(s)
    .where(eq(s.id, id));
  return {
    ...row,
    lectureRefundInFlight: Boolean(flag?.inFlight),
    lessonsRefunded: Boolean(flag?.refunded),
  };
}

/** Who ends a subscription and why (packages/domain SUBSCRIPTION_CANCEL_REASONS). */
export interface SubscriptionCancellation {
  reason: string;
  initiator: Initiator;
  actorUserId: number | null;
  at: Date;
}

/**
 * Cancels the subscription if it is ACTIVE or PAST_DUE (conditional update; CANCELLED is
 * terminal). Returns the cancelled row, or null when it was already cancelled or is unknown.
 */
export async function cancelSubscriptionIf(
  db: Database,
  id: number,
  cancellation: SubscriptionCancellation,
): Promise<SubscriptionRow | null> {
  const s = schema.subscriptions;
  const [row] = await db
    .update(s)
    .set({
      status: "CANCELLED",
      cancelledAt: cancellation.at,
      cancelReason: cancellation.reason,
      cancelInitiator: cancellation.initiator,
      cancelledByUserId: cancellation.actorUserId,
    })
    .where(and(eq(s.id, id), inArray(s.status, sourcesOf(SUBSCRIPTION_TRANSITIONS, "CANCELLED"))))
    .returning();
  return row ?? null;
}

/** The subscriptions of `userId`, newest first (at most 50). */
export async function findSubscriptionsOfUser(
  db: Database,
  userId: number,
): Promise<SubscriptionRow[]> {
  const s = schema.subscriptions;
  return db.select().from(s).where(eq(s.userId, userId)).orderBy(desc(s.id)).limit(50);
}

/**
 * When each subscription was last charged: the newest completedAt of its payments (the first
 * one or a renewal) that were paid (PAID or later refunded). Missing ids had no paid charge.
 */
export async function findLastChargedAt(
  db: Database,
  subscriptions: readonly Pick<SubscriptionRow, "id" | "firstPaymentId">[],
): Promise<Map<number, Date>> {
  const out = new Map<number, Date>();
  if (subscriptions.length === 0) return out;
  const p = schema.payments;
  const ids = subscriptions.map((s) => s.id);
  const firsts = subscriptions.flatMap((s) => (s.firstPaymentId != null ? [s.firstPaymentId] : []));
  const rows = await db
    .select({ id: p.id, subscriptionId: p.subscriptionId, completedAt: p.completedAt })
    .from(p)
    .where(
      and(
        firsts.length > 0
          ? or(inArray(p.subscriptionId, ids), inArray(p.id, firsts))
          : inArray(p.subscriptionId, ids),
        inArray(p.state, ["PAID", "PARTIALLY_REFUNDED", "TOTALLY_REFUNDED"]),
      ),
    );
  const byFirst = new Map(subscriptions.map((s) => [s.firstPaymentId, s.id]));
  for (const row of rows) {
    const subscriptionId = row.subscriptionId ?? byFirst.get(row.id);
    if (subscriptionId == null || !row.completedAt) continue;
    const seen = out.get(subscriptionId);
    if (!seen || seen < row.completedAt) out.set(subscriptionId, row.completedAt);
  }
  return out;
}

/**
 * Updates a subscription only if it is still as `seen` (same paid months and failed attempts)
 * and not CANCELLED, so a renewal outcome is applied once however many runs see it and never
 * undoes a cancellation. Returns the row or null.
 */
export async function updateSubscriptionIf(
  db: Database,
  seen: Pick<SubscriptionRow, "id" | "paidMonths" | "failedAttempts">,
  set: Partial<NewSubscription>,
): Promise<SubscriptionRow | null> {
  const s = schema.subscriptions;
  const [row] = await db
    .update(s)
    .set(set)
    .where(
      and(
        eq(s.id, seen.id),
        eq(s.paidMonths, seen.paidMonths),
        eq(s.failedAttempts, seen.failedAttempts),
        // The table decides: CANCELLED is terminal, so a renewal outcome never revives it.
        inArray(
          s.status,
          set.status
            ? [
                set.status as SubscriptionStatus,
                ...sourcesOf(SUBSCRIPTION_TRANSITIONS, set.status as SubscriptionStatus),
              ]
            : sourcesOf(SUBSCRIPTION_TRANSITIONS, "CANCELLED"),
        ),
      ),
    )
    .returning();
  return row ?? null;
}

/** The subscription started by this payment, if any. */
export async function findSubscriptionByFirstPayment(
  db: Database,
  paymentId: number,
): Promise<SubscriptionRow | undefined> {
  const s = schema.subscriptions;
  const [row] = await db.select().from(s).where(eq(s.firstPaymentId, paymentId)).limit(1);
  return row;
}

// ---------------------------------------------------------------------------------------------
// Gateway notifications

export async function insertGatewayNotification(
  db: Database,
  row: typeof schema.gatewayNotifications.$inferInsert,
): Promise<void> {
  await db.insert(schema.gatewayNotifications).values(row);
}

/** A bought lecture line with what LECTURE_INFO needs of its payment and subscription. */
export interface LectureItemRow {
  itemId: number;
  itemName: string;
  itemMonths: number;
  itemState: string | null;
  paymentId: number;
  paymentState: string;
  completedAt: Date | null;
  subscriptionStatus: string | null;
  subscriptionStartedAt: Date | null;
  subscriptionPaidMonths: number | null;
  subscriptionNextChargeAt: Date | null;
}

/** Most lecture lines LECTURE_INFO lists (newest first); older ones stay in the payments list. */
export const LECTURE_INFO_LIMIT = 50;

/**
 * The lecture lines a student bought (first orders only: renewals continue them), not failed,
 * with their payment's state and the subscription they started, newest first, at most
 * `LECTURE_INFO_LIMIT`. Starts from the user's payments (index payments_user_created_idx).
 */
export async function findLectureItemsOfUser(
  db: Database,
  userId: number,
): Promise<LectureItemRow[]> {
  let statement = lectureItemsStatements.get(db);
  if (!statement) {
    statement = lectureItemsStatement(db);
    lectureItemsStatements.set(db, statement);
  }
  return statement.execute({ userId });
}

/**
 * findLectureItemsOfUser as a named statement, prepared once per database handle (issue 19
 * performance: PostgreSQL spent about 0.7 ms planning this join on every getUserInfo, more
 * than running it; a named statement is parsed once per connection and reuses its plan).
 * PGlite runs it like any other query.
 */
function lectureItemsStatement(db: Database) {
  const p = schema.payments;
  const i = schema.paymentItems;
  const s = schema.subscriptions;
  return db
    .select({
      itemId: i.id,
      itemName: i.name,
      itemMonths: i.months,
      itemState: i.state,
      paymentId: p.id,
      paymentState: p.state,
      completedAt: p.completedAt,
      subscriptionStatus: s.status,
      subscriptionStartedAt: s.startedAt,
      subscriptionPaidMonths: s.paidMonths,
      subscriptionNextChargeAt: s.nextChargeAt,
    })
    .from(p)
    .innerJoin(i, and(eq(i.paymentId, p.id), eq(i.itemKind, "LECTURE")))
    .leftJoin(s, eq(s.firstPaymentId, p.id))
    .where(
      and(
        eq(p.userId, sql.placeholder("userId")),
        sql`${p.subscriptionId} is null`,
        sql`${p.state} <> 'FAILED'`,
      ),
    )
    .orderBy(desc(p.createdAt), desc(i.id))
    .limit(LECTURE_INFO_LIMIT)
    .prepare("payments_lecture_items_of_user");
}

const lectureItemsStatements = new WeakMap<Database, ReturnType<typeof lectureItemsStatement>>();

/**
 * Whether the user bought a tablet from us that is still theirs: a paid (not refunded) DEVICE
 * line with a price, not headphones and not a rental (DEVICE_OWNER_DISCOUNT, issue #18).
 * The item conditions are literals in the text, equal to the predicate of the partial index
 * `payment_items_paid_device_idx` (migration 0034): as parameters, the prepared statement's
 * generic plan could not use that index and would read every order of the student again.
 */
export async function ownsPurchasedTablet(db: Database, userId: number): Promise<boolean> {
  const rows = await db.execute<{ one: number }>(sql`
    select 1 as one from payment_items i
    join payments p on p.id = i.payment_id
    join store_items s on s.id = i.store_item_id
    where p.user_id = ${userId} and i.item_kind = 'DEVICE' and i.state = 'PAID'
      and i.paid_price > 0 and not s.is_rental and s.device_type <> 'AIR_PODS_MAX'
    limit 1`);
  return (rows as unknown as { rows: unknown[] }).rows.length > 0;
}

/** Records what each DEVICE line of a new order is (PURCHASE/GIFT, condition, rental; #18). */
export async function insertDeviceLines(
  db: Database,
  paymentId: number,
  devices: readonly {
    storeItemId: number;
    purchaseOrGift: string | null;
    deviceCondition: string | null;
    isRental: boolean;
  }[],
): Promise<void> {
  if (devices.length === 0) return;
  const items = await db
    .select({ id: schema.paymentItems.id, storeItemId: schema.paymentItems.storeItemId })
    .from(schema.paymentItems)
    .where(eq(schema.paymentItems.paymentId, paymentId));
  const rows = items.flatMap((i) => {
    const d = devices.find((x) => x.storeItemId === i.storeItemId);
    return d
      ? [
          {
            paymentItemId: i.id,
            purchaseOrGift: d.purchaseOrGift,
            deviceCondition: d.deviceCondition,
            isRental: d.isRental,
          },
        ]
      : [];
  });
  if (rows.length > 0) await db.insert(schema.paymentItemDevices).values(rows);
}
