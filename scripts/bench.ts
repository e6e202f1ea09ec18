/**
 * `npm run bench`: autocannon, 50 connections, 10 s per target, after a 3 s warm-up, against
 * a real server process started here in local mode on a fresh PGlite directory (or DATABASE_URL).
 * Prints requests/s and latency percentiles (ms) as a table. Figures go to docs/performance.md.
 * Needs the web build (`npm run build`) for the `/` target.
 */
import { availableParallelism, cpus } from "node:os";
import autocannon from "autocannon";
import { startServer } from "../e2e/support/server.ts";

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const WARMUP_S = 3;

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

const TARGETS: Target[] = [
  { name: "GET /healthz", method: "GET", path: "/healthz" },
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
  // argon2id-bound: every request verifies a password, mints a refresh token and audits.
  {
    name: "POST /main/login (demo student)",
    method: "POST",
    path: "/main/login",
    body: JSON.stringify(DEMO_STUDENT),
  },
];

/** Signs the demo student in once and returns an authenticated getUserInfo target. */
async function authenticatedTargets(url: string): Promise<Target[]> {
  const res = await fetch(`${url}/main/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(DEMO_STUDENT),
  });
  const body = (await res.json()) as { ONUEI_RES: { DATA: { RESPONSE: { token: string } } } };
  const { token, USER_NO } = body.ONUEI_RES.DATA.RESPONSE as unknown as {
    token: string;
    USER_NO: number;
  };
  const auth = { authorization: `Bearer ${token}` };
  // Checkout needs a main billing card (sandbox approves 4242…) and the smart-math item.
  const register = await fetch(`${url}/payment/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...auth },
    body: JSON.stringify({
      query: `mutation { registerMainBillingCard(input: { cardNumber: "4242424242424242", expiry: "${new Date().getUTCFullYear() + 2}-12", birth: "080101", pwd2digit: "12", cardType: CREDIT_CARD }) }`,
    }),
  });
  if (!register.ok) throw new Error(`card registration failed: ${register.status}`);
  const catalog = (await (
    await fetch(`${url}/main/Lecture_StoreItems`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    })
  ).json()) as {
    ONUEI_RES: { DATA: { RESPONSE: { LECTURE_ITEMS: { id: number; subjectId: number }[] } } };
  };
  const math = catalog.ONUEI_RES.DATA.RESPONSE.LECTURE_ITEMS.find((i) => i.subjectId === 8906);
  if (!math) throw new Error("no smart-math item in the catalog");
  let order = 0;
  return [
    {
      name: "POST /main/getUserInfo (Bearer, ES256 verify)",
      method: "POST",
      path: "/main/getUserInfo",
      body: "{}",
      headers: { authorization: `Bearer ${token}` },
    },
    {
      name: "POST /main/payment_seoltab_subscribe (sandbox, 10 conn.)",
      method: "POST",
      path: "/main/payment_seoltab_subscribe",
      headers: auth,
      connections: 10,
      bodyPerRequest: () =>
        JSON.stringify({
          USER_NO,
          MERCHANT_UID: `bench-${process.pid}-${Date.now()}-${(order += 1)}`,
          PAYMENT_METHOD: "BILLING_CARD",
          ITEMS: [{ id: math.id, lecture_multiple: 3 }],
        }),
    },
    {
      name: "POST /main/getUserInfo after the checkout run (hundreds of orders)",
      method: "POST",
      path: "/main/getUserInfo",
      body: "{}",
      headers: { authorization: `Bearer ${token}` },
    },
  ];
}

function run(url: string, t: Target, duration: number) {
  const perRequest = t.bodyPerRequest;
  return autocannon({
    url: `${url}${t.path}`,
    method: t.method,
    connections: t.connections ?? CONNECTIONS,
    duration,
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

const server = await startServer();
try {
  const rows: Record<string, string | number>[] = [];
  for (const t of [...TARGETS, ...(await authenticatedTargets(server.url))]) {
    await run(server.url, t, WARMUP_S);
    const r = await run(server.url, t, DURATION_S);
    rows.push({
      target: t.name,
      "req/s (avg)": Math.round(r.requests.average),
      "p50 ms": r.latency.p50,
      "p99 ms": r.latency.p99,
      "non-2xx": r.non2xx,
      errors: r.errors,
    });
  }
  console.log(
    `\nautocannon: ${CONNECTIONS} connections, ${DURATION_S} s per target after ${WARMUP_S} s warm-up; ` +
      `Node ${process.version}, ${availableParallelism()} cores (${cpus()[0]?.model ?? "unknown CPU"})`,
  );
  console.table(rows);
  const rate = (name: string) =>
    Number(rows.find((r) => String(r.target).startsWith(name))?.["req/s (avg)"]);
  const ratio = rate("POST /main/Lecture_StoreItems") / rate("GET /healthz");
  console.log(`Lecture_StoreItems / healthz throughput ratio: ${ratio.toFixed(2)}`);
} finally {
  await server.stop();
}
