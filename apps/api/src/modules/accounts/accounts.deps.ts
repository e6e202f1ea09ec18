/**
 * What the accounts services need, assembled once in accounts.module.ts and passed explicitly
 * (no globals), so tests can swap the clock, the SMS adapter or the hasher.
 */
import type { Database } from "@seoltab/db";
import type { Clock } from "../../clock.ts";
import type { AccessTokenIssuer } from "./access-tokens.ts";
import type { AttemptLimiter } from "../../platform/attempt-limiter.ts";
import type { AttemptStore } from "../../platform/attempt-store.ts";
import type { ConsentTickets } from "./consent-tickets.ts";
import type { PasswordHasher } from "./password-hasher.ts";
import type { SmsSender } from "./sms.ts";

export interface AccountsDeps {
  db: Database;
  clock: Clock;
  hasher: PasswordHasher;
  issuer: AccessTokenIssuer;
  sms: SmsSender;
  /** Signed links of the parent-consent request texted to a parent (consent-tickets.ts). */
  consentTickets: ConsentTickets;
  /**
   * Sign-in and password-change throttles, shared by every process (Redis with REDIS_URL, else
   * the database).
   */
  attempts: AttemptStore;
  limiters: {
    /** Code requests per client address, 1 h window. */
    codeSendsAddress: AttemptLimiter;
    /** Email/nickname availability checks per client address, 10 min window. */
    availabilityAddress: AttemptLimiter;
    /** SMS-certification log writes per client address, 1 h window. */
    smsLogsAddress: AttemptLimiter;
    /** Consent requests re-sent per pending child (USER_NO), 1 h window. */
    consentResends: AttemptLimiter;
  };
}

export type { RequestContext } from "../../platform/request-context.ts";
