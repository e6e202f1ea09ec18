/**
 * Login (SPEC.md §4 "Login", §5, §8; docs/api/accounts.md POST /main/login): the loader on,
 * then the call; on success the token goes to localStorage, user info and token to
 * sessionStorage, and the auth flag is set; then the user info is fetched. On failure an error
 * toast. Students, tutors and parents all sign in through this one call.
 */
import { safeContinueUrl } from "@seoltab/domain";
import { toast } from "react-toastify";
import { withLoader } from "../stores/loader-store";
import { useRootStore, type LoginResponse } from "../stores/root-store";
import { removeAccessToken, setLoginToken, setStoredUserInfo, setUserToken } from "./credentials";
import { PENDING_CONSENT_MESSAGE, fetchUserStatus } from "./certification-log";
import { getDeviceId } from "./device-id";
import { revokeOnServer } from "./logout";
import { NETWORK_ERROR_MESSAGE, isRestError, restRequest } from "./rest-client";
import { refreshUserInfo } from "./user-info";

/** SPEC.md §8 login failure toast. */
export const LOGIN_FAILURE_MESSAGE = "이메일 주소와 비밀번호를 다시 확인해 주세요.";

/** The SERVICE_TYPE sent unless the page says otherwise (SPEC.md §7). */
export const LOGIN_SERVICE_TYPE = "LECTURE";

/** Where the page was when the person signed in (pathname and query of `location`). */
export interface LoginPlace {
  pathname: string;
  search: string;
}

export interface LoginPayload {
  EMAIL_ID: string;
  PASSWORD: string;
  SERVICE_TYPE?: typeof LOGIN_SERVICE_TYPE;
  PLATFORM: "WEB";
}

/**
 * SPEC.md §5: the service type is left out when the address contains the partner marker (the
 * word "partner" anywhere in the path or query, any case) or the query contains "for_resume".
 */
export function omitsServiceType({ pathname, search }: LoginPlace): boolean {
  return /partner/i.test(pathname) || /partner/i.test(search) || search.includes("for_resume");
}

/** The body of POST /main/login (SPEC.md §7): EMAIL_ID, PASSWORD, SERVICE_TYPE?, PLATFORM. */
export function loginPayload(email: string, password: string, place: LoginPlace): LoginPayload {
  const payload: LoginPayload = { EMAIL_ID: email.trim(), PASSWORD: password, PLATFORM: "WEB" };
  if (!omitsServiceType(place)) payload.SERVICE_TYPE = LOGIN_SERVICE_TYPE;
  return payload;
}

/**
 * The toast text for a failed login: SPEC.md §8's message for wrong credentials and anything
 * unexpected; the server's own message where it tells the person something else to do (a child
 * waiting for parental consent, too many attempts); the network message when there was no
 * answer.
 */
export function loginFailureMessage(error: unknown): string {
  if (!isRestError(error)) return LOGIN_FAILURE_MESSAGE;
  if (error.status === 0) return NETWORK_ERROR_MESSAGE;
  if (error.errorCode === "parent_consent_required" || error.errorCode === "too_many_attempts") {
    return error.message;
  }
  return LOGIN_FAILURE_MESSAGE;
}

const LOGIN_TOAST_ID = "login-failure";

/**
 * One failure toast at a time: a new failure while the last one still shows replaces its text
 * (e.g. the lock after a wrong password), rather than being dropped.
 */
function showLoginFailure(message: string): void {
  if (toast.isActive(LOGIN_TOAST_ID)) toast.update(LOGIN_TOAST_ID, { render: message });
  else toast.error(message, { toastId: LOGIN_TOAST_ID });
}

/** Stores a successful login (SPEC.md §4) in storage and in the root store. */
export function storeLogin(response: LoginResponse): void {
  const { token, ...profile } = response;
  setLoginToken(token);
  setUserToken(token);
  setStoredUserInfo(profile);
  // A token fetched for an earlier session must not outrank the new login token.
  removeAccessToken();
  useRootStore.getState().setAuth({
    data: response,
    flag: true,
    failed: false,
    accessToken: token,
    clientId: getDeviceId(),
  });
}

export interface SignInOptions {
  /** Called with the refusal after a failed call (after the toast), e.g. to explain a lock. */
  onError?: (error: unknown) => void;
  /**
   * Whether this page signs in this account (e.g. parents only on /parent_sign_in). A refused
   * account is not stored: its new server session is revoked at once, `onRejected` runs and
   * signIn returns null, with no toast (the page explains).
   */
  accept?: (response: LoginResponse) => boolean;
  onRejected?: (response: LoginResponse) => void;
}

/** When a sign-in lock (429 `too_many_attempts`) ends, from its RESPONSE; null when unknown. */
export function lockedUntil(error: unknown, nowMs: number): Date | null {
  if (!isRestError(error) || error.errorCode !== "too_many_attempts") return null;
  const until = error.response?.LOCKED_UNTIL;
  if (typeof until === "string" && !Number.isNaN(Date.parse(until))) return new Date(until);
  const seconds = error.response?.RETRY_AFTER_SEC;
  return typeof seconds === "number" ? new Date(nowMs + seconds * 1000) : null;
}

/**
 * Signs in: loader on, POST /main/login, store, fetch the user info. Returns the login
 * response, or null after a failure (an error toast is shown and auth.failed is set).
 */
export async function signIn(
  email: string,
  password: string,
  place: LoginPlace,
  options: SignInOptions = {},
): Promise<LoginResponse | null> {
  return withLoader(async () => {
    let response: LoginResponse;
    try {
      response = await restRequest<LoginResponse>("main", "/login", {
        body: loginPayload(email, password, place),
        auth: false,
      });
    } catch (error) {
      useRootStore.getState().setAuth({ failed: true, flag: false });
      showLoginFailure(loginFailureMessage(error));
      options.onError?.(error);
      return null;
    }
    if (options.accept && !options.accept(response)) {
      await revokeOnServer();
      options.onRejected?.(response);
      return null;
    }
    storeLogin(response);
    const ok = await refreshUserInfo();
    if (!ok) return null;
    // SPEC.md §7 user_status after sign-in: an account waiting for parent consent is told so.
    const status = await fetchUserStatus();
    if (status && !status.IS_PARENT_CONSENTED) {
      toast.info(PENDING_CONSENT_MESSAGE, { toastId: "pending-parent-consent" });
    }
    return response;
  });
}

/**
 * Where /accounts/login goes after signing in: `continue` when it is a relative path or an
 * address on this origin (safeContinueUrl of @seoltab/domain), otherwise "/". Never an open
 * redirect.
 */
export function continueTarget(value: string | null, origin: string): string {
  return safeContinueUrl(value, [origin]);
}
