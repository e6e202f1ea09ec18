/**
 * The read cache of getUserInfo and userPayments (issue 19 performance; platform/view-cache.ts):
 * a write committed anywhere is seen by the next read, time-bound answers expire, and the
 * triggers of migration 0031 cover VIEW_CHANGE_TABLES. Runs on PGlite, and on PostgreSQL under
 * `npm run test:pg` (there a second connection plays "another process").
 */
import pg from "pg";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, schema, sql, type NotificationHandlers } from "@seoltab/db";
import { offsetClock } from "../clock.ts";
import {
  call,
  joinUser,
  outboxReader,
  responseOf,
  signIn,
  type CodeReader,
} from "../test/accounts.ts";
import { buildTestApp, type TestApp } from "../test/test-app.ts";
import {
  VIEW_CHANGE_TABLES,
  createViewCache,
  firstInstantAfter,
  type ViewCache,
} from "./view-cache.ts";

const silent = pino({ level: "silent" });

/** A `listen` whose notifications, losses and sync answers the test drives. */
function drivenListener() {
  let handlers: NotificationHandlers | null = null;
  const syncs: { startedAt: number; resolve: () => void; reject: (e: Error) => void }[] = [];
  let step = 0;
  return {
    database: {
      listen: async (_channel: string, h: NotificationHandlers) => {
        handlers = h;
        h.onReady();
        return {
          sync: () =>
            new Promise<void>((resolve, reject) => {
              syncs.push({ startedAt: step++, resolve, reject });
            }),
          close: async () => undefined,
        };
      },
    },
    notify: () => handlers!.onNotify("users"),
    lose: () => handlers!.onLost(new Error("gone")),
    ready: () => handlers!.onReady(),
    syncs,
    /** Answers every sync started so far, and those they start, until none is pending. */
    async settle() {
      for (let i = 0; i < 20; i++) {
        await new Promise((r) => setImmediate(r));
        const open = syncs.splice(0);
        if (open.length === 0 && i > 2) return;
        for (const s of open) s.resolve();
      }
    },
  };
}

describe("createViewCache (driven listener)", () => {
  const clock = offsetClock();
  let driven: ReturnType<typeof drivenListener>;
  let cache: ViewCache;
  let loads: number;
  const load =
    (value: string, validUntil = Infinity) =>
    async () => {
      loads += 1;
      return { value, validUntil };
    };
  const read = async (
    key: string,
    loader: () => Promise<{ value: string; validUntil: number }>,
  ) => {
    const pending = cache.read(key, loader);
    pending.catch(() => undefined); // awaited below; settle() must not see it as unhandled
    await driven.settle();
    return pending;
  };

  beforeAll(async () => {
    driven = drivenListener();
    cache = await createViewCache({ database: driven.database, clock, log: silent, ttlMs: 60_000 });
  });

  it("serves the second read from memory and reloads after a notification", async () => {
    loads = 0;
    expect(await read("a", load("one"))).toBe("one");
    expect(await read("a", load("two"))).toBe("one");
    expect(loads).toBe(1);
    driven.notify();
    expect(await read("a", load("three"))).toBe("three");
    expect(loads).toBe(2);
  });

  it("does not keep an answer loaded while a notification arrived", async () => {
    loads = 0;
    driven.notify();
    const racing = cache.read("b", async () => {
      driven.notify(); // a write committed while the answer was being read
      loads += 1;
      return { value: "stale?", validUntil: Infinity };
    });
    await driven.settle();
    expect(await racing).toBe("stale?");
    expect(await read("b", load("fresh"))).toBe("fresh");
    expect(loads).toBe(2);
  });

  it("a read waits for a sync that started after it arrived", async () => {
    const first = cache.read("c", load("x"));
    await new Promise((r) => setImmediate(r));
    expect(driven.syncs).toHaveLength(1); // in flight
    const second = cache.read("c", load("y"));
    await new Promise((r) => setImmediate(r));
    expect(driven.syncs).toHaveLength(1); // queued behind it, not joined to it
    const inFlight = driven.syncs.shift()!;
    inFlight.resolve();
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    expect(driven.syncs).toHaveLength(1); // the second read's own sync started only now
    expect(driven.syncs[0]!.startedAt).toBeGreaterThan(inFlight.startedAt);
    await driven.settle();
    await Promise.all([first, second]);
  });

  it("expires an answer at its validUntil and never serves it to an earlier clock", async () => {
    loads = 0;
    const now = clock.now().getTime();
    expect(await read("d", load("before", now + 5_000))).toBe("before");
    expect(await read("d", load("again", now + 5_000))).toBe("before");
    clock.advance(5_000);
    expect(await read("d", load("after", Infinity))).toBe("after");
    clock.advance(-10_000);
    expect(await read("d", load("earlier", Infinity))).toBe("earlier");
    clock.advance(5_000);
    expect(loads).toBe(3);
  });

  it("is off while the listening connection is lost, and starts empty when it is back", async () => {
    loads = 0;
    expect(await read("e", load("one"))).toBe("one");
    driven.lose();
    expect(await read("e", load("two"))).toBe("two");
    expect(await read("e", load("three"))).toBe("three");
    driven.ready();
    expect(await read("e", load("four"))).toBe("four");
    expect(await read("e", load("five"))).toBe("four");
    expect(loads).toBe(4);
  });

  it("a failed load keeps nothing", async () => {
    await expect(
      read("f", async () => {
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await read("f", load("ok"))).toBe("ok");
  });

  it("firstInstantAfter takes the earliest future instant", () => {
    const now = Date.parse("2026-11-25T00:00:00Z");
    expect(
      firstInstantAfter(now, [
        null,
        "2026-11-24T00:00:00Z",
        "2026-12-01T00:00:00Z",
        "2026-11-26T00:00:00Z",
      ]),
    ).toBe(Date.parse("2026-11-26T00:00:00Z"));
    expect(firstInstantAfter(now, [null, "2026-11-25T00:00:00Z"])).toBe(Infinity);
  });
});

describe("getUserInfo and userPayments through the cache", () => {
  let t: TestApp;
  let readCode: CodeReader;
  /** PostgreSQL: a connection of its own, as another server process would write. */
  let other: pg.Client | null = null;
  beforeAll(async () => {
    t = await buildTestApp();
    readCode = outboxReader(t);
    if (process.env.DATABASE_URL) {
      other = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await other.connect();
    }
  }, 60_000);
  afterAll(async () => {
    await other?.end();
    await t?.close();
  });

  const rename = async (userNo: number, name: string) => {
    if (other) await other.query("update users set name = $1 where id = $2", [name, userNo]);
    else await t.database.db.update(schema.users).set({ name }).where(eq(schema.users.id, userNo));
  };

  it("every table the cached reads use has the view_changed trigger", async () => {
    const result = await t.database.db.execute(sql`
      select distinct c.relname as "table" from pg_trigger g join pg_class c on c.oid = g.tgrelid
      where g.tgname like '%view_changed' and not g.tgisinternal and c.relnamespace = 'public'::regnamespace`);
    // Both drivers answer { rows } (drizzle's type for it is the driver's).
    const { rows } = result as unknown as { rows: { table: string }[] };
    const tables = rows.map((r) => r.table).sort();
    expect(tables).toEqual([...VIEW_CHANGE_TABLES].sort());
  });

  it("a write committed elsewhere is seen by the very next getUserInfo, 30 times over", async () => {
    const user = await joinUser(t, readCode);
    const { token } = await signIn(t, user.email, user.password);
    const info = async () => {
      const res = await call(t, "/main/getUserInfo", {}, { token });
      expect(res.statusCode).toBe(200);
      return responseOf(res).USER_NAME as string;
    };
    const before = t.app.views.stats();
    for (let i = 0; i < 30; i++) {
      const name = `이름${i}`;
      await rename(user.userNo, name);
      expect(await info()).toBe(name);
      expect(await info()).toBe(name); // from the cache
    }
    const after = t.app.views.stats();
    expect(after.hits - before.hits).toBeGreaterThanOrEqual(30);
  });

  it("userPayments sees a new payment row at once, and another family never shares an entry", async () => {
    const one = await joinUser(t, readCode);
    const two = await joinUser(t, readCode);
    const a = await signIn(t, one.email, one.password);
    const b = await signIn(t, two.email, two.password);
    const ids = async (token: string) => {
      const res = await call(
        t,
        "/payment/graphql",
        { query: "{ userPayments(first: 50) { payments { id } } }" },
        { token },
      );
      expect(res.statusCode).toBe(200);
      return (res.json().data.userPayments.payments as { id: string }[]).map((p) => p.id);
    };
    expect(await ids(a.token)).toEqual([]);
    expect(await ids(b.token)).toEqual([]);
    const inserted = await t.database.db
      .insert(schema.payments)
      .values({
        userId: one.userNo,
        merchantUid: `view-cache-${one.userNo}`,
        requestHash: "0".repeat(64),
        initiator: "USER",
        paymentMethod: "CASH",
        state: "READY",
        name: "캐시 확인",
        productsPrice: 1000,
        discountedValue: 0,
        paidPrice: 1000,
      })
      .returning({ id: schema.payments.id });
    expect(await ids(a.token)).toEqual([String(inserted[0]!.id)]);
    expect(await ids(b.token)).toEqual([]);
    await t.database.db.delete(schema.payments).where(eq(schema.payments.id, inserted[0]!.id));
    expect(await ids(a.token)).toEqual([]);
  });
});
