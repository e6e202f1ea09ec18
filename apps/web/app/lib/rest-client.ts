/**
 * The REST client (SPEC.md §7 "REST", DESIGN.md §2, docs/decisions/002): `fetch` with a 20 s
 * time-out, the Bearer header from the stored token, credentials per backend, the ONUEI_RES
 * envelope unwrapped, failures thrown as RestError, and SPEC.md §4's rule for 401/403.
 */
import { REST_TIMEOUT_MS } from "@seoltab/domain";
import { SIGN_IN_PATH, browserLocation, currentPlace, expiredSignInPath } from "./browser-location";
import {
  bearer,
  getAccessToken,
  removeAccessToken,
  removeLoginToken,
  restBearerToken,
} from "./credentials";
import { useAdminStore } from "../stores/admin-store";
import { restUrl } from "./base-urls";
import { isTokenExpired, refreshAccessToken } from "./token-client";

/**
 * The REST backends and their default (same-origin) base paths (DESIGN.md §2). The base used
 * is the environment's (`restUrl`, lib/base-urls.ts): MAIN_API_BASE_URL and co.
 */
export const REST_BACKENDS = {
  main: "/main",
  serverless: "/serverless",
  hub: "/hub",
} as const;
export type RestBackend = keyof typeof REST_BACKENDS;

/**
 * fetch `credentials` per backend (SPEC.md §7): main "with credentials" (include), serverless
 * "no credentials" (omit). Hub is not specified: fetch's default (same-origin).
 */
export const REST_CREDENTIALS: Record<RestBackend, RequestCredentials | undefined> = {
  main: "include",
  serverless: "omit",
  hub: undefined,
};

/** SPEC.md §8: shown when the server cannot be reached or does not answer in time. */
export const NETWORK_ERROR_MESSAGE = "네트워크가 불안정해요. 잠시 후 다시 시도해 주세요.";

/** One invalid field of a validation failure (`FIELDS` of the envelope). */
export interface RestFieldProblem {
  NAME: string;
  MESSAGE: string;
}

/**
 * A failed REST call. `message` is the server's Korean STATUSMSG (or NETWORK_ERROR_MESSAGE);
 * `status` the HTTP status (0: no answer); `errorCode` the envelope's ERROR_CODE
 * (`network_error` / `timeout` when there was no answer); `fields` its FIELDS.
 */
export class RestError extends Error {
  readonly status: number;
  readonly statusCode: string | null;
  readonly errorCode: string;
  readonly fields: readonly RestFieldProblem[];
  /** RESPONSE of the failure envelope, for codes that carry more (e.g. remaining attempts). */
  readonly response: Record<string, unknown> | null;

  constructor(init: {
    message: string;
    status: number;
    statusCode?: string | null;
    errorCode: string;
    fields?: readonly RestFieldProblem[];
    response?: Record<string, unknown> | null;
  }) {
    super(init.message);
    this.name = "RestError";
    this.status = init.status;
    this.statusCode = init.statusCode ?? null;
    this.errorCode = init.errorCode;
    this.fields = init.fields ?? [];
    this.response = init.response ?? null;
  }
}

export function isRestError(error: unknown): error is RestError {
  return error instanceof RestError;
}

export interface RestRequestOptions {
  method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as the raw body with its own type (uploads); instead of `body`. */
  file?: Blob;
  /**
   * Send the stored token as Bearer (default true). Sign-in and join calls pass false: they
   * work without one, and their 401/403 answers are about the form, not the session.
   */
  auth?: boolean;
  /** Aborts the call early (the 20 s time-out applies in any case). */
  signal?: AbortSignal;
}

interface Envelope {
  ONUEI_RES?: {
    STATUS?: { STATUSCODE?: string; STATUSMSG?: string };
    DATA?: { RESULT?: string; RESPONSE?: unknown };
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The Bearer token for a REST call: a token whose `exp` has passed is refreshed first. */
async function tokenForRequest(): Promise<string | null> {
  const token = restBearerToken();
  if (!token || !isTokenExpired(token, Date.now())) return token;
  try {
    return await refreshAccessToken();
  } catch {
    // No refresh possible: send the stored token; the server's 401 then ends the session.
    return token;
  }
}

/**
 * SPEC.md §4: a REST 401 or 403 removes the stored token and replaces the location with
 * /sign_in. The access token goes too: it is the stored token REST calls prefer. A 401 means the
 * session expired (no token could be refreshed): /sign_in then says so and brings the person
 * back to this page after signing in (`?expired=1&continue=`, a same-site path only).
 */
function endSession(status: number): void {
  removeLoginToken();
  if (getAccessToken()) removeAccessToken();
  if (browserLocation.pathname() === SIGN_IN_PATH) return;
  browserLocation.replace(status === 401 ? expiredSignInPath(currentPlace()) : SIGN_IN_PATH);
}

/**
 * Calls `{backend base}{path}` and returns the envelope's DATA.RESPONSE.
 * @throws RestError with the server's STATUSMSG, ERROR_CODE and FIELDS for a failure envelope
 *   (any 4xx/5xx, or RESULT "FAIL"); with NETWORK_ERROR_MESSAGE (`network_error` / `timeout`)
 *   when there is no answer within REST_TIMEOUT_MS (20 000 ms).
 *   For an authenticated call, 401/403 also end the session first (see endSession).
 */
export async function restRequest<T>(
  backend: RestBackend,
  path: string,
  options: RestRequestOptions = {},
): Promise<T> {
  const { method = "POST", body, file, auth = true, signal } = options;
  const headers: Record<string, string> = { accept: "application/json" };
  if (file !== undefined) headers["content-type"] = file.type || "application/octet-stream";
  else if (body !== undefined) headers["content-type"] = "application/json";
  const token = auth ? await tokenForRequest() : null;
  if (token) headers.authorization = bearer(token);
  // A staff member's open "view as this family" session: the server keeps the call read-only.
  const viewAsToken = useAdminStore.getState().adminToken;
  if (viewAsToken) headers["x-view-as-token"] = viewAsToken;

  const timeout = AbortSignal.timeout(REST_TIMEOUT_MS);
  const credentials = REST_CREDENTIALS[backend];
  let response: Response;
  try {
    response = await fetch(restUrl(backend, path), {
      method,
      headers,
      ...(file !== undefined
        ? { body: file }
        : body !== undefined
          ? { body: JSON.stringify(body) }
          : {}),
      ...(credentials ? { credentials } : {}),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new RestError({
      message: NETWORK_ERROR_MESSAGE,
      status: 0,
      errorCode: timeout.aborted ? "timeout" : "network_error",
    });
  }

  if (token && (response.status === 401 || response.status === 403)) {
    endSession(response.status);
  }

  const parsed: unknown = await response.json().catch(() => null);
  const envelope = isRecord(parsed) ? (parsed as Envelope).ONUEI_RES : undefined;
  const result = envelope?.DATA?.RESULT;
  const payload = envelope?.DATA?.RESPONSE;

  if (response.ok && result === "SUCCESS") return payload as T;

  const failure = isRecord(payload) ? payload : null;
  const fields = Array.isArray(failure?.FIELDS) ? (failure.FIELDS as RestFieldProblem[]) : [];
  throw new RestError({
    message: envelope?.STATUS?.STATUSMSG || NETWORK_ERROR_MESSAGE,
    status: response.status,
    statusCode: envelope?.STATUS?.STATUSCODE ?? null,
    errorCode: typeof failure?.ERROR_CODE === "string" ? failure.ERROR_CODE : "unexpected_response",
    fields,
    response: failure,
  });
}

/**
 * GETs `{backend base}{path}` as bytes with the Bearer token (a file only its owner and staff
 * may read). 401/403 end the session like restRequest.
 * @throws RestError with the server's message for a failure envelope, NETWORK_ERROR_MESSAGE
 *   without an answer
 */
export async function restBlob(backend: RestBackend, path: string): Promise<Blob> {
  const token = await tokenForRequest();
  const headers: Record<string, string> = {};
  if (token) headers.authorization = bearer(token);
  let response: Response;
  try {
    response = await fetch(restUrl(backend, path), {
      headers,
      signal: AbortSignal.timeout(REST_TIMEOUT_MS),
    });
  } catch {
    throw new RestError({ message: NETWORK_ERROR_MESSAGE, status: 0, errorCode: "network_error" });
  }
  if (response.ok) return response.blob();
  if (token && (response.status === 401 || response.status === 403)) endSession(response.status);
  const parsed: unknown = await response.json().catch(() => null);
  const envelope = isRecord(parsed) ? (parsed as Envelope).ONUEI_RES : undefined;
  const failure = envelope?.DATA?.RESPONSE;
  throw new RestError({
    message: envelope?.STATUS?.STATUSMSG || NETWORK_ERROR_MESSAGE,
    status: response.status,
    errorCode:
      isRecord(failure) && typeof failure.ERROR_CODE === "string"
        ? failure.ERROR_CODE
        : "unexpected_response",
  });
}
