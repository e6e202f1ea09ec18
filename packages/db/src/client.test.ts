import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { SQL } from "drizzle-orm";
import { NAMED_STATEMENTS_PER_CONNECTION, openDatabase, schema, eq, sql } from "./index.ts";

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

  it("prepares a statement with parameters once per connection, never one without (decision 040)", async () => {
    // One connection, so every statement below meets the same session's prepared statements.
    const handle = await openDatabase({
      kind: "postgres",
      url: process.env.DATABASE_URL ?? "",
      poolSize: 1,
    });
    // node-postgres answers `execute` with its result object (`rows`).
    const rowsOf = async <T>(query: SQL) =>
      ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;
    const prepared = () =>
      rowsOf<{ name: string; statement: string }>(
        sql`select name, statement from pg_prepared_statements order by name`,
      );
    try {
      expect(await prepared()).toEqual([]);
      const byId = (id: number) =>
        handle.db
          .select({ name: schema.taxonomies.name })
          .from(schema.taxonomies)
          .where(eq(schema.taxonomies.termTaxonomyId, id));
      for (let i = 0; i < 7; i += 1) {
        // Past PostgreSQL's fifth call, where it may switch to a generic plan: same answers.
        expect((await byId(1001)).map((r) => r.name)).toEqual(["수학"]);
        expect(await byId(-1)).toEqual([]);
      }
      await handle.db.execute(sql`select 1`);
      const after = await prepared();
      expect(after).toHaveLength(1);
      expect(after[0]!.name).toMatch(/^s_[0-9a-f]{20}$/);
      expect(after[0]!.statement).toContain('from "taxonomies"');

      // Bounded: new texts beyond the limit still run, unnamed.
      for (let i = 0; i < NAMED_STATEMENTS_PER_CONNECTION + 5; i += 1) {
        const rows = await rowsOf<{ n: number }>(
          sql`select ${10}::int + ${sql.raw(String(i))} as n`,
        );
        expect(rows[0]!.n).toBe(10 + i);
      }
      expect(await prepared()).toHaveLength(NAMED_STATEMENTS_PER_CONNECTION);
    } finally {
      await handle.close();
    }
  });
});

describe("openDatabase (unreachable server)", () => {
  it("fails at open, not at the first request", async () => {
    await expect(
      openDatabase({ kind: "postgres", url: "postgres://nobody@127.0.0.1:1/none" }),
    ).rejects.toThrow();
  });
});
