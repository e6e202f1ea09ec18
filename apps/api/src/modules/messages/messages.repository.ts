/**
 * Data access of the messages area (issue #17): the only file that touches `messages` and
 * `message_consents`. One row per idempotency key (insert … on conflict do nothing); a sender
 * claims due rows with FOR UPDATE SKIP LOCKED, so two processes never send one row twice.
 *
 * Every state write asks packages/domain MESSAGE_TRANSITIONS first (issue #10; a refused move
 * throws TransitionNotAllowedError and writes nothing) and stays conditional on the state it
 * moves from, so two writers never both move one row.
 */
import {
  and,
  asc,
  desc,
  eq,
  inArray,
  lt,
  lte,
  notInArray,
  schema,
  sql,
  type Database,
} from "@seoltab/db";
import { assertTransition } from "@seoltab/domain";
import {
  MESSAGE_TRANSITIONS,
  assertMessageEntry,
  type MessageState,
} from "@seoltab/domain/messages";

const m = schema.messages;
export type MessageRow = typeof schema.messages.$inferSelect;
export type NewMessage = typeof schema.messages.$inferInsert;
export type ConsentRow = typeof schema.messageConsents.$inferSelect;

/**
 * Inserts the message unless its idempotency key exists; the new row or null. The state must be
 * an entry state (PENDING, or FAILED for a template that could not be filled; else
 * TransitionNotAllowedError).
 */
export async function insertMessage(db: Database, row: NewMessage): Promise<MessageRow | null> {
  assertMessageEntry(row.state ?? "PENDING");
  const [inserted] = await db
    .insert(m)
    .values(row)
    .onConflictDoNothing({ target: m.idempotencyKey })
    .returning();
  return inserted ?? null;
}

/**
 * Inserts the messages whose idempotency keys do not exist yet, in one statement (issue 19
 * performance: a paid order wrote its 6 rows one statement each); the new rows. Every state
 * must be an entry state, as for `insertMessage` (checked before anything is written).
 */
export async function insertMessages(
  db: Database,
  rows: readonly NewMessage[],
): Promise<MessageRow[]> {
  if (rows.length === 0) return [];
  for (const row of rows) assertMessageEntry(row.state ?? "PENDING");
  return db
    .insert(m)
    .values([...rows])
    .onConflictDoNothing({ target: m.idempotencyKey })
    .returning();
}

/**
 * Cancels the PENDING messages about `subject` (of `templateIds` when given), except the keys in
 * `keep`. Returns how many were cancelled.
 */
export async function cancelPending(
  db: Database,
  subject: string,
  options: { templateIds?: readonly string[]; keep?: readonly string[]; reason: string; at: Date },
): Promise<number> {
  assertTransition(MESSAGE_TRANSITIONS, "message", "PENDING", "CANCELLED");
  const rows = await db
    .update(m)
    .set({ state: "CANCELLED", cancelledAt: options.at, cancelReason: options.reason })
    .where(
      and(
        eq(m.subject, subject),
        eq(m.state, "PENDING"),
        options.templateIds ? inArray(m.templateId, [...options.templateIds]) : undefined,
        options.keep && options.keep.length > 0
          ? notInArray(m.idempotencyKey, [...options.keep])
          : undefined,
      ),
    )
    .returning({ id: m.id });
  return rows.length;
}

/**
 * Claims up to `limit` PENDING messages due at `now` (scheduled and retry time passed): they
 * become SENDING with `claimed_at`. Rows another process holds are skipped.
 */
export async function claimDue(db: Database, now: Date, limit: number): Promise<MessageRow[]> {
  assertTransition(MESSAGE_TRANSITIONS, "message", "PENDING", "SENDING");
  return db
    .update(m)
    .set({ state: "SENDING", claimedAt: now })
    .where(
      inArray(
        m.id,
        db
          .select({ id: m.id })
          .from(m)
          .where(
            and(
              eq(m.state, "PENDING"),
              lte(m.scheduledAt, now),
              sql`(${m.nextAttemptAt} is null or ${m.nextAttemptAt} <= ${now})`,
            ),
          )
          .orderBy(asc(m.scheduledAt), asc(m.id))
          .limit(limit)
          .for("update", { skipLocked: true }),
      ),
    )
    .returning();
}

/** SENDING rows claimed before `before` (a sender that died): back to PENDING. */
export async function releaseStale(db: Database, before: Date): Promise<number> {
  assertTransition(MESSAGE_TRANSITIONS, "message", "SENDING", "PENDING");
  const rows = await db
    .update(m)
    .set({ state: "PENDING", claimedAt: null })
    .where(and(eq(m.state, "SENDING"), lt(m.claimedAt, before)))
    .returning({ id: m.id });
  return rows.length;
}

/**
 * Records the outcome of a claimed message (only while it is SENDING). A `set.state` the table
 * does not allow from SENDING (e.g. CANCELLED) throws TransitionNotAllowedError, nothing written.
 */
export async function settle(
  db: Database,
  id: number,
  set: Partial<
    Pick<
      NewMessage,
      | "state"
      | "attempts"
      | "nextAttemptAt"
      | "provider"
      | "providerMessageId"
      | "providerResult"
      | "sentAt"
      | "claimedAt"
      | "cancelledAt"
      | "cancelReason"
    >
  >,
): Promise<void> {
  if (set.state !== undefined) {
    assertTransition(MESSAGE_TRANSITIONS, "message", "SENDING", set.state as MessageState);
  }
  await db
    .update(m)
    .set(set)
    .where(and(eq(m.id, id), eq(m.state, "SENDING")));
}

/** The newest messages (at most `limit`), optionally of one recipient, subject or state. */
export async function findRecent(
  db: Database,
  filter: { recipientUserId?: number; subject?: string; state?: string },
  limit: number,
  offset = 0,
): Promise<MessageRow[]> {
  return db
    .select()
    .from(m)
    .where(
      and(
        filter.recipientUserId ? eq(m.recipientUserId, filter.recipientUserId) : undefined,
        filter.subject ? eq(m.subject, filter.subject) : undefined,
        filter.state ? eq(m.state, filter.state) : undefined,
      ),
    )
    .orderBy(desc(m.createdAt), desc(m.id))
    .limit(limit)
    .offset(offset);
}

/** Messages about subjects (tests and the console). */
export async function findBySubjects(
  db: Database,
  subjects: readonly string[],
): Promise<MessageRow[]> {
  if (subjects.length === 0) return [];
  return db
    .select()
    .from(m)
    .where(inArray(m.subject, [...subjects]))
    .orderBy(asc(m.id));
}

// --- consent ledger --------------------------------------------------------------------------

const c = schema.messageConsents;

export async function insertConsent(
  db: Database,
  row: { userId: number; kind: string; granted: boolean; source: string; createdAt: Date },
): Promise<ConsentRow> {
  const [inserted] = await db.insert(c).values(row).returning();
  return inserted!;
}

/** A person's consent entries, newest first. */
export async function findConsents(db: Database, userId: number): Promise<ConsentRow[]> {
  return db
    .select()
    .from(c)
    .where(eq(c.userId, userId))
    .orderBy(desc(c.createdAt), desc(c.id))
    .limit(200);
}

/** The idempotency keys of a template's messages about `subjects` (any state). */
export async function findKeysOf(
  db: Database,
  templateId: string,
  subjects: readonly string[],
): Promise<string[]> {
  if (subjects.length === 0) return [];
  const rows = await db
    .select({ key: m.idempotencyKey })
    .from(m)
    .where(and(eq(m.templateId, templateId), inArray(m.subject, [...subjects])));
  return rows.map((r) => r.key);
}
