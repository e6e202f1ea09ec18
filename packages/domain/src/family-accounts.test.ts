import { describe, expect, it } from "vitest";
import { LINK_REQUEST_STATUSES, LINK_REQUEST_TRANSITIONS } from "./family-accounts.ts";
import {
  TransitionNotAllowedError,
  assertTransition,
  canTransition,
  sourcesOf,
} from "./payments.ts";
import {
  FAMILY_SERVICE_TERMS,
  checkFamilyTerms,
  isGeneratedChildEmail,
  requiredFamilyTerms,
  schoolLevelOf,
  unlinkBlockers,
} from "./family-accounts.ts";

describe("checkFamilyTerms (POST /main/user_Agree_family_services)", () => {
  it("accepts every required term at its current version", () => {
    const r = checkFamilyTerms(requiredFamilyTerms());
    expect(r.unknown).toEqual([]);
    expect(r.missing).toEqual([]);
    expect(r.accepted).toHaveLength(FAMILY_SERVICE_TERMS.filter((t) => t.required).length);
  });

  it("refuses an old version or an unknown term, and names the missing required ones", () => {
    const r = checkFamilyTerms({
      LECTURE: [
        { TERM_ID: "family_link", VERSION: "2020-01" },
        { TERM_ID: "nope", VERSION: "2026-01" },
      ],
    });
    expect(r.unknown).toEqual(["LECTURE.family_link@2020-01", "LECTURE.nope@2026-01"]);
    expect(r.missing).toContain("LECTURE.family_link");
    expect(r.missing).toContain("QUESTION.service");
  });

  it("a term agreed under the wrong service does not count", () => {
    const r = checkFamilyTerms({ QUESTION: [{ TERM_ID: "family_link", VERSION: "2026-01" }] });
    expect(r.unknown).toEqual(["QUESTION.family_link@2026-01"]);
  });
});

describe("unlinkBlockers", () => {
  it.each([
    [[], []],
    [["DONE", "FINISH", "AUTO_FINISH"], []],
    [["ACTIVE"], ["LECTURE_ACTIVE"]],
    [["NOPAY"], ["PAYMENT_OWED", "LECTURE_ACTIVE"]],
    [
      ["DONE", "NOCARD"],
      ["PAYMENT_OWED", "LECTURE_ACTIVE"],
    ],
  ])("%j → %j", (states, blockers) => {
    expect(unlinkBlockers(states)).toEqual(blockers);
  });
});

describe("school levels and generated child emails", () => {
  it("maps grades to HIGH / MIDDLE, elementary to null", () => {
    expect(schoolLevelOf("MIDDLE_2")).toBe("MIDDLE");
    expect(schoolLevelOf("GRADUATE")).toBe("HIGH");
    expect(schoolLevelOf("ELEMENTARY_6")).toBeNull();
    expect(schoolLevelOf(null)).toBeNull();
  });

  it("knows the reserved sign-in id of a child the parent signs in for", () => {
    expect(isGeneratedChildEmail("child-1@child.accounts.invalid")).toBe(true);
    expect(isGeneratedChildEmail("child@example.com")).toBe(false);
  });
});

describe("LINK_REQUEST_TRANSITIONS (issue #10)", () => {
  it("PENDING moves to CONFIRMED, DECLINED or CANCELLED; the answers are terminal", () => {
    const table = Object.fromEntries(
      LINK_REQUEST_STATUSES.map((from) => [
        from,
        LINK_REQUEST_STATUSES.filter((to) => canTransition(LINK_REQUEST_TRANSITIONS, from, to)),
      ]),
    );
    expect(table).toEqual({
      PENDING: ["CONFIRMED", "DECLINED", "CANCELLED"],
      CONFIRMED: [],
      DECLINED: [],
      CANCELLED: [],
    });
    expect(sourcesOf(LINK_REQUEST_TRANSITIONS, "CANCELLED")).toEqual(["PENDING"]);
    expect(() =>
      assertTransition(LINK_REQUEST_TRANSITIONS, "link request", "DECLINED", "CONFIRMED"),
    ).toThrow(TransitionNotAllowedError);
  });
});
