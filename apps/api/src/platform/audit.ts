/**
 * Audit log data access (DESIGN.md §4: audit logs, EXECUTION or SECURITY, are queryable). Only
 * this file touches the ORM for audit entries. Callers must never put a password, token,
 * verification code, card number or full phone number into `detail` or `target`.
 */
import { and, desc, eq, gte, schema, sql, type Database } from "@seoltab/db";
import type { Initiator, LogKind } from "@seoltab/domain";

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
