/**
 * The refresh-token cookie (docs/api/accounts.md "Tokens"): `refresh_token`, HttpOnly,
 * SameSite=Lax, Path=/, Secure outside local mode (a deployed development host is served over
 * HTTPS too; decision 035), Max-Age = the family's remaining absolute lifetime in seconds.
 * Cleared with the same attributes and Max-Age 0.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { REFRESH_COOKIE } from "./accounts.constants.ts";

/** Environment-dependent cookie attributes. */
export interface CookiePolicy {
  /** Send the Secure attribute (everywhere but local mode). */
  secure: boolean;
}

/**
 * The cookie policy of a configuration: Secure unless the app runs in local mode (`localMode`,
 * config.ts isLocalMode: development on this machine, or LOCAL_MODE=true). APP_ENV alone does
 * not decide: a deployed development host (APP_ENV=development, https://dev.…) sets Secure.
 */
export function refreshCookiePolicy(config: { localMode: boolean }): CookiePolicy {
  return { secure: !config.localMode };
}

const base = (policy: CookiePolicy) =>
  ({ httpOnly: true, sameSite: "lax", path: "/", secure: policy.secure }) as const;

/** The refresh token the browser sent, if any. */
export function readRefreshCookie(request: FastifyRequest): string | undefined {
  return request.cookies[REFRESH_COOKIE];
}

/** Sets the cookie to `token`, expiring with its family at `expiresAt`. */
export function setRefreshCookie(
  reply: FastifyReply,
  policy: CookiePolicy,
  token: string,
  expiresAt: Date,
  now: Date,
): void {
  const maxAge = Math.max(0, Math.round((expiresAt.getTime() - now.getTime()) / 1000));
  reply.setCookie(REFRESH_COOKIE, token, { ...base(policy), maxAge, expires: expiresAt });
}

/** Tells the browser to drop the cookie. */
export function clearRefreshCookie(reply: FastifyReply, policy: CookiePolicy): void {
  reply.clearCookie(REFRESH_COOKIE, base(policy));
}
