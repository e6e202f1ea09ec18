/**
 * "View as this family" (issue #20; SPEC.md §3 "admin token, user number and temporary
 * credentials store"; docs/api/view-as.md; decision 035): a staff member opens a temporary,
 * read-only view of one family's account. The session is an opaque token (only its SHA-256 is
 * kept) that the browser sends as `x-view-as-token` on every call while the view is open; the
 * server refuses any write carrying it (view-as.guard.ts). Starting and ending write one SECURITY
 * audit entry each (`view_as_start`, `view_as_end`); a session found expired is ended then, with
 * its entry.
 */
import { isStaffUserType } from "@seoltab/domain";
import { and, eq, isNull, schema, type Database } from "@seoltab/db";
import type { Clock } from "../../clock.ts";
import { AppError } from "../../errors.ts";
import { insertAuditLog } from "../../platform/audit.ts";
import { initiatorOf, requireStaff } from "../../platform/auth.ts";
import { withTransaction } from "../../platform/transactions.ts";
import {
  findChildren,
  findParents,
  findUserById,
  newOpaqueToken,
  sha256Hex,
  type AuthUser,
} from "../accounts/accounts.public.ts";

/** How long a view lasts: 30 minutes. */
export const VIEW_AS_TTL_MS = 30 * 60 * 1000;

/** Header the browser sends the session token in while a view is open. */
export const VIEW_AS_HEADER = "x-view-as-token";

export const VIEW_AS_MESSAGES = {
  staffOnly: "직원만 가족 화면 보기를 시작할 수 있어요.",
  familyOnly: "학생 또는 학부모 계정만 볼 수 있어요.",
  userNotFound: "회원을 찾을 수 없어요.",
  expired: "가족 화면 보기가 끝났어요. 다시 시작해 주세요.",
  notYours: "내가 시작한 가족 화면 보기가 아니에요.",
  readOnly: "가족 화면 보기 중에는 아무것도 바꿀 수 없어요 (읽기 전용).",
} as const;

export interface ViewAsDeps {
  db: Database;
  clock: Clock;
}

export interface ViewAsSession {
  sessionId: number;
  familyUserNo: number;
  familyUserType: string;
  familyName: string;
  startedAt: Date;
  expiresAt: Date;
}

type Row = typeof schema.viewAsSessions.$inferSelect;

async function endRow(
  db: Database,
  row: Row,
  reason: "ENDED" | "EXPIRED",
  actor: AuthUser | null,
  now: Date,
  requestId: string | null,
): Promise<boolean> {
  const s = schema.viewAsSessions;
  const ended = await db
    .update(s)
    .set({ endedAt: now, endReason: reason })
    .where(and(eq(s.id, row.id), isNull(s.endedAt)))
    .returning({ id: s.id });
  if (ended.length === 0) return false; // someone else ended it first: one entry only
  await insertAuditLog(db, {
    kind: "SECURITY",
    initiator: actor ? initiatorOf(actor) : "AUTO",
    actorUserId: actor?.userNo ?? row.staffUserId,
    action: "view_as_end",
    target: `user:${row.familyUserId}`,
    detail: { sessionId: row.id, reason, staffUserId: row.staffUserId },
    requestId,
  });
  return true;
}

/**
 * Starts a view of `familyUserNo` (a STUDENT or PARENT) for the staff member `caller`; an open
 * view of theirs ends first. Returns the session and its token (shown once).
 * @throws AppError forbidden `view_as_staff_only`; not_found `user_not_found`;
 *   validation `view_as_family_only`
 */
export async function startViewAs(
  deps: ViewAsDeps,
  caller: AuthUser,
  familyUserNo: number,
  requestId: string | null,
): Promise<{ session: ViewAsSession; token: string }> {
  requireStaff(caller, { code: "view_as_staff_only", message: VIEW_AS_MESSAGES.staffOnly });
  const family = await findUserById(deps.db, familyUserNo);
  if (!family) throw new AppError("not_found", "user_not_found", VIEW_AS_MESSAGES.userNotFound);
  if (family.userType !== "STUDENT" && family.userType !== "PARENT") {
    throw new AppError("validation", "view_as_family_only", VIEW_AS_MESSAGES.familyOnly);
  }
  const now = deps.clock.now();
  const token = newOpaqueToken();
  const s = schema.viewAsSessions;
  const inserted = await withTransaction(deps.db, async (tx) => {
    const open = await tx
      .select()
      .from(s)
      .where(and(eq(s.staffUserId, caller.userNo), isNull(s.endedAt)))
      .for("update");
    for (const row of open) await endRow(tx, row, "ENDED", caller, now, requestId);
    const [row] = await tx
      .insert(s)
      .values({
        staffUserId: caller.userNo,
        familyUserId: family.id,
        tokenHash: sha256Hex(token),
        startedAt: now,
        expiresAt: new Date(now.getTime() + VIEW_AS_TTL_MS),
      })
      .returning();
    await insertAuditLog(tx, {
      kind: "SECURITY",
      initiator: initiatorOf(caller),
      actorUserId: caller.userNo,
      action: "view_as_start",
      target: `user:${family.id}`,
      detail: { sessionId: row!.id, expiresAt: row!.expiresAt.toISOString() },
      requestId,
    });
    return row!;
  });
  return {
    token,
    session: {
      sessionId: inserted.id,
      familyUserNo: family.id,
      familyUserType: family.userType,
      familyName: family.name,
      startedAt: inserted.startedAt,
      expiresAt: inserted.expiresAt,
    },
  };
}

/**
 * The open session of `token` for `caller`. An expired one is ended (EXPIRED, with its audit
 * entry) and refused.
 * @throws AppError unauthorized `view_as_expired` (unknown, ended or expired);
 *   forbidden `view_as_not_yours` (another staff member's session)
 */
export async function openSession(
  deps: ViewAsDeps,
  caller: AuthUser,
  token: string,
  requestId: string | null,
): Promise<Row> {
  const s = schema.viewAsSessions;
  const [row] = await deps.db
    .select()
    .from(s)
    .where(eq(s.tokenHash, sha256Hex(token)));
  if (!row || row.endedAt) {
    throw new AppError("unauthorized", "view_as_expired", VIEW_AS_MESSAGES.expired);
  }
  if (row.staffUserId !== caller.userNo || !isStaffUserType(caller.userType)) {
    throw new AppError("forbidden", "view_as_not_yours", VIEW_AS_MESSAGES.notYours);
  }
  const now = deps.clock.now();
  if (row.expiresAt <= now) {
    await endRow(deps.db, row, "EXPIRED", null, now, requestId);
    throw new AppError("unauthorized", "view_as_expired", VIEW_AS_MESSAGES.expired);
  }
  return row;
}

/**
 * Ends the caller's session of `token` (idempotent: an already ended one answers ended=false).
 * @throws AppError forbidden `view_as_not_yours`
 */
export async function endViewAs(
  deps: ViewAsDeps,
  caller: AuthUser,
  token: string,
  requestId: string | null,
): Promise<{ ended: boolean }> {
  const s = schema.viewAsSessions;
  const [row] = await deps.db
    .select()
    .from(s)
    .where(eq(s.tokenHash, sha256Hex(token)));
  if (!row || row.endedAt) return { ended: false };
  if (row.staffUserId !== caller.userNo) {
    throw new AppError("forbidden", "view_as_not_yours", VIEW_AS_MESSAGES.notYours);
  }
  const now = deps.clock.now();
  const reason = row.expiresAt <= now ? "EXPIRED" : "ENDED";
  return { ended: await endRow(deps.db, row, reason, caller, now, requestId) };
}

/** What the view shows: the family member, their children or parents. Read-only. */
export interface FamilyView {
  session: ViewAsSession;
  children: { userNo: number; name: string }[];
  parents: { userNo: number; name: string }[];
}

/**
 * The family of an open session (see openSession for refusals).
 */
export async function viewFamily(
  deps: ViewAsDeps,
  caller: AuthUser,
  token: string,
  requestId: string | null,
): Promise<FamilyView> {
  const row = await openSession(deps, caller, token, requestId);
  const family = await findUserById(deps.db, row.familyUserId);
  if (!family) throw new AppError("not_found", "user_not_found", VIEW_AS_MESSAGES.userNotFound);
  const [children, parents] = await Promise.all([
    family.userType === "PARENT" ? findChildren(deps.db, family.id) : Promise.resolve([]),
    family.userType === "STUDENT" ? findParents(deps.db, family.id) : Promise.resolve([]),
  ]);
  return {
    session: {
      sessionId: row.id,
      familyUserNo: family.id,
      familyUserType: family.userType,
      familyName: family.name,
      startedAt: row.startedAt,
      expiresAt: row.expiresAt,
    },
    children: children.map((c) => ({ userNo: c.id, name: c.name })),
    parents: parents.map((p) => ({ userNo: p.id, name: p.name })),
  };
}
