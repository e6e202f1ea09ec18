/**
 * "View as this family" in the browser (issue #20; docs/api/view-as.md; decision 035). The
 * session lives in the admin store of SPEC.md §3 (app/stores/admin-store.ts), in memory only:
 * `adminToken` is the view-as token, `userNo` the family member viewed, `tempCredentials` the
 * session's id, name, type and end. While it is set, every REST and GraphQL call carries
 * `x-view-as-token` (lib/rest-client.ts, lib/graphql-client.ts), so the server refuses writes;
 * logout resets the store.
 */
import { restRequest } from "../../lib/rest-client";
import { useAdminStore, type AdminState } from "../../stores/admin-store";

export const VIEW_AS_HEADER = "x-view-as-token";

/** POST /main/view_as/start answer. */
export interface ViewAsStart {
  SESSION_ID: number;
  USER_NO: number;
  USER_TYPE: string;
  USER_NAME: string;
  STARTED_AT: string;
  EXPIRES_AT: string;
  VIEW_AS_TOKEN: string;
}

/** POST /main/view_as/family answer. */
export interface ViewAsFamily extends Omit<ViewAsStart, "VIEW_AS_TOKEN"> {
  CHILDREN: { USER_NO: number; USER_NAME: string }[];
  PARENTS: { USER_NO: number; USER_NAME: string }[];
}

/** The open view, read from the admin store; null when none. */
export interface ViewAsSession {
  token: string;
  userNo: number;
  sessionId: number;
  userName: string;
  userType: string;
  expiresAt: string;
}

export function viewAsSessionOf(
  state: Pick<AdminState, "adminToken" | "userNo" | "tempCredentials">,
): ViewAsSession | null {
  const { adminToken, userNo, tempCredentials: c } = state;
  if (!adminToken || userNo === null || !c) return null;
  return {
    token: adminToken,
    userNo,
    sessionId: Number(c.sessionId),
    userName: c.userName ?? "",
    userType: c.userType ?? "",
    expiresAt: c.expiresAt ?? "",
  };
}

/** The header a call carries while a view is open (empty otherwise). */
export function viewAsHeaders(): Record<string, string> {
  const token = useAdminStore.getState().adminToken;
  return token ? { [VIEW_AS_HEADER]: token } : {};
}

/**
 * Starts a view of `userNo` (POST /main/view_as/start) and keeps it in the admin store.
 * @throws RestError with the server's Korean message (not staff, not a family member…)
 */
export async function startViewAs(userNo: number): Promise<ViewAsSession> {
  // A view already open ends on the server when the new one starts.
  const started = await restRequest<ViewAsStart>("main", "/view_as/start", {
    body: { USER_NO: userNo },
  });
  useAdminStore.getState().set({
    adminToken: started.VIEW_AS_TOKEN,
    userNo: started.USER_NO,
    tempCredentials: {
      sessionId: String(started.SESSION_ID),
      userName: started.USER_NAME,
      userType: started.USER_TYPE,
      expiresAt: started.EXPIRES_AT,
    },
  });
  return viewAsSessionOf(useAdminStore.getState())!;
}

/** The family of the open view (POST /main/view_as/family with the token). */
export function fetchViewAsFamily(): Promise<ViewAsFamily> {
  return restRequest<ViewAsFamily>("main", "/view_as/family", { body: {} });
}

/**
 * Ends the open view: POST /main/view_as/end (its SECURITY entry), then clears the admin store
 * whatever the answer (an expired session is ended by the server too).
 */
export async function endViewAs(): Promise<void> {
  if (!useAdminStore.getState().adminToken) return;
  try {
    await restRequest("main", "/view_as/end", { body: {} });
  } catch {
    // Already ended or expired: nothing more to do here.
  } finally {
    useAdminStore.getState().reset();
  }
}

/** How long a view lasts (the server's VIEW_AS_TTL_MS): 30 minutes. */
export const VIEW_AS_TTL_MS = 30 * 60 * 1000;

/**
 * Milliseconds left until `expiresAt` (ISO), between 0 and VIEW_AS_TTL_MS (this device's clock
 * may run behind the server's).
 */
export function remainingMs(expiresAt: string, nowMs: number): number {
  const end = Date.parse(expiresAt);
  return Number.isNaN(end) ? 0 : Math.min(VIEW_AS_TTL_MS, Math.max(0, end - nowMs));
}

/** "mm:ss" of a duration in ms. */
export function formatRemaining(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes).padStart(2, "0")}:${String(seconds).padStart(2, "0")}`;
}
