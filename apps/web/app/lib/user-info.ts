/**
 * User info (SPEC.md §3 "User info", §4 "Login"; docs/api/accounts.md POST /main/getUserInfo).
 * After sign-in and when the app shell opens, the signed-in person's record is fetched into the
 * root store's userInfo slice. Failing to refresh it logs out, except on /guest_enrollment.
 */
import { useRootStore, type LoginResponse, type UserInfoData } from "../stores/root-store";
import { browserLocation } from "./browser-location";
import { logout, type LogoutOptions } from "./logout";
import { isPageUnloading } from "./page-unload";
import { restRequest } from "./rest-client";

/** Where a failed user-info refresh does not log out (SPEC.md §4). */
export const GUEST_ENROLLMENT_PATH = "/guest_enrollment";

/** The RESPONSE of POST /main/getUserInfo. */
export interface UserInfoResponse extends UserInfoData {
  LECTURE_INFO?: Record<string, unknown>[];
}

/** The USER_TYPE /getUserInfo is asked with: TEACHER, PARENT, or STUDENT (the default). */
export function userInfoType(
  userType: LoginResponse["USER_TYPE"],
): "STUDENT" | "TEACHER" | "PARENT" {
  return userType === "TEACHER" || userType === "PARENT" ? userType : "STUDENT";
}

/**
 * POST /main/getUserInfo for the signed-in person: USER_NO, USER_TYPE (userInfoType) and
 * `token` (the login token, as SPEC.md §7 lists it).
 * @throws RestError (see restRequest).
 */
export function fetchUserInfo(auth: LoginResponse): Promise<UserInfoResponse> {
  return restRequest<UserInfoResponse>("main", "/getUserInfo", {
    body: { USER_NO: auth.USER_NO, USER_TYPE: userInfoType(auth.USER_TYPE), token: auth.token },
  });
}

/**
 * Fetches the user info of the signed-in person into the store (data, lecture_info). Returns
 * true on success. On failure: userInfo.failed is set and, unless the page is
 * /guest_enrollment, logout runs (SPEC.md §4) — but not when the request was cut off because the
 * page is being left. Does nothing when signed out (false).
 */
export async function refreshUserInfo(options: LogoutOptions = {}): Promise<boolean> {
  const auth = useRootStore.getState().auth.data;
  if (!auth) return false;
  try {
    const info = await fetchUserInfo(auth);
    const { LECTURE_INFO, ...data } = info;
    useRootStore.getState().setUserInfo({
      data,
      lecture_info: Array.isArray(LECTURE_INFO) ? LECTURE_INFO : [],
      failed: false,
    });
    return true;
  } catch {
    // Cut off because the page is being left: not a failure of the session. (Logging out here
    // wrote a signed-out store just before the next page read it.)
    if (isPageUnloading()) return false;
    useRootStore.getState().setUserInfo({ failed: true });
    if (browserLocation.pathname() !== GUEST_ENROLLMENT_PATH) await logout(options);
    return false;
  }
}
