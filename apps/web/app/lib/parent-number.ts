/**
 * POST /serverless/get_user_by_parent_number (SPEC.md §7 "serverless, no credentials";
 * docs/api/accounts.md): the children whose parent phone is the given number, for a parent
 * linking a child. The parent first verifies that phone by SMS code with purpose FIND_CHILD
 * (POST /main/verification/send_code, verify_code) and passes the VERIFICATION_TOKEN it gets.
 */
import { normalizeMobile } from "@seoltab/domain";
import { restRequest } from "./rest-client";

/** One child found: names and emails come masked from the server. */
export interface ChildByParentNumber {
  USER_NO: number;
  USER_NAME: string;
  EMAIL_ID: string;
}

/**
 * The children registered with `parentPhone` (any format; sent as digits).
 * @throws RestError with the server's Korean message (a verification for another number or
 *   purpose, an expired token, a malformed number)
 */
export async function findChildrenByParentNumber(
  parentPhone: string,
  verificationToken: string,
): Promise<ChildByParentNumber[]> {
  const response = await restRequest<{ USERS: ChildByParentNumber[] }>(
    "serverless",
    "/get_user_by_parent_number",
    {
      body: {
        PARENT_PHONE_NUM: normalizeMobile(parentPhone) ?? parentPhone.trim(),
        VERIFICATION_TOKEN: verificationToken,
      },
      auth: false,
    },
  );
  return response.USERS;
}
