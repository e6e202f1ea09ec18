/**
 * Parent-consent tickets (issue #11 item 8; docs/api/accounts.md "Join and phone verification"):
 * the link texted to the parent of an under-14 account carries a ticket naming the child, so the
 * consent page can say whose account it is (masked) and which phone is expected (masked) to the
 * holder of the link only — a bare USER_NO would let anyone list pending children. A ticket is a
 * compact JWS signed with the accounts keys: header `typ: "consent+jwt"`, claims `iss` (accounts
 * base URL), `aud: "parent_consent"`, `sub` (the child's USER_NO), `iat`, `exp` (7 days). The
 * distinct `typ`/`aud` keep it from ever passing as an access token and the reverse. Nothing is
 * stored; the consent itself still needs the parent's phone code.
 */
import { SignJWT, jwtVerify } from "jose";
import type { Clock } from "../../clock.ts";
import { SIGNING_ALGORITHM, type SigningKeyStore } from "./signing-keys.ts";
import { localJwks } from "./token-verifier.ts";

/** A consent link stays usable for 7 days. */
export const CONSENT_TICKET_TTL_SECONDS = 7 * 24 * 60 * 60;
const TICKET_TYPE = "consent+jwt";
const AUDIENCE = "parent_consent";

export interface ConsentTickets {
  /** A ticket for the child `childUserNo`, valid CONSENT_TICKET_TTL_SECONDS. */
  issue(childUserNo: number): Promise<string>;
  /** The child's USER_NO, or null for a forged, expired, malformed or foreign ticket. */
  verify(ticket: string): Promise<number | null>;
  /** The consent page for a ticket: `<public origin>/JoinPage?step=parent_consent&child=&ticket=`. */
  url(childUserNo: number, ticket: string): string;
}

export function createConsentTickets(deps: {
  keys: SigningKeyStore;
  issuer: string;
  publicOrigin: string;
  clock: Clock;
}): ConsentTickets {
  const { keys, issuer, publicOrigin, clock } = deps;
  const jwks = localJwks(keys);
  return {
    async issue(childUserNo) {
      const iat = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({})
        .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: keys.current.kid, typ: TICKET_TYPE })
        .setIssuer(issuer)
        .setAudience(AUDIENCE)
        .setSubject(String(childUserNo))
        .setIssuedAt(iat)
        .setExpirationTime(iat + CONSENT_TICKET_TTL_SECONDS)
        .sign(keys.current.privateKey);
    },
    async verify(ticket) {
      if (ticket.length > 2048) return null;
      try {
        const { payload } = await jwtVerify(ticket, jwks, {
          issuer,
          audience: AUDIENCE,
          algorithms: [SIGNING_ALGORITHM],
          typ: TICKET_TYPE,
          currentDate: clock.now(),
          requiredClaims: ["sub", "exp"],
        });
        const child = Number(payload.sub);
        return Number.isSafeInteger(child) && child > 0 ? child : null;
      } catch {
        return null;
      }
    },
    url(childUserNo, ticket) {
      const params = new URLSearchParams({
        step: "parent_consent",
        child: String(childUserNo),
        ticket,
      });
      return `${publicOrigin}/JoinPage?${params.toString()}`;
    },
  };
}
