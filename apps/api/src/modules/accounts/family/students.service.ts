/**
 * Student accounts a parent manages (issue 15; SPEC.md §2 /CreateStudentAccount,
 * /ViewStudentAccount, /UpdateStudentAccount; docs/api/family-accounts.md "Student accounts").
 *
 * - A parent creates a child (email and password optional: without them the parent signs in for
 *   the child, acting for them); a child under 14 (만 나이, Asia/Seoul) only with the parent's
 *   phone verified in the same step as consent (PIPA §22-2).
 * - A parent links an existing student only when the student confirms (a code to the student's
 *   verified phone; under 14 to the phone of the parent who consented), never by phone guessing.
 * - A parent updates, resets the password of, and unlinks (nothing owed, no lecture running)
 *   only their own children.
 * Every refusal is a SECURITY audit entry; nothing is written on a refusal.
 */
import { randomBytes, randomUUID } from "node:crypto";
import {
  PASSWORD_PROBLEM_MESSAGES,
  isUnderFourteen,
  maskMobile,
  passwordProblems,
} from "@seoltab/domain";
import {
  GENERATED_CHILD_EMAIL_DOMAIN,
  GRADES_OF_LEVEL,
  UNLINK_BLOCKER_MESSAGES,
  isGeneratedChildEmail,
  schoolLevelOf,
  unlinkBlockers,
  type SchoolLevel,
} from "@seoltab/domain/family-accounts";
import { ACCOUNT_MESSAGES, AppError, MESSAGES } from "../../../errors.ts";
import { insertAuditLog, recordSecurityEvent, type AuditActor } from "../../../platform/audit.ts";
import type { AuthUser } from "../access-tokens.ts";
import type { AccountsDeps, RequestContext } from "../accounts.deps.ts";
import {
  findChildren,
  findUserByEmail,
  findUserById,
  insertUser,
  isParentOf,
  isUniqueViolation,
  withTransaction,
  type UserRow,
} from "../accounts.repository.ts";
import type { UserInfoSources } from "../accounts.routes.ts";
import { revokeAllForUser } from "../refresh-tokens.repository.ts";
import { consumeVerification, sendCode, verifyCode } from "../verification.service.ts";
import { FAMILY_MESSAGES } from "./family.messages.ts";
import {
  decideLinkRequest,
  deleteParentChild,
  findLinkRequest,
  insertLinkRequest,
  insertParentChild,
  lockUser,
  parentIdsOf,
  pendingRequestsForChild,
  pendingRequestsOfParent,
  updateUserProfile,
} from "./family.repository.ts";

type Sources = Pick<UserInfoSources, "lectureInfo" | "cardInfo">;

/** Writes a SECURITY entry for a refused family action, then returns the error to throw. */
async function refused(
  deps: AccountsDeps,
  ctx: RequestContext,
  actor: AuthUser | null,
  action: string,
  error: AppError,
  target?: string,
): Promise<AppError> {
  await securityEvent(deps, ctx, actor, `${action}_refused`, target ?? null, {
    reason: error.code,
  });
  return error;
}

/**
 * The family area's SECURITY entry (platform `recordSecurityEvent`): actor, action, target,
 * `detail` plus the client address as `ip`; no `role` (these entries never carried one).
 */
async function securityEvent(
  deps: AccountsDeps,
  ctx: RequestContext,
  actor: AuditActor | null,
  action: string,
  target: string | null,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await recordSecurityEvent(deps.db, {
    actor,
    action,
    record: target,
    detail,
    ip: ctx.ip,
    requestId: ctx.requestId,
    withRole: false,
  });
}

/**
 * The refusals of one action by one caller: `refuse(error, target?)` writes the SECURITY entry
 * `<action>_refused` and returns `error` to throw.
 */
function refuserOf(
  deps: AccountsDeps,
  ctx: RequestContext,
  caller: AuthUser,
  action: string,
): (error: AppError, target?: string) => Promise<AppError> {
  return (error, target) => refused(deps, ctx, caller, action, error, target);
}

const invalid = (code: string, field: string, message: string) =>
  new AppError("validation", code, message, [{ field, message }]);
const childNotFound = () =>
  new AppError("not_found", "child_not_found", FAMILY_MESSAGES.childNotFound);
const emailTaken = () =>
  new AppError("conflict", "email_taken", ACCOUNT_MESSAGES.emailTaken, [
    { field: "EMAIL_ID", message: ACCOUNT_MESSAGES.emailTaken },
  ]);
const requestNotFound = () =>
  new AppError("not_found", "request_not_found", FAMILY_MESSAGES.requestNotFound);

/** The signed-in caller must be a PARENT; returns their account. */
async function parentOf(
  deps: AccountsDeps,
  caller: AuthUser,
  action: string,
  ctx: RequestContext,
): Promise<UserRow> {
  const user = caller.userType === "PARENT" ? await findUserById(deps.db, caller.userNo) : null;
  if (!user || user.userType !== "PARENT") {
    const parentOnly = new AppError("validation", "parent_only", FAMILY_MESSAGES.parentsOnly);
    throw await refused(deps, ctx, caller, action, parentOnly);
  }
  return user;
}

/** The caller's child `childUserNo` (404 for anyone else's, so ids are not probed). */
async function ownChild(
  deps: AccountsDeps,
  caller: AuthUser,
  childUserNo: number,
  action: string,
  ctx: RequestContext,
): Promise<UserRow> {
  await parentOf(deps, caller, action, ctx);
  const child = (await isParentOf(deps.db, caller.userNo, childUserNo))
    ? await findUserById(deps.db, childUserNo)
    : undefined;
  if (!child)
    throw await refused(deps, ctx, caller, action, childNotFound(), `user:${childUserNo}`);
  return child;
}

function checkPassword(password: string, email?: string) {
  const problems = passwordProblems(password, email);
  if (problems.length > 0) {
    throw new AppError(
      "validation",
      "validation_failed",
      MESSAGES.validation,
      problems.map((p) => ({ field: "PASSWORD", message: PASSWORD_PROBLEM_MESSAGES[p] })),
    );
  }
}

function checkGrade(level: SchoolLevel, grade: string | undefined): string | null {
  if (grade === undefined) return null;
  if (!GRADES_OF_LEVEL[level].includes(grade)) {
    throw invalid("grade_level_mismatch", "GRADE", FAMILY_MESSAGES.gradeLevelMismatch);
  }
  return grade;
}

// ---- CreateStudentAccount --------------------------------------------------------------------

/** A validated /main/family/create_student request. */
export interface CreateStudentInput {
  realname: string;
  schoolLevel: SchoolLevel;
  grade?: string | undefined;
  gender: "MAN" | "WOMAN";
  /** YYYY-MM-DD (a real date). */
  birthDate: string;
  email?: string | undefined;
  password?: string | undefined;
  /** PARENT_CONSENT verification token of the parent's own phone; required under 14. */
  consentVerificationToken?: string | undefined;
}

/**
 * Creates a student account managed by the signed-in parent (POST /main/family/create_student).
 * Under 14: the consent token must prove the parent account's verified phone; the child is
 * ACTIVE with the consent recorded (time, parent name, parent phone) in the same transaction.
 * Without email and password the child gets a generated sign-in id nobody sees and an unknown
 * password: the parent signs in for them (SIGN_IN "PARENT").
 * @throws AppError validation `parent_only` | `validation_failed` | `email_password_together` |
 *   `grade_level_mismatch` | `consent_required` | `verification_invalid` |
 *   `consent_phone_mismatch` | `parent_phone_missing`; conflict `email_taken`
 */
export async function createStudent(
  deps: AccountsDeps,
  caller: AuthUser,
  input: CreateStudentInput,
  ctx: RequestContext,
): Promise<{ userNo: number; status: "ACTIVE"; signIn: "EMAIL" | "PARENT" }> {
  const action = "family_create_student";
  const now = deps.clock.now();
  const parent = await parentOf(deps, caller, action, ctx);
  const fail = refuserOf(deps, ctx, caller, action);
  if ((input.email === undefined) !== (input.password === undefined)) {
    throw await fail(
      invalid("email_password_together", "EMAIL_ID", FAMILY_MESSAGES.emailPasswordTogether),
    );
  }
  if (input.password !== undefined) checkPassword(input.password, input.email);
  const grade = checkGrade(input.schoolLevel, input.grade);
  let underFourteen: boolean;
  try {
    underFourteen = isUnderFourteen(input.birthDate, now);
  } catch {
    throw invalid("validation_failed", "BIRTH_DATE", ACCOUNT_MESSAGES.birthDateInvalid);
  }
  if (underFourteen && input.schoolLevel === "HIGH") {
    throw invalid("grade_level_mismatch", "SCHOOL_LEVEL", FAMILY_MESSAGES.underFourteenHigh);
  }
  if (underFourteen && !input.consentVerificationToken) {
    throw await fail(
      invalid("consent_required", "CONSENT_VERIFICATION_TOKEN", FAMILY_MESSAGES.consentRequired),
    );
  }
  if (underFourteen && (!parent.phone || !parent.phoneVerifiedAt)) {
    throw await fail(
      new AppError("validation", "parent_phone_missing", FAMILY_MESSAGES.parentPhoneMissing),
    );
  }
  if (input.email && (await findUserByEmail(deps.db, input.email))) {
    throw emailTaken();
  }
  const email = input.email ?? `child-${randomUUID()}@${GENERATED_CHILD_EMAIL_DOMAIN}`;
  const passwordHash = await deps.hasher.hash(
    input.password ?? randomBytes(32).toString("base64url"),
  );

  let child: UserRow;
  try {
    child = await withTransaction(deps.db, async (tx) => {
      if (underFourteen) {
        const phone = await consumeVerification(
          tx,
          now,
          input.consentVerificationToken!,
          "PARENT_CONSENT",
        );
        if (phone !== parent.phone) {
          throw invalid(
            "consent_phone_mismatch",
            "CONSENT_VERIFICATION_TOKEN",
            FAMILY_MESSAGES.consentPhoneMismatch,
          );
        }
      }
      let created: UserRow;
      try {
        created = await insertUser(tx, {
          email,
          passwordHash,
          userType: "STUDENT",
          name: input.realname,
          status: "ACTIVE",
          birthDate: input.birthDate,
          gender: input.gender,
          grade,
          parentPhone: parent.phone,
          parentConsentedAt: underFourteen ? now : null,
          parentConsentName: underFourteen ? parent.name : null,
          passwordChangedAt: now,
          createdAt: now,
          updatedAt: now,
        });
      } catch (err) {
        if (isUniqueViolation(err, "users_email_lower_key")) {
          throw emailTaken();
        }
        throw err;
      }
      await insertParentChild(tx, parent.id, created.id, now);
      return created;
    });
  } catch (err) {
    if (err instanceof AppError) throw await fail(err);
    throw err;
  }
  await securityEvent(deps, ctx, caller, action, `user:${child.id}`, {
    underFourteen,
    parentConsent: underFourteen,
    signIn: input.email ? "EMAIL" : "PARENT",
  });
  return { userNo: child.id, status: "ACTIVE", signIn: input.email ? "EMAIL" : "PARENT" };
}

// ---- ViewStudentAccount ----------------------------------------------------------------------

/** One child as /ViewStudentAccount shows it. */
export interface ChildView {
  user: UserRow;
  /** null for a child the parent signs in for (generated sign-in id). */
  email: string | null;
  lectures: Awaited<ReturnType<Sources["lectureInfo"]>>;
  card: Awaited<ReturnType<Sources["cardInfo"]>>;
  unlinkBlockers: string[];
}

/**
 * The signed-in parent's children (POST /main/family/students), each with lectures (state, next
 * lesson), the billing card in use and what blocks unlinking, plus the parent's pending link
 * requests. Payments and contracts come from their own calls (Payments / UserContract queries
 * with the child's userId).
 */
export async function listChildren(
  deps: AccountsDeps,
  caller: AuthUser,
  sources: Sources,
  ctx: RequestContext,
) {
  const parent = await parentOf(deps, caller, "family_view_students", ctx);
  const now = deps.clock.now();
  const children = await findChildren(deps.db, parent.id);
  const views: ChildView[] = [];
  for (const c of children) {
    const user = (await findUserById(deps.db, c.id))!;
    const lectures = await sources.lectureInfo(user.id, now);
    views.push({
      user,
      email: isGeneratedChildEmail(user.email) ? null : user.email,
      lectures,
      card: await sources.cardInfo(user.id),
      unlinkBlockers: unlinkBlockers(lectures.map((l) => l.STATE)),
    });
  }
  const pending = await pendingRequestsOfParent(deps.db, parent.id);
  return { children: views, pending };
}

// ---- UpdateStudentAccount --------------------------------------------------------------------

/** A validated /main/family/update_student request; absent fields stay as they are. */
export interface UpdateStudentInput {
  childUserNo: number;
  realname?: string | undefined;
  schoolLevel?: SchoolLevel | undefined;
  grade?: string | undefined;
  gender?: "MAN" | "WOMAN" | undefined;
}

/**
 * Changes a child's profile (POST /main/family/update_student): name, school level and grade,
 * gender. The grade must belong to the (new or current) school level.
 * @throws AppError not_found `child_not_found`; validation `grade_level_mismatch` |
 *   `nothing_to_update`
 */
export async function updateStudent(
  deps: AccountsDeps,
  caller: AuthUser,
  input: UpdateStudentInput,
  ctx: RequestContext,
): Promise<UserRow> {
  const child = await ownChild(deps, caller, input.childUserNo, "family_update_student", ctx);
  const now = deps.clock.now();
  const set: Partial<UserRow> = {};
  if (input.realname !== undefined) set.name = input.realname;
  if (input.gender !== undefined) set.gender = input.gender;
  if (input.schoolLevel !== undefined || input.grade !== undefined) {
    const level = input.schoolLevel ?? schoolLevelOf(child.grade) ?? "MIDDLE";
    const grade = input.grade ?? child.grade ?? undefined;
    set.grade = grade && GRADES_OF_LEVEL[level].includes(grade) ? grade : checkGrade(level, grade);
  }
  if (Object.keys(set).length === 0) {
    throw new AppError("validation", "nothing_to_update", FAMILY_MESSAGES.nothingToUpdate);
  }
  const updated = await updateUserProfile(deps.db, child.id, { ...set, updatedAt: now });
  await insertAuditLog(deps.db, {
    kind: "EXECUTION",
    initiator: "USER",
    actorUserId: caller.userNo,
    action: "family_update_student",
    target: `user:${child.id}`,
    detail: { fields: Object.keys(set), ip: ctx.ip },
    requestId: ctx.requestId,
  });
  return updated;
}

/**
 * Sets a child's password (POST /main/family/reset_student_password). A child the parent signed
 * in for may get an email here too (EMAIL_ID), so they can sign in by themselves from then on.
 * Every session of the child ends (their refresh tokens are revoked).
 * @throws AppError not_found `child_not_found`; validation `validation_failed` |
 *   `email_only_for_parent_managed`; conflict `email_taken`
 */
export async function resetStudentPassword(
  deps: AccountsDeps,
  caller: AuthUser,
  input: { childUserNo: number; newPassword: string; email?: string | undefined },
  ctx: RequestContext,
): Promise<{ email: string | null }> {
  const action = "family_reset_student_password";
  const refuse = refuserOf(deps, ctx, caller, action);
  const child = await ownChild(deps, caller, input.childUserNo, action, ctx);
  const generated = isGeneratedChildEmail(child.email);
  if (input.email !== undefined && !generated) {
    throw await refuse(
      invalid(
        "email_only_for_parent_managed",
        "EMAIL_ID",
        FAMILY_MESSAGES.emailOnlyForParentManaged,
      ),
      `user:${child.id}`,
    );
  }
  const email = input.email ?? child.email;
  checkPassword(input.newPassword, email);
  const now = deps.clock.now();
  const passwordHash = await deps.hasher.hash(input.newPassword);
  try {
    await withTransaction(deps.db, async (tx) => {
      await updateUserProfile(tx, child.id, {
        passwordHash,
        passwordChangedAt: now,
        updatedAt: now,
        ...(input.email !== undefined ? { email: input.email } : {}),
      });
      await revokeAllForUser(tx, child.id, now);
    });
  } catch (err) {
    if (isUniqueViolation(err, "users_email_lower_key")) {
      throw new AppError("conflict", "email_taken", ACCOUNT_MESSAGES.emailTaken, [
        { field: "EMAIL_ID", message: ACCOUNT_MESSAGES.emailTaken },
      ]);
    }
    throw err;
  }
  await securityEvent(deps, ctx, caller, action, `user:${child.id}`, {
    emailSet: input.email !== undefined,
  });
  return { email: isGeneratedChildEmail(email) ? null : email };
}

/**
 * Ends the parent's link to a child (POST /main/family/unlink_student): only when nothing is
 * owed and no lecture is running (LECTURE_INFO states), and only for a child who can sign in
 * alone. The child's own account, payments and contracts stay as they are.
 * @throws AppError not_found `child_not_found`; conflict `unlink_blocked` (RESPONSE.BLOCKERS) |
 *   `unlink_needs_sign_in`
 */
export async function unlinkStudent(
  deps: AccountsDeps,
  caller: AuthUser,
  childUserNo: number,
  sources: Sources,
  ctx: RequestContext,
): Promise<void> {
  const action = "family_unlink_student";
  const refuse = refuserOf(deps, ctx, caller, action);
  const child = await ownChild(deps, caller, childUserNo, action, ctx);
  const now = deps.clock.now();
  const blockers = unlinkBlockers((await sources.lectureInfo(child.id, now)).map((l) => l.STATE));
  if (blockers.length > 0) {
    throw await refuse(
      new AppError(
        "conflict",
        "unlink_blocked",
        FAMILY_MESSAGES.unlinkBlocked(blockers.map((b) => UNLINK_BLOCKER_MESSAGES[b]).join(" ")),
        [],
        { response: { BLOCKERS: blockers } },
      ),
      `user:${child.id}`,
    );
  }
  if (isGeneratedChildEmail(child.email)) {
    throw await refuse(
      new AppError("conflict", "unlink_needs_sign_in", FAMILY_MESSAGES.unlinkNeedsSignIn),
      `user:${child.id}`,
    );
  }
  const removed = await deleteParentChild(deps.db, caller.userNo, child.id);
  if (!removed) throw childNotFound();
  await securityEvent(deps, ctx, caller, action, `user:${child.id}`);
}

// ---- linking an existing student by their confirmation ----------------------------------------

/**
 * A parent asks to manage an existing student (POST /main/family/link_request): a code goes to
 * the student's verified phone (under 14: to the phone of the parent who consented for them);
 * the student tells the parent, who confirms with it (link_confirm). A new request replaces the
 * parent's pending one for that student.
 * @throws AppError validation `parent_only` | `no_phone_to_confirm`; not_found
 *   `student_not_found`; conflict `already_linked_child`; rate_limited `too_many_sends`
 */
export async function requestChildLink(
  deps: AccountsDeps,
  caller: AuthUser,
  studentEmail: string,
  ctx: RequestContext,
): Promise<{ requestId: string; sentTo: string; expiresInSec: number }> {
  const action = "family_link_request";
  const refuse = refuserOf(deps, ctx, caller, action);
  const parent = await parentOf(deps, caller, action, ctx);
  const now = deps.clock.now();
  const student = await findUserByEmail(deps.db, studentEmail);
  if (!student || student.userType !== "STUDENT" || isGeneratedChildEmail(student.email)) {
    throw await refuse(
      new AppError("not_found", "student_not_found", FAMILY_MESSAGES.studentNotFound),
    );
  }
  if (await isParentOf(deps.db, parent.id, student.id)) {
    throw await refuse(
      new AppError("conflict", "already_linked_child", FAMILY_MESSAGES.alreadyLinkedChild),
      `user:${student.id}`,
    );
  }
  let under14: boolean;
  try {
    under14 = student.birthDate ? isUnderFourteen(student.birthDate, now) : false;
  } catch {
    under14 = false;
  }
  const phone = under14
    ? student.parentConsentedAt
      ? student.parentPhone
      : null
    : student.phoneVerifiedAt
      ? student.phone
      : null;
  if (!phone) {
    throw await refuse(
      new AppError("validation", "no_phone_to_confirm", FAMILY_MESSAGES.noPhoneToConfirm),
      `user:${student.id}`,
    );
  }
  const sent = await sendCode(deps, { phone, purpose: "FAMILY_LINK" }, ctx);
  const request = await insertLinkRequest(deps.db, {
    parentUserId: parent.id,
    childUserId: student.id,
    origin: "PARENT_REQUEST",
    verificationId: sent.verificationId,
    at: now,
  });
  await securityEvent(deps, ctx, caller, action, `user:${student.id}`, {
    requestId: request.id,
    to: under14 ? "CONSENTING_PARENT" : "STUDENT",
  });
  return { requestId: request.id, sentTo: maskMobile(phone), expiresInSec: sent.expiresInSec };
}

/**
 * The parent confirms a link request with the code the student received
 * (POST /main/family/link_confirm). The code check counts attempts (5 at most); the request moves
 * PENDING → CONFIRMED with one conditional update, so of two confirmations at once one links and
 * the other is refused.
 * @throws AppError not_found `request_not_found`; validation `code_mismatch` | `code_expired` |
 *   `verification_invalid`
 */
export async function confirmChildLink(
  deps: AccountsDeps,
  caller: AuthUser,
  input: { requestId: string; code: string },
  ctx: RequestContext,
): Promise<{ childUserNo: number; childName: string }> {
  const action = "family_link_confirm";
  const refuse = refuserOf(deps, ctx, caller, action);
  await parentOf(deps, caller, action, ctx);
  const request = await findLinkRequest(deps.db, input.requestId);
  if (
    !request ||
    request.parentUserId !== caller.userNo ||
    request.status !== "PENDING" ||
    !request.verificationId
  ) {
    throw await refuse(requestNotFound());
  }
  const now = deps.clock.now();
  let token: string;
  try {
    token = (await verifyCode(deps, { verificationId: request.verificationId, code: input.code }))
      .token;
  } catch (err) {
    if (err instanceof AppError) {
      throw await refuse(err, `user:${request.childUserId}`);
    }
    throw err;
  }
  const child = await withTransaction(deps.db, async (tx) => {
    await consumeVerification(tx, now, token, "FAMILY_LINK");
    const decided = await decideLinkRequest(tx, request.id, "CONFIRMED", now);
    if (!decided) throw requestNotFound();
    await insertParentChild(tx, decided.parentUserId, decided.childUserId, now);
    return (await findUserById(tx, decided.childUserId))!;
  }).catch(async (err: unknown) => {
    if (err instanceof AppError) throw await refuse(err);
    throw err;
  });
  await securityEvent(deps, ctx, caller, action, `user:${child.id}`, { requestId: request.id });
  return { childUserNo: child.id, childName: child.name };
}

/** Link requests waiting for the signed-in student's answer (POST /main/family/link_requests). */
export async function requestsForStudent(deps: AccountsDeps, caller: AuthUser) {
  if (caller.userType !== "STUDENT") return [];
  return pendingRequestsForChild(deps.db, caller.userNo);
}

/**
 * The student answers a parent's request (POST /main/family/respond_link): a parent who joined
 * with the phone the student gave is linked only when the student accepts. Under 14 the
 * consenting parent's phone decides, so the child cannot answer (validation `under_fourteen`).
 * @throws AppError not_found `request_not_found`; validation `student_only`
 */
export async function respondToLink(
  deps: AccountsDeps,
  caller: AuthUser,
  input: { requestId: string; accept: boolean },
  ctx: RequestContext,
): Promise<{ status: "CONFIRMED" | "DECLINED" }> {
  const action = "family_link_respond";
  const refuse = refuserOf(deps, ctx, caller, action);
  if (caller.userType !== "STUDENT") {
    throw await refuse(new AppError("validation", "student_only", FAMILY_MESSAGES.studentsOnly));
  }
  const now = deps.clock.now();
  const status = input.accept ? "CONFIRMED" : "DECLINED";
  const decided = await withTransaction(deps.db, async (tx) => {
    const request = await findLinkRequest(tx, input.requestId);
    if (!request || request.childUserId !== caller.userNo) return undefined;
    await lockUser(tx, caller.userNo);
    const row = await decideLinkRequest(tx, request.id, status, now);
    if (row && input.accept) await insertParentChild(tx, row.parentUserId, row.childUserId, now);
    return row;
  });
  if (!decided) {
    throw await refuse(requestNotFound());
  }
  await securityEvent(deps, ctx, caller, action, `user:${decided.parentUserId}`, {
    requestId: decided.id,
    status,
  });
  return { status };
}

/**
 * At a parent's join: students who gave this phone as their parent's. Under-14 children whose
 * consent came from this phone are linked at once (the verified parent confirmed by consenting);
 * every other student gets a PENDING request and is linked only when they accept.
 */
export async function linkOrAskAtParentJoin(
  db: Parameters<typeof insertParentChild>[0],
  parentUserId: number,
  students: readonly UserRow[],
  at: Date,
): Promise<void> {
  for (const s of students) {
    if (s.parentConsentedAt) {
      await insertParentChild(db, parentUserId, s.id, at);
    } else if (s.status === "ACTIVE") {
      await insertLinkRequest(db, {
        parentUserId,
        childUserId: s.id,
        origin: "PARENT_JOIN",
        verificationId: null,
        at,
      });
    }
  }
}

/** Ids of the parents of a child (tests and the view). */
export { parentIdsOf };
