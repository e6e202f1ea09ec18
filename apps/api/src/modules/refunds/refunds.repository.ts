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
