/**
 * Data access of the diagnosis area (issue #20): the only file that touches
 * `diagnosis_attempts`. The submission is a write conditional on state STARTED, asked of
 * DIAGNOSIS_ATTEMPT_TRANSITIONS first.
 */
import { and, asc, desc, eq, inArray, isNull, lt, or, schema, type Database } from "@seoltab/db";
import { assertTransition } from "@seoltab/domain";
import {
  DIAGNOSIS_ATTEMPT_TRANSITIONS,
  type DiagnosisAttemptState,
  type DiagnosisScore,
} from "@seoltab/domain/diagnosis";

const a = schema.diagnosisAttempts;
export type DiagnosisAttemptRow = typeof schema.diagnosisAttempts.$inferSelect;

export async function insertAttempt(
  db: Database,
  input: {
    testId: string;
    subject: string;
    schoolLevel: string;
    itemIds: string[];
    tokenHash: string;
    userId: number | null;
    at: Date;
  },
): Promise<DiagnosisAttemptRow> {
  const [row] = await db
    .insert(a)
    .values({ ...input, state: "STARTED", startedAt: input.at })
    .returning();
  return row!;
}

export async function findAttempt(
  db: Database,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<DiagnosisAttemptRow | undefined> {
  const query = db.select().from(a).where(eq(a.id, id));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row;
}

/**
 * Writes the answers and the result when the attempt is still in `from` (the state read);
 * undefined when another submission got there first. Asks DIAGNOSIS_ATTEMPT_TRANSITIONS first
 * (issue #10): `from` → SUBMITTED refused (an attempt already SUBMITTED) throws
 * TransitionNotAllowedError and nothing is written.
 */
export async function markSubmitted(
  db: Database,
  input: {
    id: number;
    from: DiagnosisAttemptState;
    answers: Record<string, number | null>;
    result: DiagnosisScore;
    at: Date;
  },
): Promise<DiagnosisAttemptRow | undefined> {
  assertTransition(DIAGNOSIS_ATTEMPT_TRANSITIONS, "diagnosis attempt", input.from, "SUBMITTED");
  const [row] = await db
    .update(a)
    .set({
      state: "SUBMITTED",
      answers: input.answers,
      result: input.result,
      submittedAt: input.at,
    })
    .where(and(eq(a.id, input.id), eq(a.state, input.from)))
    .returning();
  return row;
}

/**
 * Gives the attempt `id` holding `tokenHash` to `userId` when it has no account yet (or already
 * is that account's: claiming twice is harmless). Undefined when no such attempt is free.
 */
export async function claimAttempt(
  db: Database,
  input: { id: number; tokenHash: string; userId: number; at: Date },
): Promise<DiagnosisAttemptRow | undefined> {
  const [row] = await db
    .update(a)
    .set({ userId: input.userId, claimedAt: input.at })
    .where(
      and(
        eq(a.id, input.id),
        eq(a.tokenHash, input.tokenHash),
        or(isNull(a.userId), eq(a.userId, input.userId)),
      ),
    )
    .returning();
  return row;
}

/** The submitted attempts of these accounts, newest first (at most `limit`). */
export async function findSubmittedOfUsers(
  db: Database,
  userIds: readonly number[],
  limit = 50,
): Promise<DiagnosisAttemptRow[]> {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(a)
    .where(and(inArray(a.userId, [...userIds]), eq(a.state, "SUBMITTED")))
    .orderBy(desc(a.submittedAt), desc(a.id))
    .limit(limit);
}

/**
 * Deletes at most `limit` attempts still STARTED that were started before `before`, oldest
 * first; returns their ids. Rows a submission holds locked are skipped (SKIP LOCKED) and the
 * delete checks STARTED again, so an attempt being submitted is never deleted.
 */
export async function deleteUnsubmittedBefore(
  db: Database,
  before: Date,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .delete(a)
    .where(
      and(
        eq(a.state, "STARTED"),
        inArray(
          a.id,
          db
            .select({ id: a.id })
            .from(a)
            .where(and(eq(a.state, "STARTED"), lt(a.startedAt, before)))
            .orderBy(asc(a.startedAt), asc(a.id))
            .limit(limit)
            .for("update", { skipLocked: true }),
        ),
      ),
    )
    .returning({ id: a.id });
  return rows.map((r) => r.id);
}
