import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, sql, type DatabaseHandle } from "./index.ts";

/** The pg_trgm GIN indexes the staff search's "anywhere" matches use (migrations 0022, 0032). */
const TRIGRAM_INDEXES = [
  "users_email_trgm_idx",
  "users_name_trgm_idx",
  "users_parent_phone_trgm_idx",
  "users_phone_trgm_idx",
];

describe("staff search indexes (migration 0032, issue 19 performance)", () => {
  let h: DatabaseHandle;
  beforeAll(async () => {
    h = await openDatabase({ kind: "pglite-memory" });
    await h.migrate();
  }, 60_000);
  afterAll(() => h.close());

  it("keeps no GIN pending list: every trigram index has fastupdate off", async () => {
    const result = (await h.db.execute(sql`
      select c.relname as name, coalesce(array_to_string(c.reloptions, ','), '') as options
      from pg_class c join pg_am a on a.oid = c.relam
      where a.amname = 'gin' and c.relname like 'users\_%\_trgm\_idx'
      order by c.relname`)) as unknown as { rows: { name: string; options: string }[] };
    expect(result.rows.map((r) => r.name)).toEqual(TRIGRAM_INDEXES);
    for (const row of result.rows) expect(row.options, row.name).toContain("fastupdate=off");
  });
});
