/**
 * Password hashing (DESIGN.md §3; issue #3 "Protection"): argon2id with @node-rs/argon2's
 * defaults, which are OWASP's minimum for argon2id (m = 19456 KiB, t = 2, p = 1). Hashing runs
 * in libuv's thread pool, off the event loop. Hashes are PHC strings ("$argon2id$v=19$...").
 */
import { randomBytes } from "node:crypto";
import { availableParallelism } from "node:os";
import { hash, verify } from "@node-rs/argon2";

/** Hashing and verifying passwords; tests may wrap it to count calls. */
export interface PasswordHasher {
  /** The PHC string of `password` with a fresh salt. */
  hash(password: string): Promise<string>;
  /** True when `password` matches `phc`; false for a mismatch or an unreadable hash. */
  verify(phc: string, password: string): Promise<boolean>;
  /**
   * Runs a verification of the same cost that can never succeed: login calls it for an unknown
   * email so that it takes as long as a wrong password (docs/api/accounts.md /main/login).
   */
  verifyDummy(password: string): Promise<false>;
}

/**
 * A first-in first-out limit of `max` concurrent tasks. argon2 jobs beyond the number of cores
 * would only queue inside libuv's pool and take CPU from the event loop (which also runs
 * PGlite), so later requests overtook earlier ones and the tail latency grew
 * (docs/performance.md).
 */
export function fifoLimit(max: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

/**
 * The argon2id hasher; at most `concurrency` (default: the number of cores) hashes run at once,
 * the rest wait in arrival order. The dummy hash is made once, right away (in the thread pool),
 * so even the first unknown email after a start costs one verification, not two.
 */
export function argon2Hasher(concurrency = availableParallelism()): PasswordHasher {
  const limit = fifoLimit(concurrency);
  const dummy = limit(() => hash(randomBytes(32).toString("base64url")));
  const hasher: PasswordHasher = {
    hash: (password) => limit(() => hash(password)),
    async verify(phc, password) {
      try {
        return await limit(() => verify(phc, password));
      } catch {
        return false;
      }
    },
    async verifyDummy(password) {
      await hasher.verify(await dummy, password);
      return false;
    },
  };
  return hasher;
}
