/**
 * Signed tickets of account linking (issue 15; docs/decisions/034): compact JWS signed with the
 * accounts keys, like the consent tickets. Nothing is stored.
 *
 * - proof (`typ: "account-proof+jwt"`, `aud: "account_link"`, 10 min): the holder proved the
 *   password of one account — `svc` its SERVICE_TYPE, `sub` its id. Issued by the account-link
 *   login call, spent by user_Agree_family_services and the connect call.
 * - auto-login (`typ: "autologin+jwt"`, `aud` = the other service's SERVICE_TYPE, 60 s, `jti`):
 *   what the other service exchanges for its own session after a link made here (SPEC.md §4
 *   "success of linking to the other service sets auto-login").
 * The distinct `typ`/`aud` keep each from passing as an access token, a consent ticket or the
 * other kind.
 */
import { randomUUID } from "node:crypto";
import { SignJWT, jwtVerify } from "jose";
import { SERVICE_TYPES, type ServiceType } from "@seoltab/domain/family-accounts";
import type { Clock } from "../../../clock.ts";
import { SIGNING_ALGORITHM, type SigningKeyStore } from "../signing-keys.ts";
import { localJwks } from "../token-verifier.ts";

/** A proof ticket stays usable for 10 minutes. */
export const PROOF_TTL_SECONDS = 10 * 60;
/** An auto-login ticket stays usable for 60 seconds. */
export const AUTO_LOGIN_TTL_SECONDS = 60;

const PROOF_TYPE = "account-proof+jwt";
const PROOF_AUDIENCE = "account_link";
const AUTO_LOGIN_TYPE = "autologin+jwt";

/** Which account a proof names. */
export interface AccountProof {
  serviceType: ServiceType;
  accountId: number;
}

export interface LinkTickets {
  proof(account: AccountProof): Promise<string>;
  /** The account a proof names, or null (forged, expired, malformed, another kind). */
  readProof(ticket: string): Promise<AccountProof | null>;
  autoLogin(serviceType: ServiceType, accountId: number): Promise<string>;
}

export function createLinkTickets(deps: {
  keys: SigningKeyStore;
  issuer: string;
  clock: Clock;
}): LinkTickets {
  const { keys, issuer, clock } = deps;
  const jwks = localJwks(keys);
  const sign = (
    claims: Record<string, unknown>,
    typ: string,
    aud: string,
    sub: string,
    ttl: number,
  ) => {
    const iat = Math.floor(clock.now().getTime() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: keys.current.kid, typ })
      .setIssuer(issuer)
      .setAudience(aud)
      .setSubject(sub)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttl)
      .sign(keys.current.privateKey);
  };
  return {
    proof: (account) =>
      sign(
        { svc: account.serviceType },
        PROOF_TYPE,
        PROOF_AUDIENCE,
        String(account.accountId),
        PROOF_TTL_SECONDS,
      ),
    async readProof(ticket) {
      if (ticket.length > 2048) return null;
      try {
        const { payload } = await jwtVerify(ticket, jwks, {
          issuer,
          audience: PROOF_AUDIENCE,
          algorithms: [SIGNING_ALGORITHM],
          typ: PROOF_TYPE,
          currentDate: clock.now(),
          requiredClaims: ["sub", "exp", "svc"],
        });
        const id = Number(payload.sub);
        const svc = payload.svc;
        if (!Number.isSafeInteger(id) || id <= 0) return null;
        if (typeof svc !== "string" || !(SERVICE_TYPES as readonly string[]).includes(svc)) {
          return null;
        }
        return { serviceType: svc as ServiceType, accountId: id };
      } catch {
        return null;
      }
    },
    autoLogin: (serviceType, accountId) =>
      sign(
        { jti: randomUUID() },
        AUTO_LOGIN_TYPE,
        serviceType,
        String(accountId),
        AUTO_LOGIN_TTL_SECONDS,
      ),
  };
}
