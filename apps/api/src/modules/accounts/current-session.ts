/**
 * What a verified access token may still do now (issue #19: "a token keeps its role until it
 * expires"). The token's signature and expiry are checked by token-verifier.ts; this adds, on
 * every authenticated request, the account's current state from the database: a withdrawn or
 * inactive account and a revoked sign-in session (the token's `sid` family: logout, reuse, a
 * new password) are refused, and the caller's role is the current one (a demoted admin is no
 * longer staff). Answers are cached for at most CACHE_MS per token session, so a change takes
 * effect within seconds without a query per request.
 */
import { and, eq, gt, isNull, schema, sql, type Database } from "@seoltab/db";
import { isUserType } from "@seoltab/domain";
import type { Clock } from "../../clock.ts";
import { ACCOUNT_MESSAGES, AppError } from "../../errors.ts";
import type { AuthUser } from "./access-tokens.ts";

/** How long a session's state is trusted without asking the database again (ms). */
export const SESSION_CACHE_MS = 5_000;

const MAX_ENTRIES = 10_000;

export interface CurrentSession {
  /**
   * The caller as they are now.
   * @throws AppError unauthorized `token_invalid` when the account is gone or not ACTIVE, or the
   *   token's session was revoked
   */
  current(auth: AuthUser): Promise<AuthUser>;
}

export function currentSessionChecker(db: Database, clock: Clock): CurrentSession {
  const cache = new Map<string, { at: number; user: AuthUser | null }>();
  // Look-ups under way: the requests of one session arriving together share one (issue 19
  // performance: 50 parallel requests after the cache ended made 50 pairs of queries).
  const loading = new Map<string, Promise<AuthUser | null>>();
  const ended = () => new AppError("unauthorized", "token_invalid", ACCOUNT_MESSAGES.tokenRequired);

  async function load(auth: AuthUser, now: Date): Promise<AuthUser | null> {
    const u = schema.users;
    const [row] = await db
      .select({ status: u.status, userType: u.userType })
      .from(u)
      .where(eq(u.id, auth.userNo))
      .limit(1);
    if (!row || row.status !== "ACTIVE" || !isUserType(row.userType)) return null;
    if (auth.sessionId) {
      const r = schema.refreshTokens;
      const [live] = await db
        .select({ one: sql<number>`1` })
        .from(r)
        .where(
          and(
            eq(r.familyId, auth.sessionId),
            eq(r.userId, auth.userNo),
            isNull(r.revokedAt),
            gt(r.expiresAt, now),
          ),
        )
        .limit(1);
      if (!live) return null;
    }
    return { ...auth, userType: row.userType };
  }

  return {
    async current(auth) {
      const now = clock.now();
      const key = `${auth.userNo}|${auth.sessionId ?? ""}`;
      const hit = cache.get(key);
      let user: AuthUser | null;
      if (hit && now.getTime() - hit.at < SESSION_CACHE_MS && hit.at <= now.getTime()) {
        user = hit.user;
      } else {
        let pending = loading.get(key);
        if (!pending) {
          pending = load(auth, now)
            .then((loaded) => {
              cache.delete(key);
              cache.set(key, { at: now.getTime(), user: loaded });
              if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
              return loaded;
            })
            .finally(() => loading.delete(key));
          loading.set(key, pending);
        }
        user = await pending;
      }
      if (!user) throw ended();
      return user;
    },
  };
}
