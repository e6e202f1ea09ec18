/**
 * The drizzle-orm patch (patches/drizzle-orm+0.45.4.patch, decision 042): `is()` keeps its
 * answer per (class, prototype) pair. These tests pin that the patch is installed (`npm ci` runs
 * patch-package) and that `is()` answers exactly as drizzle's own rule does, however often it is
 * asked, for every kind of value the query builder hands it.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { Column, SQL, Table, entityKind, is, sql } from "drizzle-orm";
import { PgColumn, PgTable, pgTable, serial, text } from "drizzle-orm/pg-core";
import { schema } from "./index.ts";

const require = createRequire(import.meta.url);

describe("drizzle-orm is() patch", () => {
  it("is installed in both module formats (npm ci ran patch-package)", () => {
    const root = dirname(require.resolve("drizzle-orm")); // the package's index.cjs
    for (const file of ["entity.js", "entity.cjs"]) {
      expect(readFileSync(join(root, file), "utf8"), file).toContain("const isByType");
    }
  });

  it("answers as drizzle's rule does, the first time and every time after", () => {
    const t = pgTable("t", { id: serial("id").primaryKey(), name: text("name") });
    const cases: [unknown, unknown, boolean][] = [
      [t, Table, true],
      [t, PgTable, true],
      [t, Column, false],
      [t.id, Column, true],
      [t.id, PgColumn, true],
      [t.name, Column, true],
      [t.id, Table, false],
      [schema.payments.merchantUid, Column, true],
      [schema.payments, SQL, false],
      [sql`select 1`, SQL, true],
      [sql`select 1`, Column, false],
      [{}, SQL, false],
      [[], Table, false],
      [null, SQL, false],
      [undefined, Table, false],
      ["text", SQL, false],
      [42, Column, false],
    ];
    for (let round = 0; round < 3; round += 1) {
      for (const [value, type, expected] of cases) {
        expect(is(value, type as typeof SQL), `round ${round}`).toBe(expected);
      }
    }
  });

  it("matches by entity kind across copies of a class (drizzle's rule), not only instanceof", () => {
    // A second copy of SQL (as another bundled drizzle would have): same kind, other class.
    class OtherSql {
      static readonly [entityKind] = SQL[entityKind];
    }
    class Unrelated {
      static readonly [entityKind] = "Unrelated";
    }
    for (let round = 0; round < 2; round += 1) {
      expect(is(new OtherSql(), SQL)).toBe(true);
      expect(is(new Unrelated(), SQL)).toBe(false);
      expect(is(sql`1`, Unrelated as unknown as typeof SQL)).toBe(false);
    }
  });

  it("still throws, every time, for a class that is not a drizzle entity; null prototypes too", () => {
    class NotAnEntity {}
    for (let round = 0; round < 2; round += 1) {
      expect(() => is({}, NotAnEntity as unknown as typeof SQL)).toThrow(/Drizzle entity/);
    }
    // drizzle's rule reads the prototype's constructor: an object without one throws as before
    expect(() => is(Object.create(null), SQL)).toThrow(TypeError);
  });
});
