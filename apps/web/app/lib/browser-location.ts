import { safeContinueUrl } from "@seoltab/domain";

/**
 * Full-page navigation used outside React (REST 401/403, logout from a failed refresh). One
 * object so tests can replace its methods with spies instead of navigating the test page.
 */
export const browserLocation = {
  /** `location.replace(url)`: leaves no history entry (SPEC.md §4 REST 401/403). */
  replace(url: string): void {
    window.location.replace(url);
  },
  /** `location.assign(url)`: a normal navigation. */
  assign(url: string): void {
    window.location.assign(url);
  },
  /** The current path (no query), "" outside a browser. */
  pathname(): string {
    return typeof window === "undefined" ? "" : window.location.pathname;
  },
  /** The current query ("?a=1" or ""), "" outside a browser. */
  search(): string {
    return typeof window === "undefined" ? "" : window.location.search;
  },
};

/** The sign-in page: where logout, a failed refresh and REST 401/403 send the person. */
export const SIGN_IN_PATH = "/sign_in";

/** The parent sign-in page. */
export const PARENT_SIGN_IN_PATH = "/parent_sign_in";

/** Query flag on a sign-in page when the session ended by itself (refresh failed, REST 401). */
export const SESSION_EXPIRED_PARAM = "expired";
/** Query parameter holding where to return after signing in (a same-site relative path). */
export const RETURN_PARAM = "continue";

/** Pages a return path must never point at: signing in again would loop. */
const SIGN_IN_PAGES = [SIGN_IN_PATH, PARENT_SIGN_IN_PATH, "/accounts/login"];

/**
 * `value` when it is a relative path on this site ("/_app/payments?x=1"), else null: never
 * another origin, "//host", "/\\host", a scheme or control characters (no open redirect), and
 * never a sign-in page.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith("/")) return null;
  if (safeContinueUrl(value, []) !== value) return null;
  const path = value.split(/[?#]/, 1)[0]!;
  return SIGN_IN_PAGES.includes(path) ? null : value;
}

/**
 * The sign-in page after a session expired on `returnTo` (path and query):
 * `/sign_in?expired=1&continue=<returnTo>` (continue only when it is a safe return path).
 */
export function expiredSignInPath(returnTo: string | null, page = SIGN_IN_PATH): string {
  const params = new URLSearchParams({ [SESSION_EXPIRED_PARAM]: "1" });
  const back = safeReturnPath(returnTo);
  if (back) params.set(RETURN_PARAM, back);
  return `${page}?${params.toString()}`;
}

/** Where the browser is now (path and query), for returning after a new sign-in. */
export function currentPlace(): string {
  return `${browserLocation.pathname()}${browserLocation.search()}`;
}
