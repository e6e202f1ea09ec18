/**
 * Data access of the tutor-applications area (issue #12): the only file that touches its tables.
 * Every state write is conditional on the state read (`WHERE state = from`), so two staff
 * members deciding at once move an application once.
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  lt,
  schema,
  sql,
  type Database,
} from "@seoltab/db";
import {
  TUTOR_APPLICATION_TRANSITIONS,
  assertTransition,
  type Initiator,
  type TutorApplicationState,
} from "@seoltab/domain";

const t = schema.tutorApplications;

export type TutorApplicationRow = typeof schema.tutorApplications.$inferSelect;
export type TutorFileRow = typeof schema.tutorApplicationFiles.$inferSelect;
export type BackgroundCheckRow = typeof schema.tutorBackgroundChecks.$inferSelect;
export type TutorAgreementRow = typeof schema.tutorAgreements.$inferSelect;
export type TutorTransitionRow = typeof schema.tutorApplicationTransitions.$inferSelect;
export type TutorUploadRow = typeof schema.tutorApplicationUploads.$inferSelect;
/** Columns a state move may change besides the state. */
export type ApplicationChanges = Partial<typeof schema.tutorApplications.$inferInsert>;

export async function findApplicationByUser(
  db: Database,
  userId: number,
): Promise<TutorApplicationRow | undefined> {
  const [row] = await db.select().from(t).where(eq(t.userId, userId));
  return row;
}

export async function findApplicationById(
  db: Database,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<TutorApplicationRow | undefined> {
  const query = db.select().from(t).where(eq(t.id, id));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row;
}

/** Creates the JOIN application of a tutor account once; returns the row either way. */
export async function ensureApplication(
  db: Database,
  userId: number,
  resume: Record<string, unknown>,
): Promise<TutorApplicationRow> {
  await db.insert(t).values({ userId, resume }).onConflictDoNothing({ target: t.userId });
  return (await findApplicationByUser(db, userId))!;
}

export async function updateResume(
  db: Database,
  id: number,
  resume: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await db.update(t).set({ resume, updatedAt: now }).where(eq(t.id, id));
}

/**
 * Moves `id` from `from` to `to` when it is still in `from`, with the row's other changes;
 * records the transition. Returns false when another writer moved it first.
 */
export async function moveApplication(
  db: Database,
  input: {
    id: number;
    from: TutorApplicationState;
    to: TutorApplicationState;
    now: Date;
    initiator: Initiator | "AUTO";
    actorUserId: number | null;
    reason: string | null;
    score: number | null;
    set?: Partial<typeof t.$inferInsert>;
  },
): Promise<boolean> {
  // Issue #10: the table is asked before any write (refused: TransitionNotAllowedError).
  assertTransition(TUTOR_APPLICATION_TRANSITIONS, "tutor application", input.from, input.to);
  const moved = await db
    .update(t)
    .set({
      ...input.set,
      state: input.to,
      stateChangedAt: input.now,
      updatedAt: input.now,
      stalledAt: null,
      remindedAt: null,
      lastReason: input.reason,
    })
    .where(and(eq(t.id, input.id), eq(t.state, input.from)))
    .returning({ attempt: t.attempt });
  if (moved.length === 0) return false;
  await db.insert(schema.tutorApplicationTransitions).values({
    applicationId: input.id,
    fromState: input.from,
    toState: input.to,
    initiator: input.initiator,
    actorUserId: input.actorUserId,
    reason: input.reason,
    score: input.score,
    attempt: moved[0]!.attempt,
    createdAt: input.now,
  });
  return true;
}

export async function updateProfile(
  db: Database,
  id: number,
  set: Partial<typeof t.$inferInsert>,
): Promise<void> {
  await db.update(t).set(set).where(eq(t.id, id));
}

export async function deleteApplication(db: Database, id: number): Promise<void> {
  await db.delete(t).where(eq(t.id, id));
}

// --- files -----------------------------------------------------------------------------------

export async function insertFile(
  db: Database,
  row: typeof schema.tutorApplicationFiles.$inferInsert,
): Promise<TutorFileRow> {
  const [inserted] = await db.insert(schema.tutorApplicationFiles).values(row).returning();
  return inserted!;
}

export async function findFiles(db: Database, applicationId: number): Promise<TutorFileRow[]> {
  const f = schema.tutorApplicationFiles;
  return db
    .select()
    .from(f)
    .where(eq(f.applicationId, applicationId))
    .orderBy(desc(f.createdAt), desc(f.id));
}

export async function findFile(db: Database, id: number): Promise<TutorFileRow | undefined> {
  const f = schema.tutorApplicationFiles;
  const [row] = await db.select().from(f).where(eq(f.id, id));
  return row;
}

// --- issued direct uploads --------------------------------------------------------------------

const u = schema.tutorApplicationUploads;

export async function insertUpload(
  db: Database,
  row: typeof schema.tutorApplicationUploads.$inferInsert,
): Promise<TutorUploadRow> {
  const [inserted] = await db.insert(u).values(row).returning();
  return inserted!;
}

/** The issued upload of `storageKey` for this application, or undefined. */
export async function findUploadByKey(
  db: Database,
  applicationId: number,
  storageKey: string,
): Promise<TutorUploadRow | undefined> {
  const [row] = await db
    .select()
    .from(u)
    .where(and(eq(u.applicationId, applicationId), eq(u.storageKey, storageKey)));
  return row;
}

/** How many issued uploads of this application may still be confirmed at `now`. */
export async function countOpenUploads(
  db: Database,
  applicationId: number,
  now: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(u)
    .where(and(eq(u.applicationId, applicationId), gt(u.expiresAt, now)));
  return Number(row?.n ?? 0);
}

export async function findUploads(db: Database, applicationId: number): Promise<TutorUploadRow[]> {
  return db.select().from(u).where(eq(u.applicationId, applicationId));
}

/** Deletes an issued upload; true when this call deleted it (one confirmation wins). */
export async function deleteUpload(db: Database, id: number): Promise<boolean> {
  const deleted = await db.delete(u).where(eq(u.id, id)).returning({ id: u.id });
  return deleted.length > 0;
}

/** Deletes up to `limit` issued uploads that expired before `before`, returning their keys. */
export async function deleteExpiredUploads(
  db: Database,
  before: Date,
  limit: number,
): Promise<string[]> {
  const expired = await db
    .select({ id: u.id })
    .from(u)
    .where(lt(u.expiresAt, before))
    .orderBy(asc(u.expiresAt))
    .limit(limit);
  if (expired.length === 0) return [];
  const deleted = await db
    .delete(u)
    .where(
      inArray(
        u.id,
        expired.map((r) => r.id),
      ),
    )
    .returning({ storageKey: u.storageKey });
  return deleted.map((r) => r.storageKey);
}

// --- record checks and the agreement ----------------------------------------------------------

export async function findChecks(
  db: Database,
  applicationId: number,
): Promise<BackgroundCheckRow[]> {
  const c = schema.tutorBackgroundChecks;
  return db.select().from(c).where(eq(c.applicationId, applicationId)).orderBy(asc(c.kind));
}

/** One row per (application, kind): the latest record replaces the previous. */
export async function upsertCheck(
  db: Database,
  row: typeof schema.tutorBackgroundChecks.$inferInsert,
): Promise<void> {
  const c = schema.tutorBackgroundChecks;
  await db
    .insert(c)
    .values(row)
    .onConflictDoUpdate({
      target: [c.applicationId, c.kind],
      set: {
        result: row.result,
        requestedAt: row.requestedAt,
        resultAt: row.resultAt ?? null,
        reference: row.reference ?? null,
        recordedBy: row.recordedBy,
        updatedAt: row.updatedAt,
      },
    });
}

export async function findAgreement(
  db: Database,
  applicationId: number,
): Promise<TutorAgreementRow | undefined> {
  const a = schema.tutorAgreements;
  const [row] = await db.select().from(a).where(eq(a.applicationId, applicationId));
  return row;
}

/** Inserts the signature once; false when one exists already. */
export async function insertAgreement(
  db: Database,
  row: typeof schema.tutorAgreements.$inferInsert,
): Promise<boolean> {
  const inserted = await db
    .insert(schema.tutorAgreements)
    .values(row)
    .onConflictDoNothing({ target: schema.tutorAgreements.applicationId })
    .returning({ id: schema.tutorAgreements.id });
  return inserted.length > 0;
}

export async function findTransitions(
  db: Database,
  applicationId: number,
): Promise<TutorTransitionRow[]> {
  const tr = schema.tutorApplicationTransitions;
  return db
    .select()
    .from(tr)
    .where(eq(tr.applicationId, applicationId))
    .orderBy(asc(tr.createdAt), asc(tr.id));
}

// --- staff queue -----------------------------------------------------------------------------

export interface QueueRow {
  id: number;
  userId: number;
  state: string;
  attempt: number;
  stateChangedAt: Date;
  stalledAt: Date | null;
  resume: Record<string, unknown>;
  email: string;
  accountName: string;
}

/** One page of the queue (oldest state change first); `state` narrows it. */
export async function findQueue(
  db: Database,
  input: { states: readonly string[] | null; offset: number; limit: number },
): Promise<{ rows: QueueRow[]; total: number }> {
  const where = input.states ? inArray(t.state, [...input.states]) : undefined;
  const rows = await db
    .select({
      id: t.id,
      userId: t.userId,
      state: t.state,
      attempt: t.attempt,
      stateChangedAt: t.stateChangedAt,
      stalledAt: t.stalledAt,
      resume: t.resume,
      email: schema.users.email,
      accountName: schema.users.name,
    })
    .from(t)
    .innerJoin(schema.users, eq(schema.users.id, t.userId))
    .where(where)
    .orderBy(asc(t.stateChangedAt), asc(t.id))
    .offset(input.offset)
    .limit(input.limit);
  const [total] = await db.select({ n: count() }).from(t).where(where);
  return { rows, total: total?.n ?? 0 };
}

/**
 * Marks applications whose applicant has owed the next step (`states`) since before `before`
 * as stalled and reminded, once; returns them.
 */
export async function markStalled(
  db: Database,
  states: readonly string[],
  before: Date,
  now: Date,
): Promise<{ id: number; userId: number; state: string }[]> {
  return db
    .update(t)
    .set({ stalledAt: now, remindedAt: now })
    .where(
      and(inArray(t.state, [...states]), lt(t.stateChangedAt, before), sql`${t.stalledAt} is null`),
    )
    .returning({ id: t.id, userId: t.userId, state: t.state });
}

/** ACTIVE applications (issue #13 reads the matchable ones among them). */
export async function findActiveApplications(db: Database): Promise<TutorApplicationRow[]> {
  return db.select().from(t).where(eq(t.state, "ACTIVE")).orderBy(asc(t.id));
}
