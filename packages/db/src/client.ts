/**
 * Opens the database (DESIGN.md §4): embedded PGlite in a directory when no DATABASE_URL is
 * given, a PostgreSQL server through node-postgres when it is. Both get the same committed SQL
 * migrations (packages/db/migrations), applied by `migrateDatabase`, safe to run again.
 */
import { createHash } from "node:crypto";
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

/**
 * The Drizzle database, whichever driver is underneath. Opened without the schema: nothing uses
 * Drizzle's relational queries (`db.query.*`), and with a schema every transaction and savepoint
 * builds a relational query builder per table (issue 19 performance; decision 045).
 */
export type Database = PgDatabase<PgQueryResultHKT>;

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
  /**
   * LISTENs on `channel` (PostgreSQL NOTIFY, sent at commit). See {@link NotificationListener}.
   * PostgreSQL: a connection of its own outside the pool, re-established after a loss (1 s, then
   * up to 30 s between tries); PGlite: the one backend, which hands a commit's notifications to
   * the listener before the committing statement's promise resolves.
   */
  listen(channel: string, handlers: NotificationHandlers): Promise<NotificationListener>;
  close(): Promise<void>;
}

/** What a {@link DatabaseHandle.listen} caller is told. */
export interface NotificationHandlers {
  /** A notification on the channel (payload as sent; may be empty). */
  onNotify(payload: string): void;
  /** LISTEN is in place (at start and after every reconnection). */
  onReady(): void;
  /** The listening connection is gone: notifications may be missed until the next onReady. */
  onLost(error: unknown): void;
}

/** A LISTEN in place. */
export interface NotificationListener {
  /**
   * Resolves once every notification committed before this call has been handed to onNotify:
   * PostgreSQL delivers a listener's pending notifications before it answers a query on that
   * connection, so this is one `select 1` round trip on the listening connection (PGlite: at
   * once). Rejects while the connection is lost.
   */
  sync(): Promise<void>;
  /** UNLISTEN and close; no handler runs afterwards. */
  close(): Promise<void>;
}

/**
 * Extensions the migrations create (`create extension`): pg_trgm for the staff search's partial
 * name / phone matches (issue 16, migration 0022). PostgreSQL servers have it in contrib.
 */
const PGLITE_EXTENSIONS = { pg_trgm };

/** Most statements one pooled connection keeps prepared (`NamedStatementClient`). */
export const NAMED_STATEMENTS_PER_CONNECTION = 500;

/** Statement text → its name (`s_` + 20 hex digits of its SHA-1); cleared when it grows large. */
const statementNames = new Map<string, string>();

function statementNameOf(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    if (statementNames.size >= 10_000) statementNames.clear();
    name = `s_${createHash("sha1").update(text).digest("hex").slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * The pool's connection class on PostgreSQL (issue 19 performance). Drizzle sends every
 * statement unnamed, so PostgreSQL parses and plans it again on each call — about a third of
 * its CPU in a checkout (perf, docs/performance.md "Session 11"). This client names each
 * statement that has parameters after a hash of its text: node-postgres then sends Parse once
 * per connection and only Bind/Execute afterwards, and PostgreSQL may keep a generic plan
 * (plan_cache_mode auto). Statements without parameters (BEGIN, SAVEPOINT, COMMIT, a migration's
 * DDL, several commands in one text) stay unnamed, on the simple protocol as before. At most
 * NAMED_STATEMENTS_PER_CONNECTION names per connection (bounded server memory); further new
 * texts go unnamed. Decision 040 (a column's type changed under a running server; poolers).
 */
class NamedStatementClient extends pg.Client {
  readonly #named = new Set<string>();

  // pg.Client's overloads: the config object form is the one drizzle uses.
  override query(config: unknown, values?: unknown, callback?: unknown): never {
    let named = config;
    if (
      config !== null &&
      typeof config === "object" &&
      typeof (config as pg.QueryConfig).text === "string" &&
      (config as pg.QueryConfig).name === undefined &&
      Array.isArray(values ?? (config as pg.QueryConfig).values) &&
      ((values ?? (config as pg.QueryConfig).values) as unknown[]).length > 0
    ) {
      const name = statementNameOf((config as pg.QueryConfig).text);
      if (this.#named.has(name) || this.#named.size < NAMED_STATEMENTS_PER_CONNECTION) {
        this.#named.add(name);
        named = { ...(config as pg.QueryConfig), name };
      }
    }
    return (super.query as (...args: unknown[]) => never)(named, values, callback);
  }
}

/** Folder of the committed SQL migrations. */
export const MIGRATIONS_DIR = fileURLToPath(new URL("../migrations", import.meta.url));

/**
 * Opens a database. PGlite creates `dataDir` if needed (first start runs initdb: about 4 s on a
 * 2-core machine; reopening about 0.5 s). Throws when the server cannot be reached.
 */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === "postgres") {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 10,
      Client: NamedStatementClient,
    });
    // Fail at start, not at the first request, when the server is unreachable.
    const client = await pool.connect();
    client.release();
    const db = drizzlePg({ client: pool }) as unknown as Database;
    return {
      db,
      driver: "postgres",
      migrate: (migrationsFolder = MIGRATIONS_DIR) =>
        migratePg(drizzlePg({ client: pool }), { migrationsFolder }),
      ping: async () => void (await db.execute(sql`select 1`)),
      listen: (channel, handlers) => listenPostgres(target.url, channel, handlers),
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
  const db = drizzlePglite({ client }) as unknown as Database;
  return {
    db,
    driver: "pglite",
    migrate: (migrationsFolder = MIGRATIONS_DIR) =>
      migratePglite(drizzlePglite({ client }), { migrationsFolder }),
    ping: async () => void (await db.execute(sql`select 1`)),
    dumpDataDir: () => client.dumpDataDir("none"),
    listen: async (channel, handlers) => {
      const unlisten = await client.listen(channel, (payload) => handlers.onNotify(payload));
      handlers.onReady();
      let closed = false;
      return {
        sync: async () => {
          if (closed) throw new Error("listener closed");
        },
        close: async () => {
          if (closed) return;
          closed = true;
          // PGlite refuses statements once closed; the listener then has nothing to undo.
          if (!client.closed) await unlisten();
        },
      };
    },
    close: () => client.close(),
  };
}

const RECONNECT_FIRST_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;

/** Quotes a channel name as an SQL identifier. */
function channelIdentifier(channel: string): string {
  return `"${channel.replaceAll('"', '""')}"`;
}

/**
 * LISTEN on a dedicated node-postgres client (a pooled one would be handed to other queries).
 * On error or end: onLost, then reconnect with a growing delay until close().
 */
async function listenPostgres(
  url: string,
  channel: string,
  handlers: NotificationHandlers,
): Promise<NotificationListener> {
  let client: pg.Client | null = null;
  let closed = false;
  let delay = RECONNECT_FIRST_MS;
  let timer: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    let lost = false;
    const onGone = (error: unknown) => {
      if (lost) return;
      lost = true;
      if (client === next) client = null;
      next.removeAllListeners("notification");
      void next.end().catch(() => undefined);
      if (closed) return;
      handlers.onLost(error);
      timer = setTimeout(() => {
        timer = null;
        connect().catch(() => undefined);
      }, delay);
      timer.unref();
      delay = Math.min(delay * 2, RECONNECT_MAX_MS);
    };
    next.on("error", onGone);
    next.on("end", () => onGone(new Error("listening connection ended")));
    next.on("notification", (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? "");
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channelIdentifier(channel)}`);
    } catch (error) {
      onGone(error);
      throw error;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    delay = RECONNECT_FIRST_MS;
    handlers.onReady();
  };

  await connect();
  return {
    sync: async () => {
      const current = client;
      if (!current) throw new Error("listening connection lost");
      await current.query("select 1");
    },
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      if (current) {
        current.removeAllListeners();
        current.on("error", () => undefined);
        await current.end().catch(() => undefined);
      }
    },
  };
}
