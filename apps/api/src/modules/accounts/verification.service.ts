/**
 * Phone verification by SMS code (SPEC.md §3 Join form "flags for code sent and code valid";
 * docs/api/accounts.md "Join and phone verification"). A code is 6 random digits, valid 180 s,
 * 5 attempts, stored only as sha256(salt || code) with a per-row salt; at most 5 codes per phone
 * per hour. A correct code yields a verification token: 32 random bytes, valid 30 min, for one
 * purpose only, stored only as its SHA-256 digest, consumed by the call that uses it.
 */
import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import type { Database } from "@seoltab/db";
import { ACCOUNT_MESSAGES, AppError } from "../../errors.ts";
import type { AccountsDeps, RequestContext } from "./accounts.deps.ts";
import {
  CODE_MAX_ATTEMPTS,
  CODE_SENDS_PER_ADDRESS_PER_HOUR,
  CODE_SENDS_PER_PHONE_PER_HOUR,
  CODE_TTL_MS,
  VERIFICATION_RETENTION_MS,
  VERIFICATION_TOKEN_TTL_MS,
  type VerificationPurpose,
} from "./accounts.constants.ts";
import {
  claimCodeAttempt,
  consumeVerificationToken,
  findVerifiedPhone,
  findSendTimes,
  insertVerification,
  markVerified,
  purgeVerificationsBefore,
} from "./verification.repository.ts";
import { OPAQUE_TOKEN_SHAPE, newOpaqueToken, sha256Hex } from "./opaque-tokens.ts";

const HOUR_MS = 60 * 60 * 1000;

function codeDigest(salt: string, code: string): string {
  return createHash("sha256").update(salt).update(code).digest("hex");
}

/** The SMS text (Korean). The code appears only here and in the SMS provider. */
export function codeMessage(code: string): string {
  return `[설탭] 인증번호 [${code}]를 입력해 주세요. 3분 안에 입력해야 해요.`;
}

function rateLimited(code: string, message: string, retryAfterSeconds: number) {
  return new AppError("rate_limited", code, message, [], {
    headers: { "retry-after": String(Math.max(1, retryAfterSeconds)) },
  });
}

/**
 * Sends a new code to `phone` (digits, already normalised) for `purpose`.
 * @returns the VERIFICATION_ID and its lifetime in seconds (180)
 * @throws AppError rate_limited `too_many_sends` (5 per phone per hour, 30 per address per
 *   hour); unavailable `sms_unavailable` from the SMS adapter
 */
export async function sendCode(
  deps: AccountsDeps,
  input: { phone: string; purpose: VerificationPurpose },
  ctx: RequestContext,
): Promise<{ verificationId: string; expiresInSec: number }> {
  const now = deps.clock.now();
  const recent = await findSendTimes(deps.db, input.phone, new Date(now.getTime() - HOUR_MS));
  if (recent.length >= CODE_SENDS_PER_PHONE_PER_HOUR) {
    const oldest = recent[recent.length - CODE_SENDS_PER_PHONE_PER_HOUR]!;
    throw rateLimited(
      "too_many_sends",
      ACCOUNT_MESSAGES.tooManySends,
      Math.ceil((oldest.getTime() + HOUR_MS - now.getTime()) / 1000),
    );
  }
  // Reserved before the code is made (shared by every process, issue #19).
  const byAddress = await deps.limiters.codeSendsAddress.hit(ctx.ip, now);
  if (byAddress.count > CODE_SENDS_PER_ADDRESS_PER_HOUR) {
    throw rateLimited("too_many_sends", ACCOUNT_MESSAGES.tooManySends, byAddress.retryAfterSeconds);
  }
  await purgeVerificationsBefore(deps.db, new Date(now.getTime() - VERIFICATION_RETENTION_MS));

  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const salt = randomBytes(16).toString("hex");
  const verificationId = randomUUID();
  await insertVerification(deps.db, {
    id: verificationId,
    purpose: input.purpose,
    phone: input.phone,
    codeHash: codeDigest(salt, code),
    codeSalt: salt,
    codeExpiresAt: new Date(now.getTime() + CODE_TTL_MS),
    createdAt: now,
  });
  await deps.sms.send(input.phone, codeMessage(code));
  return { verificationId, expiresInSec: CODE_TTL_MS / 1000 };
}

/**
 * Checks a code. Each call counts one attempt, atomically.
 * @returns a verification token for the purpose the code was sent for, valid 1800 s
 * @throws AppError validation `code_mismatch` (RESPONSE.REMAINING_ATTEMPTS), or `code_expired`
 *   for an unknown id, an expired or already used code, or after 5 wrong codes
 */
export async function verifyCode(
  deps: AccountsDeps,
  input: { verificationId: string; code: string },
): Promise<{ token: string; expiresInSec: number }> {
  const now = deps.clock.now();
  const expired = () => new AppError("validation", "code_expired", ACCOUNT_MESSAGES.codeExpired);
  const row = await claimCodeAttempt(deps.db, input.verificationId, CODE_MAX_ATTEMPTS, now);
  if (!row) throw expired();
  const expected = Buffer.from(row.codeHash, "hex");
  const actual = Buffer.from(codeDigest(row.codeSalt, input.code), "hex");
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
    const remaining = Math.max(0, CODE_MAX_ATTEMPTS - row.attempts);
    throw new AppError(
      "validation",
      "code_mismatch",
      ACCOUNT_MESSAGES.codeMismatch(remaining),
      [],
      {
        response: { REMAINING_ATTEMPTS: remaining },
      },
    );
  }
  const token = newOpaqueToken();
  const ok = await markVerified(
    deps.db,
    row.id,
    sha256Hex(token),
    new Date(now.getTime() + VERIFICATION_TOKEN_TTL_MS),
    now,
  );
  if (!ok) throw expired();
  return { token, expiresInSec: VERIFICATION_TOKEN_TTL_MS / 1000 };
}

/**
 * Consumes a verification token of `purpose` inside the caller's transaction (`db` may be a
 * transaction, so a later failure in it gives the token back).
 * @returns the verified phone (digits)
 * @throws AppError validation `verification_invalid` for a malformed, unknown, expired, used or
 *   other-purpose token
 */
export async function consumeVerification(
  db: Database,
  now: Date,
  token: string,
  purpose: VerificationPurpose,
): Promise<string> {
  const phone = OPAQUE_TOKEN_SHAPE.test(token)
    ? await consumeVerificationToken(db, sha256Hex(token), purpose, now)
    : undefined;
  if (!phone) {
    throw new AppError("validation", "verification_invalid", ACCOUNT_MESSAGES.verificationInvalid, [
      { field: "VERIFICATION_TOKEN", message: ACCOUNT_MESSAGES.verificationInvalid },
    ]);
  }
  return phone;
}

/**
 * The phone a verification token of `purpose` proves, without consuming it; undefined when the
 * token is malformed, unknown, expired, used or of another purpose. Only for deciding whether a
 * refusal may leave the token usable; the work itself must call consumeVerification.
 */
export async function peekVerification(
  db: Database,
  now: Date,
  token: string,
  purpose: VerificationPurpose,
): Promise<string | undefined> {
  if (!OPAQUE_TOKEN_SHAPE.test(token)) return undefined;
  return findVerifiedPhone(db, sha256Hex(token), purpose, now);
}
