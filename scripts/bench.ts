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
}

const DEMO_STUDENT = { EMAIL_ID: "student@example.com", PASSWORD: "Demo1234!" };

const TARGETS: Target[] = [
  { name: "GET /healthz", method: "GET", path: "/healthz" },
  { name: "GET / (prerendered)", method: "GET", path: "/" },
  { name: "POST /main/getTaxonomy", method: "POST", path: "/main/getTaxonomy", body: "{}" },
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
  const token = body.ONUEI_RES.DATA.RESPONSE.token;
  return [
    {
      name: "POST /main/getUserInfo (Bearer, ES256 verify)",
      method: "POST",
      path: "/main/getUserInfo",
      body: "{}",
      headers: { authorization: `Bearer ${token}` },
    },
  ];
}

function run(url: string, t: Target, duration: number) {
  return autocannon({
    url: `${url}${t.path}`,
    method: t.method,
    connections: CONNECTIONS,
    duration,
    headers: { ...(t.body ? { "content-type": "application/json" } : {}), ...t.headers },
    body: t.body,
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
} finally {
  await server.stop();
}
