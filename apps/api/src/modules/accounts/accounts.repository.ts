/**
 * Accounts data access: users, parent-child links and term agreements. Only this file (and the
 * other accounts repositories) touch the ORM for the accounts area.
 */
import { alias, and, asc, eq, inArray, isNotNull, schema, sql, type Database } from "@seoltab/db";
import { ACCOUNT_STATUS_TRANSITIONS, assertTransition, type AccountStatus } from "@seoltab/domain";

export type UserRow = typeof schema.users.$inferSelect;
export type NewUser = typeof schema.users.$inferInsert;

import { isUniqueViolation, withTransaction } from "../../platform/transactions.ts";

export { isUniqueViolation, withTransaction };

/** The user whose email matches case-insensitively, if any. */
export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const u = schema.users;
  const [row] = await db
    .select()
    .from(u)
    .where(sql`lower(${u.email}) = lower(${email})`)
    .limit(1);
  return row;
}

/** Accounts whose phone was verified and is `phone` (digits), oldest first. */
export async function findUsersByPhone(db: Database, phone: string): Promise<UserRow[]> {
  const u = schema.users;
  return db
    .select()
    .from(u)
    .where(and(eq(u.phone, phone), isNotNull(u.phoneVerifiedAt)))
    .orderBy(asc(u.id))
    .limit(20);
}

/** The user whose id (USER_NO) is `id`, if any. */
export async function findUserById(db: Database, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(schema.users).where(eq(schema.users.id, id)).limit(1);
  return row;
}

/** True when some account uses this nickname (case-insensitive). */
export async function nicknameExists(db: Database, nickname: string): Promise<boolean> {
  const u = schema.users;
  const rows = await db
    .select({ id: u.id })
    .from(u)
    .where(sql`lower(${u.nickname}) = lower(${nickname})`)
    .limit(1);
  return rows.length > 0;
}

/** Inserts a user; returns the new id (USER_NO). Unique violations propagate (see isUniqueViolation). */
export async function insertUser(db: Database, user: NewUser): Promise<UserRow> {
  const [row] = await db.insert(schema.users).values(user).returning();
  return row!;
}

/** Records the agreed terms of a user (duplicates ignored). */
export async function insertTermAgreements(
  db: Database,
  userId: number,
  terms: readonly { service: string; termId: string }[],
  agreedAt: Date,
): Promise<void> {
  if (terms.length === 0) return;
  await db
    .insert(schema.userTermAgreements)
    .values(terms.map((t) => ({ userId, service: t.service, termId: t.termId, agreedAt })))
    .onConflictDoNothing();
}

/** Term agreements of a user, ordered by service then term id. */
export async function findTermAgreements(db: Database, userId: number) {
  const t = schema.userTermAgreements;
  return db
    .select({ service: t.service, termId: t.termId, agreedAt: t.agreedAt })
    .from(t)
    .where(eq(t.userId, userId))
    .orderBy(asc(t.service), asc(t.termId));
}

/** Children linked to a parent account: id and name, by id. */
export async function findChildren(
  db: Database,
  parentUserId: number,
): Promise<{ id: number; name: string }[]> {
  const u = schema.users;
  const pc = schema.parentChildren;
  return db
    .select({ id: u.id, name: u.name })
    .from(pc)
    .innerJoin(u, eq(u.id, pc.childUserId))
    .where(eq(pc.parentUserId, parentUserId))
    .orderBy(asc(u.id));
}

/** Parents linked to a child account: id, name and phone, by id (messages' recipients). */
export async function findParents(
  db: Database,
  childUserId: number,
): Promise<{ id: number; name: string; phone: string | null }[]> {
  const u = schema.users;
  const pc = schema.parentChildren;
  return db
    .select({ id: u.id, name: u.name, phone: u.phone })
    .from(pc)
    .innerJoin(u, eq(u.id, pc.parentUserId))
    .where(eq(pc.childUserId, childUserId))
    .orderBy(asc(u.id));
}

/**
 * A student's contact facts and their linked parents (`findUserById` + `findParents`) in one
 * statement (issue 19 performance: the messages written in a payment's transaction ask for them
 * twice). Parents ordered by id; null when there is no such user.
 */
export async function findUserWithParents(
  db: Database,
  userId: number,
): Promise<{
  user: Pick<UserRow, "id" | "phone" | "birthDate">;
  parents: { id: number; name: string; phone: string | null }[];
} | null> {
  const u = schema.users;
  const pc = schema.parentChildren;
  const parent = alias(schema.users, "parent");
  const rows = await db
    .select({
      id: u.id,
      phone: u.phone,
      birthDate: u.birthDate,
      parentId: parent.id,
      parentName: parent.name,
      parentPhone: parent.phone,
    })
    .from(u)
    .leftJoin(pc, eq(pc.childUserId, u.id))
    .leftJoin(parent, eq(parent.id, pc.parentUserId))
    .where(eq(u.id, userId))
    .orderBy(asc(parent.id));
  const first = rows[0];
  if (!first) return null;
  return {
    user: { id: first.id, phone: first.phone, birthDate: first.birthDate },
    parents: rows.flatMap((r) =>
      r.parentId === null ? [] : [{ id: r.parentId, name: r.parentName!, phone: r.parentPhone }],
    ),
  };
}

/** True when `childUserId` is linked to `parentUserId`. */
export async function isParentOf(
  db: Database,
  parentUserId: number,
  childUserId: number,
): Promise<boolean> {
  const pc = schema.parentChildren;
  const rows = await db
    .select({ p: pc.parentUserId })
    .from(pc)
    .where(and(eq(pc.parentUserId, parentUserId), eq(pc.childUserId, childUserId)))
    .limit(1);
  return rows.length > 0;
}

/** Links each (parent, child) pair; existing links are kept as they are. */
export async function linkParentsAndChildren(
  db: Database,
  pairs: readonly { parentUserId: number; childUserId: number }[],
): Promise<void> {
  if (pairs.length === 0) return;
  await db
    .insert(schema.parentChildren)
    .values([...pairs])
    .onConflictDoNothing();
}

/** Ids of PARENT accounts whose phone is `phone` and was verified. */
export async function findParentIdsByVerifiedPhone(db: Database, phone: string): Promise<number[]> {
  const u = schema.users;
  const rows = await db
    .select({ id: u.id })
    .from(u)
    .where(and(eq(u.phone, phone), eq(u.userType, "PARENT"), isNotNull(u.phoneVerifiedAt)));
  return rows.map((r) => r.id);
}

/** Student accounts that gave `phone` as their parent's phone, by id. */
export async function findStudentsByParentPhone(db: Database, phone: string): Promise<UserRow[]> {
  const u = schema.users;
  return db
    .select()
    .from(u)
    .where(and(eq(u.parentPhone, phone), eq(u.userType, "STUDENT")))
    .orderBy(asc(u.id));
}

/**
 * Moves an account's status from `change.from` to `change.to` with `set`, when it is still in
 * `from` (conditional update: of two writers one wins); the row, or undefined. Asks
 * ACCOUNT_STATUS_TRANSITIONS first (issue #10): a move it refuses (e.g. ACTIVE →
 * PENDING_PARENT_CONSENT) throws TransitionNotAllowedError and nothing is written.
 */
export async function moveAccountStatus(
  db: Database,
  userId: number,
  change: { from: AccountStatus; to: AccountStatus },
  set: Omit<Partial<typeof schema.users.$inferInsert>, "id" | "status">,
): Promise<UserRow | undefined> {
  assertTransition(ACCOUNT_STATUS_TRANSITIONS, "account", change.from, change.to);
  const u = schema.users;
  const [row] = await db
    .update(u)
    .set({ ...set, status: change.to })
    .where(and(eq(u.id, userId), eq(u.status, change.from)))
    .returning();
  return row;
}

/**
 * Activates an account waiting for parent consent. Returns the updated row, or undefined when
 * the account is not (or no longer) PENDING_PARENT_CONSENT.
 */
export async function markParentConsented(
  db: Database,
  userId: number,
  parentName: string,
  at: Date,
): Promise<UserRow | undefined> {
  return moveAccountStatus(
    db,
    userId,
    { from: "PENDING_PARENT_CONSENT", to: "ACTIVE" },
    { parentConsentedAt: at, parentConsentName: parentName, updatedAt: at },
  );
}

/** Replaces a user's password hash. */
export async function updatePasswordHash(
  db: Database,
  userId: number,
  passwordHash: string,
  at: Date,
): Promise<void> {
  const u = schema.users;
  await db
    .update(u)
    .set({ passwordHash, passwordChangedAt: at, updatedAt: at })
    .where(eq(u.id, userId));
}

/** Users by id (for tests and admin views); unknown ids are skipped. */
export async function findUsersByIds(db: Database, ids: readonly number[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(schema.users)
    .where(inArray(schema.users.id, [...ids]));
}
