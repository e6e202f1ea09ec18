/**
 * Throttle counters shared by every api process (issue #19; decision 018): in Redis when
 * REDIS_URL is set (rate-limiter-flexible on ioredis), else in the database (PostgreSQL or
 * PGlite) — never in process memory.
 * An attempt is reserved with one atomic upsert BEFORE the password is checked, so guesses sent
 * in parallel cannot all pass the check (they did when the count was read first and written
 * after the argon2 verification). Keys are stored as SHA-256 hashes: no email or address in the
 * table.
 */
import { createHash } from "node:crypto";
import { Redis } from "ioredis";
import { RateLimiterRedis } from "rate-limiter-flexible";
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

/**
 * The stored form of a key: SHA-256 of `namespace` + key. The namespace is empty in every real
 * deployment (all processes share the counters); API tests give each app its own, so test files
 * sharing one PostgreSQL database do not use up each other's limits.
 */
const hasherOf = (namespace: string) => (key: string) =>
  createHash("sha256").update(namespace).update(key).digest("hex");

/** The database-backed store (PostgreSQL or PGlite: one statement per operation). */
export function dbAttemptStore(db: Database, namespace = ""): AttemptStore {
  const a = schema.attemptCounters;
  const hashOf = hasherOf(namespace);
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

/** Prefix of the Redis keys (`seoltab:attempts:<sha256>`). */
export const REDIS_ATTEMPTS_PREFIX = "seoltab:attempts";

/**
 * The Redis-backed store (REDIS_URL): rate-limiter-flexible's RateLimiterRedis, whose increment
 * and expiry run as one Lua script (atomic across processes). Fixed windows as in the database;
 * Redis expires a key when its window ends, so `prune` has nothing to do. `now` is not used:
 * Redis keeps the time. A Redis that does not answer makes `hit` throw (the request fails; no
 * attempt goes unthrottled).
 */
export function redisAttemptStore(redis: Redis, namespace = ""): AttemptStore {
  const hashOf = hasherOf(namespace);
  const limiters = new Map<number, RateLimiterRedis>();
  /** One limiter per window length; the Redis key does not depend on it. */
  const limiterFor = (windowMs: number) => {
    let limiter = limiters.get(windowMs);
    if (!limiter) {
      limiter = new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: REDIS_ATTEMPTS_PREFIX,
        // The store only counts; the callers decide what is too many.
        points: Number.MAX_SAFE_INTEGER,
        duration: Math.max(1, Math.ceil(windowMs / 1000)),
      });
      limiters.set(windowMs, limiter);
    }
    return limiter;
  };
  const anyLimiter = () => limiterFor(60_000);
  return {
    async hit(key, windowMs) {
      const res = await limiterFor(windowMs).consume(hashOf(key));
      return {
        count: res.consumedPoints,
        retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
      };
    },
    async release(key) {
      const hashed = hashOf(key);
      const res = await anyLimiter().get(hashed);
      if (res && res.consumedPoints > 0) await anyLimiter().reward(hashed, 1);
    },
    async reset(keys) {
      await Promise.all(keys.map((k) => anyLimiter().delete(hashOf(k))));
    },
    prune: () => Promise.resolve(0),
  };
}

/** The store the settings ask for, and how to let go of its connection. */
export interface SharedAttemptStore {
  store: AttemptStore;
  /** "redis" with REDIS_URL, else "database". */
  kind: "redis" | "database";
  close(): Promise<void>;
}

/**
 * Redis when `redisUrl` is set, else the database (issue #19: never process memory).
 * `namespace`: see `hasherOf` (tests only).
 */
export function sharedAttemptStore(
  redisUrl: string | undefined,
  db: Database,
  namespace = "",
): SharedAttemptStore {
  if (!redisUrl) {
    return { store: dbAttemptStore(db, namespace), kind: "database", close: async () => {} };
  }
  // Commands wait (queued) while the connection is being made; after 3 retries a command fails
  // instead of hanging the request.
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 3, lazyConnect: false });
  redis.on("error", () => {
    // Connection errors surface on the commands that need Redis; ioredis reconnects by itself.
  });
  return {
    store: redisAttemptStore(redis, namespace),
    kind: "redis",
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
