/**
 * Refunds data access: refund requests and the refund side of payment items (issue #5). Only this
 * file touches the ORM for refunds. Every state change is a conditional update
 * (`where state = <expected>`), so two requests, a staff decision and a settlement racing on one
 * item or request apply a change exactly once. Payment rows are moved with the payments
 * repository's `transitionPayment` (same conditional rule, transition recorded).
 */
import { and, asc, eq, inArray, schema, sql, type Database } from "@seoltab/db";
import {
  PAYMENT_ITEM_TRANSITIONS,
  REFUND_REQUEST_TRANSITIONS,
  assertTransition,
  type Initiator,
  type PaymentItemState,
  type RefundRequestState,
} from "@seoltab/domain";
import type { PaymentItemRow } from "../payments/payments.public.ts";

export type RefundRequestRow = typeof schema.refundRequests.$inferSelect;
export type NewRefundRequest = typeof schema.refundRequests.$inferInsert;

/**
 * refund_requests.state: REFUNDED / FAILED (gateway answered), STAFF_REVIEW / REJECTED (staff),
 * and PENDING — sent to the gateway, answer not known yet (settled by asking the gateway).
 */
export type { RefundRequestState };

/** Items with these ids (any payment), by id. */
export async function findItemsByIds(
  db: Database,
  ids: readonly number[],
): Promise<PaymentItemRow[]> {
  if (ids.length === 0) return [];
  const i = schema.paymentItems;
  return db
    .select()
    .from(i)
    .where(inArray(i.id, [...ids]))
    .orderBy(asc(i.id));
}

/** Who did it, and why, for the transitions recorded. */
export interface Actor {
  initiator: Initiator;
  userId: number | null;
  reason: string;
  at: Date;
}

/**
 * Moves items of `paymentId` from PAID or REFUND_REQUEST_FAILED to REFUND_REQUESTED (conditional)
 * and records each transition. Returns the ids moved; fewer than asked means another request
 * holds the others (the caller rolls back).
 */
export async function markItemsRefundRequested(
  db: Database,
  paymentId: number,
  itemIds: readonly number[],
  actor: Actor,
): Promise<number[]> {
  const i = schema.paymentItems;
  const movedIds: number[] = [];
  for (const from of [
    "PAID",
    "REFUND_REQUEST_FAILED",
  ] as const satisfies readonly PaymentItemState[]) {
    assertTransition(PAYMENT_ITEM_TRANSITIONS, "payment item", from, "REFUND_REQUESTED");
    const moved = await db
      .update(i)
      .set({ state: "REFUND_REQUESTED" })
      .where(and(eq(i.paymentId, paymentId), inArray(i.id, [...itemIds]), eq(i.state, from)))
      .returning({ id: i.id });
    if (moved.length === 0) continue;
    await db.insert(schema.paymentTransitions).values(
      moved.map((m) => ({
        paymentId,
        paymentItemId: m.id,
        fromState: from,
        toState: "REFUND_REQUESTED",
        initiator: actor.initiator,
        actorUserId: actor.userId,
        reason: actor.reason.slice(0, 300),
        createdAt: actor.at,
      })),
    );
    movedIds.push(...moved.map((m) => m.id));
  }
  return movedIds;
}

/**
 * Settles REFUND_REQUESTED items: REFUNDED adding each item's `amount` to its refunded_amount,
 * or REFUND_REQUEST_FAILED (amounts ignored). Conditional on REFUND_REQUESTED; transitions
 * recorded. Returns how many items moved.
 */
export async function settleItems(
  db: Database,
  paymentId: number,
  items: readonly { id: number; amount: number }[],
  to: "REFUNDED" | "REFUND_REQUEST_FAILED",
  actor: Actor,
): Promise<number> {
  const i = schema.paymentItems;
  assertTransition(PAYMENT_ITEM_TRANSITIONS, "payment item", "REFUND_REQUESTED", to);
  let moved = 0;
  for (const item of items) {
    const [row] = await db
      .update(i)
      .set(
        to === "REFUNDED"
          ? { state: to, refundedAmount: sql`${i.refundedAmount} + ${item.amount}` }
          : { state: to },
      )
      .where(and(eq(i.id, item.id), eq(i.paymentId, paymentId), eq(i.state, "REFUND_REQUESTED")))
      .returning({ id: i.id });
    if (!row) continue;
    moved += 1;
    await db.insert(schema.paymentTransitions).values({
      paymentId,
      paymentItemId: item.id,
      fromState: "REFUND_REQUESTED",
      toState: to,
      initiator: actor.initiator,
      actorUserId: actor.userId,
      reason: actor.reason.slice(0, 300),
      createdAt: actor.at,
    });
  }
  return moved;
}

/** Inserts a refund request; returns it. */
export async function insertRefundRequest(
  db: Database,
  request: NewRefundRequest,
): Promise<RefundRequestRow> {
  const [row] = await db.insert(schema.refundRequests).values(request).returning();
  return row!;
}

/** The refund request with this id, if any. */
export async function findRefundRequestById(
  db: Database,
  id: number,
): Promise<RefundRequestRow | undefined> {
  const r = schema.refundRequests;
  const [row] = await db.select().from(r).where(eq(r.id, id)).limit(1);
  return row;
}

/** Refund requests in `state`, oldest first (a queue for staff), at most `limit`. */
export async function findRefundRequestsByState(
  db: Database,
  state: RefundRequestState,
  limit: number,
): Promise<RefundRequestRow[]> {
  const r = schema.refundRequests;
  return db
    .select()
    .from(r)
    .where(eq(r.state, state))
    .orderBy(asc(r.createdAt), asc(r.id))
    .limit(limit);
}

/**
 * Updates a refund request only if it is still in `from`; returns the row, or null when someone
 * else moved it first.
 */
export async function updateRefundRequestIf(
  db: Database,
  id: number,
  from: RefundRequestState,
  set: Partial<Omit<NewRefundRequest, "id">> & { state?: RefundRequestState },
): Promise<RefundRequestRow | null> {
  const r = schema.refundRequests;
  if (set.state !== undefined && set.state !== from) {
    assertTransition(REFUND_REQUEST_TRANSITIONS, "refund request", from, set.state);
  }
  const [row] = await db
    .update(r)
    .set(set)
    .where(and(eq(r.id, id), eq(r.state, from)))
    .returning();
  return row ?? null;
}

/**
 * Locks the payment row until the end of the caller's transaction (`select … for update`), so
 * refund requests and staff decisions on one payment take their turn.
 */
export async function lockPayment(db: Database, paymentId: number): Promise<void> {
  const p = schema.payments;
  await db.select({ id: p.id }).from(p).where(eq(p.id, paymentId)).for("update");
}

/** True when a refund of this payment is at the gateway with its answer not known (PENDING). */
export async function hasPendingRefund(db: Database, paymentId: number): Promise<boolean> {
  const r = schema.refundRequests;
  const rows = await db
    .select({ id: r.id })
    .from(r)
    .where(and(eq(r.paymentId, paymentId), eq(r.state, "PENDING")))
    .limit(1);
  return rows.length > 0;
}

/**
 * True when a refund of this payment was paid back by a staff bank transfer instead of a
 * gateway cancel (channel BANK on a card payment, decision 022): the gateway's balance no
 * longer matches ours, so later refunds of the payment also go to a bank account.
 */
export async function hasStaffTransfer(db: Database, paymentId: number): Promise<boolean> {
  const r = schema.refundRequests;
  const rows = await db
    .select({ id: r.id })
    .from(r)
    .where(
      and(
        eq(r.paymentId, paymentId),
        eq(r.channel, "BANK"),
        inArray(r.state, ["PENDING", "REFUNDED"]),
        sql`${r.refundAccount} ->> 'transfer' = 'STAFF'`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Store refunds (issue #18, migration 0030): device facts, deductions, restock

/** What a DEVICE line is, as the refund quote needs it. */
export interface DeviceFacts {
  /** PURCHASE, GIFT or null (lent free, or a line written before issue #18). */
  purchaseOrGift: string | null;
  /** NEW_DEVICE, USED_DEVICE or null. */
  deviceCondition: string | null;
  /** Rented for a fee for a fixed term (headphones). */
  isRental: boolean;
  /** IPAD, ANDROID_TABLET, AIR_PODS_MAX or null (store item gone). */
  deviceType: string | null;
  /**
   * The device's value in won for the free-rental penalty's cap: the line's list price when it
   * has one, else the cheapest price the same model (type and generation) is sold at used, else
   * new; null when none is on record.
   */
  valueWon: number | null;
}

/** Device facts of the DEVICE lines among `items`, by payment item id. */
export async function findDeviceFacts(
  db: Database,
  items: readonly PaymentItemRow[],
): Promise<Map<number, DeviceFacts>> {
  const devices = items.filter((i) => i.itemKind === "DEVICE");
  if (devices.length === 0) return new Map();
  const ids = devices.map((d) => d.id);
  const recorded = await db
    .select()
    .from(schema.paymentItemDevices)
    .where(inArray(schema.paymentItemDevices.paymentItemId, ids));
  const byLine = new Map(recorded.map((r) => [r.paymentItemId, r]));
  const storeIds = devices.map((d) => d.storeItemId).filter((id): id is number => id != null);
  const s = schema.storeItems;
  const storeRows =
    storeIds.length > 0
      ? await db
          .select({
            id: s.id,
            deviceType: s.deviceType,
            deviceGen: s.deviceGen,
            isGift: s.isGift,
            isRental: s.isRental,
          })
          .from(s)
          .where(inArray(s.id, storeIds))
      : [];
  const stores = new Map(storeRows.map((r) => [r.id, r]));
  const out = new Map<number, DeviceFacts>();
  for (const line of devices) {
    const store = line.storeItemId != null ? stores.get(line.storeItemId) : undefined;
    const rec = byLine.get(line.id);
    let valueWon: number | null = line.unitBasePrice > 0 ? line.unitBasePrice : null;
    if (valueWon === null && store?.deviceType) {
      const rows = await db.execute(sql`
        select sale_price from store_items
        where item_kind = 'DEVICE' and device_type = ${store.deviceType}
          and device_gen is not distinct from ${store.deviceGen}
          and sale_price > 0 and not is_rental and not is_gift
        order by (used_type = 'USED') desc, sale_price asc
        limit 1`);
      const first = (rows as unknown as { rows: { sale_price: number | string }[] }).rows[0];
      valueWon = first ? Number(first.sale_price) : null;
    }
    out.set(line.id, {
      purchaseOrGift: rec?.purchaseOrGift ?? (store?.isGift ? "GIFT" : null),
      deviceCondition: rec?.deviceCondition ?? null,
      isRental: rec?.isRental ?? store?.isRental ?? false,
      deviceType: store?.deviceType ?? null,
      valueWon,
    });
  }
  return out;
}

export type RefundDeductionRow = typeof schema.refundDeductions.$inferSelect;

/** Records the deductions of a new request (in its transaction). */
export async function insertRefundDeductions(
  db: Database,
  refundRequestId: number,
  deductions: readonly {
    kind: string;
    paymentItemId: number | null;
    ruleAmount: number;
    amount: number;
    explanation: string;
  }[],
): Promise<void> {
  if (deductions.length === 0) return;
  await db.insert(schema.refundDeductions).values(
    deductions.map((d) => ({
      refundRequestId,
      kind: d.kind,
      paymentItemId: d.paymentItemId,
      ruleAmount: d.ruleAmount,
      amount: d.amount,
      explanation: d.explanation.slice(0, 500),
    })),
  );
}

/** The deductions of several requests, by request id, PENALTY first in each. */
export async function findRefundDeductionsOf(
  db: Database,
  refundRequestIds: readonly number[],
): Promise<Map<number, RefundDeductionRow[]>> {
  const out = new Map<number, RefundDeductionRow[]>();
  if (refundRequestIds.length === 0) return out;
  const d = schema.refundDeductions;
  const rows = await db
    .select()
    .from(d)
    .where(inArray(d.refundRequestId, [...refundRequestIds]))
    .orderBy(sql`case when ${d.kind} = 'PENALTY' then 0 else 1 end`, asc(d.id));
  for (const row of rows) {
    out.set(row.refundRequestId, [...(out.get(row.refundRequestId) ?? []), row]);
  }
  return out;
}

/** The deductions of a request, PENALTY first. */
export async function findRefundDeductions(
  db: Database,
  refundRequestId: number,
): Promise<RefundDeductionRow[]> {
  const d = schema.refundDeductions;
  return db
    .select()
    .from(d)
    .where(eq(d.refundRequestId, refundRequestId))
    .orderBy(sql`case when ${d.kind} = 'PENALTY' then 0 else 1 end`, asc(d.id));
}

/**
 * Puts refunded books back in stock, in the settling transaction: for each SEOLTAB_BOOK line
 * refunded with an amount above 0 whose store item keeps stock (`track_stock`), one
 * `store_restocks` row keyed by the payment item (insert … on conflict do nothing) and, only when
 * that row is new, `count += quantity`. A second settlement, in parallel or later, finds the row
 * and changes nothing. Returns the lines restocked now.
 */
export async function restockRefundedBooks(
  db: Database,
  refundRequestId: number,
  lines: readonly { item: PaymentItemRow; amount: number }[],
): Promise<{ paymentItemId: number; storeItemId: number; quantity: number }[]> {
  const done: { paymentItemId: number; storeItemId: number; quantity: number }[] = [];
  for (const { item, amount } of lines) {
    if (item.itemKind !== "SEOLTAB_BOOK" || item.storeItemId == null || amount <= 0) continue;
    if (item.quantity <= 0) continue;
    const [store] = await db
      .select({ trackStock: schema.storeItems.trackStock })
      .from(schema.storeItems)
      .where(eq(schema.storeItems.id, item.storeItemId));
    if (!store?.trackStock) continue;
    const inserted = await db
      .insert(schema.storeRestocks)
      .values({
        paymentItemId: item.id,
        storeItemId: item.storeItemId,
        quantity: item.quantity,
        refundRequestId,
      })
      .onConflictDoNothing()
      .returning({ id: schema.storeRestocks.paymentItemId });
    if (inserted.length === 0) continue;
    await db
      .update(schema.storeItems)
      .set({ count: sql`${schema.storeItems.count} + ${item.quantity}` })
      .where(eq(schema.storeItems.id, item.storeItemId));
    done.push({ paymentItemId: item.id, storeItemId: item.storeItemId, quantity: item.quantity });
  }
  return done;
}
