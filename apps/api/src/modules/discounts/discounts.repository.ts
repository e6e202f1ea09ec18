/** Referral codes and their use: only this file touches the ORM for the discounts area. */
import { and, eq, isNull, schema, sql, type Database } from "@seoltab/db";

export type ReferralCodeRow = typeof schema.referralCodes.$inferSelect;

/** The code of a student, or undefined when none was issued yet. */
export async function findCodeOfUser(
  db: Database,
  userId: number,
): Promise<ReferralCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(schema.referralCodes)
    .where(eq(schema.referralCodes.userId, userId))
    .limit(1);
  return row;
}

/** The owner of a code (exact, upper case), or undefined. */
export async function findCode(db: Database, code: string): Promise<ReferralCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(schema.referralCodes)
    .where(eq(schema.referralCodes.code, code))
    .limit(1);
  return row;
}

/** Inserts a code for `userId`; null when the user already has one or the code is taken. */
export async function insertCode(
  db: Database,
  userId: number,
  code: string,
): Promise<ReferralCodeRow | null> {
  const [row] = await db
    .insert(schema.referralCodes)
    .values({ userId, code })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** Whether the user has used a friend's code (on an order that did not fail). */
export async function hasUsedAFriendsCode(db: Database, friendUserId: number): Promise<boolean> {
  const rows = await db
    .select({ id: schema.referralRedemptions.id })
    .from(schema.referralRedemptions)
    .where(eq(schema.referralRedemptions.friendUserId, friendUserId))
    .limit(1);
  return rows.length > 0;
}

/**
 * Records a friend's use of a code with the order it was used on. The unique friend index makes
 * a second use (even in parallel) throw a unique violation.
 */
export async function insertRedemption(
  db: Database,
  row: { ownerUserId: number; friendUserId: number; paymentId: number },
): Promise<void> {
  await db.insert(schema.referralRedemptions).values(row);
}

/**
 * The owner's rewards not yet claimed: redemptions of their code whose friend's order was paid.
 */
export async function countUnclaimedRewards(db: Database, ownerUserId: number): Promise<number> {
  const r = schema.referralRedemptions;
  const p = schema.payments;
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(r)
    .innerJoin(p, eq(p.id, r.paymentId))
    .where(
      and(
        eq(r.ownerUserId, ownerUserId),
        isNull(r.ownerRewardPaymentId),
        sql`${p.state} in ('PAID', 'PARTIALLY_REFUNDED', 'TOTALLY_REFUNDED')`,
      ),
    );
  return rows[0]?.n ?? 0;
}

/** How many friends used the owner's code on a paid order. */
export async function countFriendsJoined(db: Database, ownerUserId: number): Promise<number> {
  const r = schema.referralRedemptions;
  const p = schema.payments;
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(r)
    .innerJoin(p, eq(p.id, r.paymentId))
    .where(
      and(
        eq(r.ownerUserId, ownerUserId),
        sql`${p.state} in ('PAID', 'PARTIALLY_REFUNDED', 'TOTALLY_REFUNDED')`,
      ),
    );
  return rows[0]?.n ?? 0;
}

/**
 * Claims one unclaimed reward of the owner for `paymentId` (the oldest, row-locked, skipping
 * rows another order is claiming). Returns false when none is left.
 */
export async function claimReward(
  db: Database,
  ownerUserId: number,
  paymentId: number,
): Promise<boolean> {
  const result = await db.execute<{ id: number }>(sql`
    update referral_redemptions set owner_reward_payment_id = ${paymentId}
    where id = (
      select r.id from referral_redemptions r join payments p on p.id = r.payment_id
      where r.owner_user_id = ${ownerUserId} and r.owner_reward_payment_id is null
        and p.state in ('PAID', 'PARTIALLY_REFUNDED', 'TOTALLY_REFUNDED')
      order by r.id limit 1 for update of r skip locked
    )
    returning id`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/** Gives back what a failed order took: its friend's use and any owner reward it claimed. */
export async function releaseOfPayment(db: Database, paymentId: number): Promise<void> {
  const r = schema.referralRedemptions;
  await db.delete(r).where(eq(r.paymentId, paymentId));
  await db
    .update(r)
    .set({ ownerRewardPaymentId: null })
    .where(eq(r.ownerRewardPaymentId, paymentId));
}
