/**
 * The read cache of the hot authenticated reads (issue 19 performance; docs/performance.md
 * "Session 9"): getUserInfo (POST /main/getUserInfo) and GraphQL `userPayments` keep their
 * computed answer per subject in this process and serve it again while nothing they read has
 * changed.
 *
 * How a change is seen, in every process (migration 0031):
 * - every statement writing one of VIEW_CHANGE_TABLES sends `NOTIFY view_changed` at commit, and
 *   each process LISTENs; a notification empties the whole cache (writes are rare next to reads;
 *   no per-row bookkeeping to get wrong);
 * - before answering from the cache, a read waits for a `select 1` on the listening connection
 *   that STARTED after the read arrived: PostgreSQL delivers the notifications committed before
 *   that query ahead of its answer, so a read that follows a committed write (in this process or
 *   another) never sees the older answer. Reads arriving together share one such round trip.
 *   PGlite hands a commit's notifications over before the writing statement resolves, so there
 *   the wait is nothing;
 * - an answer computed while a notification arrived is not kept;
 * - while the listening connection is lost the cache is off (every read goes to the database)
 *   and it starts empty when LISTEN is back.
 * Time: an entry is kept until the earliest instant at which the answer would read differently
 * (the loader's `validUntil`, e.g. a lecture's END_AT or next lesson) and at most `ttlMs`; the
 * clock is the app's (tests move it), and an entry is never served to an earlier clock reading.
 * Authorisation is not cached: callers check who may read a subject before asking the cache.
 */
import type { DatabaseHandle, NotificationListener } from "@seoltab/db";
import type { FastifyBaseLogger } from "fastify";
import { LRUCache } from "lru-cache";
import type { Clock } from "../clock.ts";

/** The channel of migration 0031's triggers. */
export const VIEW_CHANGED_CHANNEL = "view_changed";

/**
 * The tables whose writes empty the cache: every table getUserInfo and userPayments read
 * (users, family links, cards, payments and their lines, devices, refunds, subscriptions, lecture
 * records, lesson requests, lessons). A cached read that starts reading another table must add it
 * here and to a migration; view-cache.test.ts compares this list with the triggers in the database.
 */
export const VIEW_CHANGE_TABLES = [
  "users",
  "parent_children",
  "billing_cards",
  "subscriptions",
  "payments",
  "payment_items",
  "payment_item_devices",
  "refund_requests",
  "lectures",
  "lesson_requests",
  "lessons",
] as const;

/** A loader's answer: the value and the instant (ms since epoch) until which it holds. */
export interface ViewLoad<T> {
  value: T;
  /** Infinity when only the cache's own ttlMs bounds it. */
  validUntil: number;
}

export interface ViewCache {
  /**
   * The cached value of `key`, or `load()`'s (kept when no write was seen meanwhile). Errors of
   * `load` are thrown and nothing is kept.
   */
  read<T>(key: string, load: () => Promise<ViewLoad<T>>): Promise<T>;
  /** Hits, misses, reads that bypassed the cache (listener down) and flushes so far. */
  stats(): { hits: number; misses: number; bypassed: number; flushes: number };
  /** Stops listening; later reads go to the database. */
  close(): Promise<void>;
}

interface Entry {
  value: unknown;
  computedAt: number;
  validUntil: number;
}

/** Default bound on any entry's life (ms). */
export const VIEW_CACHE_TTL_MS = 30_000;
/** Default number of entries kept (least recently used dropped first). */
export const VIEW_CACHE_MAX_ENTRIES = 5_000;

/**
 * Starts listening and returns the cache. `ttlMs` 0 (VIEW_CACHE_TTL_MS=0), or a failed first
 * LISTEN (logged), gives a cache that always loads.
 */
export async function createViewCache(opts: {
  database: Pick<DatabaseHandle, "listen">;
  clock: Clock;
  log: FastifyBaseLogger;
  ttlMs?: number;
  maxEntries?: number;
}): Promise<ViewCache> {
  const ttlMs = opts.ttlMs ?? VIEW_CACHE_TTL_MS;
  const entries = new LRUCache<string, Entry>({ max: opts.maxEntries ?? VIEW_CACHE_MAX_ENTRIES });
  const counts = { hits: 0, misses: 0, bypassed: 0, flushes: 0 };
  /** Bumped by every notification and by every loss or return of the listener. */
  let generation = 0;
  let ready = false;
  let listener: NotificationListener | null = null;

  const flush = () => {
    generation += 1;
    counts.flushes += 1;
    entries.clear();
  };

  try {
    if (ttlMs > 0)
      listener = await opts.database.listen(VIEW_CHANGED_CHANNEL, {
        onNotify: flush,
        onReady: () => {
          flush();
          ready = true;
        },
        onLost: (error) => {
          ready = false;
          flush();
          opts.log.warn({ err: error }, "view cache: listening connection lost; cache off");
        },
      });
  } catch (error) {
    opts.log.error({ err: error }, "view cache: LISTEN failed; cache off");
  }

  // One `select 1` in flight at a time; reads arriving meanwhile wait for the next one, which
  // starts after the one in flight ends, hence after they arrived.
  let inFlight: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  const launch = (): Promise<void> => {
    const current: Promise<void> = listener!.sync().finally(() => {
      if (inFlight === current) inFlight = null;
    });
    inFlight = current;
    return current;
  };
  const syncAfterNow = (): Promise<void> => {
    if (!inFlight) return launch();
    queued ??= inFlight
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return launch();
      });
    return queued;
  };

  return {
    async read<T>(key: string, load: () => Promise<ViewLoad<T>>): Promise<T> {
      if (!ready || !listener) {
        counts.bypassed += 1;
        return (await load()).value;
      }
      try {
        await syncAfterNow();
      } catch {
        counts.bypassed += 1;
        return (await load()).value;
      }
      const now = opts.clock.now().getTime();
      const hit = entries.get(key);
      if (hit && hit.computedAt <= now && now < hit.validUntil) {
        counts.hits += 1;
        return hit.value as T;
      }
      counts.misses += 1;
      const seen = generation;
      const loaded = await load();
      const validUntil = Math.min(loaded.validUntil, now + ttlMs);
      if (ready && seen === generation && validUntil > now) {
        entries.set(key, { value: loaded.value, computedAt: now, validUntil });
      }
      return loaded.value;
    },
    stats: () => ({ ...counts }),
    async close() {
      ready = false;
      entries.clear();
      const current = listener;
      listener = null;
      await current?.close();
    },
  };
}

/**
 * The earliest of `instants` (ISO strings or null) after `now` (ms), as ms; Infinity when none.
 * Loaders use it for `validUntil` when an answer changes as time passes those instants.
 */
export function firstInstantAfter(now: number, instants: Iterable<string | null>): number {
  let first = Infinity;
  for (const iso of instants) {
    if (iso === null) continue;
    const at = Date.parse(iso);
    if (at > now && at < first) first = at;
  }
  return first;
}
