/**
 * Contracts data access (issue #5): `contracts` (one per paid order) and `user_contracts` (the
 * signature). Only this file touches the ORM for the contracts area. Both inserts are
 * "once" inserts on their unique keys (payment_id, contract_id), so a repeat or a concurrent
 * duplicate writes nothing and the caller reads the winner.
 */
import { and, asc, desc, eq, inArray, isNull, schema, sql, type Database } from "@seoltab/db";
import { withTransaction } from "../../platform/transactions.ts";

export type ContractRow = typeof schema.contracts.$inferSelect;
export type NewContract = typeof schema.contracts.$inferInsert;
export type UserContractRow = typeof schema.userContracts.$inferSelect;
export type NewUserContract = typeof schema.userContracts.$inferInsert;

/** Inserts the contract of a payment unless it has one; returns the new row or null. */
export async function insertContractOnce(
  db: Database,
  contract: NewContract,
): Promise<ContractRow | null> {
  const [row] = await db
    .insert(schema.contracts)
    .values(contract)
    .onConflictDoNothing({ target: schema.contracts.paymentId })
    .returning();
  return row ?? null;
}

/** The contract with this id, if any. */
export async function findContractById(db: Database, id: number): Promise<ContractRow | undefined> {
  const c = schema.contracts;
  const [row] = await db.select().from(c).where(eq(c.id, id)).limit(1);
  return row;
}

/** The contract of this payment, if any. */
export async function findContractByPaymentId(
  db: Database,
  paymentId: number,
): Promise<ContractRow | undefined> {
  const c = schema.contracts;
  const [row] = await db.select().from(c).where(eq(c.paymentId, paymentId)).limit(1);
  return row;
}

/**
 * The oldest unsigned contract of a user whose order was not refunded in full (oldest first by
 * creation, then id), if any.
 */
export async function findOldestContractToSign(
  db: Database,
  userId: number,
): Promise<ContractRow | undefined> {
  const c = schema.contracts;
  const p = schema.payments;
  const [row] = await db
    .select({ contract: c })
    .from(c)
    .innerJoin(p, eq(p.id, c.paymentId))
    .where(and(eq(c.userId, userId), isNull(c.signedAt), sql`${p.state} <> 'TOTALLY_REFUNDED'`))
    .orderBy(asc(c.createdAt), asc(c.id))
    .limit(1);
  return row?.contract;
}

/** A contract with the state of its payment (PAID, PARTIALLY_REFUNDED, TOTALLY_REFUNDED…). */
export interface ContractWithPaymentRow {
  contract: ContractRow;
  payment: { state: string; paidPrice: number; refundedAmount: number };
}

const paymentStateColumns = {
  state: schema.payments.state,
  paidPrice: schema.payments.paidPrice,
  refundedAmount: schema.payments.refundedAmount,
};

/**
 * Every unsigned contract of a user whose order was not refunded in full, oldest first (by
 * creation, then id), at most `limit`, each with its payment's state.
 */
export async function findContractsToSign(
  db: Database,
  userId: number,
  limit: number,
): Promise<ContractWithPaymentRow[]> {
  const c = schema.contracts;
  const p = schema.payments;
  return db
    .select({ contract: c, payment: paymentStateColumns })
    .from(c)
    .innerJoin(p, eq(p.id, c.paymentId))
    .where(and(eq(c.userId, userId), isNull(c.signedAt), sql`${p.state} <> 'TOTALLY_REFUNDED'`))
    .orderBy(asc(c.createdAt), asc(c.id))
    .limit(limit);
}

/** The state of the payment of a contract. */
export async function findPaymentStateOfContract(
  db: Database,
  contract: ContractRow,
): Promise<ContractWithPaymentRow["payment"] | undefined> {
  const p = schema.payments;
  const [row] = await db
    .select(paymentStateColumns)
    .from(p)
    .where(eq(p.id, contract.paymentId))
    .limit(1);
  return row;
}

/**
 * Ids of a user's paid first payments (not renewals) that have no contract yet, oldest first,
 * at most `limit`: orders paid before contracts existed, or whose contract could not be written
 * when they were paid.
 */
export async function findPaidPaymentIdsWithoutContract(
  db: Database,
  userId: number,
  limit: number,
): Promise<number[]> {
  const p = schema.payments;
  const c = schema.contracts;
  const rows = await db
    .select({ id: p.id })
    .from(p)
    .leftJoin(c, eq(c.paymentId, p.id))
    .where(
      and(
        eq(p.userId, userId),
        isNull(p.subscriptionId),
        inArray(p.state, ["PAID", "PARTIALLY_REFUNDED"]),
        isNull(c.id),
      ),
    )
    .orderBy(asc(p.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Records a signature unless the contract has one, and marks the contract signed; one
 * transaction. Returns the new row, or null when the contract was already signed (nothing
 * written).
 */
export async function insertUserContractOnce(
  db: Database,
  signature: NewUserContract,
): Promise<UserContractRow | null> {
  return withTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(schema.userContracts)
      .values(signature)
      .onConflictDoNothing({ target: schema.userContracts.contractId })
      .returning();
    if (!row) return null;
    const c = schema.contracts;
    await tx
      .update(c)
      .set({ signedAt: row.signedAt })
      .where(and(eq(c.id, row.contractId), isNull(c.signedAt)));
    return row;
  });
}

/** The signature of a contract, if any. */
export async function findUserContractByContractId(
  db: Database,
  contractId: number,
): Promise<UserContractRow | undefined> {
  const u = schema.userContracts;
  const [row] = await db.select().from(u).where(eq(u.contractId, contractId)).limit(1);
  return row;
}

/** A signed contract: the signature with its contract and its payment's state. */
export interface SignedContractRow {
  signature: UserContractRow;
  contract: ContractRow;
  payment: ContractWithPaymentRow["payment"];
}

/** The signed contracts of a user, newest signature first (then highest id), at most `limit`. */
export async function findSignedContractsOfUser(
  db: Database,
  userId: number,
  limit: number,
): Promise<SignedContractRow[]> {
  const u = schema.userContracts;
  const c = schema.contracts;
  const p = schema.payments;
  return db
    .select({ signature: u, contract: c, payment: paymentStateColumns })
    .from(u)
    .innerJoin(c, eq(c.id, u.contractId))
    .innerJoin(p, eq(p.id, c.paymentId))
    .where(eq(u.userId, userId))
    .orderBy(desc(u.signedAt), desc(u.id))
    .limit(limit);
}

/**
 * The name of the parent linked to a child (the earliest link when there are several), or null
 * without a linked parent.
 */
export async function findParentNameOfChild(
  db: Database,
  childUserId: number,
): Promise<string | null> {
  const pc = schema.parentChildren;
  const u = schema.users;
  const [row] = await db
    .select({ name: u.name })
    .from(pc)
    .innerJoin(u, eq(u.id, pc.parentUserId))
    .where(eq(pc.childUserId, childUserId))
    .orderBy(asc(pc.createdAt), asc(pc.parentUserId))
    .limit(1);
  return row?.name ?? null;
}
