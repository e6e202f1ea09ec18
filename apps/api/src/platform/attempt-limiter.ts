/**
 * Per-key request limits over a fixed time window (issue #3 "throttled per address"; issue #19:
 * shared across processes). Each limiter keeps its counts in the shared `AttemptStore` — Redis
 * with REDIS_URL, else the database — never in process memory, so N api processes behind a load
 * balancer hold one limit together. An attempt is reserved before it is judged (atomic in the
 * store), so parallel requests cannot all slip under the limit.
 */
import type { AttemptCount, AttemptStore } from "./attempt-store.ts";

export interface AttemptLimiter {
  /**
   * Reserves one attempt for `key` at `now` and returns the count in the current window,
   * including it, with the seconds until the window ends. Callers refuse when `count` is over
   * their limit.
   */
  hit(key: string, now: Date): Promise<AttemptCount>;
}

/**
 * A limiter named `name` (its keys are `limit:<name>:<key>` in the store) with a fixed window of
 * `windowMs` milliseconds (e.g. 1 h = 3 600 000).
 */
export function storeAttemptLimiter(
  store: AttemptStore,
  name: string,
  windowMs: number,
): AttemptLimiter {
  return {
    hit: (key, now) => store.hit(`limit:${name}:${key}`, windowMs, now),
  };
}
