/**
 * Access-token verification for every backend (SPEC.md §5, §8, §9; DESIGN.md §3;
 * docs/api/accounts.md "Verification"). `jose.jwtVerify` against the accounts key set with the
 * issuer checked and only ES256 allowed (`alg: none`, HS256 and any other algorithm are refused
 * before a key is looked at). The key set comes from a `JwksSource`: normally the remote JWKS of
 * the accounts service over HTTP (time-out 5 s, cool-down 30 s, cache age 10 min), or, when the
 * accounts service is this very process, the same key store without a network hop.
 *
 * Failures are AppErrors with no detail a person could act on (SPEC.md §8):
 * - `unauthorized` / `token_expired`: a genuine token past `exp`;
 * - `unauthorized` / `token_invalid`: missing, malformed, forged, tampered, wrong issuer, foreign
 *   key, unexpected claims;
 * - `unavailable` / `jwks_unavailable`: the key set could not be fetched (503: refreshing the
 *   token would not help, so it is not reported as a token problem).
 */
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors,
  jwtVerify,
  type JWTVerifyGetKey,
} from "jose";
import {
  JWKS_CACHE_MAX_AGE_MS,
  JWKS_COOLDOWN_MS,
  JWKS_TIMEOUT_MS,
  isUserType,
} from "@seoltab/domain";
import type { Clock } from "../../clock.ts";
import { ACCOUNT_MESSAGES, AppError } from "../../errors.ts";
import type { AuthUser } from "./access-tokens.ts";
import { SIGNING_ALGORITHM, type SigningKeyStore } from "./signing-keys.ts";

/** Resolves the verification key of a token from its protected header (jose's key getter). */
export type JwksSource = JWTVerifyGetKey;

/** Longest compact JWS accepted; anything longer is refused unparsed. */
export const MAX_TOKEN_LENGTH = 4096;

/** Path of the JWKS under the accounts base URL (SPEC.md §7 token calls). */
export const JWKS_PATH = "/api/oauth/jwks";

/**
 * The accounts service's JWKS over HTTP (SPEC.md §9: time-out 5000 ms, cool-down 30000 ms, cache
 * age 600000 ms). jose refetches when a token's `kid` is unknown, at most once per cool-down.
 * @param accountsBaseUrl config.baseUrls.accounts, e.g. https://accounts.example.com
 */
export function remoteJwks(accountsBaseUrl: string): JwksSource {
  return createRemoteJWKSet(new URL(`${accountsBaseUrl}${JWKS_PATH}`), {
    timeoutDuration: JWKS_TIMEOUT_MS,
    cooldownDuration: JWKS_COOLDOWN_MS,
    cacheMaxAge: JWKS_CACHE_MAX_AGE_MS,
  });
}

/** The published keys of this process's own key store (the accounts service is this server). */
export function localJwks(keys: SigningKeyStore): JwksSource {
  return createLocalJWKSet(keys.jwks);
}

/** Thrown by a guarded source when the key set itself could not be obtained. */
class KeySetUnavailable extends Error {}

/** Key lookups that fail because of the token (unknown kid, unsupported key) stay token errors. */
const TOKEN_FAULTS = new Set([
  "ERR_JWKS_NO_MATCHING_KEY",
  "ERR_JWKS_MULTIPLE_MATCHING_KEYS",
  "ERR_JOSE_NOT_SUPPORTED",
  "ERR_JOSE_ALG_NOT_ALLOWED",
  "ERR_JWS_INVALID",
]);

function guarded(source: JwksSource): JwksSource {
  return async (header, token) => {
    try {
      return await source(header, token);
    } catch (err) {
      if (TOKEN_FAULTS.has((err as { code?: string }).code ?? "")) throw err;
      throw new KeySetUnavailable("JWKS unavailable", { cause: err });
    }
  };
}

/** Verifies access tokens for every backend. */
export interface TokenVerifier {
  /**
   * Verifies a compact JWS access token and returns who it speaks for.
   * @throws AppError unauthorized `token_expired` | `token_invalid`, or unavailable
   *   `jwks_unavailable` (see module note)
   */
  verify(token: string | null | undefined): Promise<AuthUser>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const JWS_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

const invalid = () => new AppError("unauthorized", "token_invalid", ACCOUNT_MESSAGES.tokenRequired);

/**
 * How long a verified token is answered from memory before its signature is checked again (ms).
 * The signature and claims of a given token string never change; its `exp` (and `nbf`) are
 * compared with the clock on every hit. A key taken out of the key set stops verifying within
 * this time (the remote key set itself is cached for JWKS_CACHE_MAX_AGE_MS anyway).
 */
export const VERIFIED_TOKEN_CACHE_MS = 60_000;
/** Verified tokens kept at most (oldest dropped first). */
const VERIFIED_TOKEN_CACHE_ENTRIES = 5_000;

interface VerifiedEntry {
  auth: AuthUser;
  /** `exp` and `nbf` claims (epoch seconds; nbf undefined when absent). */
  exp: number;
  nbf: number | undefined;
  /** When it was verified (clock ms). */
  at: number;
}

/**
 * A verifier accepting only ES256 tokens from `issuer` whose key `jwks` resolves.
 * @param issuer expected `iss`: config.baseUrls.accounts
 * @param onKeySetError called with the cause when the key set cannot be fetched (for the log)
 */
export function createTokenVerifier(deps: {
  issuer: string;
  jwks: JwksSource;
  clock: Clock;
  onKeySetError?: (err: unknown) => void;
}): TokenVerifier {
  const source = guarded(deps.jwks);
  // Issue 19 (performance): an ES256 verification is the largest fixed cost of an authenticated
  // read; a client sends the same token for many requests. Keyed by the whole token string.
  const verified = new Map<string, VerifiedEntry>();
  return {
    async verify(token) {
      if (typeof token !== "string" || token.length > MAX_TOKEN_LENGTH || !JWS_SHAPE.test(token)) {
        throw invalid();
      }
      const now = deps.clock.now();
      const hit = verified.get(token);
      if (hit && now.getTime() - hit.at < VERIFIED_TOKEN_CACHE_MS && hit.at <= now.getTime()) {
        // The checks jose makes against the clock (clock tolerance 0).
        const seconds = Math.floor(now.getTime() / 1000);
        if (hit.nbf !== undefined && hit.nbf > seconds) throw invalid();
        if (hit.exp <= seconds) {
          throw new AppError("unauthorized", "token_expired", ACCOUNT_MESSAGES.tokenRequired);
        }
        return { ...hit.auth };
      }
      let payload: Record<string, unknown>;
      try {
        ({ payload } = await jwtVerify(token, source, {
          issuer: deps.issuer,
          algorithms: [SIGNING_ALGORITHM],
          typ: "JWT",
          requiredClaims: ["sub", "iat", "exp"],
          currentDate: now,
        }));
      } catch (err) {
        if (err instanceof KeySetUnavailable) {
          deps.onKeySetError?.(err.cause);
          throw new AppError("unavailable", "jwks_unavailable", ACCOUNT_MESSAGES.jwksUnavailable);
        }
        if (err instanceof errors.JWTExpired) {
          throw new AppError("unauthorized", "token_expired", ACCOUNT_MESSAGES.tokenRequired);
        }
        throw invalid();
      }
      const userNo = payload.user_no;
      const userType = payload.user_type;
      if (
        typeof userNo !== "number" ||
        !Number.isSafeInteger(userNo) ||
        userNo <= 0 ||
        payload.sub !== String(userNo) ||
        !isUserType(userType)
      ) {
        throw invalid();
      }
      const sid = payload.sid;
      if (sid !== undefined && (typeof sid !== "string" || !UUID.test(sid))) throw invalid();
      const auth: AuthUser = { userNo, userType, ...(sid ? { sessionId: sid } : {}) };
      verified.delete(token);
      verified.set(token, {
        auth,
        exp: payload.exp as number,
        nbf: typeof payload.nbf === "number" ? payload.nbf : undefined,
        at: now.getTime(),
      });
      if (verified.size > VERIFIED_TOKEN_CACHE_ENTRIES) {
        verified.delete(verified.keys().next().value!);
      }
      return { ...auth };
    },
  };
}
