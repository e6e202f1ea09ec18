/**
 * Logout, every step of SPEC.md §4 in order, plus the server call of issue #3:
 *
 * 1. reset the client stores (root store, admin store, a parent's chosen child, open modals,
 *    loader) and any registered client caches (the GraphQL client registers its cache here and
 *    the enrollment cart its contents, so this file never imports them);
 * 2. remove the local login token and the persisted root state (`token`, `persist:root`);
 * 3. remove the user token, user info and access token from sessionStorage;
 * 4. clear the refresh cookie (max-age -1);
 * 5. POST /api/oauth/logout (revokes the refresh family server-side, clears the HttpOnly cookie);
 * 6. navigate to /sign_in (with `?expired=1&continue=<this page>` when the session expired rather
 *    than the person signing out).
 *
 * Steps 1-4 run synchronously, before anything can fail. The server call waits at most
 * LOGOUT_CALL_TIMEOUT_MS and its failure never keeps the person signed in on this device.
 */
import { useActingChildStore } from "../stores/acting-child-store";
import { useAdminStore } from "../stores/admin-store";
import { useLoaderStore } from "../stores/loader-store";
import { useModalStore } from "../stores/modal-store";
import { useRootStore } from "../stores/root-store";
import { SIGN_IN_PATH, browserLocation, currentPlace, expiredSignInPath } from "./browser-location";
import {
  clearRefreshCookie,
  removeLocalCredentials,
  removeSessionCredentials,
} from "./credentials";

export const LOGOUT_ENDPOINT = "/api/oauth/logout";
export const LOGOUT_CALL_TIMEOUT_MS = 5_000;

type Cleanup = () => void | Promise<unknown>;
const cleanups = new Set<Cleanup>();

/** Registers a client cache to clear on logout; returns the unregister function. */
export function onLogout(cleanup: Cleanup): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

export interface LogoutOptions {
  /** How to reach /sign_in; default a full page load (`location.assign`). */
  navigate?: (path: string) => void;
  /**
   * The session ended by itself (no token could be refreshed), not by the person: /sign_in then
   * says "로그인이 만료되었어요" and returns to `returnTo` (default: the current page) after
   * signing in.
   */
  expired?: boolean;
  returnTo?: string;
}

/** Steps 1-4: clears every client-side credential and store. Synchronous. */
export function clearClientSession(): void {
  useRootStore.getState().reset();
  useAdminStore.getState().reset();
  useActingChildStore.setState({ childUserNo: null });
  useModalStore.getState().closeAll();
  useLoaderStore.getState().hide();
  for (const cleanup of cleanups) {
    try {
      void Promise.resolve(cleanup()).catch(() => undefined);
    } catch {
      // A cache that cannot be cleared is dropped with the page on the next load anyway.
    }
  }
  // After the store reset: zustand's persist wrote the defaults back to "persist:root".
  removeLocalCredentials();
  removeSessionCredentials();
  clearRefreshCookie();
}

/**
 * Step 5: the server call (revokes the refresh cookie's family and clears the cookie). Resolves
 * whatever happens. Also used alone when a sign-in is turned down on the wrong page.
 */
export async function revokeOnServer(): Promise<void> {
  try {
    await fetch(LOGOUT_ENDPOINT, {
      method: "POST",
      credentials: "include",
      keepalive: true,
      signal: AbortSignal.timeout(LOGOUT_CALL_TIMEOUT_MS),
    });
  } catch {
    // Offline or slow: the refresh family expires on its own (absolute lifetime).
  }
}

let running: Promise<void> | null = null;

/**
 * Logs out (all steps above). Calls made while one is running share it, so many failing
 * requests at once give one logout and one navigation.
 */
export function logout(options: LogoutOptions = {}): Promise<void> {
  running ??= (async () => {
    clearClientSession();
    await revokeOnServer();
    const navigate = options.navigate ?? ((path: string) => browserLocation.assign(path));
    navigate(
      options.expired ? expiredSignInPath(options.returnTo ?? currentPlace()) : SIGN_IN_PATH,
    );
  })().finally(() => {
    running = null;
  });
  return running;
}
