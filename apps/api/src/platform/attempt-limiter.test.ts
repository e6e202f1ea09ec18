/**
 * Issue #19: the per-address limits (code sends, availability checks, SMS logs, consent resends,
 * consultation requests) live in the shared store, so two processes hold one limit; parallel
 * hits are all counted.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@seoltab/db";
import { openTestDatabase } from "../test/test-app.ts";
import { storeAttemptLimiter } from "./attempt-limiter.ts";
import { dbAttemptStore } from "./attempt-store.ts";
import { randomUUID } from "node:crypto";

const at = (ms: number) => new Date(Date.UTC(2026, 10, 21) + ms);

describe("storeAttemptLimiter on the database store", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it("counts attempts in a fixed window shared by every limiter on the same store", async () => {
    const ns = randomUUID();
    // Two limiters on one store stand for two processes on one database.
    const a = storeAttemptLimiter(dbAttemptStore(database.db, ns), "sends", 15 * 60_000);
    const b = storeAttemptLimiter(dbAttemptStore(database.db, ns), "sends", 15 * 60_000);
    expect((await a.hit("1.2.3.4", at(0))).count).toBe(1);
    expect((await b.hit("1.2.3.4", at(60_000))).count).toBe(2);
    const third = await a.hit("1.2.3.4", at(5 * 60_000));
    expect(third).toEqual({ count: 3, retryAfterSeconds: 10 * 60 });
    // Another key, another limiter name: counted apart.
    expect((await a.hit("5.6.7.8", at(5 * 60_000))).count).toBe(1);
    const other = storeAttemptLimiter(dbAttemptStore(database.db, ns), "checks", 15 * 60_000);
    expect((await other.hit("1.2.3.4", at(5 * 60_000))).count).toBe(1);
    // The window ends 15 min after its first attempt; the next hit starts a new one.
    expect((await b.hit("1.2.3.4", at(15 * 60_000))).count).toBe(1);
  });

  it("parallel hits are all counted (reserve, then judge)", async () => {
    const limiter = storeAttemptLimiter(dbAttemptStore(database.db, randomUUID()), "p", 60_000);
    const counts = await Promise.all(
      Array.from({ length: 40 }, () => limiter.hit("9.9.9.9", at(0))),
    );
    expect(counts.map((c) => c.count).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
  });
});
