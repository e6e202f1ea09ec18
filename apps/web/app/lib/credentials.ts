/**
 * Where the session credentials live in the browser (SPEC.md §3 "Session credentials";
 * docs/api/accounts.md "Web"):
 *
 * | credential        | storage                                   |
 * |-------------------|-------------------------------------------|
 * | access token      | sessionStorage `accessToken` (raw)        |
 * | user token        | sessionStorage `userToken` (JSON string)  |
 * | user info         | sessionStorage `userInfo` (JSON)          |
 * | login token       | localStorage `token` (raw)                |
 * | device id         | localStorage `deviceId` (app/lib/device-id.ts) |
 * | persisted root    | localStorage `persist:root` (stores/root-store.ts) |
 * | refresh token     | HttpOnly cookie `refresh_token` (set by the server) |
 *
 * Storage that throws (privacy mode, quota, no window while prerendering) reads as empty and
 * ignores writes: a credential that cannot be stored is simply absent.
 */

export const STORAGE_KEYS = {
  /** sessionStorage: the access token from POST /api/oauth/token, stored raw. */
  accessToken: "accessToken",
  /** sessionStorage: the login token, JSON-stringified (so it carries quotes). */
  userToken: "userToken",
  /** sessionStorage: the login response without its token, JSON. */
  userInfo: "userInfo",
  /** localStorage: the login token, stored raw. */
  loginToken: "token",
  /** localStorage: the device id (a uuid). */
  deviceId: "deviceId",
  /** localStorage: the persisted root store (auth, enrollment, userInfo). */
  persistedRoot: "persist:root",
} as const;

/** Name of the refresh-token cookie (HttpOnly; set and cleared by the server). */
export const REFRESH_COOKIE = "refresh_token";

type Area = "local" | "session";

function storage(area: Area): Storage | null {
  try {
    if (typeof window === "undefined") return null;
    return area === "local" ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

function read(area: Area, key: string): string | null {
  try {
    return storage(area)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(area: Area, key: string, value: string): void {
  try {
    storage(area)?.setItem(key, value);
  } catch {
    // Not stored: the credential is absent, as if the browser had none.
  }
}

function remove(area: Area, key: string): void {
  try {
    storage(area)?.removeItem(key);
  } catch {
    // Nothing stored, nothing to remove.
  }
}

/** An empty string counts as no token. */
function nonEmpty(value: string | null): string | null {
  return value ? value : null;
}

/** The access token (sessionStorage `accessToken`), or null. */
export function getAccessToken(): string | null {
  return nonEmpty(read("session", STORAGE_KEYS.accessToken));
}

export function setAccessToken(token: string): void {
  write("session", STORAGE_KEYS.accessToken, token);
}

export function removeAccessToken(): void {
  remove("session", STORAGE_KEYS.accessToken);
}

/**
 * The user token (sessionStorage `userToken`) with its quotes removed, or null. It is stored
 * JSON-stringified (`"eyJ…"`); every `"` is dropped when it is used (SPEC.md §4).
 */
export function getUserToken(): string | null {
  const raw = read("session", STORAGE_KEYS.userToken);
  return raw === null ? null : nonEmpty(raw.replace(/"/g, ""));
}

/** Stores the user token JSON-stringified (with quotes), as SPEC.md §4 login does. */
export function setUserToken(token: string): void {
  write("session", STORAGE_KEYS.userToken, JSON.stringify(token));
}

/** The login token (localStorage `token`), or null. */
export function getLoginToken(): string | null {
  return nonEmpty(read("local", STORAGE_KEYS.loginToken));
}

export function setLoginToken(token: string): void {
  write("local", STORAGE_KEYS.loginToken, token);
}

/** Removes the login token (REST 401/403 and logout, SPEC.md §4). */
export function removeLoginToken(): void {
  remove("local", STORAGE_KEYS.loginToken);
}

/** Stores the user info (sessionStorage `userInfo`) as JSON. */
export function setStoredUserInfo(info: unknown): void {
  write("session", STORAGE_KEYS.userInfo, JSON.stringify(info));
}

/** The stored user info, parsed, or null when absent or not JSON. */
export function getStoredUserInfo(): unknown {
  const raw = read("session", STORAGE_KEYS.userInfo);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

/** Removes the user token, the user info and the access token from sessionStorage (logout). */
export function removeSessionCredentials(): void {
  remove("session", STORAGE_KEYS.userToken);
  remove("session", STORAGE_KEYS.userInfo);
  remove("session", STORAGE_KEYS.accessToken);
}

/** Removes the login token and the persisted root state from localStorage (logout). */
export function removeLocalCredentials(): void {
  remove("local", STORAGE_KEYS.loginToken);
  remove("local", STORAGE_KEYS.persistedRoot);
}

/**
 * The token a GraphQL request carries (SPEC.md §4 "Session authorization"): the stored access
 * token, or else the user token with its quotes removed; null when neither exists (the caller
 * then fetches a token first).
 */
export function graphqlBearerToken(): string | null {
  return getAccessToken() ?? getUserToken();
}

/**
 * The token a REST request carries (SPEC.md §7 "Bearer header from the stored token"): the
 * stored login token, unless a fresher access token was fetched since (a refresh stores it in
 * sessionStorage `accessToken`); null when signed out.
 */
export function restBearerToken(): string | null {
  return getAccessToken() ?? getLoginToken();
}

/** `Authorization` header value for a token. */
export function bearer(token: string): string {
  return `Bearer ${token}`;
}

/**
 * Expires the refresh cookie from the page (SPEC.md §4: max-age -1). The server sets it
 * HttpOnly, which a page cannot overwrite, so logout also calls POST /api/oauth/logout; this
 * line clears any readable copy (older builds, other paths) all the same.
 */
export function clearRefreshCookie(): void {
  if (typeof document === "undefined") return;
  document.cookie = `${REFRESH_COOKIE}=; Max-Age=-1; Path=/; SameSite=Lax`;
}
