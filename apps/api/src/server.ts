/**
 * Process entry: validates settings, builds the app, listens, and drains on SIGTERM/SIGINT
 * (in-flight requests finish, new ones get 503, the database closes, then exit 0).
 * A bad setting exits 1 with one message listing every problem.
 */
import closeWithGrace from "close-with-grace";
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig, type Config } from "./config.ts";
import { localStartBanner } from "./modules/accounts/index.ts";
import { SigningKeyError } from "./modules/accounts/index.ts";

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

const started = Date.now();
let app: Awaited<ReturnType<typeof buildApp>>;
try {
  // Local mode on a terminal reads like a tool (issue #19): human-readable lines through
  // pino-pretty; anywhere else (files, containers, CI) stays one JSON object per line.
  const pretty = config.localMode && process.stdout.isTTY;
  app = await buildApp({
    config,
    ...(pretty
      ? {
          logger: {
            transport: {
              target: "pino-pretty",
              options: { translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname,reqId" },
            },
          },
        }
      : {}),
  });
} catch (err) {
  if (err instanceof SigningKeyError) {
    console.error(`설정이 올바르지 않아 서버를 시작할 수 없습니다:\n  - ${err.message}`);
    process.exit(1);
  }
  throw err;
}

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, "closing after an uncaught error");
  else app.log.info({ signal }, "draining and shutting down");
  await app.close();
});

const address = await app.listen({ port: config.port, host: config.host });
app.log.info(
  {
    address,
    appEnv: config.appEnv,
    database: app.database.driver,
    startupMs: Date.now() - started,
  },
  "server listening",
);
if (config.localMode) {
  const shown = address.replace("127.0.0.1", "localhost");
  console.log(
    localStartBanner(
      shown,
      app.database.driver === "pglite"
        ? `내장 PostgreSQL (PGlite) ${config.database.kind === "pglite" ? config.database.dataDir : ""}`
        : "PostgreSQL (DATABASE_URL)",
    ),
  );
}
