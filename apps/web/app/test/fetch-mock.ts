import { vi } from "vitest";

/** One recorded request. */
export interface RecordedCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  credentials: RequestCredentials | undefined;
  body: unknown;
  signal: AbortSignal | undefined;
}

export type Handler = (call: RecordedCall) => Response | Promise<Response>;

/** A JSON response. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}

/** The ONUEI_RES success envelope around `response`. */
export function ok(response: unknown): Response {
  return json({
    ONUEI_RES: {
      STATUS: { STATUSCODE: "0000", STATUSMSG: "정상적으로 처리되었어요." },
      DATA: { RESULT: "SUCCESS", RESPONSE: response },
    },
  });
}

/** The ONUEI_RES failure envelope. */
export function fail(
  status: number,
  errorCode: string,
  message: string,
  fields: { NAME: string; MESSAGE: string }[] = [],
  extra: Record<string, unknown> = {},
): Response {
  return json(
    {
      ONUEI_RES: {
        STATUS: { STATUSCODE: String(status * 10), STATUSMSG: message },
        DATA: { RESULT: "FAIL", RESPONSE: { ...extra, ERROR_CODE: errorCode, FIELDS: fields } },
      },
    },
    status,
  );
}

function headersOf(init: RequestInit | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(init?.headers).forEach((value, key) => {
    out[key] = value;
  });
  return out;
}

function bodyOf(init: RequestInit | undefined): unknown {
  const raw = init?.body;
  if (typeof raw !== "string") return raw ?? null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/**
 * Replaces the global fetch with a router: `routes["POST /main/login"]` answers that call
 * (path without query; the origin is dropped). Unrouted calls answer 404. Returns the calls
 * made, in order.
 */
export function mockFetch(routes: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const href = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, "http://localhost");
    const call: RecordedCall = {
      method: (init?.method ?? "GET").toUpperCase(),
      url: url.pathname + url.search,
      headers: headersOf(init),
      credentials: init?.credentials,
      body: bodyOf(init),
      signal: init?.signal ?? undefined,
    };
    calls.push(call);
    const handler = routes[`${call.method} ${url.pathname}`];
    if (!handler) return json({ error: "not mocked" }, 404);
    return handler(call);
  });
  vi.stubGlobal("fetch", fetchMock);
  return {
    calls,
    fetchMock,
    callsTo: (path: string) => calls.filter((c) => c.url.startsWith(path)),
  };
}

/** A JWT-shaped token (unsigned) with the given claims, for expiry checks. */
export function fakeJwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
      .replace(/=+$/, "")
      .replace(/\+/g, "-")
      .replace(/\//g, "_");
  return `${encode({ alg: "ES256", typ: "JWT" })}.${encode(claims)}.c2lnbmF0dXJl`;
}
