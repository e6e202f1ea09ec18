/**
 * Consultation request data access: only this file touches the ORM for the area. Times are the
 * instants passed in (the service's clock), stored to the millisecond so list cursors match
 * rows exactly.
 */
import { and, desc, eq, gte, lt, schema, sql, type Database } from "@seoltab/db";
import { assertTransition } from "@seoltab/domain";
import { CONSULTATION_TRANSITIONS } from "@seoltab/domain/consultations";
import type { ConsultationStatus } from "./consultations.constants.ts";
import type { ListPosition } from "./consultations.rules.ts";

export type ConsultationRow = typeof schema.consultationRequests.$inferSelect;
export type NewConsultation = typeof schema.consultationRequests.$inferInsert;

/** A row with the name of the staff member who last changed its status. */
export type ConsultationWithStaff = ConsultationRow & { statusChangedByName: string | null };

/** Stores a new request. Throws a unique violation if its token hash is already used. */
export async function insertConsultation(db: Database, row: NewConsultation): Promise<void> {
  await db.insert(schema.consultationRequests).values(row);
}

/** The request made with the verification token whose digest is `tokenHash`, if any. */
export async function findConsultationByTokenHash(
  db: Database,
  tokenHash: string,
): Promise<{ id: string } | undefined> {
  const c = schema.consultationRequests;
  const [row] = await db
    .select({ id: c.id })
    .from(c)
    .where(eq(c.verificationTokenHash, tokenHash))
    .limit(1);
  return row;
}

/** Deletes requests made before `before` (the retention period has passed); returns how many. */
export async function purgeConsultationsBefore(db: Database, before: Date): Promise<number> {
  const c = schema.consultationRequests;
  const rows = await db.delete(c).where(lt(c.createdAt, before)).returning({ id: c.id });
  return rows.length;
}

/** Filters of the staff list; `since` inclusive, `until` exclusive. */
export interface ConsultationFilter {
  status?: ConsultationStatus;
  since?: Date;
  until?: Date;
}

function filterWhere(filter: ConsultationFilter) {
  const c = schema.consultationRequests;
  return and(
    filter.status === undefined ? undefined : eq(c.status, filter.status),
    filter.since === undefined ? undefined : gte(c.createdAt, filter.since),
    filter.until === undefined ? undefined : lt(c.createdAt, filter.until),
  );
}

/**
 * Up to `limit` requests matching `filter`, newest first (created_at, then id, descending),
 * starting after `after` (keyset pagination), with the status changer's name.
 */
export async function findConsultationsPage(
  db: Database,
  filter: ConsultationFilter,
  after: ListPosition | null,
  limit: number,
): Promise<ConsultationWithStaff[]> {
  const c = schema.consultationRequests;
  const u = schema.users;
  const rows = await db
    .select({ request: c, statusChangedByName: u.name })
    .from(c)
    .leftJoin(u, eq(u.id, c.statusChangedBy))
    .where(
      and(
        filterWhere(filter),
        after === null
          ? undefined
          : sql`(${c.createdAt}, ${c.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`,
      ),
    )
    .orderBy(desc(c.createdAt), desc(c.id))
    .limit(limit);
  return rows.map((r) => ({ ...r.request, statusChangedByName: r.statusChangedByName }));
}

/** How many requests match `filter`. */
export async function countConsultations(
  db: Database,
  filter: ConsultationFilter,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(schema.consultationRequests)
    .where(filterWhere(filter));
  return row?.n ?? 0;
}

/** One request with the status changer's name, if it exists. */
export async function findConsultationById(
  db: Database,
  id: string,
): Promise<ConsultationWithStaff | undefined> {
  const c = schema.consultationRequests;
  const u = schema.users;
  const [row] = await db
    .select({ request: c, statusChangedByName: u.name })
    .from(c)
    .leftJoin(u, eq(u.id, c.statusChangedBy))
    .where(eq(c.id, id))
    .limit(1);
  return row ? { ...row.request, statusChangedByName: row.statusChangedByName } : undefined;
}

/**
 * Moves a request from status `from` to `to`, recording who and when. Compare-and-set: false
 * when the request is not (or no longer) in `from`, so two staff members cannot both move it.
 * Asks CONSULTATION_TRANSITIONS first (issue #10): a move it refuses throws
 * TransitionNotAllowedError and nothing is written.
 */
export async function updateConsultationStatus(
  db: Database,
  change: { id: string; from: ConsultationStatus; to: ConsultationStatus; by: number; at: Date },
): Promise<boolean> {
  assertTransition(CONSULTATION_TRANSITIONS, "consultation request", change.from, change.to);
  const c = schema.consultationRequests;
  const rows = await db
    .update(c)
    .set({ status: change.to, statusChangedAt: change.at, statusChangedBy: change.by })
    .where(and(eq(c.id, change.id), eq(c.status, change.from)))
    .returning({ id: c.id });
  return rows.length > 0;
}
