// Runs the database-backed test suites (packages/db, apps/api) against a real PostgreSQL server:
// creates a fresh database, runs the tests with DATABASE_URL pointing at it, drops it.
// Server: PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/test, trust auth).
// Redis: TEST_REDIS_URL (default redis://127.0.0.1:6379) for the Redis throttle tests and the
// two-process scale-out test (issue #19).
// An unreachable server is a failure, never a skip.
import { spawnSync } from "node:child_process";
import { connect } from "node:net";
import pg from "pg";

const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
/** Resolves when Redis answers PING with PONG. */
function pingRedis(address) {
  const { hostname, port } = new URL(address);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(3000, () => socket.destroy(new Error("timeout")));
    socket.once("error", reject);
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (d) => {
      socket.end();
      if (String(d).startsWith("+PONG")) resolve();
      else reject(new Error(String(d).trim()));
    });
  });
}
try {
  await pingRedis(redisUrl);
} catch (err) {
  console.error(`Redis에 연결할 수 없습니다 (${redisUrl}): ${err.message}`);
  process.exit(1);
}

const adminUrl = process.env.PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const name = `seoltab_test_${Date.now()}_${process.pid}`;

const admin = new pg.Client({ connectionString: adminUrl });
try {
  await admin.connect();
} catch (err) {
  console.error(`PostgreSQL에 연결할 수 없습니다 (${adminUrl}): ${err.message}`);
  process.exit(1);
}
await admin.query(`CREATE DATABASE "${name}"`);
console.log(`created database ${name}`);

const url = new URL(adminUrl);
url.pathname = `/${name}`;
const result = spawnSync(
  "npx",
  [
    "vitest",
    "run",
    "--project",
    "@seoltab/db",
    "--project",
    "@seoltab/api",
    "--no-file-parallelism",
  ],
  {
    stdio: "inherit",
    env: { ...process.env, DATABASE_URL: url.toString(), TEST_REDIS_URL: redisUrl },
  },
);

await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
await admin.end();
console.log(`dropped database ${name}`);
process.exit(result.status ?? 1);
