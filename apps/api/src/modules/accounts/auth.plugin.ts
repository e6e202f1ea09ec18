/**
 * Token verification on every backend (SPEC.md §4-5, §8; DESIGN.md §3; docs/api/accounts.md).
 * Decorates the root instance with `tokenVerifier` and `requireAuth`, and every request with
 * `auth` (the verified caller, or null).
 *
 * REST: `{ preHandler: app.requireAuth }` answers 401 in the envelope with ERROR_CODE
 * `token_expired` or `token_invalid` and only a generic message, plus `WWW-Authenticate`.
 * GraphQL: `requireGraphqlUser(ctx)` throws the same AppErrors, which the GraphQL error
 * formatter turns into classification UNAUTHORIZED with code "003" or "012" and no message.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { MercuriusContext } from "mercurius";
import { AppError } from "../../errors.ts";
import type { AuthUser } from "./access-tokens.ts";
import type { CurrentSession } from "./current-session.ts";
import type { TokenVerifier } from "./token-verifier.ts";

declare module "fastify" {
  interface FastifyInstance {
    tokenVerifier: TokenVerifier;
    /** The account's current state behind a verified token (current-session.ts). */
    currentSession: CurrentSession;
    /** preHandler: verifies the Bearer token and sets `request.auth`, or throws 401. */
    requireAuth: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    /** The verified caller, set by requireAuth / authenticate; null otherwise. */
    auth: AuthUser | null;
  }
}

/** The token of an `Authorization: Bearer <token>` header (scheme case-insensitive), if any. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== "string") return undefined;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

function withChallenge(err: unknown): unknown {
  if (err instanceof AppError && err.kind === "unauthorized") {
    return new AppError(err.kind, err.code, err.message, err.fields, {
      ...err.extra,
      headers: {
        ...err.extra.headers,
        "www-authenticate": `Bearer error="invalid_token"`,
      },
    });
  }
  return err;
}

/**
 * Verifies the caller of a REST request and sets `request.auth`.
 * @param fallback a token to use when there is no Authorization header (e.g. the `token` field
 *   of /main/getUserInfo); the header wins when both are present
 * @throws AppError unauthorized `token_expired` | `token_invalid` (with WWW-Authenticate);
 *   unavailable `jwks_unavailable`
 */
export async function authenticate(request: FastifyRequest, fallback?: string): Promise<AuthUser> {
  try {
    const verified = await request.server.tokenVerifier.verify(bearerToken(request) ?? fallback);
    const auth = await request.server.currentSession.current(verified);
    request.auth = auth;
    return auth;
  } catch (err) {
    throw withChallenge(err);
  }
}

/**
 * The verified caller of a GraphQL operation.
 * @throws AppError unauthorized (→ extensions code "003" expired, "012" missing or invalid)
 */
export async function requireGraphqlUser(ctx: MercuriusContext): Promise<AuthUser> {
  const request = ctx.reply.request;
  if (request.auth) return request.auth;
  const verified = await ctx.app.tokenVerifier.verify(bearerToken(request));
  const auth = await ctx.app.currentSession.current(verified);
  request.auth = auth;
  return auth;
}

export default fp(
  async function authPlugin(
    app: FastifyInstance,
    opts: { verifier: TokenVerifier; currentSession: CurrentSession },
  ) {
    app.decorate("tokenVerifier", opts.verifier);
    app.decorate("currentSession", opts.currentSession);
    app.decorateRequest("auth", null);
    app.decorate("requireAuth", async (request: FastifyRequest) => {
      await authenticate(request);
    });
  },
  { name: "accounts-auth" },
);
