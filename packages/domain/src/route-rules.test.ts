import { describe, expect, it } from "vitest";
import { APP_ROUTE_PATTERNS, PRERENDERED_PATHS, isAppRoutePath } from "./route-rules.ts";

describe("isAppRoutePath (APP_ROUTE_PATTERNS: served from the SPA fallback)", () => {
  it.each([
    ["/_app", true],
    ["/_app/checkout", true],
    ["/_app/payments?after=x", true],
    ["/sign_in", true],
    ["/guest_enrollment", true],
    ["/guest_enrollment/", true],
    ["/payment_finish?paymentId=7", true],
    ["/home_pre_member", true],
    ["/guest_enrollment/x", false],
    ["/payment_finish_x", false],
    ["/enrollment", false],
    ["/nope", false],
  ])("%s → %s", (path, expected) => {
    expect(isAppRoutePath(path)).toBe(expected);
  });

  it("never overlaps the prerendered pages", () => {
    for (const path of PRERENDERED_PATHS) expect(isAppRoutePath(path), path).toBe(false);
  });

  it("lists the enrollment and payment pages of issue #4 (SPEC.md §2)", () => {
    expect(APP_ROUTE_PATTERNS).toEqual(
      expect.arrayContaining(["/guest_enrollment", "/payment_finish", "/home_pre_member"]),
    );
  });
});
