/**
 * The join and phone-verification calls (docs/api/accounts.md "Join and phone verification").
 * Each is one POST to the main REST backend, without a session (auth: false); failures are
 * RestError with the server's Korean STATUSMSG and ERROR_CODE (app/lib/rest-client.ts).
 */
import type { Gender, TermService } from "@seoltab/domain";
import { withCertificationLog } from "../../../lib/certification-log";
import { restRequest } from "../../../lib/rest-client";
import type { JoinUserType } from "../schemas";

export type VerificationPurpose =
  "JOIN" | "PARENT_CONSENT" | "CHANGE_PASSWORD" | "FIND_CHILD" | "FIND_EMAIL" | "TUTOR_RESUME";

export interface SendCodeResponse {
  VERIFICATION_ID: string;
  /** Seconds the code stays valid (180). */
  EXPIRES_IN_SEC: number;
}

/**
 * POST /main/verification/send_code: texts a 6-digit code to the phone. With a consent ticket
 * (purpose PARENT_CONSENT), a phone other than the one the child gave is refused at once
 * (`parent_phone_mismatch`).
 */
export function sendVerificationCode(
  phone: string,
  purpose: VerificationPurpose,
  consentTicket?: string,
) {
  return restRequest<SendCodeResponse>("main", "/verification/send_code", {
    body: {
      PHONE_NUM: phone,
      PURPOSE: purpose,
      ...(consentTicket ? { CONSENT_TICKET: consentTicket } : {}),
    },
    auth: false,
  });
}

export interface VerifyCodeResponse {
  VERIFIED: boolean;
  VERIFICATION_TOKEN: string;
  /** Seconds the verification token stays valid (1800). */
  EXPIRES_IN_SEC: number;
}

/**
 * POST /main/verification/verify_code. A wrong code fails with `code_mismatch` (the response
 * tells the attempts left); too many or too late with `code_expired`.
 */
export function verifyCode(verificationId: string, code: string) {
  // Each certification is logged (POST /main/iamport_sms_certification_log, SPEC.md §7).
  return withCertificationLog(() =>
    restRequest<VerifyCodeResponse>("main", "/verification/verify_code", {
      body: { VERIFICATION_ID: verificationId, CODE: code },
      auth: false,
    }),
  );
}

/** POST /main/join/check_email: true when no account uses the email. */
export async function checkEmailAvailable(email: string): Promise<boolean> {
  const response = await restRequest<{ AVAILABLE: boolean }>("main", "/join/check_email", {
    body: { EMAIL_ID: email },
    auth: false,
  });
  return response.AVAILABLE === true;
}

/** POST /main/join/check_nickname: true when no account uses the nickname. */
export async function checkNicknameAvailable(nickname: string): Promise<boolean> {
  const response = await restRequest<{ AVAILABLE: boolean }>("main", "/join/check_nickname", {
    body: { NICKNAME: nickname },
    auth: false,
  });
  return response.AVAILABLE === true;
}

export interface JoinPayload {
  USER_TYPE: JoinUserType;
  EMAIL_ID: string;
  PASSWORD: string;
  REALNAME: string;
  NICKNAME?: string;
  GRADE?: string;
  GENDER: Gender;
  /** YYYY-MM-DD. */
  BIRTH_DATE: string;
  /** Of the person's own phone, purpose JOIN. */
  VERIFICATION_TOKEN: string;
  /** Digits; required under 14. */
  PARENT_PHONE_NUM?: string;
  AGREED_TERMS: Record<TermService, string[]>;
}

export type AccountStatus = "ACTIVE" | "PENDING_PARENT_CONSENT" | (string & {});

export interface JoinResponse {
  USER_NO: number;
  STATUS: AccountStatus;
  /** Under 14: the consent link texted to the parent phone. */
  CONSENT_URL?: string;
  /** Under 14: whether the consent request SMS went out. */
  CONSENT_SMS_SENT?: boolean;
}

/** POST /main/join: creates the account (PENDING_PARENT_CONSENT under 14). */
export function join(payload: JoinPayload) {
  return restRequest<JoinResponse>("main", "/join", { body: payload, auth: false });
}

export interface ParentConsentPayload {
  CHILD_USER_NO: number;
  PARENT_NAME: string;
  /** Of the parent's phone, purpose PARENT_CONSENT. */
  VERIFICATION_TOKEN: string;
  AGREED: true;
}

/** POST /main/join/parent_consent: the parent consents; the child's account becomes ACTIVE. */
export function giveParentConsent(payload: ParentConsentPayload) {
  return restRequest<JoinResponse>("main", "/join/parent_consent", { body: payload, auth: false });
}

export interface FoundAccount {
  /** Masked: ha***@example.com. */
  EMAIL_ID: string;
  USER_TYPE: string;
  /** ISO instant. */
  JOINED_AT: string;
}

/**
 * 아이디 찾기: POST /serverless/find_email with a verification token of the phone (purpose
 * FIND_EMAIL, spent by the call); the accounts of that phone, emails masked.
 */
export function findEmails(verificationToken: string) {
  return restRequest<{ ACCOUNTS: FoundAccount[] }>("serverless", "/find_email", {
    body: { VERIFICATION_TOKEN: verificationToken },
    auth: false,
  });
}

/**
 * 비밀번호 찾기: PATCH /serverless/change_password with the email and a verification token of the
 * account's phone (purpose CHANGE_PASSWORD). Every session of the account ends; a sign-in lock
 * is lifted.
 */
export function resetPassword(payload: {
  EMAIL_ID: string;
  VERIFICATION_TOKEN: string;
  NEW_PASSWORD: string;
}) {
  return restRequest<{ CHANGED: true }>("serverless", "/change_password", {
    method: "PATCH",
    body: payload,
    auth: false,
  });
}

export interface ParentConsentInfo {
  CHILD_USER_NO: number;
  /** Masked: 최*람. */
  CHILD_NAME: string;
  /** Masked: 010-****-5678. */
  PARENT_PHONE: string;
  STATUS: "PENDING" | "CONSENTED";
}

/**
 * POST /main/join/parent_consent_info: whose account a consent link is for, which phone is
 * expected (both masked) and whether the consent was already given.
 */
export function parentConsentInfo(consentTicket: string) {
  return restRequest<ParentConsentInfo>("main", "/join/parent_consent_info", {
    body: { CONSENT_TICKET: consentTicket },
    auth: false,
  });
}
