/**
 * Starts the real server (apps/api/src/server.ts) for browser tests: local mode, a fresh PGlite
 * directory, a free port, the web build in apps/web/build/client (run `npm run build` first;
 * `npm run test:e2e` does). Stops it with SIGTERM and removes the data.
 * The fresh directory is a copy of the template that global-setup.ts made once per run (already
 * migrated and seeded by a server start), which spares each spec PGlite's initdb (about 3.5 s).
 */
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** A local-mode DATA_DIR (PGlite migrated and seeded, key file) to copy, or null. */
    e2eTemplateDataDir: string | null;
  }
}

const root = fileURLToPath(new URL("../..", import.meta.url));

export interface RunningServer {
  url: string;
  /** The server process id (npm run bench reads its CPU time). */
  pid: number;
  stop(): Promise<void>;
}

/** A TCP port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
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

/**
 * Starts the server on a free port (a real one rather than 0: the api derives its public origin
 * and the tokens' issuer from PORT). `env` overrides any setting, PORT included.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "seoltab-e2e-"));
  // The template is local mode on PGlite: copy it only when the spec keeps those.
  // Outside a vitest run (npm run bench, npm run lighthouse) there is no template.
  const template = process.env.VITEST ? inject("e2eTemplateDataDir") : null;
  if (template && !env.DATA_DIR && !env.DATABASE_URL && !env.APP_ENV) {
    cpSync(template, dataDir, { recursive: true });
  }
  return launchServer(env, dataDir);
}

/** Starts the server on `dataDir` (removed again by `stop` unless `keepData`). */
export async function launchServer(
  env: Record<string, string>,
  dataDir: string,
  keepData = false,
): Promise<RunningServer> {
  const port = env.PORT ?? String(await freePort());
  if (!existsSync(join(root, "apps/web/build/client/index.html"))) {
    throw new Error("web build missing: run `npm run build` (npm run test:e2e does it)");
  }
  const child = spawn(process.execPath, ["--import", "tsx", "apps/api/src/server.ts"], {
    cwd: root,
    env: {
      ...process.env,
      APP_ENV: "development",
      PORT: port,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stderr.on("data", (d) => (output += d));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on("data", (d) => {
      output += d;
      const m = /설탭 로컬 서버: (http:\/\/\S+)/.exec(output);
      if (m?.[1]) resolve(m[1]);
    });
    child.on("exit", (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      const exited = new Promise((r) => child.on("exit", r));
      child.kill("SIGTERM");
      await exited;
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
