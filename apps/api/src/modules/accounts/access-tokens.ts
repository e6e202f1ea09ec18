/**
 * Access tokens of the accounts issuer (DESIGN.md §3; docs/api/accounts.md "Tokens"): compact
 * JWS, ES256, header `kid` and `typ: "JWT"`; claims `iss` = accounts base URL, `sub` = USER_NO
 * as a string, `user_no` (number), `user_type`, `iat`, `exp` = iat + ACCESS_TOKEN_TTL seconds.
 */
import { SignJWT } from "jose";
import type { UserType } from "@seoltab/domain";
import type { Clock } from "../../clock.ts";
import { SIGNING_ALGORITHM, type SigningKeyStore } from "./signing-keys.ts";

/** Who a verified access token speaks for. */
export interface AuthUser {
  userNo: number;
  userType: UserType;
  /**
   * The refresh-token family (sign-in session) the access token was issued for: the `sid`
   * claim. Revoking the family (logout, reuse, a new password) ends its access tokens too
   * (issue #19). Absent on tokens issued before `sid` existed.
   */
  sessionId?: string;
}

/** Signs access tokens (see module note for the claims). */
export interface AccessTokenIssuer {
  /** Signs a token for `user`; `expiresAt` is when it stops verifying. */
  issue(user: AuthUser): Promise<{ token: string; expiresAt: Date }>;
}

/**
 * An issuer signing with the current key of `keys`.
 * @param issuer the `iss` claim: config.baseUrls.accounts
 * @param ttlSeconds lifetime of each token in seconds (ACCESS_TOKEN_TTL, default 900)
 */
export function createAccessTokenIssuer(deps: {
  keys: SigningKeyStore;
  issuer: string;
  ttlSeconds: number;
  clock: Clock;
}): AccessTokenIssuer {
  const { keys, issuer, ttlSeconds, clock } = deps;
  return {
    async issue(user) {
      const iat = Math.floor(clock.now().getTime() / 1000);
      const exp = iat + ttlSeconds;
      const token = await new SignJWT({
        user_no: user.userNo,
        user_type: user.userType,
        ...(user.sessionId ? { sid: user.sessionId } : {}),
      })
        .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: keys.current.kid, typ: "JWT" })
        .setIssuer(issuer)
        .setSubject(String(user.userNo))
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(keys.current.privateKey);
      return { token, expiresAt: new Date(exp * 1000) };
    },
  };
}
