/**
 * Joining (SPEC.md §3 Join form, §5 "Users under 14 need parent certification", §6;
 * docs/api/accounts.md "Join and phone verification"): availability checks, the join itself
 * with a verified phone, the password policy and required terms, and parent consent for users
 * under 14 (만 나이 in Asia/Seoul). A parent account and a student are linked when the
 * student's PARENT_PHONE_NUM equals the parent's verified phone (see `linkByParentPhone`).
 */
import {
  PASSWORD_PROBLEM_MESSAGES,
  TERMS,
  isUnderFourteen,
  missingRequiredTerms,
  passwordProblems,
  type TermService,
} from "@seoltab/domain";
import { ACCOUNT_MESSAGES, AppError, MESSAGES } from "../../errors.ts";
import { insertAuditLog } from "../audit/audit.repository.ts";
import type { AccountsDeps, RequestContext } from "./accounts.deps.ts";
import type { AccountStatus } from "./accounts.constants.ts";
import {
  findParentIdsByVerifiedPhone,
  findStudentsByParentPhone,
  findUserByEmail,
  findUserById,
  insertTermAgreements,
  insertUser,
  isUniqueViolation,
  linkParentsAndChildren,
  markParentConsented,
  nicknameExists,
  withTransaction,
} from "./accounts.repository.ts";
import { consumeVerification } from "./verification.service.ts";
import type { Database } from "@seoltab/db";

/** A validated join request (docs/api/accounts.md POST /main/join), camelCase. */
export interface JoinInput {
  userType: "STUDENT" | "TEACHER" | "PARENT";
  email: string;
  password: string;
  realname: string;
  nickname?: string | undefined;
  grade?: string | undefined;
  gender: "MAN" | "WOMAN";
  /** YYYY-MM-DD, already checked to be a real past date. */
  birthDate: string;
  verificationToken: string;
  /** Digits, normalised. */
  parentPhone?: string | undefined;
  agreedTerms: Record<TermService, string[]>;
}

const taken = (code: "email_taken" | "nickname_taken") =>
  new AppError(
    "conflict",
    code,
    code === "email_taken" ? ACCOUNT_MESSAGES.emailTaken : ACCOUNT_MESSAGES.nicknameTaken,
    [
      {
        field: code === "email_taken" ? "EMAIL_ID" : "NICKNAME",
        message:
          code === "email_taken" ? ACCOUNT_MESSAGES.emailTaken : ACCOUNT_MESSAGES.nicknameTaken,
      },
    ],
  );

function invalidField(code: string, field: string, message: string) {
  return new AppError("validation", code, message, [{ field, message }]);
}

/** True when no account uses `email` (case-insensitive). */
export async function isEmailAvailable(deps: AccountsDeps, email: string): Promise<boolean> {
  return !(await findUserByEmail(deps.db, email));
}

/** True when no account uses `nickname` (case-insensitive). */
export async function isNicknameAvailable(deps: AccountsDeps, nickname: string): Promise<boolean> {
  return !(await nicknameExists(deps.db, nickname));
}

/**
 * Creates an account (POST /main/join). Order of checks: password policy and required terms
 * (400 `validation_failed` / `terms_required`), age rules (400), availability (409), then, in
 * one transaction, the phone verification token (400 `verification_invalid`, consumed only if
 * the account is created), the user, the agreed terms and the parent links.
 * Under 14 (Asia/Seoul, on the clock's date): students only, PARENT_PHONE_NUM required, status
 * PENDING_PARENT_CONSENT; otherwise ACTIVE.
 * @returns USER_NO and STATUS
 */
export async function join(
  deps: AccountsDeps,
  input: JoinInput,
  ctx: RequestContext,
): Promise<{ userNo: number; status: AccountStatus }> {
  const now = deps.clock.now();
  const problems = passwordProblems(input.password, input.email);
  if (problems.length > 0) {
    throw new AppError(
      "validation",
      "validation_failed",
      MESSAGES.validation,
      problems.map((p) => ({ field: "PASSWORD", message: PASSWORD_PROBLEM_MESSAGES[p] })),
    );
  }
  const missing = missingRequiredTerms(input.agreedTerms);
  if (Object.keys(missing).length > 0) {
    throw new AppError(
      "validation",
      "terms_required",
      ACCOUNT_MESSAGES.termsRequired,
      Object.entries(missing).map(([service, ids]) => ({
        field: `AGREED_TERMS.${service}`,
        message: `${ACCOUNT_MESSAGES.termsRequired} (${ids.join(", ")})`,
      })),
    );
  }
  let underFourteen: boolean;
  try {
    underFourteen = isUnderFourteen(input.birthDate, now);
  } catch {
    // A date after today in Asia/Seoul (or not a real date).
    throw invalidField("validation_failed", "BIRTH_DATE", ACCOUNT_MESSAGES.birthDateInvalid);
  }
  if (underFourteen && input.userType !== "STUDENT") {
    throw invalidField(
      "under_fourteen_student_only",
      "BIRTH_DATE",
      ACCOUNT_MESSAGES.underFourteenStudentOnly,
    );
  }
  if (underFourteen && !input.parentPhone) {
    throw invalidField(
      "parent_phone_required",
      "PARENT_PHONE_NUM",
      ACCOUNT_MESSAGES.parentPhoneRequired,
    );
  }
  if (await findUserByEmail(deps.db, input.email)) throw taken("email_taken");
  if (input.nickname && (await nicknameExists(deps.db, input.nickname)))
    throw taken("nickname_taken");

  const passwordHash = await deps.hasher.hash(input.password);
  const status: AccountStatus = underFourteen ? "PENDING_PARENT_CONSENT" : "ACTIVE";
  const user = await withTransaction(deps.db, async (tx) => {
    const phone = await consumeVerification(tx, now, input.verificationToken, "JOIN");
    if (input.parentPhone && input.parentPhone === phone) {
      throw invalidField(
        "parent_phone_same_as_own",
        "PARENT_PHONE_NUM",
        ACCOUNT_MESSAGES.parentPhoneSameAsOwn,
      );
    }
    let created;
    try {
      created = await insertUser(tx, {
        email: input.email,
        passwordHash,
        userType: input.userType,
        name: input.realname,
        nickname: input.nickname ?? null,
        phone,
        phoneVerifiedAt: now,
        status,
        birthDate: input.birthDate,
        gender: input.gender,
        grade: input.grade ?? null,
        parentPhone: input.parentPhone ?? null,
        passwordChangedAt: now,
        createdAt: now,
        updatedAt: now,
      });
    } catch (err) {
      if (isUniqueViolation(err, "users_email_lower_key")) throw taken("email_taken");
      if (isUniqueViolation(err, "users_nickname_lower_key")) throw taken("nickname_taken");
      throw err;
    }
    const agreed = TERMS.filter((t) => input.agreedTerms[t.service]?.includes(t.id));
    await insertTermAgreements(
      tx,
      created.id,
      agreed.map((t) => ({ service: t.service, termId: t.id })),
      now,
    );
    if (input.userType === "PARENT") {
      const children = await findStudentsByParentPhone(tx, phone);
      await linkParentsAndChildren(
        tx,
        children.map((c) => ({ parentUserId: created.id, childUserId: c.id })),
      );
    } else if (input.userType === "STUDENT" && status === "ACTIVE" && input.parentPhone) {
      await linkByParentPhone(tx, created.id, input.parentPhone);
    }
    return created;
  });
  await insertAuditLog(deps.db, {
    kind: "SECURITY",
    initiator: "USER",
    actorUserId: user.id,
    action: "join",
    target: `user:${user.id}`,
    detail: { userType: user.userType, status, ip: ctx.ip },
    requestId: ctx.requestId,
  });
  return { userNo: user.id, status };
}

/** Links a student to every PARENT account whose verified phone is `parentPhone`. */
async function linkByParentPhone(db: Database, childUserId: number, parentPhone: string) {
  const parents = await findParentIdsByVerifiedPhone(db, parentPhone);
  await linkParentsAndChildren(
    db,
    parents.map((parentUserId) => ({ parentUserId, childUserId })),
  );
}

/**
 * A parent consents for an under-14 account (POST /main/join/parent_consent). The verification
 * token (purpose PARENT_CONSENT) must prove the phone the child gave as PARENT_PHONE_NUM; then
 * the account becomes ACTIVE and is linked to the parent accounts with that verified phone.
 * The token is consumed only when the consent is recorded.
 * @throws AppError not_found `user_not_found`; conflict `consent_not_pending`; validation
 *   `verification_mismatch` (another phone than PARENT_PHONE_NUM) | `verification_invalid`
 */
export async function recordParentConsent(
  deps: AccountsDeps,
  input: { childUserNo: number; parentName: string; verificationToken: string },
  ctx: RequestContext,
): Promise<{ userNo: number; status: AccountStatus }> {
  const now = deps.clock.now();
  const child = await withTransaction(deps.db, async (tx) => {
    const phone = await consumeVerification(tx, now, input.verificationToken, "PARENT_CONSENT");
    const found = await findUserById(tx, input.childUserNo);
    if (!found) throw new AppError("not_found", "user_not_found", ACCOUNT_MESSAGES.userNotFound);
    if (found.status !== "PENDING_PARENT_CONSENT") {
      throw new AppError("conflict", "consent_not_pending", ACCOUNT_MESSAGES.consentNotPending);
    }
    if (found.parentPhone !== phone) {
      throw new AppError(
        "validation",
        "verification_mismatch",
        ACCOUNT_MESSAGES.verificationMismatch,
      );
    }
    const updated = await markParentConsented(tx, found.id, input.parentName, now);
    if (!updated) {
      throw new AppError("conflict", "consent_not_pending", ACCOUNT_MESSAGES.consentNotPending);
    }
    await linkByParentPhone(tx, found.id, phone);
    return updated;
  });
  await insertAuditLog(deps.db, {
    kind: "SECURITY",
    initiator: "USER",
    actorUserId: child.id,
    action: "parent_consent",
    target: `user:${child.id}`,
    detail: { ip: ctx.ip },
    requestId: ctx.requestId,
  });
  return { userNo: child.id, status: "ACTIVE" };
}
