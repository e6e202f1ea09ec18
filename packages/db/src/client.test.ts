import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, schema, eq } from "./index.ts";

describe("openDatabase (PGlite in a directory)", () => {
  const dir = mkdtempSync(join(tmpdir(), "seoltab-db-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("migrates twice without error, and the data survives closing and reopening", async () => {
    const first = await openDatabase({ kind: "pglite", dataDir: dir });
    await first.migrate();
    await first.migrate();
    await first.db
      .insert(schema.seedRuns)
      .values({ name: "survives-restart" })
      .onConflictDoNothing();
    await first.close();

    const second = await openDatabase({ kind: "pglite", dataDir: dir });
    await second.migrate();
    const rows = await second.db
      .select()
      .from(schema.seedRuns)
      .where(eq(schema.seedRuns.name, "survives-restart"));
    expect(rows).toHaveLength(1);
    // Reference data from the custom migration is there exactly once.
    const maths = await second.db
      .select()
      .from(schema.taxonomies)
      .where(eq(schema.taxonomies.termTaxonomyId, 1001));
    expect(maths.map((r) => r.name)).toEqual(["수학"]);
    await second.ping();
    await second.close();
  }, 60_000);
});

describe.runIf(process.env.DATABASE_URL)("openDatabase (PostgreSQL server)", () => {
  it("connects, migrates idempotently and answers ping", async () => {
    const handle = await openDatabase({ kind: "postgres", url: process.env.DATABASE_URL ?? "" });
    expect(handle.driver).toBe("postgres");
    await handle.migrate();
    await handle.migrate();
    await handle.ping();
    const maths = await handle.db
      .select()
      .from(schema.taxonomies)
      .where(eq(schema.taxonomies.termTaxonomyId, 1001));
    expect(maths).toHaveLength(1);
    await handle.close();
  });
});

describe("openDatabase (unreachable server)", () => {
  it("fails at open, not at the first request", async () => {
    await expect(
      openDatabase({ kind: "postgres", url: "postgres://nobody@127.0.0.1:1/none" }),
    ).rejects.toThrow();
  });
});
