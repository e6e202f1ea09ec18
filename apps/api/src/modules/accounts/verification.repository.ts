/**
 * Phone-verification data access. Codes and verification tokens are stored only as hashes
 * (see verification.service.ts); time comparisons use the instant passed in.
 */
import {
  and,
  asc,
  eq,
  gt,
  gte,
  isNotNull,
  isNull,
  lt,
  schema,
  sql,
  type Database,
} from "@seoltab/db";

export type VerificationRow = typeof schema.phoneVerifications.$inferSelect;

/** Stores a new verification (code digest, salt, expiry). */
export async function insertVerification(
  db: Database,
  row: typeof schema.phoneVerifications.$inferInsert,
): Promise<void> {
  await db.insert(schema.phoneVerifications).values(row);
}

/** When codes were sent to `phone` since `since`, oldest first. */
export async function findSendTimes(db: Database, phone: string, since: Date): Promise<Date[]> {
  const v = schema.phoneVerifications;
  const rows = await db
    .select({ createdAt: v.createdAt })
    .from(v)
    .where(and(eq(v.phone, phone), gte(v.createdAt, since)))
    .orderBy(asc(v.createdAt));
  return rows.map((r) => r.createdAt);
}

/** Deletes verifications created before `before` (data minimisation). */
export async function purgeVerificationsBefore(db: Database, before: Date): Promise<void> {
  await db.delete(schema.phoneVerifications).where(lt(schema.phoneVerifications.createdAt, before));
}

/**
 * Counts one attempt at entering the code, if the verification can still be attempted: unknown,
 * expired, already verified or out of attempts gives undefined. The returned row carries the
 * attempt count including this one.
 */
export async function claimCodeAttempt(
  db: Database,
  id: string,
  maxAttempts: number,
  now: Date,
): Promise<VerificationRow | undefined> {
  const v = schema.phoneVerifications;
  const [row] = await db
    .update(v)
    .set({ attempts: sql`${v.attempts} + 1` })
    .where(
      and(
        eq(v.id, id),
        isNull(v.verifiedAt),
        gt(v.codeExpiresAt, now),
        lt(v.attempts, maxAttempts),
      ),
    )
    .returning();
  return row;
}

/** Marks the code as verified and stores the token digest; false if already verified. */
export async function markVerified(
  db: Database,
  id: string,
  tokenHash: string,
  tokenExpiresAt: Date,
  now: Date,
): Promise<boolean> {
  const v = schema.phoneVerifications;
  const rows = await db
    .update(v)
    .set({ verifiedAt: now, tokenHash, tokenExpiresAt })
    .where(and(eq(v.id, id), isNull(v.verifiedAt)))
    .returning({ id: v.id });
  return rows.length > 0;
}

/**
 * Consumes a verification token of `purpose`: returns the verified phone, or undefined when the
 * token is unknown, of another purpose, expired or already consumed. Atomic: of two concurrent
 * consumers exactly one gets the phone.
 */
export async function consumeVerificationToken(
  db: Database,
  tokenHash: string,
  purpose: string,
  now: Date,
): Promise<string | undefined> {
  const v = schema.phoneVerifications;
  const [row] = await db
    .update(v)
    .set({ consumedAt: now })
    .where(
      and(
        eq(v.tokenHash, tokenHash),
        eq(v.purpose, purpose),
        isNotNull(v.verifiedAt),
        isNull(v.consumedAt),
        gt(v.tokenExpiresAt, now),
      ),
    )
    .returning({ phone: v.phone });
  return row?.phone;
}

/** The phone of a usable (verified, unconsumed, unexpired) token of `purpose`; never consumes. */
export async function findVerifiedPhone(
  db: Database,
  tokenHash: string,
  purpose: string,
  now: Date,
): Promise<string | undefined> {
  const v = schema.phoneVerifications;
  const [row] = await db
    .select({ phone: v.phone })
    .from(v)
    .where(
      and(
        eq(v.tokenHash, tokenHash),
        eq(v.purpose, purpose),
        isNotNull(v.verifiedAt),
        isNull(v.consumedAt),
        gt(v.tokenExpiresAt, now),
      ),
    )
    .limit(1);
  return row?.phone;
}

/** One verification by VERIFICATION_ID (tests, investigations). */
export async function findVerificationById(
  db: Database,
  id: string,
): Promise<VerificationRow | undefined> {
  const v = schema.phoneVerifications;
  const [row] = await db.select().from(v).where(eq(v.id, id)).limit(1);
  return row;
}
