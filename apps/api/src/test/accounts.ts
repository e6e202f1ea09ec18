/**
 * Helpers for accounts API tests: unique test identities (so suites can share one PostgreSQL
 * database), JSON calls, reading SMS codes, and joining or signing in a user through the real
 * endpoints.
 */
import { randomInt, randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import type { TestApp } from "./test-app.ts";

/** A fresh email address on example.com. */
export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${randomUUID().slice(0, 12)}@example.com`;
}

/** A random client address, so per-address limits of one test do not reach the next. */
export function randomIp(): string {
  return `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/** A fresh-looking 010 mobile number (digits), never one of the demo accounts'. */
export function uniquePhone(): string {
  return `0109${String(randomInt(0, 10_000_000)).padStart(7, "0")}`;
}

/**
 * A Korean mobile number written anywhere in a text ("01012345678" or "010-1234-5678"), not
 * counting digits inside a longer hex or decimal run: an audit row's SHA-256 hash or a UUID may
 * hold "010" and eight digits by chance (CI saw it once), and that is not a phone number.
 */
export const MOBILE_NUMBER_IN_TEXT = /(?<![0-9a-f])010-?\d{4}-?\d{4}(?![0-9a-f])/i;

/** A nickname unlikely to be taken. */
export function uniqueNickname(): string {
  return `닉${randomUUID().replace(/-/g, "").slice(0, 10)}`;
}

/** A valid password for `email` under the policy. */
export const GOOD_PASSWORD = "Seoltab!2026";

export interface CallOptions {
  headers?: Record<string, string>;
  /** Client address the server sees (request.ip). */
  ip?: string;
  method?: "POST" | "PATCH" | "GET";
  cookie?: string;
  token?: string;
}

/** Sends `body` as JSON (POST by default). */
export function call(
  t: TestApp,
  url: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (options.cookie) headers.cookie = `refresh_token=${options.cookie}`;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return t.app.inject({
    method: options.method ?? "POST",
    url,
    headers,
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
}

/** The RESPONSE of an envelope answer. */
export function responseOf(res: LightMyRequestResponse) {
  return res.json().ONUEI_RES.DATA.RESPONSE;
}

/** ERROR_CODE of a failure envelope. */
export function errorCodeOf(res: LightMyRequestResponse): string {
  return res.json().ONUEI_RES.DATA.RESPONSE.ERROR_CODE;
}

/** The refresh_token value a response set (undefined when none or cleared). */
export function refreshCookieOf(res: LightMyRequestResponse): string | undefined {
  const cookie = res.cookies.find((c) => c.name === "refresh_token");
  return cookie && cookie.value !== "" ? cookie.value : undefined;
}

/** Reads the newest code sent to `phone`. */
export type CodeReader = (phone: string) => Promise<string>;

/** A CodeReader using GET /dev/sms-outbox (local mode). */
export function outboxReader(t: TestApp): CodeReader {
  return async (phone) => {
    const res = await t.app.inject({ method: "GET", url: `/dev/sms-outbox?phone=${phone}` });
    const text: string | undefined = res.json().messages[0]?.text;
    const code = /\[(\d{6})\]/.exec(text ?? "")?.[1];
    if (!code) throw new Error(`no code in the outbox for ${phone}`);
    return code;
  };
}

/** Sends a code to `phone` for `purpose`, reads it and verifies it; returns the token. */
export async function verifiedToken(
  t: TestApp,
  readCode: CodeReader,
  phone: string,
  purpose: "JOIN" | "PARENT_CONSENT" | "CHANGE_PASSWORD" | "FIND_CHILD" | "FIND_EMAIL",
  ip?: string,
): Promise<string> {
  const sent = await call(
    t,
    "/main/verification/send_code",
    { PHONE_NUM: phone, PURPOSE: purpose },
    { ip: ip ?? randomIp() },
  );
  if (sent.statusCode !== 200) throw new Error(`send_code failed: ${sent.body}`);
  const id = responseOf(sent).VERIFICATION_ID;
  const verified = await call(t, "/main/verification/verify_code", {
    VERIFICATION_ID: id,
    CODE: await readCode(phone),
  });
  if (verified.statusCode !== 200) throw new Error(`verify_code failed: ${verified.body}`);
  return responseOf(verified).VERIFICATION_TOKEN;
}

export const ALL_REQUIRED_TERMS = {
  SEOLTAB: ["service", "privacy", "age14"],
  ONUEI: ["service", "privacy_share"],
};

export interface JoinedUser {
  userNo: number;
  status: string;
  email: string;
  password: string;
  phone: string;
  /** Under 14: the consent link texted to the parent (with its signed ticket). */
  consentUrl?: string;
}

/** Joins a user through send_code, verify_code and /main/join. */
export async function joinUser(
  t: TestApp,
  readCode: CodeReader,
  fields: {
    USER_TYPE?: "STUDENT" | "TEACHER" | "PARENT";
    BIRTH_DATE?: string;
    PARENT_PHONE_NUM?: string;
    phone?: string;
    email?: string;
    REALNAME?: string;
  } = {},
): Promise<JoinedUser> {
  const phone = fields.phone ?? uniquePhone();
  const email = fields.email ?? uniqueEmail("join");
  const token = await verifiedToken(t, readCode, phone, "JOIN");
  const res = await call(t, "/main/join", {
    USER_TYPE: fields.USER_TYPE ?? "STUDENT",
    EMAIL_ID: email,
    PASSWORD: GOOD_PASSWORD,
    REALNAME: fields.REALNAME ?? "박보검",
    BIRTH_DATE: fields.BIRTH_DATE ?? "2000-01-01",
    VERIFICATION_TOKEN: token,
    ...(fields.PARENT_PHONE_NUM ? { PARENT_PHONE_NUM: fields.PARENT_PHONE_NUM } : {}),
    AGREED_TERMS: ALL_REQUIRED_TERMS,
  });
  if (res.statusCode !== 200) throw new Error(`join failed: ${res.body}`);
  const { USER_NO, STATUS, CONSENT_URL } = responseOf(res);
  return {
    userNo: USER_NO,
    status: STATUS,
    email,
    password: GOOD_PASSWORD,
    phone,
    ...(CONSENT_URL ? { consentUrl: CONSENT_URL } : {}),
  };
}

/** Signs in; returns the access token and the refresh cookie. */
export async function signIn(
  t: TestApp,
  email: string,
  password: string,
  ip?: string,
): Promise<{ token: string; cookie: string; res: LightMyRequestResponse }> {
  const res = await call(
    t,
    "/main/login",
    { EMAIL_ID: email, PASSWORD: password },
    ip ? { ip } : {},
  );
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return { token: responseOf(res).token, cookie: refreshCookieOf(res)!, res };
}
