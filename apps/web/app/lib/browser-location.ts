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
};

/** The sign-in page: where logout, a failed refresh and REST 401/403 send the person. */
export const SIGN_IN_PATH = "/sign_in";
