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
    throw new AppError("forbidden", refusal.code, refusal.message);
  }
  return initiatorOf(caller);
}
