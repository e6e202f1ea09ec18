/**
 * `npm run bench`: autocannon, 50 connections, 10 s per target, after a 3 s warm-up, against
 * a real server process started here in local mode on a fresh PGlite directory (or DATABASE_URL).
 * Prints requests/s and latency percentiles (ms) as a table. Figures go to docs/performance.md.
 * Needs the web build (`npm run build`) for the `/` target.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, cpus, tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";

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

async function startServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), "seoltab-bench-"));
  const child = spawn(process.execPath, ["--import", "tsx", "apps/api/src/server.ts"], {
    env: {
      ...process.env,
      APP_ENV: "development",
      PORT: "0",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on("data", (d) => {
      out += d;
      const m = /설탭 로컬 서버: (http:\/\/\S+)/.exec(out);
      if (m?.[1]) resolve(m[1]);
    });
    child.on("exit", (code) => reject(new Error(`server exited (${code}) before listening`)));
  });
  return {
    url,
    stop: async () => {
      const exited = new Promise((r) => child.on("exit", r));
      child.kill("SIGTERM");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
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
