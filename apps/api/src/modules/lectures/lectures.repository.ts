/**
 * Data access of the lectures area (issue #13): the only file that touches `lectures` and
 * `lecture_transitions`. State writes are conditional on the state read.
 */
import { and, asc, count, desc, eq, inArray, schema, sql, type Database } from "@seoltab/db";
import type { Initiator, LectureState } from "@seoltab/domain";

const l = schema.lectures;
export type LectureRow = typeof schema.lectures.$inferSelect;
export type LectureTransitionRow = typeof schema.lectureTransitions.$inferSelect;
/** Columns a move may change besides the state. */
export type LectureChanges = Partial<typeof schema.lectures.$inferInsert>;

/**
 * One REGISTER lecture per LECTURE line of `paymentId` (a line that has one keeps it), each
 * with its first transition row; returns the new ones.
 */
export async function insertLecturesForPayment(
  db: Database,
  input: {
    paymentId: number;
    userId: number;
    at: Date;
    initiator: Initiator;
    /** The payment's LECTURE lines ordered by id when the caller has them (else read here). */
    lines?: readonly { id: number; name: string; months: number }[] | null;
  },
): Promise<LectureRow[]> {
  const i = schema.paymentItems;
  const lines =
    input.lines ??
    (await db
      .select({ id: i.id, name: i.name, months: i.months })
      .from(i)
      .where(and(eq(i.paymentId, input.paymentId), eq(i.itemKind, "LECTURE")))
      .orderBy(asc(i.id)));
  if (lines.length === 0) return [];
  const created = await db
    .insert(l)
    .values(
      lines.map((line) => ({
        userId: input.userId,
        paymentId: input.paymentId,
        paymentItemId: line.id,
        title: line.name,
        months: line.months,
        state: "REGISTER",
        createdAt: input.at,
        updatedAt: input.at,
      })),
    )
    .onConflictDoNothing({ target: l.paymentItemId })
    .returning();
  if (created.length > 0) {
    await db.insert(schema.lectureTransitions).values(
      created.map((lecture) => ({
        lectureId: lecture.id,
        fromState: null,
        toState: "REGISTER",
        initiator: input.initiator === "USER" ? "AUTO" : input.initiator,
        reason: "결제가 완료되어 수강이 등록되었어요.",
        createdAt: input.at,
      })),
    );
  }
  return created;
}

export async function findLectureById(
  db: Database,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<LectureRow | undefined> {
  const query = db.select().from(l).where(eq(l.id, id));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row;
}

/** The lecture of a LECTURE line (LECTURE_INFO `LECTURE_NO`, the hub's `lectureVtNo`). */
export async function findLectureByPaymentItem(
  db: Database,
  paymentItemId: number,
): Promise<LectureRow | undefined> {
  const [row] = await db.select().from(l).where(eq(l.paymentItemId, paymentItemId));
  return row;
}

/** The lectures written for a payment's lines, by id. */
export async function findLecturesOfPayment(
  db: Database,
  paymentId: number,
): Promise<LectureRow[]> {
  return db.select().from(l).where(eq(l.paymentId, paymentId)).orderBy(asc(l.id));
}

/** A student's lectures, newest first (at most `limit`). */
export async function findLecturesOfUser(
  db: Database,
  userId: number,
  limit = 50,
): Promise<LectureRow[]> {
  return db
    .select()
    .from(l)
    .where(eq(l.userId, userId))
    .orderBy(desc(l.createdAt), desc(l.id))
    .limit(limit);
}

export async function findLecturesByItems(
  db: Database,
  paymentItemIds: readonly number[],
): Promise<LectureRow[]> {
  if (paymentItemIds.length === 0) return [];
  return db
    .select()
    .from(l)
    .where(inArray(l.paymentItemId, [...paymentItemIds]));
}

/**
 * Moves `id` from `from` to `to` (and the row's other changes) when it is still in `from`;
 * records the move. Returns the moved row, or undefined when another writer moved it first.
 */
export async function moveLectureRow(
  db: Database,
  input: {
    id: number;
    from: LectureState;
    to: LectureState;
    at: Date;
    initiator: Initiator;
    actorUserId: number | null;
    reason: string | null;
    set?: LectureChanges;
  },
): Promise<LectureRow | undefined> {
  const [moved] = await db
    .update(l)
    .set({ ...input.set, state: input.to, updatedAt: input.at })
    .where(and(eq(l.id, input.id), eq(l.state, input.from)))
    .returning();
  if (!moved) return undefined;
  await db.insert(schema.lectureTransitions).values({
    lectureId: input.id,
    fromState: input.from,
    toState: input.to,
    initiator: input.initiator,
    actorUserId: input.actorUserId,
    reason: input.reason?.slice(0, 300) ?? null,
    createdAt: input.at,
  });
  return moved;
}

/**
 * Changes a lecture's weekly plan (and where it starts) or adds paused days, without a state
 * move (an accepted lecture change). Returns the row, or undefined for an unknown id.
 */
export async function updateLecturePlan(
  db: Database,
  id: number,
  change: {
    weeklyPlan?: LectureRow["weeklyPlan"];
    planFrom?: Date | null;
    addPausedDays?: number;
    at: Date;
  },
): Promise<LectureRow | undefined> {
  const [row] = await db
    .update(l)
    .set({
      ...(change.weeklyPlan !== undefined ? { weeklyPlan: change.weeklyPlan } : {}),
      ...(change.planFrom !== undefined ? { planFrom: change.planFrom } : {}),
      ...(change.addPausedDays
        ? { pausedDays: sql`${l.pausedDays} + ${change.addPausedDays}` }
        : {}),
      updatedAt: change.at,
    })
    .where(eq(l.id, id))
    .returning();
  return row;
}

export async function findLectureTransitions(
  db: Database,
  lectureId: number,
): Promise<LectureTransitionRow[]> {
  const t = schema.lectureTransitions;
  return db.select().from(t).where(eq(t.lectureId, lectureId)).orderBy(asc(t.createdAt), asc(t.id));
}

/** Lectures each tutor teaches now (MATCHED, ACTIVE): the load matching ranks by. */
export async function countLecturesOfTutors(
  db: Database,
  tutorIds: readonly number[],
): Promise<Map<number, number>> {
  if (tutorIds.length === 0) return new Map();
  const rows = await db
    .select({ tutorId: l.tutorUserId, n: count() })
    .from(l)
    .where(and(inArray(l.tutorUserId, [...tutorIds]), sql`${l.state} in ('MATCHED', 'ACTIVE')`))
    .groupBy(l.tutorUserId);
  return new Map(rows.map((r) => [r.tutorId!, r.n]));
}

/** Lectures in any of `states` (the lessons job reads MATCHED and ACTIVE ones). */
export async function findLecturesInStates(
  db: Database,
  states: readonly string[],
): Promise<LectureRow[]> {
  return db
    .select()
    .from(l)
    .where(inArray(l.state, [...states]))
    .orderBy(asc(l.id));
}
