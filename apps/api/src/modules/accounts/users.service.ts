/**
 * Reading and changing accounts (SPEC.md §3 User info, §6, §7 /getUserInfo, /user_status,
 * /iamport_sms_certification_log, serverless /change_password, /get_user_by_parent_number;
 * docs/api/accounts.md). Access rule for another user's data: the user themself, a parent for
 * a linked child, or staff (ADMIN, SALES_TEAM).
 */
import type { ViewCache, ViewLoad } from "../../platform/view-cache.ts";
import type { Database } from "@seoltab/db";
import {
  PASSWORD_PROBLEM_MESSAGES,
  isStaffUserType,
  maskEmail,
  maskName,
  passwordProblems,
} from "@seoltab/domain";
import { ACCOUNT_MESSAGES, AppError, MESSAGES } from "../../errors.ts";
import { insertAuditLog } from "../../platform/audit.ts";
import type { AuthUser } from "./access-tokens.ts";
import type { AccountsDeps, RequestContext } from "./accounts.deps.ts";
import {
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_WINDOW_MS,
  SMS_LOGS_PER_ADDRESS_PER_HOUR,
} from "./accounts.constants.ts";
import {
  findStudentsByParentPhone,
  findUserByEmail,
  findUsersByPhone,
  findUserById,
  isParentOf,
  updatePasswordHash,
  type UserRow,
} from "./accounts.repository.ts";
import { revokeAllForUser } from "./refresh-tokens.repository.ts";
import { tooManyAttempts } from "./sessions.service.ts";
import { consumeVerification, peekVerification } from "./verification.service.ts";

const forbidden = () => new AppError("forbidden", "forbidden", ACCOUNT_MESSAGES.forbidden);

/**
 * True when `caller` may read or act on the account `targetUserNo`: the user themself, a parent
 * linked to them, or staff (ADMIN, SALES_TEAM). The one access rule of every area (accounts,
 * catalog, payments, contracts).
 */
export async function mayActFor(
  db: Database,
  caller: AuthUser,
  targetUserNo: number,
): Promise<boolean> {
  if (caller.userNo === targetUserNo || isStaffUserType(caller.userType)) return true;
  return caller.userType === "PARENT" && isParentOf(db, caller.userNo, targetUserNo);
}

/**
 * The answer of POST /main/getUserInfo for the account `userNo`, which its owner, a linked parent
 * or staff may see. `answer` builds it from the users row (with the other areas' parts) and says
 * until when it holds; with `views` the answer is kept in the read cache (platform/view-cache.ts)
 * under `getUserInfo:<userNo>`. Who may read is checked on every call, never cached.
 * @throws AppError forbidden `forbidden` (checked before existence, so ids are not probed);
 *   not_found `user_not_found`
 */
export async function getUserInfo<T>(
  deps: AccountsDeps,
  caller: AuthUser,
  userNo: number,
  answer: (user: UserRow) => Promise<ViewLoad<T>>,
  views?: ViewCache,
): Promise<T> {
  if (!(await mayActFor(deps.db, caller, userNo))) throw forbidden();
  const load = async () => {
    const user = await findUserById(deps.db, userNo);
    if (!user) throw new AppError("not_found", "user_not_found", ACCOUNT_MESSAGES.userNotFound);
    return answer(user);
  };
  return views ? views.read(`getUserInfo:${userNo}`, load) : (await load()).value;
}

/**
 * The caller's own account (POST /main/user_status).
 * @throws AppError unauthorized `token_invalid` when the account no longer exists
 */
export async function getOwnAccount(deps: AccountsDeps, caller: AuthUser): Promise<UserRow> {
  const user = await findUserById(deps.db, caller.userNo);
  if (!user) throw new AppError("unauthorized", "token_invalid", ACCOUNT_MESSAGES.tokenRequired);
  return user;
}

/** Masks phone-number-like digit runs in free text (010-1234-5678 → 010-****-5678). */
export function maskPhonesInText(text: string): string {
  return text.replace(/(01[016789])[-\s.]?(\d{3,4})[-\s.]?(\d{4})/g, "$1-****-$3");
}

/**
 * Records the outcome of a client-side identity verification (POST
 * /main/iamport_sms_certification_log) as an EXECUTION audit entry. Phone-like numbers in
 * ERROR_MSG are masked; nothing else is interpreted. 60 entries per address per hour.
 * @returns the LOG_ID
 * @throws AppError rate_limited `too_many_requests`
 */
export async function recordSmsCertificationLog(
  deps: AccountsDeps,
  caller: AuthUser | null,
  input: {
    impUid?: string | undefined;
    merchantUid?: string | undefined;
    success: boolean;
    errorMsg?: string | undefined;
    purpose?: string | undefined;
  },
  ctx: RequestContext,
): Promise<number> {
  const now = deps.clock.now();
  const hit = await deps.limiters.smsLogsAddress.hit(ctx.ip, now);
  if (hit.count > SMS_LOGS_PER_ADDRESS_PER_HOUR) {
    throw new AppError("rate_limited", "too_many_requests", ACCOUNT_MESSAGES.tooManyRequests, [], {
      headers: { "retry-after": String(hit.retryAfterSeconds) },
    });
  }
  return insertAuditLog(deps.db, {
    kind: "EXECUTION",
    initiator: caller ? "USER" : "UNKNOWN",
    actorUserId: caller?.userNo ?? null,
    action: "sms_certification",
    target: input.impUid ?? null,
    detail: {
      merchantUid: input.merchantUid ?? null,
      success: input.success,
      errorMsg: input.errorMsg === undefined ? null : maskPhonesInText(input.errorMsg),
      purpose: input.purpose ?? null,
    },
    requestId: ctx.requestId,
  });
}

const samePassword = () =>
  new AppError("validation", "same_password", ACCOUNT_MESSAGES.samePassword, [
    { field: "NEW_PASSWORD", message: ACCOUNT_MESSAGES.samePassword },
  ]);

/** The two ways to change a password (docs/api/accounts.md PATCH /serverless/change_password). */
export type ChangePasswordInput =
  | { mode: "current"; caller: AuthUser; currentPassword: string; newPassword: string }
  | { mode: "verified"; email: string; verificationToken: string; newPassword: string };

function policyError(password: string, email: string) {
  const problems = passwordProblems(password, email);
  if (problems.length === 0) return undefined;
  return new AppError(
    "validation",
    "validation_failed",
    MESSAGES.validation,
    problems.map((p) => ({ field: "NEW_PASSWORD", message: PASSWORD_PROBLEM_MESSAGES[p] })),
  );
}

/**
 * Changes a password (PATCH /serverless/change_password), either with the current password
 * (Bearer) or with a verification token (purpose CHANGE_PASSWORD) for the account's own phone.
 * Wrong current passwords count toward the sign-in throttle of the account. On success every
 * refresh-token family of the user is revoked and a SECURITY `password_change` entry written.
 * @throws AppError validation `validation_failed` (policy) | `wrong_current_password` |
 *   `same_password` | `verification_invalid` | `verification_mismatch` (unknown email or
 *   another phone: one answer for both); rate_limited `too_many_attempts`
 */
/** The throttle key of password changes with the current password. */
function passwordChangeKey(email: string): string {
  return `password-change:${email.toLowerCase()}`;
}

export async function changePassword(
  deps: AccountsDeps,
  input: ChangePasswordInput,
  ctx: RequestContext,
): Promise<void> {
  const now = deps.clock.now();
  let user: UserRow | undefined;
  if (input.mode === "current") {
    user = await getOwnAccount(deps, input.caller);
    const policy = policyError(input.newPassword, user.email);
    if (policy) throw policy;
    // Reserved before the current password is checked (atomic): parallel guesses of the current
    // password reach argon2 at most LOGIN_FAILURES_PER_ACCOUNT times per window.
    const attempt = await deps.attempts.hit(passwordChangeKey(user.email), LOGIN_WINDOW_MS, now);
    if (attempt.count > LOGIN_FAILURES_PER_ACCOUNT) {
      throw tooManyAttempts(attempt.retryAfterSeconds, now);
    }
    if (!(await deps.hasher.verify(user.passwordHash, input.currentPassword))) {
      await insertAuditLog(deps.db, {
        kind: "SECURITY",
        initiator: "USER",
        actorUserId: user.id,
        action: "password_change_failure",
        target: `user:${user.id}`,
        detail: { reason: "wrong_current_password", ip: ctx.ip },
        requestId: ctx.requestId,
      });
      throw new AppError(
        "validation",
        "wrong_current_password",
        ACCOUNT_MESSAGES.wrongCurrentPassword,
        [{ field: "CURRENT_PASSWORD", message: ACCOUNT_MESSAGES.wrongCurrentPassword }],
      );
    }
  } else {
    const policy = policyError(input.newPassword, input.email);
    if (policy) throw policy;
    // The one refusal that gives the token back: the person may choose another password at
    // once instead of waiting for a new code. Only said when the token proves the account's own
    // phone, so it tells nothing about an email to anyone else.
    const peeked = await peekVerification(deps.db, now, input.verificationToken, "CHANGE_PASSWORD");
    const owner = await findUserByEmail(deps.db, input.email);
    if (
      owner &&
      peeked !== undefined &&
      owner.phone === peeked &&
      (await deps.hasher.verify(owner.passwordHash, input.newPassword))
    ) {
      throw samePassword();
    }
    // Consumed before the account is looked up: one token, one try (atomic: of two resets with
    // one token, only one gets past this line).
    const phone = await consumeVerification(
      deps.db,
      now,
      input.verificationToken,
      "CHANGE_PASSWORD",
    );
    user = await findUserByEmail(deps.db, input.email);
    if (!user || user.phone !== phone) {
      throw new AppError(
        "validation",
        "verification_mismatch",
        ACCOUNT_MESSAGES.verificationMismatch,
      );
    }
  }
  if (await deps.hasher.verify(user.passwordHash, input.newPassword)) throw samePassword();
  await updatePasswordHash(deps.db, user.id, await deps.hasher.hash(input.newPassword), now);
  const revoked = await revokeAllForUser(deps.db, user.id, now);
  // A new password lifts the sign-in locks of this account: its throttle keys carry the
  // password's change time (sessions.service loginKeys), so they start afresh; and the
  // password-change counter.
  await deps.attempts.reset([passwordChangeKey(user.email)]);
  await insertAuditLog(deps.db, {
    kind: "SECURITY",
    initiator: "USER",
    actorUserId: user.id,
    action: "password_change",
    target: `user:${user.id}`,
    detail: {
      via: input.mode === "current" ? "current_password" : "phone",
      revokedTokens: revoked,
      ip: ctx.ip,
    },
    requestId: ctx.requestId,
  });
}

/**
 * Students who gave `phone` as their parent's phone (POST /serverless/get_user_by_parent_number),
 * for a caller who proved that phone (verification token, purpose FIND_CHILD, consumed).
 * @returns minimal, masked fields: USER_NO, masked name and masked email
 * @throws AppError validation `verification_invalid` | `verification_mismatch`
 */
export async function findChildrenByParentPhone(
  deps: AccountsDeps,
  input: { parentPhone: string; verificationToken: string },
): Promise<{ userNo: number; maskedName: string; maskedEmail: string }[]> {
  const now = deps.clock.now();
  const phone = await consumeVerification(deps.db, now, input.verificationToken, "FIND_CHILD");
  if (phone !== input.parentPhone) {
    throw new AppError(
      "validation",
      "verification_mismatch",
      ACCOUNT_MESSAGES.verificationMismatch,
    );
  }
  const students = await findStudentsByParentPhone(deps.db, phone);
  return students.map((s) => ({
    userNo: s.id,
    maskedName: maskName(s.name),
    maskedEmail: maskEmail(s.email),
  }));
}

/** One account found by 아이디 찾기: masked email, type and when it joined. */
export interface FoundAccount {
  maskedEmail: string;
  userType: string;
  joinedAt: Date;
}

/**
 * 아이디 찾기 (POST /serverless/find_email): the accounts whose verified phone is the one the
 * caller just proved (verification token, purpose FIND_EMAIL, consumed), emails masked. Nothing
 * is said about a phone before its code is verified; an empty list is the answer for a phone
 * with no account. A SECURITY `find_email` entry records how many were found (no phone).
 * @throws AppError validation `verification_invalid`
 */
export async function findEmailsByPhone(
  deps: AccountsDeps,
  input: { verificationToken: string },
  ctx: RequestContext,
): Promise<FoundAccount[]> {
  const now = deps.clock.now();
  const phone = await consumeVerification(deps.db, now, input.verificationToken, "FIND_EMAIL");
  const users = await findUsersByPhone(deps.db, phone);
  await insertAuditLog(deps.db, {
    kind: "SECURITY",
    initiator: "UNKNOWN",
    action: "find_email",
    target: null,
    detail: { found: users.length, userIds: users.map((u) => u.id), ip: ctx.ip },
    requestId: ctx.requestId,
  });
  return users.map((u) => ({
    maskedEmail: maskEmail(u.email),
    userType: u.userType,
    joinedAt: u.createdAt,
  }));
}
