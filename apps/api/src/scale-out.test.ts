/**
 * Scale-out, proven (issue #19): real server processes (apps/api/src/server.ts) on one
 * PostgreSQL database and one Redis, as N processes behind a load balancer would run
 * (docs/operations.md "Several processes"). Shows:
 * - exactly-once checkout across processes: one merchant_uid sent to both at once → one
 *   payment, one charge;
 * - each background job run once per tick (pg-boss) though both processes schedule and work;
 * - limits shared: the sign-in throttle and a per-address limit hold across both;
 * - sessions valid on both: a token from A works on B;
 * - crash recovery: a third process killed (SIGKILL) between the gateway's charge and our commit
 *   leaves the payment READY; the others' reconciliation job makes it PAID, charged once.
 *
 * Runs in `npm run test:pg` (DATABASE_URL and TEST_REDIS_URL set; CI), skipped otherwise. The
 * processes share one DATA_DIR: the signing-key file and the sandbox gateway's state file
 * (shared under a lock file, like PortOne in production).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, schema, sql, type DatabaseHandle } from "@seoltab/db";
import { createSandboxGateway } from "./modules/payments/gateway/sandbox.ts";
import { openTestDatabase } from "./test/test-app.ts";

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const root = fileURLToPath(new URL("../../..", import.meta.url));
const DEMO_PASSWORD = "Demo1234!";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

interface Proc {
  url: string;
  child: ChildProcess;
  output: () => string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts server.ts on a free port and waits until /readyz answers 200. */
async function startProcess(dataDir: string, env: Record<string, string> = {}): Promise<Proc> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "apps/api/src/server.ts"], {
    cwd: root,
    env: {
      ...process.env,
      APP_ENV: "development",
      HOST: "127.0.0.1",
      PORT: String(port),
      // One public address for every process (the load balancer's): tokens name one issuer.
      PUBLIC_ORIGIN: "http://localhost:18080",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl!,
      REDIS_URL: redisUrl!,
      JOBS_ENABLED: "true",
      SEED_DEMO_LECTURES: "false",
      TRUST_PROXY_HOPS: "1",
      WEB_BUILD_DIR: "/nonexistent-web-build",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server not ready:\n${output}`);
    await sleep(250);
  }
  return { url, child, output: () => output };
}

async function stopProcess(proc: Proc | undefined): Promise<void> {
  if (!proc || proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  const exited = new Promise((r) => proc.child.once("exit", r));
  proc.child.kill("SIGTERM");
  await exited;
}

/** POST to a REST call; `ip` goes in X-Forwarded-For (TRUST_PROXY_HOPS=1). */
async function post(
  proc: Proc,
  path: string,
  body: unknown,
  options: { token?: string; ip?: string } = {},
): Promise<{ status: number; response: Record<string, unknown> }> {
  const res = await fetch(`${proc.url}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.ip ? { "x-forwarded-for": options.ip } : {}),
    },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { ONUEI_RES: { DATA: { RESPONSE: Record<string, unknown> } } };
  return { status: res.status, response: json.ONUEI_RES.DATA.RESPONSE };
}

/**
 * Charges the sandbox took money for, by merchant_uid, from the shared state on disk (snapshot
 * and journal, read as a third process on the same DATA_DIR would).
 */
function sandboxCharges(dataDir: string, merchantUid: string): number {
  const file = join(dataDir, "sandbox-gateway.json");
  if (!existsSync(file) && !existsSync(`${file}.log`)) return 0;
  return createSandboxGateway({ stateFile: file }).chargeCount(merchantUid);
}

const card = {
  CARD_NUMBER: "4242-4242-4242-4242",
  EXPIRY: `${new Date().getUTCFullYear() + 2}-12`,
  BIRTH: "100301",
  PWD_2DIGIT: "12",
};

describe.skipIf(!databaseUrl || !redisUrl)(
  "two server processes on one PostgreSQL and Redis",
  () => {
    let dataDir: string;
    let a: Proc;
    let b: Proc;
    let database: DatabaseHandle;
    let startedAt: Date;
    let itemId: number;

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), "seoltab-scale-out-"));
      database = await openTestDatabase();
      startedAt = new Date(Date.now() - 1000);
      // A first (it migrates, seeds and writes the key file), then B on the same DATA_DIR.
      a = await startProcess(dataDir);
      b = await startProcess(dataDir);
      const s = schema.storeItems;
      const [item] = await database.db
        .select({ id: s.id })
        .from(s)
        .where(and(eq(s.itemKind, "LECTURE"), eq(s.isActive, true), eq(s.isHomeshopping, false)))
        .orderBy(s.id)
        .limit(1);
      itemId = item!.id;
    }, 240_000);

    afterAll(async () => {
      await Promise.all([stopProcess(a), stopProcess(b)]);
      await database?.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    /** Rows of a raw query (PostgreSQL: node-postgres's result). */
    async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
      return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
    }
    interface Tick {
      name: string;
      minute: string;
      jobs: number;
      completed: number;
    }

    /** A new student with the demo password, signed in on `proc`. */
    async function newStudent(
      proc: Proc,
    ): Promise<{ userNo: number; email: string; token: string }> {
      const [demo] = await database.db
        .select({ hash: schema.users.passwordHash })
        .from(schema.users)
        .where(eq(schema.users.email, "student@example.com"));
      const email = `scale-${randomUUID().slice(0, 12)}@example.com`;
      const [row] = await database.db
        .insert(schema.users)
        .values({
          email,
          passwordHash: demo!.hash,
          userType: "STUDENT",
          name: "김설탭",
          phone: `0109${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`,
          phoneVerifiedAt: new Date(),
          birthDate: "2010-03-01",
        })
        .returning({ id: schema.users.id });
      const login = await post(
        proc,
        "/main/login",
        { EMAIL_ID: email, PASSWORD: DEMO_PASSWORD },
        { ip: `10.88.${row!.id % 250}.1` },
      );
      expect(login.status).toBe(200);
      return { userNo: row!.id, email, token: String(login.response.token) };
    }

    it("a token from A works on B (one key set, one issuer, sessions in the database)", async () => {
      const student = await newStudent(a);
      const onB = await post(b, "/main/getUserInfo", {}, { token: student.token });
      expect(onB.status).toBe(200);
      expect(onB.response).toMatchObject({ USER_NO: student.userNo });
    });

    it("one merchant_uid sent to both at once: one payment, one charge", async () => {
      const student = await newStudent(b);
      const body = {
        USER_NO: student.userNo,
        MERCHANT_UID: `scale-${randomUUID()}`,
        ITEMS: [{ id: itemId }],
        ...card,
      };
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          post(i % 2 ? a : b, "/main/payreq_Iamport_Onetime", body, { token: student.token }),
        ),
      );
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(new Set(answers.map((r) => r.response.PAYMENT_ID)).size).toBe(1);
      expect(answers[0]!.response.STATE).toBe("PAID");
      const rows = await database.db
        .select({ id: schema.payments.id })
        .from(schema.payments)
        .where(eq(schema.payments.merchantUid, body.MERCHANT_UID));
      expect(rows).toHaveLength(1);
      expect(sandboxCharges(dataDir, body.MERCHANT_UID)).toBe(1);
    }, 60_000);

    it("limits are shared: the sign-in throttle and a per-address limit hold across both", async () => {
      const student = await newStudent(a);
      const ip = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
      const guesses = await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          post(
            i % 2 ? a : b,
            "/main/login",
            { EMAIL_ID: student.email, PASSWORD: `Wrong-pass${i}!` },
            { ip },
          ),
        ),
      );
      // 5 per account and address, whichever process answered.
      expect(guesses.filter((r) => r.status === 401)).toHaveLength(5);
      expect(guesses.filter((r) => r.status === 429)).toHaveLength(11);

      // (Random addresses: Redis keeps the counters of an earlier run for their window.)
      // 60 availability checks per address per 10 minutes in all (each process allowed 60 of
      // its own before the limits moved out of process memory).
      const checker = `10.78.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
      const checks = await Promise.all(
        Array.from({ length: 70 }, (_, i) =>
          post(
            i % 2 ? a : b,
            "/main/join/check_email",
            { EMAIL_ID: `free-${i}-${randomUUID().slice(0, 6)}@example.com` },
            { ip: checker },
          ),
        ),
      );
      expect(checks.filter((r) => r.status === 200)).toHaveLength(60);
      expect(checks.filter((r) => r.status === 429)).toHaveLength(10);
    }, 60_000);

    it("each job runs once per tick though both processes schedule and work (pg-boss)", async () => {
      const queues = (
        await rows<{ name: string }>(
          sql`select name from pgboss.queue where name not like '__pgboss%' order by name`,
        )
      ).map((r) => r.name);
      expect(queues).toContain("payments-reconciliation");
      // Wait until every queue has a completed job since the processes started.
      const deadline = Date.now() + 90_000;
      let ticks: Tick[];
      for (;;) {
        ticks = await rows<Tick>(sql`
          select name, date_trunc('minute', created_on)::text as minute, count(*)::int as jobs,
                 count(*) filter (where state = 'completed')::int as completed
          from pgboss.job
          where created_on >= ${startedAt.toISOString()}::timestamptz
            and name not like '__pgboss%'
          group by 1, 2`);
        const done = new Set(ticks.filter((t) => t.completed > 0).map((t) => t.name));
        if (queues.every((q) => done.has(q)) || Date.now() > deadline) break;
        await sleep(1000);
      }
      expect(new Set(ticks.filter((t) => t.completed > 0).map((t) => t.name))).toEqual(
        new Set(queues),
      );
      // One job per job name and minute: two schedulers, one run.
      expect(ticks.filter((t) => t.jobs !== 1)).toEqual([]);
    }, 120_000);

    it("a process killed between the charge and the commit: the others reconcile it, charged once", async () => {
      const student = await newStudent(a);
      // C holds every charge's answer for 2 minutes, and runs no jobs.
      const c = await startProcess(dataDir, {
        JOBS_ENABLED: "false",
        SANDBOX_PAUSE_AFTER_CHARGE_MS: "120000",
      });
      const merchantUid = `scale-crash-${randomUUID()}`;
      try {
        void post(
          c,
          "/main/payreq_Iamport_Onetime",
          { USER_NO: student.userNo, MERCHANT_UID: merchantUid, ITEMS: [{ id: itemId }], ...card },
          { token: student.token },
        ).catch(() => undefined);
        const charged = Date.now() + 30_000;
        while (sandboxCharges(dataDir, merchantUid) === 0) {
          if (Date.now() > charged) throw new Error(`no charge recorded:\n${c.output()}`);
          await sleep(100);
        }
        c.child.kill("SIGKILL");
        await new Promise((r) => c.child.once("exit", r));
      } finally {
        await stopProcess(c);
      }
      const stateOf = async () =>
        (
          await database.db
            .select({ state: schema.payments.state })
            .from(schema.payments)
            .where(eq(schema.payments.merchantUid, merchantUid))
        )[0]?.state;
      expect(await stateOf()).toBe("READY");
      // Reconciliation settles READY card payments older than a minute, every minute.
      const deadline = Date.now() + 150_000;
      while ((await stateOf()) !== "PAID" && Date.now() < deadline) await sleep(1000);
      expect(await stateOf()).toBe("PAID");
      expect(sandboxCharges(dataDir, merchantUid)).toBe(1);
    }, 240_000);
  },
);
