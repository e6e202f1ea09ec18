import { describe, expect, it } from "vitest";
import { PAYMENT_ITEM_STATES, PAYMENT_STATES } from "./enums.ts";
import {
  PAYMENT_ITEM_TRANSITIONS,
  PAYMENT_TRANSITIONS,
  REFUND_REQUEST_STATES,
  REFUND_REQUEST_TRANSITIONS,
  TransitionNotAllowedError,
  assertPaymentItemTransition,
  assertTransition,
  canTransition,
} from "./payments.ts";

/** Every (from, to) pair of a state set, with whether it is expected to be allowed. */
function allPairs<S extends string>(states: readonly S[], allowed: string[]): [S, S, boolean][] {
  return states.flatMap((from) =>
    states.map((to): [S, S, boolean] => [from, to, allowed.includes(`${from}->${to}`)]),
  );
}

describe("payment item transitions (SPEC.md §4 set one)", () => {
  const allowed = [
    "PAID->REFUND_REQUESTED",
    "REFUND_REQUESTED->REFUNDED",
    "REFUND_REQUESTED->REFUND_REQUEST_FAILED",
    "REFUND_REQUEST_FAILED->REFUND_REQUESTED",
  ];
  it.each(allPairs(PAYMENT_ITEM_STATES, allowed))("%s -> %s: %s", (from, to, expected) => {
    expect(canTransition(PAYMENT_ITEM_TRANSITIONS, from, to)).toBe(expected);
  });
});

describe("payment transitions (SPEC.md §4 set two)", () => {
  const allowed = [
    "READY->PAID",
    "READY->FAILED",
    "PAID->PARTIALLY_REFUNDED",
    "PAID->TOTALLY_REFUNDED",
    "PARTIALLY_REFUNDED->PARTIALLY_REFUNDED",
    "PARTIALLY_REFUNDED->TOTALLY_REFUNDED",
  ];
  it.each(allPairs(PAYMENT_STATES, allowed))("%s -> %s: %s", (from, to, expected) => {
    expect(canTransition(PAYMENT_TRANSITIONS, from, to)).toBe(expected);
  });
});

describe("refund request transitions", () => {
  const allowed = [
    "STAFF_REVIEW->PENDING",
    "STAFF_REVIEW->REJECTED",
    "PENDING->REFUNDED",
    "PENDING->FAILED",
  ];
  it.each(allPairs(REFUND_REQUEST_STATES, allowed))(
    "%s -> %s allowed: %s",
    (from, to, expected) => {
      expect(canTransition(REFUND_REQUEST_TRANSITIONS, from, to)).toBe(expected);
    },
  );
});

describe("assertTransition (writers ask the table first)", () => {
  it("returns for an allowed move and throws, naming the lifecycle, for any other", () => {
    expect(() => assertTransition(PAYMENT_TRANSITIONS, "payment", "READY", "PAID")).not.toThrow();
    expect(() => assertTransition(PAYMENT_TRANSITIONS, "payment", "FAILED", "PAID")).toThrow(
      TransitionNotAllowedError,
    );
    expect(() =>
      assertTransition(PAYMENT_ITEM_TRANSITIONS, "payment item", "REFUNDED", "REFUND_REQUESTED"),
    ).toThrow("payment item: REFUNDED -> REFUND_REQUESTED is not allowed");
    expect(() =>
      assertTransition(PAYMENT_TRANSITIONS, "payment", "UNKNOWN" as "PAID", "PAID"),
    ).toThrow(TransitionNotAllowedError);
  });
});

describe("assertPaymentItemTransition (transitionPayment's item writes, issue #10)", () => {
  it("an item without a state only enters PAID; a stated item follows the item table", () => {
    expect(() => assertPaymentItemTransition(null, "PAID")).not.toThrow();
    for (const to of ["REFUND_REQUESTED", "REFUNDED", "REFUND_REQUEST_FAILED"] as const) {
      expect(() => assertPaymentItemTransition(null, to)).toThrow(
        `payment item: (new) -> ${to} is not allowed`,
      );
    }
    expect(() => assertPaymentItemTransition("PAID", "REFUND_REQUESTED")).not.toThrow();
    expect(() => assertPaymentItemTransition("PAID", "PAID")).toThrow(TransitionNotAllowedError);
    expect(() => assertPaymentItemTransition("REFUNDED", "PAID")).toThrow(
      TransitionNotAllowedError,
    );
  });
});
