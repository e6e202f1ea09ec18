/**
 * Data access of the matching area (issue #13): `matchings` and `matching_suggestions`.
 * State writes are conditional on the state read and ask packages/domain MATCHING_TRANSITIONS /
 * SUGGESTION_TRANSITIONS first (a move the table refuses throws TransitionNotAllowedError and
 * nothing is written; issue #10).
 */
import { and, asc, count, desc, eq, inArray, lt, schema, sql, type Database } from "@seoltab/db";
import {
  MATCHING_TRANSITIONS,
  SUGGESTION_TRANSITIONS,
  assertTransition,
  sourcesOf,
  type SuggestionState,
} from "@seoltab/domain";

const m = schema.matchings;
const s = schema.matchingSuggestions;
export type MatchingRow = typeof schema.matchings.$inferSelect;
export type SuggestionRow = typeof schema.matchingSuggestions.$inferSelect;

/** Opens a matching for the lecture unless one is open; returns the open one. */
export async function openMatching(
  db: Database,
  lectureId: number,
  type: "NEW" | "TEACHER_CHANGE",
  at: Date,
): Promise<MatchingRow> {
  await db
    .insert(m)
    .values({ lectureId, type, state: "OPEN", openedAt: at })
    .onConflictDoNothing({ target: m.lectureId, where: sql`${m.state} = 'OPEN'` });
  return (await findOpenMatching(db, lectureId))!;
}

export async function findOpenMatching(
  db: Database,
  lectureId: number,
): Promise<MatchingRow | undefined> {
  const [row] = await db
    .select()
    .from(m)
    .where(and(eq(m.lectureId, lectureId), eq(m.state, "OPEN")));
  return row;
}

/** The lecture's newest matching (open, matched or closed). */
export async function findLatestMatching(
  db: Database,
  lectureId: number,
): Promise<MatchingRow | undefined> {
  const [row] = await db
    .select()
    .from(m)
    .where(eq(m.lectureId, lectureId))
    .orderBy(desc(m.openedAt), desc(m.id))
    .limit(1);
  return row;
}

export async function findMatchingById(
  db: Database,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<MatchingRow | undefined> {
  const query = db.select().from(m).where(eq(m.id, id));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row;
}

/** Moves a matching out of OPEN; false when it was not open any more. */
export async function closeMatching(
  db: Database,
  id: number,
  to: "MATCHED" | "CLOSED",
  at: Date,
): Promise<boolean> {
  assertTransition(MATCHING_TRANSITIONS, "matching", "OPEN", to);
  const rows = await db
    .update(m)
    .set({ state: to, closedAt: at })
    .where(and(eq(m.id, id), eq(m.state, "OPEN")))
    .returning({ id: m.id });
  return rows.length > 0;
}

export async function setManager(db: Database, id: number, managerUserId: number): Promise<void> {
  await db
    .update(m)
    .set({ managerUserId })
    .where(and(eq(m.id, id), sql`${m.managerUserId} is null`));
}

/** A page of matchings in `state` (oldest first), with their lectures' ids. */
export async function findMatchings(
  db: Database,
  input: { state: string | null; offset: number; limit: number },
): Promise<{ rows: MatchingRow[]; total: number }> {
  const where = input.state ? eq(m.state, input.state) : undefined;
  const rows = await db
    .select()
    .from(m)
    .where(where)
    .orderBy(asc(m.openedAt), asc(m.id))
    .offset(input.offset)
    .limit(input.limit);
  const [total] = await db.select({ n: count() }).from(m).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function insertSuggestion(
  db: Database,
  row: typeof s.$inferInsert,
): Promise<SuggestionRow | undefined> {
  const [inserted] = await db
    .insert(s)
    .values(row)
    .onConflictDoNothing({ target: [s.matchingId, s.tutorUserId] })
    .returning();
  return inserted;
}

export async function findSuggestionById(
  db: Database,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<SuggestionRow | undefined> {
  const query = db.select().from(s).where(eq(s.id, id));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row;
}

export async function findSuggestionsOfMatchings(
  db: Database,
  matchingIds: readonly number[],
): Promise<SuggestionRow[]> {
  if (matchingIds.length === 0) return [];
  return db
    .select()
    .from(s)
    .where(inArray(s.matchingId, [...matchingIds]))
    .orderBy(desc(s.score), asc(s.id));
}

export async function findSuggestionsOfTutor(
  db: Database,
  tutorId: number,
  limit = 50,
): Promise<SuggestionRow[]> {
  return db
    .select()
    .from(s)
    .where(eq(s.tutorUserId, tutorId))
    .orderBy(desc(s.suggestedAt), desc(s.id))
    .limit(limit);
}

/** Moves a suggestion from `from` to `to` with its other changes; the moved row or undefined. */
export async function moveSuggestion(
  db: Database,
  id: number,
  from: string,
  set: Partial<typeof s.$inferInsert> & { state: string },
): Promise<SuggestionRow | undefined> {
  assertTransition(
    SUGGESTION_TRANSITIONS,
    "suggestion",
    from as SuggestionState,
    set.state as SuggestionState,
  );
  const [row] = await db
    .update(s)
    .set(set)
    .where(and(eq(s.id, id), eq(s.state, from)))
    .returning();
  return row;
}

/** Closes every SUGGESTED or ACCEPTED suggestion of a matching but `except`. */
export async function closeOtherSuggestions(
  db: Database,
  matchingId: number,
  at: Date,
  except?: number,
): Promise<number> {
  const rows = await db
    .update(s)
    .set({
      state: "CLOSED",
      answeredAt: sql`coalesce(${s.answeredAt}, ${at.toISOString()}::timestamptz)`,
    })
    .where(
      and(
        eq(s.matchingId, matchingId),
        inArray(s.state, sourcesOf(SUGGESTION_TRANSITIONS, "CLOSED")),
        except === undefined ? undefined : sql`${s.id} <> ${except}`,
      ),
    )
    .returning({ id: s.id });
  return rows.length;
}

/** SUGGESTED suggestions past their expiry → EXPIRED; returns them. */
export async function expireSuggestions(db: Database, now: Date): Promise<SuggestionRow[]> {
  assertTransition(SUGGESTION_TRANSITIONS, "suggestion", "SUGGESTED", "EXPIRED");
  return db
    .update(s)
    .set({ state: "EXPIRED", answeredAt: now })
    .where(and(eq(s.state, "SUGGESTED"), lt(s.expiresAt, now)))
    .returning();
}

/** Per tutor: suggestions answered (accepted, refused, expired) and how many were accepted. */
export async function answerHistory(
  db: Database,
  tutorIds: readonly number[],
): Promise<Map<number, { answered: number; accepted: number }>> {
  if (tutorIds.length === 0) return new Map();
  const rows = await db
    .select({
      tutorId: s.tutorUserId,
      answered:
        sql<number>`count(*) filter (where ${s.state} in ('ACCEPTED','REFUSED','EXPIRED','CHOSEN'))`.mapWith(
          Number,
        ),
      accepted: sql<number>`count(*) filter (where ${s.state} in ('ACCEPTED','CHOSEN'))`.mapWith(
        Number,
      ),
    })
    .from(s)
    .where(inArray(s.tutorUserId, [...tutorIds]))
    .groupBy(s.tutorUserId);
  return new Map(rows.map((r) => [r.tutorId, { answered: r.answered, accepted: r.accepted }]));
}
