/**
 * Joining (SPEC.md §3 Join form, §5 "Users under 14 need parent certification", §6;
 * docs/api/accounts.md "Join and phone verification"): availability checks, the join itself
 * with a verified phone, the password policy and required terms, and parent consent for users
 * under 14 (만 나이 in Asia/Seoul). A student joining with PARENT_PHONE_NUM is linked to the
 * parents whose verified phone it is (see `linkByParentPhone`); a parent joining later is linked
 * to such students only after they confirm (issue 15, family/students.service.ts).
 */
import {
  PASSWORD_PROBLEM_MESSAGES,
  TERMS,
  isUnderFourteen,
  maskMobile,
  maskName,
  missingRequiredTerms,
  passwordProblems,
  type TermService,
} from "@seoltab/domain";
import { ACCOUNT_MESSAGES, AppError, MESSAGES } from "../../errors.ts";
import { insertAuditLog } from "../../platform/audit.ts";
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
import { linkOrAskAtParentJoin } from "./family/students.service.ts";
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

/** The outcome of a join. */
export interface JoinResult {
  userNo: number;
  status: AccountStatus;
  /** Under 14: the consent page link texted to the parent, and whether the SMS was taken. */
  consent?: { url: string; smsSent: boolean };
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
 * PENDING_PARENT_CONSENT, and the consent request is texted to the parent phone (`consent`).
 * Otherwise ACTIVE.
 * @returns USER_NO and STATUS (and, pending, the consent link and whether the SMS went out)
 */
export async function join(
  deps: AccountsDeps,
  input: JoinInput,
  ctx: RequestContext,
): Promise<JoinResult> {
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
      // Issue 15: students who gave this phone are linked only after they confirm (a pending
      // request); under-14 children whose consent came from this phone are linked now.
      const children = await findStudentsByParentPhone(tx, phone);
      await linkOrAskAtParentJoin(tx, created.id, children, now);
    } else if (input.userType === "STUDENT" && status === "ACTIVE" && input.parentPhone) {
      await linkByParentPhone(tx, created.id, input.parentPhone);
    }
    return created;
  });
  let consent: JoinResult["consent"];
  if (status === "PENDING_PARENT_CONSENT" && user.parentPhone) {
    consent = await sendConsentRequest(deps, user.id, user.name, user.parentPhone);
  }
  await insertAuditLog(deps.db, {
    kind: "SECURITY",
    initiator: "USER",
    actorUserId: user.id,
    action: "join",
    target: `user:${user.id}`,
    detail: {
      userType: user.userType,
      status,
      consentSmsSent: consent?.smsSent ?? null,
      ip: ctx.ip,
    },
    requestId: ctx.requestId,
  });
  return consent ? { userNo: user.id, status, consent } : { userNo: user.id, status };
}

/** The SMS text asking a parent to consent (Korean; the child's name masked). */
export function consentRequestMessage(childName: string, url: string): string {
  return `[설탭] ${maskName(childName)} 학생이 설탭 가입을 신청했어요. 만 14세 미만이라 보호자 동의가 필요해요. 아래 주소에서 휴대폰 인증 후 동의해 주세요. ${url}`;
}

/**
 * Texts the consent request to the parent phone an under-14 child gave (through the SMS port)
 * with a signed link (consent-tickets.ts). A failing SMS provider does not undo the join: the
 * answer says it was not sent and the child can pass the link on.
 */
export async function sendConsentRequest(
  deps: AccountsDeps,
  childUserNo: number,
  childName: string,
  parentPhone: string,
): Promise<{ url: string; smsSent: boolean }> {
  const ticket = await deps.consentTickets.issue(childUserNo);
  const url = deps.consentTickets.url(childUserNo, ticket);
  try {
    await deps.sms.send(parentPhone, consentRequestMessage(childName, url));
    return { url, smsSent: true };
  } catch {
    return { url, smsSent: false };
  }
}

/** What the consent page may show the holder of a consent link. */
export interface ConsentInfo {
  childUserNo: number;
  /** Masked: 최*람. */
  childName: string;
  /** Masked: 010-****-5678. */
  parentPhone: string;
  status: "PENDING" | "CONSENTED";
}

const invalidTicket = () =>
  new AppError("validation", "consent_link_invalid", ACCOUNT_MESSAGES.consentLinkInvalid, [
    { field: "CONSENT_TICKET", message: ACCOUNT_MESSAGES.consentLinkInvalid },
  ]);

/** The pending or consented under-14 account a consent ticket names. */
async function childOfTicket(deps: AccountsDeps, ticket: string) {
  const childUserNo = await deps.consentTickets.verify(ticket);
  if (childUserNo === null) throw invalidTicket();
  const child = await findUserById(deps.db, childUserNo);
  if (!child || !child.parentPhone) throw invalidTicket();
  return child;
}

/**
 * The consent page's header (POST /main/join/parent_consent_info): whose account (masked name),
 * which phone is expected (masked), and whether the consent was already given.
 * @throws AppError validation `consent_link_invalid` (forged, expired or unknown)
 */
export async function consentInfo(deps: AccountsDeps, ticket: string): Promise<ConsentInfo> {
  const child = await childOfTicket(deps, ticket);
  return {
    childUserNo: child.id,
    childName: maskName(child.name),
    parentPhone: maskMobile(child.parentPhone!),
    status: child.status === "PENDING_PARENT_CONSENT" ? "PENDING" : "CONSENTED",
  };
}

/**
 * Before a PARENT_CONSENT code is sent with a consent ticket: the phone must be the one the child
 * gave, and the consent still pending — so a wrong number is caught at verification, not at
 * submit.
 * @throws AppError validation `consent_link_invalid` | `parent_phone_mismatch`; conflict
 *   `consent_not_pending`
 */
export async function checkConsentPhone(
  deps: AccountsDeps,
  ticket: string,
  phone: string,
): Promise<void> {
  const child = await childOfTicket(deps, ticket);
  if (child.status !== "PENDING_PARENT_CONSENT") {
    throw new AppError("conflict", "consent_not_pending", ACCOUNT_MESSAGES.consentAlreadyGiven);
  }
  if (child.parentPhone !== phone) {
    const message = ACCOUNT_MESSAGES.parentPhoneMismatch(maskMobile(child.parentPhone!));
    throw new AppError("validation", "parent_phone_mismatch", message, [
      { field: "PHONE_NUM", message },
    ]);
  }
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
