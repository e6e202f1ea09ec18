/**
 * Access-token calls (SPEC.md §7 "Token calls", docs/api/accounts.md "Token endpoints"):
 * POST /api/oauth/token (`grant_type=refresh_token`, the HttpOnly refresh cookie, credentials
 * included) answers `{ accessToken }`; `mutation refresh { refresh { token } }` on the auth
 * backend does the same through GraphQL.
 *
 * Refresh tokens rotate on every use and a reused one revokes the whole family, so two
 * refreshes must never run at once: concurrent callers share one promise, and where the Web
 * Locks API exists, tabs take turns.
 */
import { useRootStore } from "../stores/root-store";
import { graphqlEndpoint, tokenEndpoint } from "./base-urls";
import { setAccessToken } from "./credentials";

/** Default (same-origin) addresses; the environment's are tokenEndpoint() / graphqlEndpoint("auth"). */
export const TOKEN_ENDPOINT = "/api/oauth/token";
export const AUTH_GRAPHQL_ENDPOINT = "/auth/graphql";
export const REFRESH_MUTATION = "mutation refresh { refresh { token } }";

/** Tokens whose `exp` is this close count as expired (clock skew, time in flight). */
export const EXPIRY_MARGIN_MS = 30_000;

/** A failed token call: `status` is the HTTP status (0: no answer), `code` the error code. */
export class TokenError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(message: string, status: number, code: string) {
    super(message);
    this.name = "TokenError";
    this.status = status;
    this.code = code;
  }
}

/** A GraphQL error of the refresh mutation, thrown as the server sent it (SPEC.md §8). */
export interface GraphqlErrorShape {
  message: string;
  extensions?: { classification?: string; code?: string; [key: string]: unknown };
}

/** The errors array of a failed refresh mutation (SPEC.md §7: "if errors are present they are thrown"). */
export class RefreshMutationError extends Error {
  readonly errors: readonly GraphqlErrorShape[];
  constructor(errors: readonly GraphqlErrorShape[]) {
    super(errors[0]?.message ?? "refresh failed");
    this.name = "RefreshMutationError";
    this.errors = errors;
  }
}

/**
 * POST /api/oauth/token with `grant_type=refresh_token` and credentials included; returns the
 * response's `accessToken`. Stores nothing.
 * @throws TokenError on a network failure, a non-2xx answer or a body without accessToken.
 */
export async function fetchAccessToken(): Promise<string> {
  let response: Response;
  try {
    response = await fetch(tokenEndpoint(), {
      method: "POST",
      credentials: "include",
      headers: {
        accept: "application/json",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ grant_type: "refresh_token" }).toString(),
    });
  } catch {
    throw new TokenError("token endpoint unreachable", 0, "network_error");
  }
  const body: unknown = await response.json().catch(() => null);
  const record = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  if (response.ok && typeof record.accessToken === "string" && record.accessToken) {
    return record.accessToken;
  }
  const code = typeof record.error === "string" ? record.error : "invalid_response";
  throw new TokenError(`token request failed (${response.status} ${code})`, response.status, code);
}

interface RefreshMutationBody {
  data?: { refresh?: { token?: unknown } | null } | null;
  errors?: GraphqlErrorShape[];
}

/**
 * `mutation refresh { refresh { token } }` on the auth backend, with credentials (the refresh
 * cookie); returns `data.refresh.token`.
 * @throws RefreshMutationError with the server's errors as they are, when any are present;
 *   TokenError when there is no answer or no token.
 */
export async function refreshWithMutation(): Promise<string> {
  let response: Response;
  try {
    response = await fetch(graphqlEndpoint("auth"), {
      method: "POST",
      credentials: "include",
      headers: { accept: "application/json", "content-type": "application/json" },
      body: JSON.stringify({ operationName: "refresh", query: REFRESH_MUTATION }),
    });
  } catch {
    throw new TokenError("auth backend unreachable", 0, "network_error");
  }
  const body = (await response.json().catch(() => null)) as RefreshMutationBody | null;
  if (body?.errors?.length) throw new RefreshMutationError(body.errors);
  const token = body?.data?.refresh?.token;
  if (typeof token === "string" && token) return token;
  throw new TokenError(`refresh mutation failed (${response.status})`, response.status, "no_token");
}

let inflight: Promise<string> | null = null;

/** Runs `task` holding a cross-tab lock where the Web Locks API exists. */
function withTabLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  if (!locks?.request) return task();
  return locks.request("seoltab:token-refresh", task) as Promise<T>;
}

/**
 * How a new token is had: `token-endpoint` (POST /api/oauth/token, before a request that has no
 * token and for REST) or `mutation` (`mutation refresh` on the auth backend: the refresh the
 * GraphQL link runs on UNAUTHORIZED / 003 / 012, SPEC.md §4, §7, §8).
 */
export type RefreshVia = "token-endpoint" | "mutation";

/**
 * Gets a new access token and stores it: sessionStorage `accessToken` and the root store's
 * auth.accessToken. Concurrent calls share one request, whichever way it goes (the refresh
 * cookie rotates on each use).
 * @throws TokenError when no token could be had (no or expired refresh cookie, network);
 *   RefreshMutationError with the auth backend's errors as they are (via "mutation").
 */
export function refreshAccessToken(via: RefreshVia = "token-endpoint"): Promise<string> {
  inflight ??= withTabLock(via === "mutation" ? refreshWithMutation : fetchAccessToken)
    .then((token) => {
      setAccessToken(token);
      useRootStore.getState().setAuth({ accessToken: token });
      return token;
    })
    .finally(() => {
      inflight = null;
    });
  return inflight;
}

/** The `exp` of a JWT in ms since the epoch, or null when the token is not a readable JWT. */
export function tokenExpiresAt(token: string): number | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, "+").replace(/_/g, "/"));
    const claims = JSON.parse(json) as { exp?: unknown };
    return typeof claims.exp === "number" ? claims.exp * 1000 : null;
  } catch {
    return null;
  }
}

/**
 * True when the token is a JWT whose `exp` is at most EXPIRY_MARGIN_MS away from `nowMs`. Only
 * the client's own reading, to avoid sending a token bound to fail; the server decides.
 */
export function isTokenExpired(token: string, nowMs: number): boolean {
  const expiresAt = tokenExpiresAt(token);
  return expiresAt !== null && expiresAt - EXPIRY_MARGIN_MS <= nowMs;
}
