/**
 * The `/auth/graphql` backend's accounts schema (SPEC.md §7 "Mutation refresh"; docs/api/
 * accounts.md): `mutation { refresh { token } }` rotates the refresh cookie exactly like
 * POST /api/oauth/token (failure: UNAUTHORIZED, code "012", cookie cleared), and
 * `query { me { userNo userType } }` answers who the Bearer token speaks for (UNAUTHORIZED
 * "003"/"012" otherwise).
 */
import type { IResolvers, MercuriusContext } from "mercurius";
import type { AccountsDeps } from "./accounts.deps.ts";
import { requestContext } from "./accounts.routes.ts";
import { requireGraphqlUser } from "./auth.plugin.ts";
import { assertAllowedOrigin, type OriginPolicy } from "./oauth.routes.ts";
import {
  clearRefreshCookie,
  readRefreshCookie,
  setRefreshCookie,
  type CookiePolicy,
} from "./refresh-cookie.ts";
import { rotateRefreshToken } from "./sessions.service.ts";

/** SDL appended to the auth backend's base schema. */
export const accountsSchema = /* GraphQL */ `
  "A new access token (the refresh cookie was rotated)."
  type RefreshResult {
    token: String!
  }

  "Who the Bearer token speaks for."
  type Me {
    userNo: Int!
    userType: String!
  }

  extend type Query {
    "The verified caller; UNAUTHORIZED (003 expired, 012 missing or invalid) otherwise."
    me: Me!
  }

  type Mutation {
    "Exchanges the refresh-token cookie for a new access token (SPEC.md §7)."
    refresh: RefreshResult!
  }
`;

/**
 * Resolvers of `accountsSchema`. Errors are AppErrors: `invalid_grant` and token failures become
 * UNAUTHORIZED `012`/`003` in the GraphQL error formatter; a foreign Origin is FORBIDDEN.
 */
export function accountsResolvers(opts: {
  deps: AccountsDeps;
  cookies: CookiePolicy;
  allowedOrigin: OriginPolicy;
}): IResolvers {
  const { deps, cookies, allowedOrigin } = opts;
  return {
    Query: {
      me: async (_root: unknown, _args: unknown, ctx: MercuriusContext) => requireGraphqlUser(ctx),
    },
    Mutation: {
      refresh: async (_root: unknown, _args: unknown, ctx: MercuriusContext) => {
        const request = ctx.reply.request;
        assertAllowedOrigin(request, allowedOrigin);
        try {
          const rotated = await rotateRefreshToken(
            deps,
            readRefreshCookie(request),
            requestContext(request),
          );
          setRefreshCookie(
            ctx.reply,
            cookies,
            rotated.refresh.token,
            rotated.refresh.expiresAt,
            deps.clock.now(),
          );
          return { token: rotated.accessToken };
        } catch (err) {
          clearRefreshCookie(ctx.reply, cookies);
          throw err;
        }
      },
    },
  };
}
