/**
 * Opens the database (DESIGN.md §4): embedded PGlite in a directory when no DATABASE_URL is
 * given, a PostgreSQL server through node-postgres when it is. Both get the same committed SQL
 * migrations (packages/db/migrations), applied by `migrateDatabase`, safe to run again.
 */
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema.ts";

/** The Drizzle database, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Where the data lives: a PostgreSQL URL, a PGlite directory, or PGlite in memory (tests). */
export type DatabaseTarget =
  | { kind: "postgres"; url: string; poolSize?: number }
  | { kind: "pglite"; dataDir: string }
  | {
      kind: "pglite-memory";
      /** A data directory dumped with `dumpDataDir` (tests start from a migrated copy). */
      loadDataDir?: Blob;
    };

/** An open database with its driver name and a close function (drains the pool / closes PGlite). */
export interface DatabaseHandle {
  db: Database;
  driver: "postgres" | "pglite";
  /**
   * Runs the committed migrations; idempotent. `migrationsFolder` (default MIGRATIONS_DIR) lets a
   * test stop at an earlier migration: a folder with the first migrations and their journal.
   */
  migrate(migrationsFolder?: string): Promise<void>;
  /** Resolves when `select 1` answers; rejects otherwise. */
  ping(): Promise<void>;
  /** PGlite only: the whole data directory as an uncompressed tarball (a template for tests). */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

/**
 * Extensions the migrations create (`create extension`): pg_trgm for the staff search's partial
 * name / phone matches (issue 16, migration 0022). PostgreSQL servers have it in contrib.
 */
const PGLITE_EXTENSIONS = { pg_trgm };

/** Folder of the committed SQL migrations. */
export const MIGRATIONS_DIR = fileURLToPath(new URL("../migrations", import.meta.url));

/**
 * Opens a database. PGlite creates `dataDir` if needed (first start runs initdb: about 4 s on a
 * 2-core machine; reopening about 0.5 s). Throws when the server cannot be reached.
 */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
    // Fail at start, not at the first request, when the server is unreachable.
    const client = await pool.connect();
    client.release();
    const db = drizzlePg({ client: pool, schema }) as unknown as Database;
    return {
      db,
      driver: "postgres",
      migrate: (migrationsFolder = MIGRATIONS_DIR) =>
        migratePg(drizzlePg({ client: pool }), { migrationsFolder }),
      ping: async () => void (await db.execute(sql`select 1`)),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if (target.kind === "pglite") {
    mkdirSync(target.dataDir, { recursive: true });
    client = await PGlite.create(target.dataDir, { extensions: PGLITE_EXTENSIONS });
  } else {
    // Loading a dumped data directory skips initdb (about 3.5 s; loading takes about 1 s).
    client = await PGlite.create({
      extensions: PGLITE_EXTENSIONS,
      ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
    });
  }
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    driver: "pglite",
    migrate: (migrationsFolder = MIGRATIONS_DIR) =>
      migratePglite(drizzlePglite({ client }), { migrationsFolder }),
    ping: async () => void (await db.execute(sql`select 1`)),
    dumpDataDir: () => client.dumpDataDir("none"),
    close: () => client.close(),
  };
}
