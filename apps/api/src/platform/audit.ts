/**
 * Audit log data access (DESIGN.md §4: audit logs, EXECUTION or SECURITY, are queryable; §10:
 * append-only and tamper-evident). Only this file touches the ORM for audit entries. Callers
 * must never put a password, token, verification code, card number or full phone number into
 * `detail` or `target`.
 *
 * The chain (issue 16, migration 0024, docs/api/audit.md): the database seals every entry at
 * COMMIT with its position `seq`, the previous entry's hash and its own hash (hex SHA-256 of
 * `audit_log_payload(entry)`), under a row lock on `audit_chain_head`, and refuses UPDATE,
 * DELETE and TRUNCATE. `verifyAuditChain` recomputes every hash and names the first broken link.
 */
import { createHash } from "node:crypto";
import {
  and,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  gt,
  lt,
  or,
  schema,
  sql,
  type Database,
} from "@seoltab/db";
import type { Initiator, LogKind } from "@seoltab/domain";
import { initiatorOf, PermissionDenied } from "./auth.ts";

/** One audit entry to append (DESIGN.md §4). */
export interface AuditEntry {
  kind: LogKind;
  initiator: Initiator;
  actorUserId?: number | null;
  /** snake_case verb, e.g. sign_in_success, refresh_reuse, password_change. */
  action: string;
  /** What was acted on, e.g. "user:12" or a masked email; at most 128 characters. */
  target?: string | null;
  detail?: Record<string, unknown>;
  requestId?: string | null;
}

/** Appends one entry; returns its id. */
export async function insertAuditLog(db: Database, entry: AuditEntry): Promise<number> {
  const [row] = await db
    .insert(schema.auditLogs)
    .values({
      kind: entry.kind,
      initiator: entry.initiator,
      actorUserId: entry.actorUserId ?? null,
      action: entry.action,
      target: entry.target?.slice(0, 128) ?? null,
      detail: entry.detail ?? {},
      requestId: entry.requestId ?? null,
    })
    .returning({ id: schema.auditLogs.id });
  return row!.id;
}

/** Entries of one action (newest first), optionally for one actor; at most `limit`. */
export async function findAuditLogsByAction(
  db: Database,
  action: string,
  options: { actorUserId?: number; limit?: number } = {},
) {
  const a = schema.auditLogs;
  return db
    .select()
    .from(a)
    .where(
      options.actorUserId === undefined
        ? eq(a.action, action)
        : and(eq(a.action, action), eq(a.actorUserId, options.actorUserId)),
    )
    .orderBy(desc(a.id))
    .limit(options.limit ?? 100);
}

/**
 * True when `userId` has a `sign_in_success` entry from `ip` since `since` (the known-address
 * exemption of the account-wide sign-in limit, decision 018).
 */
export async function hasSignedInFrom(
  db: Database,
  userId: number,
  ip: string,
  since: Date,
): Promise<boolean> {
  const a = schema.auditLogs;
  const [row] = await db
    .select({ id: a.id })
    .from(a)
    .where(
      and(
        eq(a.actorUserId, userId),
        eq(a.action, "sign_in_success"),
        sql`${a.detail} ->> 'ip' = ${ip}`,
        gte(a.createdAt, since),
      ),
    )
    .limit(1);
  return row !== undefined;
}

// -------------------------------------------------------------------------------------------
// Typed entries for the operations console (issue 16 "Audit")

/** Who acted: accounts' AuthUser has both fields. */
export interface AuditActor {
  userNo: number;
  userType: string;
}

/** One staff action (EXECUTION entry). */
export interface StaffActionEntry {
  actor: AuditActor;
  /** snake_case verb, e.g. refund_approved, cash_payment_recorded, staff_note_added. */
  action: string;
  /** The record acted on, "<kind>:<id>", e.g. "payment:12", "refund_request:3", "user:7". */
  record: string;
  /** The record's values before the action (only the fields that changed; no card numbers). */
  before?: Record<string, unknown> | null;
  /** The record's values after the action. */
  after?: Record<string, unknown> | null;
  /** The reason the staff member gave (shown in the audit view). */
  reason?: string | null;
  /** The request's id (Fastify request.id). */
  requestId?: string | null;
  /** Anything else worth keeping (amounts in won, reason code…). */
  detail?: Record<string, unknown>;
}

/**
 * Writes the EXECUTION entry of one staff action: who (actor_user_id), role (initiator ADMIN or
 * SALES_TEAM, and detail.role), action, record (target), before and after values, reason and
 * request id. Call it with the transaction that makes the change, so both commit or neither.
 * @returns the entry's id
 */
export async function recordStaffAction(db: Database, entry: StaffActionEntry): Promise<number> {
  return insertAuditLog(db, {
    kind: "EXECUTION",
    initiator: initiatorOf(entry.actor),
    actorUserId: entry.actor.userNo,
    action: entry.action,
    target: entry.record,
    detail: {
      ...entry.detail,
      role: entry.actor.userType,
      before: entry.before ?? null,
      after: entry.after ?? null,
      reason: entry.reason ?? null,
    },
    requestId: entry.requestId ?? null,
  });
}

/** One security event (SECURITY entry): a search, an export, a permission denial… */
export interface SecurityEventEntry {
  /** The signed-in person, or null when nobody is (the initiator is then UNKNOWN). */
  actor: AuditActor | null;
  /** snake_case verb, e.g. admin_search, csv_export, permission_denied. */
  action: string;
  /** What was looked at or taken out, e.g. "export:payments", "user:7"; at most 128 chars. */
  record?: string | null;
  requestId?: string | null;
  /** Client address. */
  ip?: string | null;
  /** E.g. { filter: {...}, rows: 1234 } for an export; never the search text of a card number. */
  detail?: Record<string, unknown>;
  /**
   * False leaves `detail.role` out: for areas whose entries never carried it (the family area's,
   * issue 15), so their detail shape stays as queried and tested. Default true.
   */
  withRole?: boolean;
}

/** Writes one SECURITY entry; returns its id. */
export async function recordSecurityEvent(
  db: Database,
  entry: SecurityEventEntry,
): Promise<number> {
  return insertAuditLog(db, {
    kind: "SECURITY",
    initiator: entry.actor ? initiatorOf(entry.actor) : "UNKNOWN",
    actorUserId: entry.actor?.userNo ?? null,
    action: entry.action,
    target: entry.record ?? null,
    detail: {
      ...entry.detail,
      ...(entry.actor && entry.withRole !== false ? { role: entry.actor.userType } : {}),
      ...(entry.ip ? { ip: entry.ip } : {}),
    },
    requestId: entry.requestId ?? null,
  });
}

// -------------------------------------------------------------------------------------------
// The chain

/** prev_hash of the first entry. */
export const AUDIT_GENESIS_HASH = "0".repeat(64);

/** Why a link is broken. */
export type AuditChainProblem =
  /** The entry's hash is not SHA-256 of its payload: a column was changed. */
  | "hash_mismatch"
  /** prev_hash is not the hash of the entry before: an entry was replaced or reordered. */
  | "prev_hash_mismatch"
  /** A seq is missing: an entry was removed (the id is the entry after the gap). */
  | "missing_entry"
  /** A committed entry has no seq/hash: it was written with the sealing trigger disabled. */
  | "unsealed"
  /** audit_chain_head does not match the last entry: entries were removed from the end. */
  | "head_mismatch";

/** What `verifyAuditChain` found. */
export type AuditChainReport =
  | { ok: true; entries: number; headHash: string }
  | {
      ok: false;
      /** Entries checked and found good before the broken link. */
      entries: number;
      /** The first broken link: the entry's id (null for head_mismatch on an empty table). */
      brokenAt: { id: number | null; seq: number | null; problem: AuditChainProblem };
    };

/** The rows of a raw query (node-postgres and PGlite both answer `{ rows }`). */
function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/** Hex SHA-256 of a UTF-8 text. */
function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/**
 * Walks the whole chain in seq order (keyset batches of `batchSize`, so memory stays flat at
 * any size) and recomputes every hash in Node from the canonical payload; reports OK with the
 * number of entries, or the first broken link. Read-only; safe while others write (it checks
 * the entries sealed when each batch is read, and the head as read at the start).
 */
export async function verifyAuditChain(
  db: Database,
  options: { batchSize?: number } = {},
): Promise<AuditChainReport> {
  const batchSize = options.batchSize ?? 2000;
  const head = rowsOf<{ seq: string | number; hash: string }>(
    await db.execute(sql`select seq, hash from audit_chain_head where id = 1`),
  )[0];
  const headSeq = head ? Number(head.seq) : 0;
  let prevHash = AUDIT_GENESIS_HASH;
  let expected = 1;
  let checked = 0;
  for (;;) {
    const rows = rowsOf<{
      id: string | number;
      seq: string | number;
      prev_hash: string | null;
      hash: string | null;
      payload: string;
    }>(
      await db.execute(
        sql`select a.id, a.seq, a.prev_hash, a.hash, audit_log_payload(a) as payload
            from audit_logs a
            where a.seq >= ${expected} and a.seq <= ${headSeq}
            order by a.seq
            limit ${batchSize}`,
      ),
    );
    for (const row of rows) {
      const id = Number(row.id);
      const seq = Number(row.seq);
      if (seq !== expected) {
        return { ok: false, entries: checked, brokenAt: { id, seq, problem: "missing_entry" } };
      }
      if (row.prev_hash !== prevHash) {
        return {
          ok: false,
          entries: checked,
          brokenAt: { id, seq, problem: "prev_hash_mismatch" },
        };
      }
      if (row.hash !== sha256Hex(row.payload)) {
        return { ok: false, entries: checked, brokenAt: { id, seq, problem: "hash_mismatch" } };
      }
      prevHash = row.hash;
      expected += 1;
      checked += 1;
    }
    if (rows.length < batchSize) break;
  }
  if (checked !== headSeq || (head && head.hash !== prevHash)) {
    return {
      ok: false,
      entries: checked,
      brokenAt: { id: null, seq: checked + 1, problem: "head_mismatch" },
    };
  }
  const a = schema.auditLogs;
  const [beyond] = await db
    .select({ id: a.id, seq: a.seq })
    .from(a)
    .where(gt(a.seq, headSeq))
    .orderBy(a.seq)
    .limit(1);
  if (beyond) {
    return {
      ok: false,
      entries: checked,
      brokenAt: { id: beyond.id, seq: beyond.seq, problem: "head_mismatch" },
    };
  }
  // Sealing happens at commit, so a committed entry without a seq bypassed the trigger.
  const [unsealed] = await db
    .select({ id: a.id })
    .from(a)
    .where(isNull(a.seq))
    .orderBy(a.id)
    .limit(1);
  if (unsealed) {
    return {
      ok: false,
      entries: checked,
      brokenAt: { id: unsealed.id, seq: null, problem: "unsealed" },
    };
  }
  return { ok: true, entries: checked, headHash: prevHash };
}

// -------------------------------------------------------------------------------------------
// Reading entries (the audit view and its export)

/** Filter of the audit view; every field optional, all given ones must hold. */
export interface AuditEntryFilter {
  kind?: LogKind;
  /** A person (USER_NO): entries they made (actor) or made about them (record "user:<n>"). */
  personUserNo?: number;
  /** A record: exact "payment:12", or every record of a kind with "payment:" (ends in ":"). */
  record?: string;
  /** snake_case action, exact. */
  action?: string;
  /** From this instant (inclusive). */
  from?: Date;
  /** Up to this instant (exclusive). */
  to?: Date;
}

/** One entry as the console shows it, with the actor's name. */
export interface AuditEntryView {
  id: number;
  seq: number | null;
  kind: string;
  initiator: string;
  actorUserId: number | null;
  actorName: string | null;
  action: string;
  target: string | null;
  detail: Record<string, unknown>;
  requestId: string | null;
  createdAt: Date;
  hash: string | null;
}

type Condition = ReturnType<typeof sql>;

function filterWhere(filter: AuditEntryFilter): Condition | undefined {
  const a = schema.auditLogs;
  const parts: (Condition | undefined)[] = [];
  if (filter.kind) parts.push(eq(a.kind, filter.kind));
  if (filter.personUserNo !== undefined) {
    parts.push(
      or(eq(a.actorUserId, filter.personUserNo), eq(a.target, `user:${filter.personUserNo}`)),
    );
  }
  if (filter.record) {
    parts.push(
      filter.record.endsWith(":")
        ? sql`${a.target} like ${filter.record.replace(/[\\%_]/g, (c) => `\\${c}`) + "%"}`
        : eq(a.target, filter.record),
    );
  }
  if (filter.action) parts.push(eq(a.action, filter.action));
  if (filter.from) parts.push(gte(a.createdAt, filter.from));
  if (filter.to) parts.push(lt(a.createdAt, filter.to));
  return parts.length ? and(...parts) : undefined;
}

/**
 * One page of entries, newest first (by id), keyset: `beforeId` is the last id of the previous
 * page. Returns at most `limit` entries.
 */
export async function findAuditEntries(
  db: Database,
  filter: AuditEntryFilter,
  page: { beforeId?: number; limit: number },
): Promise<AuditEntryView[]> {
  const a = schema.auditLogs;
  const u = schema.users;
  const where = and(
    filterWhere(filter),
    page.beforeId !== undefined ? lt(a.id, page.beforeId) : undefined,
  );
  const rows = await db
    .select({
      id: a.id,
      seq: a.seq,
      kind: a.kind,
      initiator: a.initiator,
      actorUserId: a.actorUserId,
      actorName: u.name,
      action: a.action,
      target: a.target,
      detail: a.detail,
      requestId: a.requestId,
      createdAt: a.createdAt,
      hash: a.hash,
    })
    .from(a)
    .leftJoin(u, eq(u.id, a.actorUserId))
    .where(where)
    .orderBy(desc(a.id))
    .limit(page.limit);
  return rows;
}

/**
 * Every entry matching `filter`, newest first, read in keyset batches of `batchSize` (never
 * the whole list in memory): for CSV exports.
 */
export async function* streamAuditEntries(
  db: Database,
  filter: AuditEntryFilter,
  batchSize = 1000,
): AsyncGenerator<AuditEntryView> {
  let beforeId: number | undefined;
  for (;;) {
    const rows = await findAuditEntries(db, filter, { beforeId, limit: batchSize });
    yield* rows;
    if (rows.length < batchSize) return;
    beforeId = rows[rows.length - 1]!.id;
  }
}

/** Entries with these ids (tests, the console's links). */
export async function findAuditEntriesByIds(db: Database, ids: number[]) {
  if (ids.length === 0) return [];
  const a = schema.auditLogs;
  return db.select().from(a).where(inArray(a.id, ids)).orderBy(a.id);
}

// -------------------------------------------------------------------------------------------
// Permission denials (SECURITY entries written by the REST error hook and the GraphQL backends)

/** Where a refusal happened. */
export interface DenialContext {
  requestId: string;
  ip: string;
  /** "GET /main/admin/exports/payments.csv" or "graphql /matching: auditEntries". */
  route: string;
}

/**
 * Writes the SECURITY entry `permission_denied` of a staff gate's refusal: who (actor, role),
 * what they needed (staff or admin), the refusal's code, the route, request id and address.
 */
export async function recordPermissionDenied(
  db: Database,
  denial: PermissionDenied,
  ctx: DenialContext,
): Promise<number> {
  return insertAuditLog(db, {
    kind: "SECURITY",
    initiator:
      denial.caller.userNo === null ? "UNKNOWN" : initiatorOf({ userType: denial.caller.userType }),
    actorUserId: denial.caller.userNo,
    action: "permission_denied",
    target: ctx.route.slice(0, 128),
    detail: {
      role: denial.caller.userType,
      required: denial.required,
      code: denial.code,
      ip: ctx.ip,
    },
    requestId: ctx.requestId,
  });
}

/** The PermissionDenied behind an error (a GraphQL error wraps it as `originalError`), if any. */
export function permissionDeniedIn(error: unknown): PermissionDenied | null {
  for (let e = error as { originalError?: unknown } | undefined, i = 0; e && i < 4; i++) {
    if (e instanceof PermissionDenied) return e;
    e = e.originalError as typeof e;
  }
  return null;
}
