import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch, ok } from "../test/fetch-mock";
import { findChildrenByParentNumber } from "./parent-number";

afterEach(() => vi.unstubAllGlobals());

describe("POST /serverless/get_user_by_parent_number (SPEC.md §7)", () => {
  it("sends the number as digits with the FIND_CHILD token, without credentials, and returns the children", async () => {
    const { calls } = mockFetch({
      "POST /serverless/get_user_by_parent_number": () =>
        ok({ USERS: [{ USER_NO: 7, USER_NAME: "김*늘", EMAIL_ID: "st***@example.com" }] }),
    });
    const children = await findChildrenByParentNumber("010-1234-5678", "verified-token");
    expect(children).toEqual([{ USER_NO: 7, USER_NAME: "김*늘", EMAIL_ID: "st***@example.com" }]);
    expect(calls[0]!.body).toEqual({
      PARENT_PHONE_NUM: "01012345678",
      VERIFICATION_TOKEN: "verified-token",
    });
    expect(calls[0]!.credentials).toBe("omit");
  });
});
