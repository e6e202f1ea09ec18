/**
 * `npm run bench`: autocannon, 50 connections (checkout: 10), 10 s per target, after a 3 s
 * warm-up, against a real server process started here in local mode on a fresh PGlite directory,
 * or on PostgreSQL when DATABASE_URL is set (a scratch database `bench_<pid>` is created on that
 * server for the run and dropped after it, so every run starts from the demo seed).
 * Prints requests/s and latency percentiles (ms) as a table, then the issue-19 ratios (each
 * target's throughput as a share of `/healthz` in the same run, heavy / light student p99,
 * checkout p99). Besides latency, each row has the CPU time per request of the server process
 * and of the run's PostgreSQL backends (Linux /proc): on a machine shared with other work these
 * move much less than requests/s. Figures go to docs/performance.md. Needs the web build
 * (`npm run build`) for the `/` target.
 *
 * Settings (environment):
 * - BENCH_DURATION_S: seconds per target (default 10);
 * - BENCH_ONLY: comma-separated parts of target names to run (`/healthz` always runs, and the
 *   checkout whenever a heavy-student target is asked for), e.g. `getUserInfo,userPayments`;
 * - BENCH_CPU_PROF: a directory; the server runs with `--cpu-prof` and writes its profile there
 *   when it stops (read it with `node --import tsx scripts/cpu-profile-summary.ts <file>`).
 */
import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg } from "node:os";
import { resolve } from "node:path";
import autocannon from "autocannon";
import { openDatabase, sql } from "@seoltab/db";
import { startServer } from "../e2e/support/server.ts";

const CONNECTIONS = 50;
const CHECKOUT_CONNECTIONS = 10;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const WARMUP_S = 3;
/** Orders of the light student before its rows, and at least this many for the heavy one. */
const LIGHT_ORDERS = 3;
const HEAVY_ORDERS = 300;
const ONLY = (process.env.BENCH_ONLY ?? "")
  .split(",")
  .map((s) => s.trim())
  .filter(Boolean);

interface Target {
  name: string;
  method: "GET" | "POST";
  path: string;
  body?: string;
  headers?: Record<string, string>;
  /** Connections for this target (default CONNECTIONS). */
  connections?: number;
  /** Builds each request's body (e.g. a fresh MERCHANT_UID per checkout). */
  bodyPerRequest?: () => string;
}

const DEMO_STUDENT = { EMAIL_ID: "student@example.com", PASSWORD: "Demo1234!" };

const USER_PAYMENTS_50 = JSON.stringify({
  query: `{ userPayments(first: 50) { hasNextPage endCursor payments { id state paymentMethod
    completedAt name productsPrice discountedValue paidPrice refundedAmount failReason receiptUrl
    createdAt userId merchantUid cardQuota items { id itemKind name quantity months salePrice
    policyPrice paidPrice refundedAmount state listPrice policies { name amount } } } } }`,
});

const NAMES = {
  healthz: "GET /healthz",
  lightInfo: "POST /main/getUserInfo (light student)",
  lightPayments: "POST /payment/graphql userPayments(first: 50) (light student)",
  checkout: `POST /main/payment_seoltab_subscribe (sandbox, ${CHECKOUT_CONNECTIONS} conn.)`,
  heavyInfo: "POST /main/getUserInfo (heavy student)",
  heavyPayments: "POST /payment/graphql userPayments(first: 50) (heavy student: 50 rows)",
} as const;

const TARGETS: Target[] = [
  { name: NAMES.healthz, method: "GET", path: "/healthz" },
  { name: "GET / (prerendered)", method: "GET", path: "/" },
  { name: "POST /main/getTaxonomy", method: "POST", path: "/main/getTaxonomy", body: "{}" },
  {
    name: "POST /main/Lecture_StoreItems (anonymous)",
    method: "POST",
    path: "/main/Lecture_StoreItems",
    body: "{}",
  },
  {
    name: "POST /marketing/graphql",
    method: "POST",
    path: "/marketing/graphql",
    body: JSON.stringify({ query: "{ __typename backend }" }),
  },
  // No /main/login row since issue 19: sign-in attempts are limited per account and address
  // (5 per 15 min), so a login run measures 429 answers, not argon2id (docs/performance.md).
];

function wanted(name: string): boolean {
  return name === NAMES.healthz || ONLY.length === 0 || ONLY.some((part) => name.includes(part));
}

interface Row {
  target: string;
  "req/s (avg)": number;
  "p50 ms": number;
  "p99 ms": number;
  "non-2xx": number;
  errors: number;
  /** Mean response size (bytes, headers included). */
  "bytes/resp": number;
  /** CPU time of the server process per request (ms; Linux /proc only). */
  "server CPU ms/req"?: number | string;
  /** CPU time of the run's PostgreSQL backends per request (ms; PostgreSQL on this machine). */
  "PG CPU ms/req"?: number | string;
}

/** Linux clock ticks per second (USER_HZ); /proc/<pid>/stat counts CPU time in these. */
const TICKS_PER_S = 100;

/** utime + stime of `pid` in ticks, or null without /proc. */
function cpuTicks(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/** CPU ticks of the PostgreSQL backends serving `database` on this machine (null: none seen). */
function postgresTicks(database: string | null): number | null {
  if (!database) return null;
  let total: number | null = null;
  for (const entry of readdirSync("/proc", { withFileTypes: true })) {
    if (!/^\d+$/.test(entry.name)) continue;
    try {
      const cmd = readFileSync(`/proc/${entry.name}/cmdline`, "utf8");
      if (!cmd.startsWith("postgres:") || !cmd.includes(` ${database} `)) continue;
      total = (total ?? 0) + (cpuTicks(Number(entry.name)) ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** Starts counting the server's and the database's CPU; the result is per request (ms). */
function cpuMeter() {
  const s0 = cpuTicks(server.pid);
  const p0 = postgresTicks(scratch?.name ?? null);
  return (requests: number) => {
    const s1 = cpuTicks(server.pid);
    const p1 = postgresTicks(scratch?.name ?? null);
    const per = (a: number | null, b: number | null) =>
      a === null || b === null || requests === 0
        ? "n/a"
        : Number((((b - a) * 1000) / TICKS_PER_S / requests).toFixed(2));
    return { "server CPU ms/req": per(s0, s1), "PG CPU ms/req": per(p0, p1) };
  };
}

function run(url: string, t: Target, options: { duration?: number; amount?: number }) {
  const perRequest = t.bodyPerRequest;
  return autocannon({
    url: `${url}${t.path}`,
    method: t.method,
    connections: t.connections ?? CONNECTIONS,
    ...(options.amount ? { amount: options.amount } : { duration: options.duration ?? 1 }),
    headers: {
      ...(t.body || perRequest ? { "content-type": "application/json" } : {}),
      ...t.headers,
    },
    body: t.body,
    ...(perRequest
      ? {
          requests: [
            {
              method: t.method,
              path: t.path,
              setupRequest: (req: autocannon.Request) => ({ ...req, body: perRequest() }),
            },
          ],
        }
      : {}),
  });
}

/** Mean bytes read per response of an autocannon result (0 when none came back). */
function bytesPerResponse(r: autocannon.Result): number {
  return r.requests.total === 0 ? 0 : Math.round(r.throughput.total / r.requests.total);
}

/** Warms `t` for WARMUP_S, measures it for DURATION_S and adds its row; returns the result. */
async function measure(url: string, t: Target, rows: Row[]) {
  await run(url, t, { duration: WARMUP_S });
  const cpu = cpuMeter();
  const r = await run(url, t, { duration: DURATION_S });
  rows.push({
    target: t.name,
    "req/s (avg)": Math.round(r.requests.average),
    "p50 ms": r.latency.p50,
    "p99 ms": r.latency.p99,
    "non-2xx": r.non2xx,
    errors: r.errors,
    "bytes/resp": bytesPerResponse(r),
    ...cpu(r.requests.total),
  });
  return r;
}

async function post(url: string, path: string, body: unknown, headers: Record<string, string>) {
  const res = await fetch(`${url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return res.json() as Promise<unknown>;
}

/**
 * The demo student's targets, in order: getUserInfo and userPayments with LIGHT_ORDERS orders,
 * the checkout run, then the same reads with at least HEAVY_ORDERS orders (the checkout run's
 * orders, topped up when it made fewer). Adds their rows; returns the heavy student's orders.
 */
async function studentTargets(url: string, rows: Row[]): Promise<number> {
  const login = (await post(url, "/main/login", DEMO_STUDENT, {})) as {
    ONUEI_RES: { DATA: { RESPONSE: { token: string; USER_NO: number } } };
  };
  const { token, USER_NO } = login.ONUEI_RES.DATA.RESPONSE;
  const auth = { authorization: `Bearer ${token}` };
  // Checkout needs a main billing card (sandbox approves 4242…) and the smart-math item.
  await post(
    url,
    "/payment/graphql",
    {
      query: `mutation { registerMainBillingCard(input: { cardNumber: "4242424242424242", expiry: "${new Date().getUTCFullYear() + 2}-12", birth: "080101", pwd2digit: "12", cardType: CREDIT_CARD }) }`,
    },
    auth,
  );
  const catalog = (await post(url, "/main/Lecture_StoreItems", {}, {})) as {
    ONUEI_RES: { DATA: { RESPONSE: { LECTURE_ITEMS: { id: number; subjectId: number }[] } } };
  };
  const math = catalog.ONUEI_RES.DATA.RESPONSE.LECTURE_ITEMS.find((i) => i.subjectId === 8906);
  if (!math) throw new Error("no smart-math item in the catalog");
  let order = 0;
  const checkout: Target = {
    name: NAMES.checkout,
    method: "POST",
    path: "/main/payment_seoltab_subscribe",
    headers: auth,
    connections: CHECKOUT_CONNECTIONS,
    bodyPerRequest: () =>
      JSON.stringify({
        USER_NO,
        MERCHANT_UID: `bench-${process.pid}-${Date.now()}-${(order += 1)}`,
        PAYMENT_METHOD: "BILLING_CARD",
        ITEMS: [{ id: math.id, lecture_multiple: 3 }],
      }),
  };
  let orders = 0;
  const placeOrders = async (n: number) => {
    if (n <= 0) return;
    const r = await run(
      url,
      { ...checkout, connections: Math.min(n, CHECKOUT_CONNECTIONS) },
      {
        amount: n,
      },
    );
    orders += r["2xx"];
  };
  const info: Target = {
    name: NAMES.lightInfo,
    method: "POST",
    path: "/main/getUserInfo",
    body: "{}",
    headers: auth,
  };
  const payments: Target = {
    name: NAMES.lightPayments,
    method: "POST",
    path: "/payment/graphql",
    body: USER_PAYMENTS_50,
    headers: auth,
  };
  const heavyWanted = wanted(NAMES.heavyInfo) || wanted(NAMES.heavyPayments);
  await placeOrders(LIGHT_ORDERS);
  if (wanted(NAMES.lightInfo)) await measure(url, info, rows);
  if (wanted(NAMES.lightPayments)) await measure(url, payments, rows);
  if (wanted(NAMES.checkout) || heavyWanted) {
    // The warm-up's orders count too: they are the heavy student's.
    await run(url, checkout, { duration: WARMUP_S }).then((r) => (orders += r["2xx"]));
    const cpu = cpuMeter();
    const r = await run(url, checkout, { duration: DURATION_S });
    orders += r["2xx"];
    rows.push({
      target: NAMES.checkout,
      "req/s (avg)": Math.round(r.requests.average),
      "p50 ms": r.latency.p50,
      "p99 ms": r.latency.p99,
      "non-2xx": r.non2xx,
      errors: r.errors,
      "bytes/resp": bytesPerResponse(r),
      ...cpu(r.requests.total),
    });
  }
  if (heavyWanted) {
    await placeOrders(HEAVY_ORDERS - orders);
    if (wanted(NAMES.heavyInfo)) await measure(url, { ...info, name: NAMES.heavyInfo }, rows);
    if (wanted(NAMES.heavyPayments)) {
      await measure(url, { ...payments, name: NAMES.heavyPayments }, rows);
    }
  }
  return orders;
}

/** A scratch database on DATABASE_URL's server for this run (dropped by `drop`). */
async function scratchDatabase(serverUrl: string) {
  const name = `bench_${process.pid}`;
  const admin = await openDatabase({ kind: "postgres", url: serverUrl, poolSize: 1 });
  await admin.db.execute(sql.raw(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      await admin.db.execute(sql.raw(`drop database if exists ${name}`));
      await admin.close();
    },
  };
}

const scratch = process.env.DATABASE_URL ? await scratchDatabase(process.env.DATABASE_URL) : null;
const profileDir = process.env.BENCH_CPU_PROF ? resolve(process.env.BENCH_CPU_PROF) : null;
const load = loadavg()[0]!.toFixed(1);
const server = await startServer({
  ACCESS_TOKEN_TTL: "3600",
  ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  ...(profileDir
    ? {
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --cpu-prof --cpu-prof-dir=${profileDir}`,
      }
    : {}),
});
try {
  const rows: Row[] = [];
  for (const t of TARGETS) if (wanted(t.name)) await measure(server.url, t, rows);
  const heavyOrders = await studentTargets(server.url, rows);
  console.log(
    `\nautocannon: ${CONNECTIONS} connections (checkout ${CHECKOUT_CONNECTIONS}), ${DURATION_S} s ` +
      `per target after ${WARMUP_S} s warm-up; database ${scratch ? "PostgreSQL" : "PGlite"}; ` +
      `Node ${process.version}, ${availableParallelism()} cores ` +
      `(${cpus()[0]?.model ?? "unknown CPU"}); load average ${load} at start, ` +
      `${loadavg()[0]!.toFixed(1)} at end`,
  );
  console.table(rows);
  const row = (name: string) => rows.find((r) => r.target === name);
  const healthz = row(NAMES.healthz)!["req/s (avg)"];
  const share = (name: string) => {
    const r = row(name);
    return r ? (r["req/s (avg)"] / healthz).toFixed(3) : "not run";
  };
  console.log(`throughput / healthz (target >= 0.15 on PostgreSQL for the authenticated reads):`);
  for (const name of [
    "POST /main/Lecture_StoreItems (anonymous)",
    NAMES.lightInfo,
    NAMES.lightPayments,
    NAMES.heavyInfo,
    NAMES.heavyPayments,
  ]) {
    console.log(`  ${name}: ${share(name)}`);
  }
  const p99 = (name: string) => row(name)?.["p99 ms"];
  const ratio = (heavy: string, light: string) => {
    const h = p99(heavy);
    const l = p99(light);
    return h !== undefined && l !== undefined ? (h / l).toFixed(2) : "not run";
  };
  console.log(
    `heavy (${heavyOrders} orders) / light (${LIGHT_ORDERS}) student p99 (target <= 1.5):`,
  );
  console.log(`  getUserInfo: ${ratio(NAMES.heavyInfo, NAMES.lightInfo)}`);
  console.log(`  userPayments: ${ratio(NAMES.heavyPayments, NAMES.lightPayments)}`);
  console.log(
    `checkout p99 at ${CHECKOUT_CONNECTIONS} connections (target <= 150 ms on PostgreSQL): ` +
      `${p99(NAMES.checkout) ?? "not run"} ms`,
  );
} finally {
  await server.stop();
  await scratch?.drop();
}
