/**
 * Throttle counters in the database, shared by every api process (issue #19; decision 018).
 * An attempt is reserved with one atomic upsert BEFORE the password is checked, so guesses sent
 * in parallel cannot all pass the check (they did when the count was read first and written
 * after the argon2 verification). Keys are stored as SHA-256 hashes: no email or address in the
 * table.
 */
import { createHash } from "node:crypto";
import { inArray, lt, schema, sql, type Database } from "@seoltab/db";

/** A key's count in its current window (including the attempt just reserved). */
export interface AttemptCount {
  count: number;
  /** Seconds until the window ends (≥ 1). */
  retryAfterSeconds: number;
}

export interface AttemptStore {
  /**
   * Reserves one attempt under `key` (atomic; fixed window of `windowMs` that restarts once it
   * has passed) and returns the count including it.
   */
  hit(key: string, windowMs: number, now: Date): Promise<AttemptCount>;
  /** Gives back one reserved attempt (e.g. an address's attempt that turned out right). */
  release(key: string): Promise<void>;
  /** Forgets every attempt of `keys` (a successful sign-in, a new password). */
  reset(keys: string[]): Promise<void>;
  /** Deletes counters whose window started before `before` (the prune job); returns how many. */
  prune(before: Date): Promise<number>;
}

const hashOf = (key: string) => createHash("sha256").update(key).digest("hex");

/** The database-backed store (PostgreSQL or PGlite: one statement per operation). */
export function dbAttemptStore(db: Database): AttemptStore {
  const a = schema.attemptCounters;
  return {
    async hit(key, windowMs, now) {
      const windowStart = new Date(now.getTime() - windowMs);
      const [row] = await db
        .insert(a)
        .values({ keyHash: hashOf(key), count: 1, windowStartedAt: now })
        .onConflictDoUpdate({
          target: a.keyHash,
          set: {
            count: sql`case when ${a.windowStartedAt} <= ${windowStart} then 1 else ${a.count} + 1 end`,
            windowStartedAt: sql`case when ${a.windowStartedAt} <= ${windowStart} then ${now} else ${a.windowStartedAt} end`,
          },
        })
        .returning({ count: a.count, windowStartedAt: a.windowStartedAt });
      const endsAt = row!.windowStartedAt.getTime() + windowMs;
      return {
        count: row!.count,
        retryAfterSeconds: Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)),
      };
    },
    async release(key) {
      await db
        .update(a)
        .set({ count: sql`greatest(${a.count} - 1, 0)` })
        .where(sql`${a.keyHash} = ${hashOf(key)}`);
    },
    async reset(keys) {
      if (keys.length === 0) return;
      await db.delete(a).where(inArray(a.keyHash, keys.map(hashOf)));
    },
    async prune(before) {
      const rows = await db
        .delete(a)
        .where(lt(a.windowStartedAt, before))
        .returning({ keyHash: a.keyHash });
      return rows.length;
    },
  };
}
