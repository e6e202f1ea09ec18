import { describe, expect, it } from "vitest";
import {
  ADMIN_ACTIONS,
  ADMIN_PERMISSIONS,
  ADMIN_REASON_CODES,
  ADMIN_REASON_LABELS,
  actionsOf,
  compareTimeline,
  halfOf,
  likeAnywhere,
  maskCardNumber,
  mayPerform,
  planAdminSearch,
  reasonText,
} from "./admin.ts";
import { USER_TYPES } from "./enums.ts";
import { ADMIN_ACTION_STATES, ADMIN_ACTION_TRANSITIONS } from "./admin.ts";
import { TransitionNotAllowedError, assertTransition, canTransition } from "./payments.ts";

describe("the permission table (issue 16: SALES_TEAM reads, notes and cash; refunds and exports need ADMIN)", () => {
  const table: [string, "ADMIN" | "SALES_TEAM", boolean][] = [
    ["search", "SALES_TEAM", true],
    ["family.read", "SALES_TEAM", true],
    ["payment.read", "SALES_TEAM", true],
    ["queues.read", "SALES_TEAM", true],
    ["note.add", "SALES_TEAM", true],
    ["cash.record", "SALES_TEAM", true],
    ["vbank.remind", "SALES_TEAM", true],
    ["refund.decide", "SALES_TEAM", false],
    ["export", "SALES_TEAM", false],
    ["audit.read", "SALES_TEAM", false],
    ["vbank.cancel", "SALES_TEAM", false],
    ["vbank.reissue", "SALES_TEAM", false],
    ["renewal.retry", "SALES_TEAM", false],
    ["renewal.reschedule", "SALES_TEAM", false],
    ["renewal.mark", "SALES_TEAM", false],
    ["sales_policy.read", "SALES_TEAM", true],
    ["sales_policy.manage", "SALES_TEAM", false],
  ];
  it.each(table)("%s for %s: %s", (action, role, allowed) => {
    expect(mayPerform(role, action as (typeof ADMIN_ACTIONS)[number])).toBe(allowed);
  });

  it("ADMIN may do everything", () => {
    expect(actionsOf("ADMIN")).toEqual([...ADMIN_ACTIONS]);
  });

  it("no other user type may do anything", () => {
    for (const type of USER_TYPES.filter((t) => t !== "ADMIN" && t !== "SALES_TEAM")) {
      expect(actionsOf(type)).toEqual([]);
    }
    expect(actionsOf("")).toEqual([]);
  });

  it("every action has a row and every row names only staff roles", () => {
    expect(Object.keys(ADMIN_PERMISSIONS).sort()).toEqual([...ADMIN_ACTIONS].sort());
    for (const roles of Object.values(ADMIN_PERMISSIONS)) {
      expect(roles.length).toBeGreaterThan(0);
      for (const r of roles) expect(["ADMIN", "SALES_TEAM"]).toContain(r);
    }
  });
});

describe("planAdminSearch (SPEC.md §3 search keys, phone, last 4 digits)", () => {
  it.each([
    ["12", ["PAYMENT_ID", "USER_ID", "PACKAGE_ID"]],
    ["123", ["PAYMENT_ID", "USER_ID", "PACKAGE_ID"]],
    ["5678", ["PAYMENT_ID", "USER_ID", "PACKAGE_ID", "LAST_FOUR_CARD_NUMBER", "PHONE"]],
    ["4242", ["PAYMENT_ID", "USER_ID", "PACKAGE_ID", "LAST_FOUR_CARD_NUMBER", "PHONE"]],
    ["4242-4242", ["PAYMENT_ID", "USER_ID", "PACKAGE_ID", "FIRST_EIGHT_CARD_NUMBER", "PHONE"]],
    ["010-1234-5678", ["PHONE"]],
    ["imp_123456789", ["IMP_UID", "MERCHANT_UID", "USER_NAME"]],
    ["order-2026-11-24-1", ["IMP_UID", "MERCHANT_UID", "USER_NAME"]],
    ["김하늘", ["USER_NAME"]],
    ["하늘", ["USER_NAME"]],
    ["kim@example", ["IMP_UID", "MERCHANT_UID", "USER_ID"]],
    [
      "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde",
      ["IMP_UID", "MERCHANT_UID", "ACCESS_KEY", "USER_NAME"],
    ],
    ["김 하늘", ["USER_NAME"]],
    ["김", []],
    ["'; drop table payments; --", ["USER_NAME"]],
  ])("%s → %j", (text, keys) => {
    expect(planAdminSearch(text).keys).toEqual(keys);
  });

  it("keeps the digits and the id", () => {
    expect(planAdminSearch(" 4242 4242 ")).toMatchObject({ digits: "42424242", id: 42424242 });
    expect(planAdminSearch("99999999999").id).toBeNull();
    expect(planAdminSearch("0").id).toBeNull();
    expect(planAdminSearch("  김   하늘 ").text).toBe("김 하늘");
  });
});

describe("helpers", () => {
  it("likeAnywhere takes %, _ and \\ literally", () => {
    expect(likeAnywhere("50%_a\\b")).toBe("%50\\%\\_a\\\\b%");
  });

  it("maskCardNumber never shows the middle digits", () => {
    expect(maskCardNumber("4242-4242-****-4242")).toBe("4242-4242-****-4242");
    expect(maskCardNumber("4242424242424242")).toBe("4242-4242-****-4242");
    expect(maskCardNumber("12")).toBe("****");
    expect(maskCardNumber(null)).toBeNull();
  });

  it("reasonText puts the label first and caps the length", () => {
    expect(reasonText("CUSTOMER_REQUEST", " 절반 환불 ")).toBe("고객 요청 — 절반 환불");
    expect(reasonText("OTHER", "")).toBe("기타");
    expect(reasonText("OTHER", "가".repeat(400))).toHaveLength(300);
    for (const c of ADMIN_REASON_CODES) expect(ADMIN_REASON_LABELS[c]).toBeTruthy();
  });

  it("compareTimeline: newest first, then kind order, then id", () => {
    const a = { at: new Date("2026-01-02"), kind: "PAYMENT" as const, id: 1 };
    const b = { at: new Date("2026-01-01"), kind: "PAYMENT" as const, id: 2 };
    const c = { at: new Date("2026-01-02"), kind: "NOTE" as const, id: 3 };
    expect([b, c, a].sort(compareTimeline)).toEqual([a, c, b]);
  });

  it("halfOf rounds down", () => {
    expect(halfOf(189000)).toBe(94500);
    expect(halfOf(3)).toBe(1);
  });
});

describe("ADMIN_ACTION_TRANSITIONS (issue #10)", () => {
  it("a reserved key (RUNNING) ends DONE once; DONE is terminal", () => {
    const table = Object.fromEntries(
      ADMIN_ACTION_STATES.map((from) => [
        from,
        ADMIN_ACTION_STATES.filter((to) => canTransition(ADMIN_ACTION_TRANSITIONS, from, to)),
      ]),
    );
    expect(table).toEqual({ RUNNING: ["DONE"], DONE: [] });
    expect(() =>
      assertTransition(ADMIN_ACTION_TRANSITIONS, "admin action", "DONE", "RUNNING"),
    ).toThrow(TransitionNotAllowedError);
  });
});
