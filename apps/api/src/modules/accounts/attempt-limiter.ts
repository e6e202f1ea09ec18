/**
 * Counting attempts in a sliding time window (issue #3 "failed logins throttled per account and
 * per address"; docs/decisions/007). The store is in process memory behind `AttemptLimiter`, so
 * limits are per server process; a Redis-backed implementation for several processes
 * (REDIS_URL, DESIGN.md §8) is future work and would implement the same interface.
 */

export interface AttemptLimiter {
  /** Attempts recorded for `key` within the window ending at `now`. */
  count(key: string, now: Date): number;
  /** Records one attempt for `key` at `now`; returns the count including it. */
  hit(key: string, now: Date): number;
  /** Forgets every attempt of `key` (e.g. after a successful sign-in). */
  reset(key: string): void;
  /** Seconds until the oldest counted attempt of `key` leaves the window (0 when none). */
  retryAfterSeconds(key: string, now: Date): number;
}

/**
 * An in-memory sliding-window limiter.
 * @param windowMs window length in ms (e.g. 15 min = 900000)
 * @param maxKeys keys kept at most; past that, the keys idle longest are dropped first, so a
 *   flood of distinct keys cannot exhaust memory
 */
export function memoryAttemptLimiter(windowMs: number, maxKeys = 100_000): AttemptLimiter {
  // Map iteration order is insertion order: re-inserting on every hit keeps it "least recent first".
  const hits = new Map<string, number[]>();

  const live = (key: string, now: Date): number[] => {
    const since = now.getTime() - windowMs;
    const list = hits.get(key);
    if (!list) return [];
    const kept = list.filter((t) => t > since);
    if (kept.length === 0) hits.delete(key);
    else if (kept.length !== list.length) hits.set(key, kept);
    return kept;
  };

  return {
    count: (key, now) => live(key, now).length,
    hit(key, now) {
      const list = [...live(key, now), now.getTime()];
      hits.delete(key);
      hits.set(key, list);
      while (hits.size > maxKeys) {
        const oldest = hits.keys().next().value;
        if (oldest === undefined) break;
        hits.delete(oldest);
      }
      return list.length;
    },
    reset(key) {
      hits.delete(key);
    },
    retryAfterSeconds(key, now) {
      const first = live(key, now)[0];
      return first === undefined
        ? 0
        : Math.max(1, Math.ceil((first + windowMs - now.getTime()) / 1000));
    },
  };
}
