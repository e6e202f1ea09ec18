/**
 * Who is acting, for every area (issue #10 "platform": auth). The token itself is verified by
 * the accounts area (accounts.public.ts `authenticate`, `requireGraphqlUser`); whom a caller may
 * act for is accounts' `mayActFor`.
 */
import { isStaffUserType, type Initiator } from "@seoltab/domain";
import { AppError } from "../errors.ts";

/** The caller fields these rules read (accounts' AuthUser has them). */
interface Caller {
  userType: string;
  /** USER_NO; recorded in the SECURITY entry of a refusal. */
  userNo?: number;
}

/**
 * A staff gate's refusal (FORBIDDEN with the area's code). The REST error hook and the GraphQL
 * backends write one SECURITY entry `permission_denied` for it (platform/audit.ts
 * `recordPermissionDenied`; issue 16 "Audit").
 */
export class PermissionDenied extends AppError {
  constructor(
    code: string,
    message: string,
    /** Who was refused: USER_NO (null when unknown) and user type. */
    readonly caller: { userNo: number | null; userType: string },
    /** What was needed: "staff" (ADMIN or SALES_TEAM) or "admin" (ADMIN only). */
    readonly required: "staff" | "admin",
  ) {
    super("forbidden", code, message);
  }
}

/** The audit initiator of a caller (DESIGN.md §4): ADMIN, SALES_TEAM, or USER for everyone else. */
export function initiatorOf(caller: Caller): Initiator {
  if (caller.userType === "ADMIN") return "ADMIN";
  if (caller.userType === "SALES_TEAM") return "SALES_TEAM";
  return "USER";
}

/**
 * Refuses anyone but staff (ADMIN, SALES_TEAM) with the area's own code and Korean message;
 * returns the staff member's audit initiator.
 * @throws AppError forbidden `<code>`
 */
export function requireStaff(
  caller: Caller,
  refusal: { code: string; message: string },
): Initiator {
  if (!isStaffUserType(caller.userType)) {
    throw new PermissionDenied(refusal.code, refusal.message, callerOf(caller), "staff");
  }
  return initiatorOf(caller);
}

/**
 * Refuses anyone but ADMIN (SALES_TEAM included; decisions 022, 038)
 * with the given code and message; returns "ADMIN".
 * @throws PermissionDenied (AppError forbidden `<code>`)
 */
export function requireAdmin(caller: Caller, refusal: { code: string; message: string }): "ADMIN" {
  if (caller.userType !== "ADMIN") {
    throw new PermissionDenied(refusal.code, refusal.message, callerOf(caller), "admin");
  }
  return "ADMIN";
}

function callerOf(caller: Caller) {
  return { userNo: caller.userNo ?? null, userType: caller.userType };
}
