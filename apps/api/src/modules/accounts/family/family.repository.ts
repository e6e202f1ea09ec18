/**
 * Data access of family accounts and account links (issue 15; packages/db
 * family-accounts.schema.ts). Only this file touches those tables.
 */
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray, isNull, schema, sql, type Database } from "@seoltab/db";
import { assertTransition, sourcesOf } from "@seoltab/domain";
import { LINK_REQUEST_TRANSITIONS } from "@seoltab/domain/family-accounts";

export type LinkRequestRow = typeof schema.familyLinkRequests.$inferSelect;
export type ServiceAccountRow = typeof schema.familyServiceAccounts.$inferSelect;
export type AccountLinkRow = typeof schema.accountLinks.$inferSelect;

// ---- parent ↔ child links ---------------------------------------------------------------------

/** Inserts a parent-child link; false when it already existed. */
export async function insertParentChild(
  db: Database,
  parentUserId: number,
  childUserId: number,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .insert(schema.parentChildren)
    .values({ parentUserId, childUserId, createdAt: at })
    .onConflictDoNothing()
    .returning({ p: schema.parentChildren.parentUserId });
  return rows.length > 0;
}

/** Deletes a parent-child link; false when there was none. */
export async function deleteParentChild(
  db: Database,
  parentUserId: number,
  childUserId: number,
): Promise<boolean> {
  const pc = schema.parentChildren;
  const rows = await db
    .delete(pc)
    .where(and(eq(pc.parentUserId, parentUserId), eq(pc.childUserId, childUserId)))
    .returning({ p: pc.parentUserId });
  return rows.length > 0;
}

/** Ids of the parents linked to a child. */
export async function parentIdsOf(db: Database, childUserId: number): Promise<number[]> {
  const pc = schema.parentChildren;
  const rows = await db
    .select({ id: pc.parentUserId })
    .from(pc)
    .where(eq(pc.childUserId, childUserId));
  return rows.map((r) => r.id);
}

/** Updates columns of a user; returns the updated row. */
export async function updateUserProfile(
  db: Database,
  userId: number,
  set: Partial<typeof schema.users.$inferInsert>,
): Promise<typeof schema.users.$inferSelect> {
  const [row] = await db
    .update(schema.users)
    .set(set)
    .where(eq(schema.users.id, userId))
    .returning();
  return row!;
}

/** Locks a user row for the rest of the transaction (FOR UPDATE). */
export async function lockUser(db: Database, userId: number): Promise<void> {
  await db.execute(sql`select id from users where id = ${userId} for update`);
}

// ---- link requests ----------------------------------------------------------------------------

/** Creates a PENDING request; an existing PENDING one of the pair is replaced (CANCELLED). */
export async function insertLinkRequest(
  db: Database,
  input: {
    parentUserId: number;
    childUserId: number;
    origin: "PARENT_REQUEST" | "PARENT_JOIN";
    verificationId: string | null;
    at: Date;
  },
): Promise<LinkRequestRow> {
  const r = schema.familyLinkRequests;
  await db
    .update(r)
    .set({ status: "CANCELLED", decidedAt: input.at })
    .where(
      and(
        eq(r.parentUserId, input.parentUserId),
        eq(r.childUserId, input.childUserId),
        inArray(r.status, sourcesOf(LINK_REQUEST_TRANSITIONS, "CANCELLED")),
      ),
    );
  const [row] = await db
    .insert(r)
    .values({
      id: randomUUID(),
      parentUserId: input.parentUserId,
      childUserId: input.childUserId,
      origin: input.origin,
      verificationId: input.verificationId,
      status: "PENDING",
      createdAt: input.at,
    })
    .returning();
  return row!;
}

/**
 * Moves a PENDING request to `status` (one conditional UPDATE: of two decisions at once, one
 * wins). Returns the row as decided, or undefined when it was not PENDING (or not found).
 * Asks LINK_REQUEST_TRANSITIONS first (PENDING → `status` refused: TransitionNotAllowedError,
 * nothing written; issue #10).
 */
export async function decideLinkRequest(
  db: Database,
  id: string,
  status: "CONFIRMED" | "DECLINED" | "CANCELLED",
  at: Date,
): Promise<LinkRequestRow | undefined> {
  assertTransition(LINK_REQUEST_TRANSITIONS, "link request", "PENDING", status);
  const r = schema.familyLinkRequests;
  const [row] = await db
    .update(r)
    .set({ status, decidedAt: at })
    .where(and(eq(r.id, id), eq(r.status, "PENDING")))
    .returning();
  return row;
}

export async function findLinkRequest(
  db: Database,
  id: string,
): Promise<LinkRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(schema.familyLinkRequests)
    .where(eq(schema.familyLinkRequests.id, id))
    .limit(1);
  return row;
}

/** PENDING requests waiting for a child's answer, newest first, with the parent's name. */
export async function pendingRequestsForChild(db: Database, childUserId: number) {
  const r = schema.familyLinkRequests;
  const u = schema.users;
  return db
    .select({
      id: r.id,
      parentUserId: r.parentUserId,
      parentName: u.name,
      createdAt: r.createdAt,
      origin: r.origin,
    })
    .from(r)
    .innerJoin(u, eq(u.id, r.parentUserId))
    .where(and(eq(r.childUserId, childUserId), eq(r.status, "PENDING")))
    .orderBy(desc(r.createdAt))
    .limit(20);
}

/** PENDING requests a parent made, newest first, with the child's name. */
export async function pendingRequestsOfParent(db: Database, parentUserId: number) {
  const r = schema.familyLinkRequests;
  const u = schema.users;
  return db
    .select({
      id: r.id,
      childUserId: r.childUserId,
      childName: u.name,
      createdAt: r.createdAt,
      origin: r.origin,
    })
    .from(r)
    .innerJoin(u, eq(u.id, r.childUserId))
    .where(and(eq(r.parentUserId, parentUserId), eq(r.status, "PENDING")))
    .orderBy(desc(r.createdAt))
    .limit(20);
}

// ---- the other service's accounts and links ---------------------------------------------------

export async function findServiceAccountByEmail(
  db: Database,
  serviceType: string,
  email: string,
): Promise<ServiceAccountRow | undefined> {
  const a = schema.familyServiceAccounts;
  const [row] = await db
    .select()
    .from(a)
    .where(and(eq(a.serviceType, serviceType), sql`lower(${a.email}) = lower(${email})`))
    .limit(1);
  return row;
}

export async function findServiceAccountById(
  db: Database,
  id: number,
): Promise<ServiceAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(schema.familyServiceAccounts)
    .where(eq(schema.familyServiceAccounts.id, id))
    .limit(1);
  return row;
}

/** Creates an account of another service (its join, the demo seed and tests). */
export async function insertServiceAccount(
  db: Database,
  input: { serviceType: string; email: string; passwordHash: string; name: string; at: Date },
): Promise<ServiceAccountRow> {
  const [row] = await db
    .insert(schema.familyServiceAccounts)
    .values({
      serviceType: input.serviceType,
      email: input.email,
      passwordHash: input.passwordHash,
      name: input.name,
      passwordChangedAt: input.at,
      createdAt: input.at,
    })
    .returning();
  return row!;
}

/** Inserts a live link; unique violations (already linked) propagate. */
export async function insertAccountLink(
  db: Database,
  input: {
    userId: number;
    serviceType: string;
    serviceAccountId: number;
    direction: "FORWARD" | "REVERSE";
    at: Date;
  },
): Promise<AccountLinkRow> {
  const [row] = await db
    .insert(schema.accountLinks)
    .values({
      userId: input.userId,
      serviceType: input.serviceType,
      serviceAccountId: input.serviceAccountId,
      direction: input.direction,
      linkedAt: input.at,
    })
    .returning();
  return row!;
}

/** Live links of a LECTURE account with the other account's email, by service. */
export async function liveLinksOf(db: Database, userId: number) {
  const l = schema.accountLinks;
  const a = schema.familyServiceAccounts;
  return db
    .select({
      id: l.id,
      serviceType: l.serviceType,
      serviceAccountId: l.serviceAccountId,
      email: a.email,
      direction: l.direction,
      linkedAt: l.linkedAt,
    })
    .from(l)
    .innerJoin(a, eq(a.id, l.serviceAccountId))
    .where(and(eq(l.userId, userId), isNull(l.unlinkedAt)))
    .orderBy(asc(l.serviceType));
}

/** The live link of another service's account, if any. */
export async function liveLinkOfServiceAccount(
  db: Database,
  serviceType: string,
  serviceAccountId: number,
): Promise<AccountLinkRow | undefined> {
  const l = schema.accountLinks;
  const [row] = await db
    .select()
    .from(l)
    .where(
      and(
        eq(l.serviceType, serviceType),
        eq(l.serviceAccountId, serviceAccountId),
        isNull(l.unlinkedAt),
      ),
    )
    .limit(1);
  return row;
}

/** Ends the live link of a user with a service; the ended row, or undefined when none. */
export async function endAccountLink(
  db: Database,
  userId: number,
  serviceType: string,
  at: Date,
): Promise<AccountLinkRow | undefined> {
  const l = schema.accountLinks;
  const [row] = await db
    .update(l)
    .set({ unlinkedAt: at })
    .where(and(eq(l.userId, userId), eq(l.serviceType, serviceType), isNull(l.unlinkedAt)))
    .returning();
  return row;
}

// ---- family-services terms --------------------------------------------------------------------

/** Records agreed terms (term id + version + time); an agreement already on record is kept. */
export async function insertFamilyAgreements(
  db: Database,
  userId: number,
  terms: readonly { service: string; termId: string; termVersion: string }[],
  at: Date,
): Promise<void> {
  if (terms.length === 0) return;
  await db
    .insert(schema.familyServiceAgreements)
    .values(terms.map((t) => ({ userId, ...t, agreedAt: at })))
    .onConflictDoNothing();
}

/** Every family-services agreement of a user (service, term, version, time). */
export async function familyAgreementsOf(db: Database, userId: number) {
  const f = schema.familyServiceAgreements;
  return db
    .select({
      service: f.service,
      termId: f.termId,
      termVersion: f.termVersion,
      agreedAt: f.agreedAt,
    })
    .from(f)
    .where(eq(f.userId, userId))
    .orderBy(asc(f.service), asc(f.termId), asc(f.agreedAt));
}
