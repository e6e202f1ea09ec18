/**
 * Issue #19: with REDIS_URL the throttle counters live in Redis (rate-limiter-flexible on
 * ioredis), shared by every process. Runs when TEST_REDIS_URL is set — `npm run test:pg` sets it
 * to the machine's Redis (redis://127.0.0.1:6379 by default) and fails when Redis does not
 * answer.
 */
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../modules/accounts/accounts.seed.ts";
import { argon2Hasher, type PasswordHasher } from "../modules/accounts/password-hasher.ts";
import { call, errorCodeOf } from "../test/accounts.ts";
import { buildTestApp, type TestApp } from "../test/test-app.ts";
import { storeAttemptLimiter } from "./attempt-limiter.ts";
import { REDIS_ATTEMPTS_PREFIX, redisAttemptStore } from "./attempt-store.ts";

const redisUrl = process.env.TEST_REDIS_URL;
const now = new Date();

describe.skipIf(!redisUrl)("Redis attempt store (REDIS_URL)", () => {
  // Two connections stand for two api processes.
  let a: Redis;
  let b: Redis;
  beforeAll(() => {
    a = new Redis(redisUrl!, { maxRetriesPerRequest: 1 });
    b = new Redis(redisUrl!, { maxRetriesPerRequest: 1 });
  });
  afterAll(async () => {
    await a.quit();
    await b.quit();
  });

  it("counts parallel hits from two connections exactly once each, in one fixed window", async () => {
    const ns = randomUUID();
    const sa = redisAttemptStore(a, ns);
    const sb = redisAttemptStore(b, ns);
    const hits = await Promise.all(
      Array.from({ length: 60 }, (_, i) => (i % 2 ? sa : sb).hit("acct:x", 15 * 60_000, now)),
    );
    expect(hits.map((h) => h.count).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 60 }, (_, i) => i + 1),
    );
    expect(Math.max(...hits.map((h) => h.retryAfterSeconds))).toBeLessThanOrEqual(15 * 60);
    expect(Math.min(...hits.map((h) => h.retryAfterSeconds))).toBeGreaterThan(15 * 60 - 30);
    // No key or address in Redis: only its SHA-256.
    const keys = await a.keys(`${REDIS_ATTEMPTS_PREFIX}:*`);
    expect(keys.every((k) => /^seoltab:attempts:[0-9a-f]{64}$/.test(k))).toBe(true);
  });

  it("release gives one back (never below zero), reset forgets, the window expires", async () => {
    const store = redisAttemptStore(a, randomUUID());
    await store.hit("k", 60_000, now);
    await store.hit("k", 60_000, now);
    await store.release("k");
    expect((await store.hit("k", 60_000, now)).count).toBe(2);
    await store.release("never-hit");
    expect((await store.hit("never-hit", 60_000, now)).count).toBe(1);
    await store.reset(["k", "never-hit"]);
    expect((await store.hit("k", 60_000, now)).count).toBe(1);
    expect(await store.prune(now)).toBe(0);
    const short = redisAttemptStore(b, randomUUID());
    await short.hit("w", 1000, now);
    expect((await short.hit("w", 1000, now)).count).toBe(2);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await short.hit("w", 1000, now)).count).toBe(1);
  });

  it("a per-address limiter on Redis is one limit for two stores", async () => {
    const ns = randomUUID();
    const la = storeAttemptLimiter(redisAttemptStore(a, ns), "sends", 3_600_000);
    const lb = storeAttemptLimiter(redisAttemptStore(b, ns), "sends", 3_600_000);
    await la.hit("10.0.0.1", now);
    expect((await lb.hit("10.0.0.1", now)).count).toBe(2);
  });
});

describe.skipIf(!redisUrl)("two apps on one Redis hold one sign-in throttle", () => {
  const checks = { n: 0 };
  const real = argon2Hasher();
  const counting: PasswordHasher = {
    hash: (p) => real.hash(p),
    verify: (h, p) => {
      checks.n += 1;
      return real.verify(h, p);
    },
    verifyDummy: (p) => {
      checks.n += 1;
      return real.verifyDummy(p);
    },
  };
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    // Same namespace: the two apps stand for two processes of one deployment.
    const ns = randomUUID();
    const build = () =>
      buildTestApp(
        { REDIS_URL: redisUrl! },
        {},
        { accounts: { hasher: counting }, attemptsNamespace: ns },
      );
    [one, two] = await Promise.all([build(), build()]);
  }, 60_000);
  afterAll(async () => {
    await one?.close();
    await two?.close();
  });

  it("24 parallel guesses spread over both apps check at most 5 passwords", async () => {
    // 24: under the account-wide limit (30), so the owner elsewhere is not locked out.
    const burst = Array.from({ length: 24 }, (_, i) =>
      call(
        i % 2 ? one : two,
        "/main/login",
        { EMAIL_ID: "student@example.com", PASSWORD: `Wrong-pass${i}!` },
        { ip: "10.19.0.1" },
      ),
    );
    const answers = await Promise.all(burst);
    expect(checks.n).toBeLessThanOrEqual(5);
    expect(answers.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(19);
    // Locked on both for this address, even with the right password.
    const again = await call(
      one,
      "/main/login",
      { EMAIL_ID: "student@example.com", PASSWORD: DEMO_PASSWORD },
      { ip: "10.19.0.1" },
    );
    expect(again.statusCode).toBe(429);
    expect(errorCodeOf(again)).toBe("too_many_attempts");
    // Another address still signs in.
    const elsewhere = await call(
      two,
      "/main/login",
      { EMAIL_ID: "student@example.com", PASSWORD: DEMO_PASSWORD },
      { ip: "10.19.0.2" },
    );
    expect(elsewhere.statusCode).toBe(200);
  });
});
