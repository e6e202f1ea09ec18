import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ACCOUNT_STATUSES, ACCOUNT_STATUS_TRANSITIONS } from "./accounts.ts";
import {
  TransitionNotAllowedError,
  assertTransition,
  canTransition,
  sourcesOf,
} from "./payments.ts";
import {
  isUuid,
  maskEmail,
  maskMobile,
  maskName,
  missingRequiredTerms,
  normalizeMobile,
  passwordProblems,
  safeContinueUrl,
} from "./accounts.ts";

describe("passwordProblems", () => {
  it.each([
    ["Demo1234!", undefined, []],
    ["short1!", undefined, ["too_short"]],
    ["abcdefgh", undefined, ["needs_digit", "needs_symbol"]],
    ["12345678!", undefined, ["needs_letter"]],
    ["abcd1234", undefined, ["needs_symbol"]],
    ["student1!x", "student@example.com", ["contains_email"]],
    ["a1!".repeat(22), undefined, ["too_long"]],
  ] as const)("%s (email %s) → %j", (password, email, expected) => {
    expect(passwordProblems(password, email)).toEqual(expected);
  });
});

describe("phones, names, emails", () => {
  it.each([
    ["010-1234-5678", "01012345678"],
    ["01012345678", "01012345678"],
    ["011 123 4567", "0111234567"],
    ["02-123-4567", null],
    ["0101234567890", null],
    ["", null],
  ])("normalizeMobile(%s) = %s", (input, expected) => {
    expect(normalizeMobile(input)).toBe(expected);
  });
  it("masks for display", () => {
    expect(maskMobile("01012345678")).toBe("010-****-5678");
    expect(maskName("김하늘")).toBe("김*늘");
    expect(maskName("이준")).toBe("이*");
    expect(maskName("남궁민수")).toBe("남**수");
    expect(maskEmail("student@example.com")).toBe("st*****@example.com");
    expect(maskEmail("a@b.kr")).toBe("a*@b.kr");
  });
});

describe("terms", () => {
  it("lists the required terms that are missing, per service", () => {
    expect(missingRequiredTerms({})).toEqual({
      SEOLTAB: ["service", "privacy", "age14"],
      ONUEI: ["service", "privacy_share"],
    });
    expect(
      missingRequiredTerms({
        SEOLTAB: ["service", "privacy", "age14"],
        ONUEI: ["service", "privacy_share"],
      }),
    ).toEqual({});
    expect(missingRequiredTerms({ SEOLTAB: ["service", "privacy", "age14", "marketing"] })).toEqual(
      { ONUEI: ["service", "privacy_share"] },
    );
  });
});

describe("isUuid", () => {
  it("accepts uuids and nothing else", () => {
    expect(isUuid("3b241101-e2bb-4255-8caf-4136c566a962")).toBe(true);
    expect(isUuid("not-a-uuid")).toBe(false);
    expect(isUuid("3b241101e2bb42558caf4136c566a962")).toBe(false);
    expect(isUuid(null)).toBe(false);
    expect(isUuid(42)).toBe(false);
  });
});

describe("safeContinueUrl", () => {
  const origins = ["https://seoltab.example", "http://localhost:3000"];
  it.each([
    [null, "/"],
    ["", "/"],
    ["/_app", "/_app"],
    ["/_app?tab=payments#x", "/_app?tab=payments#x"],
    ["//evil.example/x", "/"],
    ["/\\evil.example", "/"],
    ["https://seoltab.example/_app", "https://seoltab.example/_app"],
    ["HTTPS://SEOLTAB.EXAMPLE/_app", "HTTPS://SEOLTAB.EXAMPLE/_app"],
    ["https://seoltab.example.evil.com/", "/"],
    ["https://seoltab.example@evil.com/", "/"],
    ["javascript:alert(1)", "/"],
    ["data:text/html,x", "/"],
    ["http://localhost:3000/sign_in", "http://localhost:3000/sign_in"],
    ["http://localhost:3001/", "/"],
    ["/\u0000x", "/"],
  ])("%s → %s", (value, expected) => {
    expect(safeContinueUrl(value, origins)).toBe(expected);
  });

  it("never returns a URL on a foreign origin (property)", () => {
    fc.assert(
      fc.property(fc.webUrl(), (url) => {
        const result = safeContinueUrl(url, origins);
        return (
          result === "/" ||
          origins.some(
            (o) => result.toLowerCase().startsWith(`${o}/`) || result.toLowerCase() === o,
          )
        );
      }),
    );
  });
});

describe("ACCOUNT_STATUS_TRANSITIONS (issue #10)", () => {
  it("a parent's consent activates an account; nothing moves an ACTIVE one back", () => {
    const table = Object.fromEntries(
      ACCOUNT_STATUSES.map((from) => [
        from,
        ACCOUNT_STATUSES.filter((to) => canTransition(ACCOUNT_STATUS_TRANSITIONS, from, to)),
      ]),
    );
    expect(table).toEqual({ ACTIVE: [], PENDING_PARENT_CONSENT: ["ACTIVE"] });
    expect(sourcesOf(ACCOUNT_STATUS_TRANSITIONS, "ACTIVE")).toEqual(["PENDING_PARENT_CONSENT"]);
    expect(() =>
      assertTransition(ACCOUNT_STATUS_TRANSITIONS, "account", "ACTIVE", "PENDING_PARENT_CONSENT"),
    ).toThrow(TransitionNotAllowedError);
  });
});
