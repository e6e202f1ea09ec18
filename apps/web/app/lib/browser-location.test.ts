import { describe, expect, it } from "vitest";
import { expiredSignInPath, safeReturnPath } from "./browser-location";

describe("safeReturnPath (issue #11: no open redirect after sign-in)", () => {
  it.each(["/_app", "/_app/payments?page=2", "/payment_finish?paymentId=3#top", "/"])(
    "keeps the same-site path %s",
    (path) => expect(safeReturnPath(path)).toBe(path),
  );

  it.each([
    null,
    "",
    "_app",
    "https://evil.example/_app",
    "//evil.example",
    "/\\evil.example",
    "javascript:alert(1)",
    "/_app\n",
    "/sign_in?expired=1",
    "/parent_sign_in",
    "/accounts/login?continue=/_app",
  ])("refuses %j", (value) => expect(safeReturnPath(value)).toBeNull());
});

describe("expiredSignInPath", () => {
  it("carries the return path when it is safe, else only the flag", () => {
    expect(expiredSignInPath("/_app/contracts")).toBe(
      "/sign_in?expired=1&continue=%2F_app%2Fcontracts",
    );
    expect(expiredSignInPath("https://evil.example")).toBe("/sign_in?expired=1");
    expect(expiredSignInPath(null)).toBe("/sign_in?expired=1");
  });
});
