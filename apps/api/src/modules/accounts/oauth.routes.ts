/**
 * Token calls (SPEC.md §5, §7; DESIGN.md §2-3; docs/api/accounts.md "Token endpoints"):
 * - `POST /api/oauth/token` (form or JSON): only `grant_type=refresh_token`, from the refresh
 *   cookie; 200 `{ accessToken }` and a rotated cookie. Any other grant type: 400
 *   `{ error: "unsupported_grant_type" }`; none: 400 `invalid_request`; a bad cookie: 401
 *   `{ error: "invalid_grant" }` and the cookie cleared. Never a token in an error.
 * - `POST /api/oauth/logout`: revokes the cookie's family, clears the cookie, 204.
 * - `GET /accounts/api/oauth/jwks` (registered under the /accounts prefix): the public keys.
 * Token answers are OAuth-style JSON, not the ONUEI_RES envelope. Requests carrying an Origin
 * header that is not one of ours are refused (403), on top of the SameSite=Lax cookie.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ACCOUNT_MESSAGES, AppError, toAppError } from "../../errors.ts";
import type { AccountsDeps } from "./accounts.deps.ts";
import { requestContext } from "./accounts.routes.ts";
import { tokenRequestInput } from "./accounts.schemas.ts";
import {
  clearRefreshCookie,
  readRefreshCookie,
  setRefreshCookie,
  type CookiePolicy,
} from "./refresh-cookie.ts";
import { rotateRefreshToken, signOut } from "./sessions.service.ts";
import type { SigningKeyStore } from "./signing-keys.ts";

/** Decides whether a browser `Origin` header is one of this deployment's origins. */
export type OriginPolicy = (origin: string) => boolean;

/**
 * Throws forbidden `origin_not_allowed` when the request has an Origin header the policy refuses
 * (cross-site use of the refresh cookie). Requests without Origin pass.
 */
export function assertAllowedOrigin(request: FastifyRequest, allowed: OriginPolicy): void {
  const origin = request.headers.origin;
  if (origin !== undefined && !allowed(origin)) {
    throw new AppError("forbidden", "origin_not_allowed", ACCOUNT_MESSAGES.originNotAllowed);
  }
}

const OAUTH_ERRORS: Record<string, { status: number; error: string }> = {
  invalid_grant: { status: 401, error: "invalid_grant" },
  unsupported_grant_type: { status: 400, error: "unsupported_grant_type" },
  origin_not_allowed: { status: 403, error: "invalid_request" },
};

/**
 * Registers `/api/oauth/token` and `/api/oauth/logout` at the root, with their own OAuth-style
 * error handler (`{ error }`, never the envelope; see module note for statuses).
 */
export async function oauthRoutes(
  app: FastifyInstance,
  opts: { deps: AccountsDeps; cookies: CookiePolicy; allowedOrigin: OriginPolicy },
): Promise<void> {
  const { deps, cookies, allowedOrigin } = opts;

  app.setErrorHandler((err, request, reply: FastifyReply) => {
    const appError = toAppError(err);
    const known = OAUTH_ERRORS[appError.code];
    if (appError.kind === "internal") request.log.error({ err }, "unhandled error in token call");
    else request.log.info({ code: appError.code }, "token request refused");
    if (appError.code === "invalid_grant") clearRefreshCookie(reply, cookies);
    const status =
      known?.status ??
      (appError.kind === "internal" ? 500 : appError.kind === "unavailable" ? 503 : 400);
    const error = known?.error ?? (status >= 500 ? "server_error" : "invalid_request");
    return reply.status(status).header("cache-control", "no-store").send({ error });
  });

  app.post("/api/oauth/token", async (request, reply) => {
    assertAllowedOrigin(request, allowedOrigin);
    const parsed = tokenRequestInput.safeParse(request.body ?? {});
    const grantType = parsed.success ? parsed.data.grant_type : undefined;
    if (!grantType) throw new AppError("validation", "invalid_request", "grant_type is required");
    if (grantType !== "refresh_token") {
      throw new AppError("validation", "unsupported_grant_type", "unsupported grant_type");
    }
    const rotated = await rotateRefreshToken(
      deps,
      readRefreshCookie(request),
      requestContext(request),
    );
    setRefreshCookie(
      reply,
      cookies,
      rotated.refresh.token,
      rotated.refresh.expiresAt,
      deps.clock.now(),
    );
    return reply.header("cache-control", "no-store").send({ accessToken: rotated.accessToken });
  });

  app.post("/api/oauth/logout", async (request, reply) => {
    assertAllowedOrigin(request, allowedOrigin);
    await signOut(deps, readRefreshCookie(request), requestContext(request));
    clearRefreshCookie(reply, cookies);
    return reply.status(204).header("cache-control", "no-store").send();
  });
}

/** `GET /api/oauth/jwks` inside the /accounts prefix: current and previous public keys. */
export async function jwksRoutes(app: FastifyInstance, opts: { keys: SigningKeyStore }) {
  app.get("/api/oauth/jwks", async (_request, reply) =>
    reply
      .header("cache-control", "public, max-age=600")
      .header("content-type", "application/jwk-set+json; charset=utf-8")
      .send(JSON.stringify(opts.keys.jwks)),
  );
}
