/**
 * Refresh-token data access (docs/decisions/007). Rows hold only the SHA-256 hex digest of a
 * token. Every time comparison uses the instant passed in (the service's clock), never the
 * database's `now()`, so both agree.
 */
import { and, asc, eq, gt, isNull, schema, type Database } from "@seoltab/db";

export type RefreshTokenRow = typeof schema.refreshTokens.$inferSelect;

/** Stores a new token of a family; returns its id. */
export async function insertRefreshToken(
  db: Database,
  row: { tokenHash: string; familyId: string; userId: number; issuedAt: Date; expiresAt: Date },
): Promise<number> {
  const [inserted] = await db
    .insert(schema.refreshTokens)
    .values(row)
    .returning({ id: schema.refreshTokens.id });
  return inserted!.id;
}

/**
 * Marks the token as used, if and only if it is unused, not revoked and not expired at `now`:
 * `UPDATE ... WHERE used_at IS NULL ... RETURNING`. Of two concurrent callers exactly one gets
 * the row; the other gets undefined (PostgreSQL re-checks the condition after the row lock).
 */
export async function claimRefreshToken(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<RefreshTokenRow | undefined> {
  const r = schema.refreshTokens;
  const [row] = await db
    .update(r)
    .set({ usedAt: now })
    .where(
      and(eq(r.tokenHash, tokenHash), isNull(r.usedAt), isNull(r.revokedAt), gt(r.expiresAt, now)),
    )
    .returning();
  return row;
}

/** The token row with this SHA-256 digest, whatever its state. */
export async function findRefreshTokenByHash(
  db: Database,
  tokenHash: string,
): Promise<RefreshTokenRow | undefined> {
  const r = schema.refreshTokens;
  const [row] = await db.select().from(r).where(eq(r.tokenHash, tokenHash)).limit(1);
  return row;
}

/** Records which token replaced `id` at rotation. */
export async function setRotatedTo(db: Database, id: number, rotatedToId: number): Promise<void> {
  const r = schema.refreshTokens;
  await db.update(r).set({ rotatedToId }).where(eq(r.id, id));
}

/** Revokes every not-yet-revoked token of a family; returns how many were revoked. */
export async function revokeFamily(db: Database, familyId: string, now: Date): Promise<number> {
  const r = schema.refreshTokens;
  // Lock the family's rows in id order first: concurrent revocations (several reuses of one
  // token at once) then queue behind each other instead of deadlocking on rows taken in
  // different orders.
  await db
    .select({ id: r.id })
    .from(r)
    .where(eq(r.familyId, familyId))
    .orderBy(asc(r.id))
    .for("update");
  const rows = await db
    .update(r)
    .set({ revokedAt: now })
    .where(and(eq(r.familyId, familyId), isNull(r.revokedAt)))
    .returning({ id: r.id });
  return rows.length;
}

/** Revokes every token of every family of a user (password change); returns the count. */
export async function revokeAllForUser(db: Database, userId: number, now: Date): Promise<number> {
  const r = schema.refreshTokens;
  const rows = await db
    .update(r)
    .set({ revokedAt: now })
    .where(and(eq(r.userId, userId), isNull(r.revokedAt)))
    .returning({ id: r.id });
  return rows.length;
}

/** Every token of a family, oldest first (tests, investigations). */
export async function findFamily(db: Database, familyId: string): Promise<RefreshTokenRow[]> {
  const r = schema.refreshTokens;
  return db.select().from(r).where(eq(r.familyId, familyId)).orderBy(r.id);
}
