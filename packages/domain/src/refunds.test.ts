import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ITEM_KINDS,
  LECTURE_STATES,
  PAYMENT_ITEM_STATES,
  PAYMENT_METHODS,
  PAYMENT_STATES,
  REFUND_INELIGIBILITY_REASONS,
  USER_TYPES,
} from "./enums.ts";
import {
  mayActForPayer,
  refundDeadline,
  refundEligibility,
  type RefundEligibilityInput,
  type RefundItem,
  type RefundPayment,
  type RefundRequester,
} from "./refunds.ts";

const kst = (wallTime: string) => new Date(`${wallTime}+09:00`);

const STUDENT = 100;
const payment: RefundPayment = {
  id: 1,
  userId: STUDENT,
  paymentMethod: "BILLING_CARD",
  state: "PAID",
  paidAt: kst("2026-01-31T10:00:00"),
};
const item: RefundItem = { id: 11, state: "PAID", kind: "LECTURE", lectureState: "ACTIVE" };
const student: RefundRequester = { userId: STUDENT, userType: "STUDENT" };

function check(overrides: {
  payment?: Partial<RefundPayment>;
  item?: Partial<RefundItem>;
  requester?: RefundRequester;
  now?: Date;
}) {
  return refundEligibility({
    payment: { ...payment, ...overrides.payment },
    item: { ...item, ...overrides.item },
    requester: overrides.requester ?? student,
    now: overrides.now ?? kst("2026-02-10T12:00:00"),
  });
}

describe("refundDeadline", () => {
  it("is one month later in Asia/Seoul, clamped to the month's last day", () => {
    expect(refundDeadline(kst("2026-01-31T10:00:00"))).toEqual(kst("2026-02-28T10:00:00"));
    expect(refundDeadline(kst("2026-03-15T09:00:00"))).toEqual(kst("2026-04-15T09:00:00"));
  });
});

describe("refundEligibility (SPEC.md §5)", () => {
  it.each<[string, Parameters<typeof check>[0], string[]]>([
    ["the payer, in time, active lecture", {}, []],
    ["REFUND_REQUEST_FAILED may be asked again", { item: { state: "REFUND_REQUEST_FAILED" } }, []],
    ["a partially refunded payment", { payment: { state: "PARTIALLY_REFUNDED" } }, []],
    ["an item without a lecture", { item: { kind: "DEVICE", lectureState: undefined } }, []],
    ["cash payment", { payment: { paymentMethod: "CASH" } }, []],
    [
      "the payer's parent",
      { requester: { userId: 7, userType: "PARENT", childUserIds: [5, STUDENT] } },
      [],
    ],
    ["an ADMIN", { requester: { userId: 1, userType: "ADMIN" } }, []],
    ["the SALES_TEAM", { requester: { userId: 2, userType: "SALES_TEAM" } }, []],
    ["a lecture in state FINISH", { item: { lectureState: "FINISH" } }, ["CLOSED_LECTURE"]],
    [
      "a lecture in state AUTO_FINISH",
      { item: { lectureState: "AUTO_FINISH" } },
      ["CLOSED_LECTURE"],
    ],
    ["a lecture in state DONE", { item: { lectureState: "DONE" } }, ["CLOSED_LECTURE"]],
    ["another student", { requester: { userId: 101, userType: "STUDENT" } }, ["NOT_MY_PAYMENT"]],
    ["a tutor", { requester: { userId: 9, userType: "TEACHER" } }, ["NOT_MY_PAYMENT"]],
    [
      "another child's parent",
      { requester: { userId: 7, userType: "PARENT", childUserIds: [5] } },
      ["NOT_MY_PAYMENT"],
    ],
    [
      "a parent with no children",
      { requester: { userId: 7, userType: "PARENT" } },
      ["NOT_MY_PAYMENT"],
    ],
    [
      "a non-parent listing children",
      { requester: { userId: 7, userType: "TEACHER", childUserIds: [STUDENT] } },
      ["NOT_MY_PAYMENT"],
    ],
    ["item REFUNDED", { item: { state: "REFUNDED" } }, ["REFUNDED_PAYMENT_ITEM"]],
    ["item REFUND_REQUESTED", { item: { state: "REFUND_REQUESTED" } }, ["REFUNDED_PAYMENT_ITEM"]],
    [
      "payment TOTALLY_REFUNDED",
      { payment: { state: "TOTALLY_REFUNDED" } },
      ["REFUNDED_PAYMENT_ITEM"],
    ],
    ["virtual bank account", { payment: { paymentMethod: "VBANK" } }, ["VBANK_IS_NOT_ALLOWED"]],
    ["one month passed", { now: kst("2026-03-01T00:00:00") }, ["ONE_MONTH_PASSED"]],
    [
      "everything wrong at once, in stable order",
      {
        payment: { paymentMethod: "VBANK", state: "TOTALLY_REFUNDED" },
        item: { state: "REFUNDED", lectureState: "DONE" },
        requester: { userId: 101, userType: "STUDENT" },
        now: kst("2027-01-01T00:00:00"),
      },
      [...REFUND_INELIGIBILITY_REASONS],
    ],
  ])("%s → %j", (_name, overrides, reasons) => {
    expect(check(overrides)).toEqual({ eligible: reasons.length === 0, reasons });
  });

  describe("month boundary: paid 2026-01-31 10:00 KST", () => {
    it.each([
      ["2026-01-31T10:00:00", true],
      ["2026-02-27T23:59:59.999", true],
      ["2026-02-28T09:59:59.999", true],
      ["2026-02-28T10:00:00", false],
      ["2026-02-28T10:00:00.001", false],
      ["2026-03-31T10:00:00", false],
    ])("at %s KST eligible: %s", (now, eligible) => {
      expect(check({ now: kst(now) }).eligible).toBe(eligible);
    });
  });

  it("rejects an invalid now", () => {
    expect(() => check({ now: new Date("nope") })).toThrow(RangeError);
  });

  const arbitraryInput: fc.Arbitrary<RefundEligibilityInput> = fc.record({
    payment: fc.record({
      id: fc.nat(),
      userId: fc.integer({ min: 1, max: 5 }),
      paymentMethod: fc.constantFrom(...PAYMENT_METHODS),
      state: fc.constantFrom(...PAYMENT_STATES),
      paidAt: fc.date({
        min: new Date("2020-01-01Z"),
        max: new Date("2030-01-01Z"),
        noInvalidDate: true,
      }),
    }),
    item: fc.record(
      {
        id: fc.nat(),
        state: fc.constantFrom(...PAYMENT_ITEM_STATES),
        kind: fc.constantFrom(...ITEM_KINDS),
        lectureState: fc.constantFrom(...LECTURE_STATES),
      },
      { requiredKeys: ["id", "state", "kind"] },
    ),
    requester: fc.record(
      {
        userId: fc.integer({ min: 1, max: 5 }),
        userType: fc.constantFrom(...USER_TYPES),
        childUserIds: fc.array(fc.integer({ min: 1, max: 5 }), { maxLength: 3 }),
      },
      { requiredKeys: ["userId", "userType"] },
    ),
    now: fc.date({
      min: new Date("2020-01-01Z"),
      max: new Date("2031-01-01Z"),
      noInvalidDate: true,
    }),
  });

  it("is eligible exactly when no reason applies; reasons are unique and in stable order", () => {
    fc.assert(
      fc.property(arbitraryInput, (input) => {
        const { eligible, reasons } = refundEligibility(input);
        expect(eligible).toBe(reasons.length === 0);
        expect(reasons).toEqual(REFUND_INELIGIBILITY_REASONS.filter((r) => reasons.includes(r)));
      }),
    );
  });

  it("never allows a VBANK payment, a closed lecture, or a refund after the window", () => {
    fc.assert(
      fc.property(arbitraryInput, (input) => {
        const { reasons } = refundEligibility(input);
        expect(reasons.includes("VBANK_IS_NOT_ALLOWED")).toBe(
          input.payment.paymentMethod === "VBANK",
        );
        expect(reasons.includes("ONE_MONTH_PASSED")).toBe(
          input.now.getTime() >= refundDeadline(input.payment.paidAt).getTime(),
        );
        expect(reasons.includes("CLOSED_LECTURE")).toBe(
          ["FINISH", "AUTO_FINISH", "DONE"].includes(input.item.lectureState ?? ""),
        );
        expect(reasons.includes("NOT_MY_PAYMENT")).toBe(
          !mayActForPayer(input.requester, input.payment.userId),
        );
      }),
    );
  });

  it("staff may always act; a requester's own payment is always theirs", () => {
    fc.assert(
      fc.property(arbitraryInput, (input) => {
        const staff = { ...input, requester: { userId: 999, userType: "ADMIN" as const } };
        expect(refundEligibility(staff).reasons).not.toContain("NOT_MY_PAYMENT");
        const own = { ...input, requester: { ...input.requester, userId: input.payment.userId } };
        expect(refundEligibility(own).reasons).not.toContain("NOT_MY_PAYMENT");
      }),
    );
  });
});
