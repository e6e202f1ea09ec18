import { describe, expect, it } from "vitest";
import { lectureState, type LectureStateInput } from "./lectures.ts";

const now = new Date("2026-11-21T00:00:00Z");
const base: LectureStateInput = {
  paymentState: "PAID",
  itemState: "PAID",
  subscriptionStatus: "ACTIVE",
  endsAt: new Date("2027-02-21T00:00:00Z"),
  now,
};

describe("lectureState (LECTURE_INFO state of a bought lecture)", () => {
  it.each<[string, Partial<LectureStateInput>, string]>([
    ["paid, within the period: waiting for a tutor match", {}, "READY"],
    ["refunded item", { itemState: "REFUNDED" }, "FINISH"],
    ["refund wins over unpaid", { itemState: "REFUNDED", paymentState: "READY" }, "FINISH"],
    [
      "virtual account awaiting deposit",
      { paymentState: "READY", itemState: null, endsAt: null },
      "NOPAY",
    ],
    ["renewals declined", { subscriptionStatus: "PAST_DUE" }, "NOPAY"],
    [
      "period over, no subscription",
      { subscriptionStatus: null, endsAt: new Date("2026-11-01T00:00:00Z") },
      "DONE",
    ],
    ["period over, subscription renews it", { endsAt: new Date("2026-11-01T00:00:00Z") }, "READY"],
    ["period over, cancelled", { subscriptionStatus: "CANCELLED", endsAt: now }, "DONE"],
  ])("%s → %s", (_name, patch, state) => {
    expect(lectureState({ ...base, ...patch })).toBe(state);
  });
});

describe("lecture records", () => {
  it("never leave a final state and reach MATCHED only from READY, NOPAY, NOCARD or a rematch", async () => {
    const { LECTURE_TRANSITIONS, FINAL_LECTURE_STATES } = await import("./lectures.ts");
    for (const state of FINAL_LECTURE_STATES) expect(LECTURE_TRANSITIONS[state]).toEqual([]);
    const into = Object.entries(LECTURE_TRANSITIONS)
      .filter(([, to]) => to.includes("MATCHED"))
      .map(([from]) => from)
      .sort();
    expect(into).toEqual(["NOCARD", "NOPAY", "READY", "REMATCH", "REMATCH_B"]);
    expect(LECTURE_TRANSITIONS.REGISTER).not.toContain("MATCHED");
  });

  it.each([
    ["MATCHED", "READY", "MATCHED"],
    ["MATCHED", "NOPAY", "NOPAY"],
    ["READY", "FINISH", "FINISH"],
    ["FINISH", "READY", "FINISH"],
    ["REGISTER", "DONE", "DONE"],
  ] as const)("a %s record with payments saying %s shows %s", async (record, derived, shown) => {
    const { displayedLectureState } = await import("./lectures.ts");
    expect(displayedLectureState(record, derived)).toBe(shown);
  });
});
