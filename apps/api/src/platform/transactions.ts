/**
 * Transactions for every area (issue #10 "platform"): one `withTransaction`, and `afterCommit`
 * for work that must only happen once the transaction's writes are visible (sending a message,
 * starting a job). Areas never call `db.transaction` themselves.
 */
import { sql, type Database } from "@seoltab/db";

type AfterCommit = () => Promise<void> | void;

/** Callbacks waiting for the commit of the transaction whose handle is the key. */
const pending = new WeakMap<Database, AfterCommit[]>();

/** Errors thrown by after-commit work (the transaction is already committed: logged, not thrown). */
export type AfterCommitErrorSink = (error: unknown) => void;

let afterCommitErrorSink: AfterCommitErrorSink = (error) => {
  // Replaced by app.ts with the app's logger; the default keeps the failure visible.
  console.error("after-commit work failed", error);
};

/** Where failures of after-commit work are reported (app.ts sets the app's logger). */
export function setAfterCommitErrorSink(sink: AfterCommitErrorSink): void {
  afterCommitErrorSink = sink;
}

/**
 * Runs `work` in one transaction; a throw rolls everything back and is rethrown. Work queued with
 * `afterCommit(tx, …)` runs after the commit, in order; its failures are reported, never thrown.
 * Called with a handle that is already a transaction, drizzle opens a savepoint.
 */
export async function withTransaction<T>(
  db: Database,
  work: (tx: Database) => Promise<T>,
): Promise<T> {
  // A savepoint inside an open transaction: its after-commit work waits for the outer commit.
  const outer = pending.get(db);
  const queue: AfterCommit[] = outer ?? [];
  const result = await db.transaction(async (raw) => {
    const tx = raw as unknown as Database;
    pending.set(tx, queue);
    const mark = queue.length;
    try {
      return await work(tx);
    } catch (error) {
      queue.length = mark; // what this (savepoint) transaction queued is rolled back with it
      throw error;
    } finally {
      pending.delete(tx);
    }
  });
  if (outer) return result;
  for (const callback of queue) {
    try {
      await callback();
    } catch (error) {
      afterCommitErrorSink(error);
    }
  }
  return result;
}

/** Savepoint names are unique in the process, so unique in any transaction. */
let savepointSeq = 0;

/**
 * Runs `work` in a savepoint of the open transaction `tx` (a handler that must not undo its
 * emitter: a throw rolls back only what `work` wrote, and is rethrown for the caller to log).
 * `work` gets the same handle, so its `afterCommit` work waits for the outer commit (dropped when
 * the savepoint rolls back). On success the savepoint is left open rather than RELEASEd: it ends
 * with the transaction, and a checkout's four handlers save four statements (issue 19
 * performance; a savepoint rolled back to later by an enclosing one goes with it, as PostgreSQL
 * nests them). With a handle that is not a `withTransaction` transaction it is `withTransaction`.
 * @throws what `work` threw; an AggregateError of [that, the rollback's error] when the rollback
 *   to the savepoint fails too (the transaction is then unusable)
 */
export async function inSavepoint<T>(tx: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  const queue = pending.get(tx);
  if (!queue) return withTransaction(tx, work);
  const name = `handler_${++savepointSeq}`;
  await tx.execute(sql.raw(`savepoint ${name}`));
  const mark = queue.length;
  try {
    return await work(tx);
  } catch (error) {
    queue.length = mark;
    try {
      await tx.execute(sql.raw(`rollback to savepoint ${name}`));
    } catch (rollbackError) {
      // The transaction is gone (connection lost, already ended): it cannot commit, and both
      // errors are kept, the handler's first, so the log still says why the handler failed. The
      // cause is the rollback's error, not the handler's: a caller that forgives the handler's
      // error (a unique violation) must not carry on in a transaction that no longer exists.
      throw new AggregateError(
        [error, rollbackError],
        `rollback to savepoint ${name} failed after its work failed`,
        { cause: rollbackError },
      );
    }
    throw error;
  }
}

/**
 * Queues `callback` to run once the transaction `tx` commits (dropped if it rolls back). With a
 * handle that is not a transaction opened by `withTransaction` (nothing to wait for), the
 * callback runs at once.
 */
export async function afterCommit(tx: Database, callback: AfterCommit): Promise<void> {
  const queue = pending.get(tx);
  if (queue) queue.push(callback);
  else await callback();
}

/**
 * True when `err` is a PostgreSQL unique violation (SQLSTATE 23505), optionally of the named
 * index or constraint. Works for node-postgres and PGlite errors, wrapped by Drizzle or not.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (
    let e = err as
      { code?: string; constraint?: string; cause?: unknown; message?: string } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === "23505") {
      return (
        constraint === undefined ||
        e.constraint === constraint ||
        (e.message ?? "").includes(constraint)
      );
    }
  }
  return false;
}
