/**
 * Builds the real app for API tests: in-memory PGlite by default, or the PostgreSQL server of
 * DATABASE_URL when set (CI runs the suite again that way). Logs are silent unless a logger is
 * given; signing keys are generated in memory unless given.
 */
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { openDatabase, type DatabaseHandle } from "@seoltab/db";
import { buildApp, type BuildOptions } from "../app.ts";
import { loadConfig, type Config } from "../config.ts";
import { generateSigningKeys } from "../modules/accounts/signing-keys.ts";

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
}

/** Local-mode config for tests; `env` overrides settings, `patch` the validated result. */
export function testConfig(env: Record<string, string> = {}, patch: Partial<Config> = {}): Config {
  const config = loadConfig({
    APP_ENV: "development",
    LOG_LEVEL: "silent",
    WEB_BUILD_DIR: "/nonexistent-web-build",
    // Tests run the payments jobs by calling them; no timers or pg-boss in the background.
    JOBS_ENABLED: "false",
    // Apps built straight from this config keep their generated key file out of the repository.
    DATA_DIR: join(tmpdir(), "seoltab-test-data"),
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...env,
  });
  return { ...config, ...patch };
}

export function openTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  return url
    ? openDatabase({ kind: "postgres", url, poolSize: 4 })
    : openDatabase({ kind: "pglite-memory" });
}

export async function buildTestApp(
  env: Record<string, string> = {},
  patch: Partial<Config> = {},
  options: Pick<BuildOptions, "logger" | "accounts" | "payments"> = {},
): Promise<TestApp> {
  const config = testConfig(env, patch);
  const database = await openTestDatabase();
  const app = await buildApp({
    config,
    database,
    logger: options.logger ?? false,
    accounts: { signingKeys: await generateSigningKeys(), ...options.accounts },
    ...(options.payments ? { payments: options.payments } : {}),
  });
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
