import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { ITEM_KINDS, PAYMENT_STATES } from "./enums.ts";
import { canTransition, sourcesOf } from "./payments.ts";
import {
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_TRANSITIONS,
  canCancelSubscription,
  lastPaidDay,
  refundEndsSubscription,
  renewalAfterRefundMessage,
  subscriptionCancelledMessage,
} from "./subscriptions.ts";

describe("subscription transitions", () => {
  const allowed = [
    "ACTIVE->PAST_DUE",
    "ACTIVE->CANCELLED",
    "PAST_DUE->ACTIVE",
    "PAST_DUE->CANCELLED",
  ];
  it.each(
    SUBSCRIPTION_STATUSES.flatMap((from) =>
      SUBSCRIPTION_STATUSES.map((to) => [from, to, allowed.includes(`${from}->${to}`)] as const),
    ),
  )("%s -> %s allowed: %s", (from, to, expected) => {
    expect(canTransition(SUBSCRIPTION_TRANSITIONS, from, to)).toBe(expected);
  });

  it("cancels only what is not cancelled yet", () => {
    expect(canCancelSubscription("ACTIVE")).toBe(true);
    expect(canCancelSubscription("PAST_DUE")).toBe(true);
    expect(canCancelSubscription("CANCELLED")).toBe(false);
    expect(canCancelSubscription("UNKNOWN")).toBe(false);
  });
});

describe("refundEndsSubscription", () => {
  it.each([
    ["whole payment, lecture and device", "TOTALLY_REFUNDED", ["LECTURE", "DEVICE"], true],
    ["whole payment, a renewal", "TOTALLY_REFUNDED", ["LECTURE"], true],
    ["lecture line only", "PARTIALLY_REFUNDED", ["LECTURE"], true],
    ["device line only", "PARTIALLY_REFUNDED", ["DEVICE"], false],
    ["book line only", "PARTIALLY_REFUNDED", ["SEOLTAB_BOOK"], false],
  ] as const)("%s", (_name, paymentState, refundedKinds, expected) => {
    expect(refundEndsSubscription({ paymentState, refundedKinds })).toBe(expected);
  });

  it("always ends it when a lecture is refunded or nothing remains paid", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PAYMENT_STATES),
        fc.subarray([...ITEM_KINDS]),
        (paymentState, refundedKinds) => {
          const ends = refundEndsSubscription({ paymentState, refundedKinds });
          const expected = paymentState === "TOTALLY_REFUNDED" || refundedKinds.includes("LECTURE");
          expect(ends).toBe(expected);
        },
      ),
    );
  });
});

describe("messages", () => {
  // 2026-12-23 00:00 Asia/Seoul
  const next = new Date("2026-12-22T15:00:00Z");

  it("says the next charge will not happen when the refund ends the renewals", () => {
    expect(
      renewalAfterRefundMessage(
        { status: "ACTIVE", renewalAmount: 189_000, nextChargeAt: next },
        true,
      ),
    ).toBe("환불되면 자동 결제가 해지되어 다음 결제(2026.12.23, 189,000원)는 되지 않아요.");
  });

  it("says the next charge stays when only a device is refunded", () => {
    expect(
      renewalAfterRefundMessage(
        { status: "ACTIVE", renewalAmount: 189_000, nextChargeAt: next },
        false,
      ),
    ).toBe(
      "자동 결제는 그대로예요. 다음 결제일 2026.12.23에 189,000원이 결제돼요. 멈추려면 내 수업에서 자동 결제를 해지해 주세요.",
    );
  });

  it("says nothing more is charged when already cancelled", () => {
    expect(
      renewalAfterRefundMessage(
        { status: "CANCELLED", renewalAmount: 189_000, nextChargeAt: next },
        false,
      ),
    ).toBe("자동 결제는 이미 해지되어 더 결제되지 않아요.");
  });

  it("names the last paid day (the day before the exclusive end, Asia/Seoul)", () => {
    expect(lastPaidDay(next)).toBe("2026.12.22");
    expect(subscriptionCancelledMessage(next)).toBe(
      "자동 결제를 해지했어요. 더 결제되지 않고, 이미 결제한 수업은 2026.12.22까지 이용할 수 있어요.",
    );
  });
});

describe("sourcesOf (conditional updates obey the table)", () => {
  it("only ACTIVE and PAST_DUE may become CANCELLED; nothing leaves CANCELLED", () => {
    expect(sourcesOf(SUBSCRIPTION_TRANSITIONS, "CANCELLED").sort()).toEqual(["ACTIVE", "PAST_DUE"]);
    expect(sourcesOf(SUBSCRIPTION_TRANSITIONS, "ACTIVE")).toEqual(["PAST_DUE"]);
    expect(SUBSCRIPTION_TRANSITIONS.CANCELLED).toEqual([]);
  });
});
