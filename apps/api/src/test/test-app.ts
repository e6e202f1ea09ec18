/**
 * Builds the real app for API tests: in-memory PGlite by default, or the PostgreSQL server of
 * DATABASE_URL when set (CI runs the suite again that way). Logs are silent unless a logger is
 * given; signing keys are generated in memory unless given. On PGlite each database is a copy
 * of a template built once per run by global-setup.ts (already migrated, and seeded when the
 * app runs in local mode), so no test file pays for initdb and migrations again.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { inject } from "vitest";
import type {} from "./global-setup.ts"; // its ProvidedContext (pgliteTemplates)
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
    // API tests build their own orders; the demo lectures are for people (and browser tests).
    SEED_DEMO_LECTURES: "false",
    // Apps built straight from this config keep their generated key file out of the repository.
    DATA_DIR: join(tmpdir(), "seoltab-test-data"),
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...env,
  });
  // Test files share one DATA_DIR: the sandbox gateway stays in memory, one per app.
  return { ...config, sandboxStateFile: undefined, ...patch };
}

const templates = new Map<string, Blob>();

/** The dumped template (read once per test file), or undefined outside the API project's run. */
function template(name: "migrated" | "seeded"): Blob | undefined {
  // Outside a vitest run (npm run docs:graphql, the bench) there is no provided context.
  if (!process.env.VITEST) return undefined;
  const paths = inject("pgliteTemplates");
  if (!paths) return undefined;
  let blob = templates.get(name);
  if (!blob) {
    blob = new Blob([new Uint8Array(readFileSync(paths[name]))]);
    templates.set(name, blob);
  }
  return blob;
}

/**
 * A database of its own for the test: on PGlite a fresh copy of the migrated template (or the
 * seeded one with `seeded`: what `buildApp` in local mode would leave); `migrate()` still works
 * and finds nothing to do.
 */
export function openTestDatabase(options: { seeded?: boolean } = {}): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  if (url) return openDatabase({ kind: "postgres", url, poolSize: 4 });
  const loadDataDir = template(options.seeded ? "seeded" : "migrated");
  return openDatabase(
    loadDataDir ? { kind: "pglite-memory", loadDataDir } : { kind: "pglite-memory" },
  );
}

export async function buildTestApp(
  env: Record<string, string> = {},
  patch: Partial<Config> = {},
  options: Pick<
    BuildOptions,
    "logger" | "accounts" | "payments" | "storage" | "messages" | "attemptsNamespace"
  > = {},
): Promise<TestApp> {
  const config = testConfig(env, patch);
  const database = await openTestDatabase({ seeded: config.localMode });
  const app = await buildApp({
    config,
    database,
    logger: options.logger ?? false,
    accounts: { signingKeys: await generateSigningKeys(), ...options.accounts },
    // Test files share one PostgreSQL database in test:pg: each app counts its own throttles.
    attemptsNamespace: options.attemptsNamespace ?? randomUUID(),
    ...(options.payments ? { payments: options.payments } : {}),
    ...(options.storage ? { storage: options.storage } : {}),
    ...(options.messages ? { messages: options.messages } : {}),
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
