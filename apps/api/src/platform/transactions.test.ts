/**
 * `inSavepoint`: an event handler's savepoint inside `withTransaction` (issue 10 platform, issue 19
 * performance). Rows of `seed_runs` (a name and a time) stand for any handler's writes.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inArray, schema, sql, type Database, type DatabaseHandle } from "@seoltab/db";
import { openTestDatabase } from "../test/test-app.ts";
import { afterCommit, inSavepoint, withTransaction } from "./transactions.ts";

describe("inSavepoint", () => {
  let database: DatabaseHandle;
  let db: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.migrate(); // PostgreSQL (test:pg): the run's database may be new
    db = database.db;
  });
  afterAll(() => database.close());

  const write = (tx: Database, name: string) => tx.insert(schema.seedRuns).values({ name });
  const kept = async (names: string[]) =>
    (
      await db
        .select({ name: schema.seedRuns.name })
        .from(schema.seedRuns)
        .where(inArray(schema.seedRuns.name, names))
    )
      .map((r) => r.name)
      .sort();

  it("undoes only a failing handler's writes and after-commit work; the others wait for the commit", async () => {
    const [before, first, failing, after] = ["before", "first", "failing", "after"].map(
      (n) => `${n}-${randomUUID()}`,
    ) as [string, string, string, string];
    const ran: string[] = [];
    await withTransaction(db, async (tx) => {
      await write(tx, before);
      await inSavepoint(tx, async (sp) => {
        await write(sp, first);
        await afterCommit(sp, () => void ran.push("first"));
      });
      await expect(
        inSavepoint(tx, async (sp) => {
          await write(sp, failing);
          await afterCommit(sp, () => void ran.push("failing"));
          throw new Error("handler failed");
        }),
      ).rejects.toThrow("handler failed");
      await write(tx, after);
      // Nothing after-commit has run while the transaction is open.
      expect(ran).toEqual([]);
    });
    expect(ran).toEqual(["first"]);
    expect(await kept([before, first, failing, after])).toEqual([after, before, first].sort());
  });

  it("a savepoint rolled back takes the savepoints opened inside it with it", async () => {
    const [outer, inner, nested] = ["outer", "inner", "nested"].map(
      (n) => `${n}-${randomUUID()}`,
    ) as [string, string, string];
    await withTransaction(db, async (tx) => {
      await write(tx, outer);
      await expect(
        inSavepoint(tx, async (sp) => {
          await inSavepoint(sp, (inside) => write(inside, inner));
          await inSavepoint(sp, (inside) => write(inside, nested));
          throw new Error("the enclosing handler failed");
        }),
      ).rejects.toThrow("the enclosing handler failed");
    });
    expect(await kept([outer, inner, nested])).toEqual([outer]);
  });

  it("keeps the handler's error when the rollback to its savepoint fails too", async () => {
    const [outer, inner] = ["outer", "inner"].map((n) => `${n}-${randomUUID()}`) as [
      string,
      string,
    ];
    const handlerError = new Error("handler failed");
    // The work ends the transaction itself (as a lost connection would leave it): the rollback
    // to the savepoint then fails, and so does the transaction.
    const failed = await withTransaction(db, async (tx) => {
      await write(tx, outer);
      await inSavepoint(tx, async (sp) => {
        await write(sp, inner);
        await sp.execute(sql.raw("rollback"));
        throw handlerError;
      });
    }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(AggregateError);
    const { errors } = failed as AggregateError;
    expect(errors[0]).toBe(handlerError);
    expect(errors).toHaveLength(2);
    expect(await kept([outer, inner])).toEqual([]);
  });

  it("outside a transaction it is a transaction of its own", async () => {
    const [ok, failed] = ["ok", "failed"].map((n) => `${n}-${randomUUID()}`) as [string, string];
    const ran: string[] = [];
    await inSavepoint(db, async (tx) => {
      await write(tx, ok);
      await afterCommit(tx, () => void ran.push("ok"));
      expect(ran).toEqual([]);
    });
    await expect(
      inSavepoint(db, async (tx) => {
        await write(tx, failed);
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect(ran).toEqual(["ok"]);
    expect(await kept([ok, failed])).toEqual([ok]);
  });
});
