/**
 * Sign-in sessions (SPEC.md §4 Login, Logout; §7 /login, token calls; DESIGN.md §3;
 * docs/api/accounts.md; docs/decisions/007): password sign-in with throttling, refresh-token
 * families with rotation and reuse detection, sign-out.
 */
import { randomUUID } from "node:crypto";
import { isUserType, maskEmail, maskMobile } from "@seoltab/domain";
import { ACCOUNT_MESSAGES, AppError } from "../../errors.ts";
import { hasSignedInFrom, insertAuditLog } from "../../platform/audit.ts";
import type { AccountsDeps, RequestContext } from "./accounts.deps.ts";
import {
  CONSENT_RESENDS_PER_HOUR,
  KNOWN_ADDRESS_DAYS,
  LOGIN_ATTEMPTS_PER_ACCOUNT_ALL_ADDRESSES,
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_ADDRESS,
  LOGIN_WINDOW_MS,
  REFRESH_TOKEN_TTL_MS,
} from "./accounts.constants.ts";
import {
  findChildren,
  findUserByEmail,
  findUserById,
  withTransaction,
  type UserRow,
} from "./accounts.repository.ts";
import {
  claimRefreshToken,
  findRefreshTokenByHash,
  insertRefreshToken,
  revokeFamily,
  setRotatedTo,
} from "./refresh-tokens.repository.ts";
import { sendConsentRequest } from "./join.service.ts";
import { OPAQUE_TOKEN_SHAPE, newOpaqueToken, sha256Hex } from "./opaque-tokens.ts";

/** A new refresh token (the cookie value) and its family's absolute expiry. */
export interface IssuedRefreshToken {
  token: string;
  expiresAt: Date;
  /** The family (sign-in session): the access tokens' `sid`. */
  familyId: string;
}

/** What a successful sign-in gives the login route. */
export interface SignInResult {
  accessToken: string;
  refresh: IssuedRefreshToken;
  user: UserRow;
  /** Linked children of a parent (id, name); [] for anyone else. */
  children: { id: number; name: string }[];
}

const REFRESH_TOKEN_SHAPE = OPAQUE_TOKEN_SHAPE;

const invalidCredentials = () =>
  new AppError("unauthorized", "invalid_credentials", ACCOUNT_MESSAGES.invalidCredentials);

const invalidGrant = () =>
  new AppError("unauthorized", "invalid_grant", ACCOUNT_MESSAGES.invalidGrant);

/**
 * The lock answer (429 `too_many_attempts`): the message says in how many minutes it ends and
 * points at 비밀번호 찾기; RESPONSE carries RETRY_AFTER_SEC and LOCKED_UNTIL (ISO instant) so the
 * page can show the Asia/Seoul time; `Retry-After` in seconds.
 */
export function tooManyAttempts(retryAfterSeconds: number, now: Date) {
  const seconds = Math.max(1, retryAfterSeconds);
  return new AppError(
    "rate_limited",
    "too_many_attempts",
    ACCOUNT_MESSAGES.tooManyAttempts(Math.ceil(seconds / 60)),
    [],
    {
      headers: { "retry-after": String(seconds) },
      response: {
        RETRY_AFTER_SEC: seconds,
        LOCKED_UNTIL: new Date(now.getTime() + seconds * 1000).toISOString(),
      },
    },
  );
}

/**
 * The throttle keys of a sign-in (platform/attempt-store.ts hashes them). The account's keys carry the
 * time its password last changed, so a new password (비밀번호 찾기) starts every lock of the
 * account afresh, from whatever address it was set.
 */
export function loginKeys(accountKey: string, ip: string, passwordChangedAt: Date | null) {
  const generation = passwordChangedAt?.getTime() ?? 0;
  return {
    pair: `login:pair:${accountKey}|${generation}|${ip}`,
    address: `login:address:${ip}`,
    account: `login:account:${accountKey}|${generation}`,
  };
}

/** True when `userId` signed in successfully from `ip` in the last KNOWN_ADDRESS_DAYS days. */
async function signedInFrom(
  deps: AccountsDeps,
  userId: number,
  ip: string,
  now: Date,
): Promise<boolean> {
  const since = new Date(now.getTime() - KNOWN_ADDRESS_DAYS * 24 * 60 * 60 * 1000);
  return hasSignedInFrom(deps.db, userId, ip, since);
}

/**
 * Signs in with email and password (POST /main/login).
 * Same status, message and work for an unknown email and a wrong password: an unknown email
 * still runs one argon2 verification (against a dummy hash), records a failure and an audit
 * entry. Every attempt is reserved before the check (decision 018): more than 5 per account
 * from one address, 20 per address, or 30 per account from all addresses (not held against an
 * address the account signed in from in the last 30 days) in 15 min give 429 before any check.
 * @throws AppError unauthorized `invalid_credentials`; rate_limited `too_many_attempts`
 *   (Retry-After); forbidden `parent_consent_required` | `account_inactive`
 */
export async function signIn(
  deps: AccountsDeps,
  input: { email: string; password: string; platform: string },
  ctx: RequestContext,
): Promise<SignInResult> {
  const now = deps.clock.now();
  const accountKey = input.email.toLowerCase();
  const user = await findUserByEmail(deps.db, input.email);
  const keys = loginKeys(accountKey, ctx.ip, user?.passwordChangedAt ?? null);
  // Reserve the attempt under every key BEFORE the password is checked (atomic upserts): of
  // guesses sent in parallel, only those within the limits reach argon2.
  const pair = await deps.attempts.hit(keys.pair, LOGIN_WINDOW_MS, now);
  const address = await deps.attempts.hit(keys.address, LOGIN_WINDOW_MS, now);
  const account = await deps.attempts.hit(keys.account, LOGIN_WINDOW_MS, now);
  const pairBlocked = pair.count > LOGIN_FAILURES_PER_ACCOUNT;
  const addressBlocked = address.count > LOGIN_FAILURES_PER_ADDRESS;
  const accountBlocked =
    account.count > LOGIN_ATTEMPTS_PER_ACCOUNT_ALL_ADDRESSES &&
    !(user && (await signedInFrom(deps, user.id, ctx.ip, now)));
  if (pairBlocked || addressBlocked || accountBlocked) {
    await insertAuditLog(deps.db, {
      kind: "SECURITY",
      initiator: "UNKNOWN",
      action: "sign_in_throttled",
      target: maskEmail(accountKey),
      detail: {
        ip: ctx.ip,
        byAccount: pairBlocked,
        byAddress: addressBlocked,
        byAccountAllAddresses: accountBlocked,
      },
      requestId: ctx.requestId,
    });
    throw tooManyAttempts(
      Math.max(
        pairBlocked ? pair.retryAfterSeconds : 0,
        addressBlocked ? address.retryAfterSeconds : 0,
        accountBlocked ? account.retryAfterSeconds : 0,
      ),
      now,
    );
  }

  const matches = user
    ? await deps.hasher.verify(user.passwordHash, input.password)
    : await deps.hasher.verifyDummy(input.password);
  if (!user || !matches) {
    await insertAuditLog(deps.db, {
      kind: "SECURITY",
      initiator: "UNKNOWN",
      actorUserId: user?.id ?? null,
      action: "sign_in_failure",
      target: user ? `user:${user.id}` : maskEmail(accountKey),
      detail: {
        reason: user ? "wrong_password" : "unknown_email",
        ip: ctx.ip,
        platform: input.platform,
      },
      requestId: ctx.requestId,
    });
    throw invalidCredentials();
  }
  // The right password: this account's attempts are forgotten, and the address gets its
  // reserved attempt back (its limit counts guesses, not people signing in at one school).
  await deps.attempts.reset([keys.pair, keys.account]);
  await deps.attempts.release(keys.address);

  if (user.status === "PENDING_PARENT_CONSENT") {
    // The child proved the password: the consent request goes to the parent again (a fresh
    // link), at most CONSENT_RESENDS_PER_HOUR times an hour, and the answer says so.
    const key = String(user.id);
    let resentTo: string | null = null;
    if (
      user.parentPhone &&
      (await deps.limiters.consentResends.hit(key, now)).count <= CONSENT_RESENDS_PER_HOUR
    ) {
      const sent = await sendConsentRequest(deps, user.id, user.name, user.parentPhone);
      if (sent.smsSent) resentTo = maskMobile(user.parentPhone);
    }
    throw new AppError(
      "forbidden",
      "parent_consent_required",
      resentTo
        ? ACCOUNT_MESSAGES.parentConsentResent(resentTo)
        : ACCOUNT_MESSAGES.parentConsentRequired,
    );
  }
  if (user.status !== "ACTIVE" || !isUserType(user.userType)) {
    throw new AppError("forbidden", "account_inactive", ACCOUNT_MESSAGES.accountInactive);
  }

  const refresh = await startFamily(deps, user.id, now);
  const { token: accessToken } = await deps.issuer.issue({
    userNo: user.id,
    userType: user.userType,
    sessionId: refresh.familyId,
  });
  const children = user.userType === "PARENT" ? await findChildren(deps.db, user.id) : [];
  await insertAuditLog(deps.db, {
    kind: "SECURITY",
    initiator: "USER",
    actorUserId: user.id,
    action: "sign_in_success",
    target: `user:${user.id}`,
    detail: { ip: ctx.ip, platform: input.platform },
    requestId: ctx.requestId,
  });
  return { accessToken, refresh, user, children };
}

/** Starts a refresh-token family for a user: one token, absolute expiry now + 30 days. */
async function startFamily(
  deps: AccountsDeps,
  userId: number,
  now: Date,
): Promise<IssuedRefreshToken> {
  const token = newOpaqueToken();
  const expiresAt = new Date(now.getTime() + REFRESH_TOKEN_TTL_MS);
  const familyId = randomUUID();
  await insertRefreshToken(deps.db, {
    tokenHash: sha256Hex(token),
    familyId,
    userId,
    issuedAt: now,
    expiresAt,
  });
  return { token, expiresAt, familyId };
}

/**
 * Exchanges a refresh token for a new access token and a new refresh token of the same family
 * (POST /api/oauth/token, `mutation { refresh }`). The presented token is claimed with a
 * conditional UPDATE inside a transaction, so concurrent presentations of one token mint at
 * most one successor. A token that was already used comes back → the whole family is revoked
 * (including the successor) and a SECURITY `refresh_reuse` entry is written.
 * @param presented the cookie value, possibly missing or malformed
 * @throws AppError unauthorized `invalid_grant` (missing, unknown, expired, revoked, reused, or
 *   the account is no longer active)
 */
export async function rotateRefreshToken(
  deps: AccountsDeps,
  presented: string | undefined,
  ctx: RequestContext,
): Promise<{ accessToken: string; refresh: IssuedRefreshToken }> {
  if (!presented || !REFRESH_TOKEN_SHAPE.test(presented)) throw invalidGrant();
  const now = deps.clock.now();
  const tokenHash = sha256Hex(presented);

  const outcome = await withTransaction(deps.db, async (tx) => {
    const claimed = await claimRefreshToken(tx, tokenHash, now);
    if (claimed) {
      const user = await findUserById(tx, claimed.userId);
      if (!user || user.status !== "ACTIVE" || !isUserType(user.userType)) {
        await revokeFamily(tx, claimed.familyId, now);
        return { kind: "invalid" as const };
      }
      const token = newOpaqueToken();
      const nextId = await insertRefreshToken(tx, {
        tokenHash: sha256Hex(token),
        familyId: claimed.familyId,
        userId: claimed.userId,
        issuedAt: now,
        expiresAt: claimed.expiresAt,
      });
      await setRotatedTo(tx, claimed.id, nextId);
      return {
        kind: "rotated" as const,
        user: { userNo: user.id, userType: user.userType, sessionId: claimed.familyId },
        refresh: { token, expiresAt: claimed.expiresAt, familyId: claimed.familyId },
      };
    }
    const row = await findRefreshTokenByHash(tx, tokenHash);
    if (row?.usedAt && !row.revokedAt) {
      const revoked = await revokeFamily(tx, row.familyId, now);
      return { kind: "reuse" as const, row, revoked };
    }
    return { kind: "invalid" as const };
  });

  if (outcome.kind === "reuse") {
    await insertAuditLog(deps.db, {
      kind: "SECURITY",
      initiator: "UNKNOWN",
      actorUserId: outcome.row.userId,
      action: "refresh_reuse",
      target: `user:${outcome.row.userId}`,
      detail: { familyId: outcome.row.familyId, revokedTokens: outcome.revoked, ip: ctx.ip },
      requestId: ctx.requestId,
    });
    throw invalidGrant();
  }
  if (outcome.kind === "invalid") throw invalidGrant();
  const { token: accessToken } = await deps.issuer.issue(outcome.user);
  return { accessToken, refresh: outcome.refresh };
}

/**
 * Signs out (POST /api/oauth/logout): revokes the family of the presented refresh token, if it
 * is one of ours. Never fails: an absent or unknown cookie is already signed out.
 */
export async function signOut(
  deps: AccountsDeps,
  presented: string | undefined,
  ctx: RequestContext,
): Promise<void> {
  if (!presented || !REFRESH_TOKEN_SHAPE.test(presented)) return;
  const row = await findRefreshTokenByHash(deps.db, sha256Hex(presented));
  if (!row) return;
  const revoked = await revokeFamily(deps.db, row.familyId, deps.clock.now());
  if (revoked > 0) {
    await insertAuditLog(deps.db, {
      kind: "SECURITY",
      initiator: "USER",
      actorUserId: row.userId,
      action: "sign_out",
      target: `user:${row.userId}`,
      detail: { ip: ctx.ip },
      requestId: ctx.requestId,
    });
  }
}
