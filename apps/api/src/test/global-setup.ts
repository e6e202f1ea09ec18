/**
 * Vitest globalSetup of the API project: builds the database once per run and hands every test
 * file a template to start from (docs/performance.md "Test suite time"). A fresh PGlite costs
 * about 3.5 s of initdb on this 2-core machine; loading a dumped data directory about 1 s.
 * Two templates: migrated, and migrated plus the local-mode demo seeds (what `buildApp` would
 * add in local mode). Each test file loads its own copy, so files stay isolated.
 * With DATABASE_URL (the PostgreSQL run) nothing is prepared: that run keeps one database.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "@seoltab/db";
import { runSeeds } from "../seed.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Paths of the dumped PGlite data directories, or null on PostgreSQL. */
    pgliteTemplates: { migrated: string; seeded: string } | null;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.DATABASE_URL) {
    project.provide("pgliteTemplates", null);
    return () => {};
  }
  const dir = mkdtempSync(join(tmpdir(), "seoltab-test-templates-"));
  const database = await openDatabase({ kind: "pglite-memory" });
  try {
    await database.migrate();
    const migrated = join(dir, "migrated.tar");
    writeFileSync(migrated, new Uint8Array(await (await database.dumpDataDir!()).arrayBuffer()));
    await runSeeds(database.db);
    const seeded = join(dir, "seeded.tar");
    writeFileSync(seeded, new Uint8Array(await (await database.dumpDataDir!()).arrayBuffer()));
    project.provide("pgliteTemplates", { migrated, seeded });
  } finally {
    await database.close();
  }
  return () => rmSync(dir, { recursive: true, force: true });
}
