/**
 * Limits and lifetimes of the accounts area (issue #3; docs/api/accounts.md; docs/decisions/007).
 * Durations in ms unless the name says seconds. Kept in apps/api because only the server
 * enforces them. GRADES comes from packages/domain; VERIFICATION_PURPOSES is a wire value the
 * web also needs and may move there too.
 */

/** Refresh-token family lifetime from sign-in, absolute: 30 days. */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** Name of the refresh-token cookie (docs/api/accounts.md). */
export const REFRESH_COOKIE = "refresh_token";

/** Failed sign-ins counted per account and per address within this window: 15 min. */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/**
 * Sign-in attempts per account (email) from one client address within the window before 429
 * (decision 018: the lock is per account + address, so a stranger elsewhere cannot lock the
 * owner out).
 */
export const LOGIN_FAILURES_PER_ACCOUNT = 5;
/** Sign-in attempts per client address (any account) within the window before 429. */
export const LOGIN_FAILURES_PER_ADDRESS = 20;
/**
 * Sign-in attempts per account from all addresses within the window before 429 for addresses
 * the account never signed in from (a guessing attack spread over many addresses); an address
 * with a successful sign-in in the last KNOWN_ADDRESS_DAYS days is not held by it.
 */
export const LOGIN_ATTEMPTS_PER_ACCOUNT_ALL_ADDRESSES = 30;
/** How long an address the account signed in from stays "known" (days). */
export const KNOWN_ADDRESS_DAYS = 30;

/** A code is valid for 180 s after it is sent. */
export const CODE_TTL_MS = 180 * 1000;
/** Wrong codes allowed per verification; the 5th wrong one ends it. */
export const CODE_MAX_ATTEMPTS = 5;
/** Codes sent to one phone per hour at most. */
export const CODE_SENDS_PER_PHONE_PER_HOUR = 5;
/** Codes requested from one client address per hour at most. */
export const CODE_SENDS_PER_ADDRESS_PER_HOUR = 30;
/** A verification token (proof of a phone) is valid for 30 min and used once. */
export const VERIFICATION_TOKEN_TTL_MS = 30 * 60 * 1000;
/** Verification rows are deleted a day after they were created. */
export const VERIFICATION_RETENTION_MS = 24 * 60 * 60 * 1000;

/** Consent requests re-sent to a parent (on the pending child's sign-in) per child per hour. */
export const CONSENT_RESENDS_PER_HOUR = 3;

/** Availability checks (email, nickname) per client address within 10 min. */
export const AVAILABILITY_CHECKS_PER_ADDRESS = 60;
export const AVAILABILITY_WINDOW_MS = 10 * 60 * 1000;
/** SMS-certification log entries per client address per hour (anonymous writes). */
export const SMS_LOGS_PER_ADDRESS_PER_HOUR = 60;

/** What a phone verification is for; a verification token works only for its own purpose. */
export const VERIFICATION_PURPOSES = [
  "JOIN",
  "PARENT_CONSENT",
  "CHANGE_PASSWORD",
  "FIND_CHILD",
  /** 아이디 찾기: the emails of the accounts whose verified phone this is (masked). */
  "FIND_EMAIL",
  /** The callback phone of a consultation request (modules/consultations). */
  "CONSULTATION",
  /** The phone of a tutor resume when it differs from the join phone (modules/tutor-applications). */
  "TUTOR_RESUME",
  /** A parent asks to manage an existing student; the student (or consenting parent) confirms (issue 15). */
  "FAMILY_LINK",
] as const;
export type VerificationPurpose = (typeof VERIFICATION_PURPOSES)[number];

/** School grades of the join form (packages/domain GRADES). */
export { GRADES } from "@seoltab/domain";

/** Account statuses and their transition table: packages/domain accounts.ts (issue #10). */
export { ACCOUNT_STATUSES, type AccountStatus } from "@seoltab/domain";
