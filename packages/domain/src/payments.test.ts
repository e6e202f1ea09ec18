import { describe, expect, it } from "vitest";
import { PAYMENT_ITEM_STATES, PAYMENT_STATES } from "./enums.ts";
import { PAYMENT_ITEM_TRANSITIONS, PAYMENT_TRANSITIONS, canTransition } from "./payments.ts";

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
