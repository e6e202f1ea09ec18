import { describe, expect, it } from "vitest";
import { LECTURE_STATES } from "./enums.ts";
import {
  FINAL_LECTURE_STATES,
  LECTURE_TRANSITIONS,
  assertLectureMove,
  canMoveLecture,
  lectureState,
  type LectureStateInput,
} from "./lectures.ts";
import { TransitionNotAllowedError } from "./payments.ts";

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

describe("canMoveLecture / assertLectureMove (the moves of docs/api/lectures.md)", () => {
  // Written out from the documented table, independently of LECTURE_TRANSITIONS.
  const ALLOWED = new Set(
    [
      "REGISTER → READY FINISH NOPAY NOCARD AUTO_FINISH",
      "READY → REGISTER MATCHED FINISH NOPAY NOCARD AUTO_FINISH",
      "MATCHED → ACTIVE REMATCH REMATCH_B FINISH NOPAY NOCARD AUTO_FINISH",
      "ACTIVE → REMATCH REMATCH_B FINISH NOPAY NOCARD AUTO_FINISH DONE",
      "REMATCH → MATCHED ACTIVE FINISH NOPAY NOCARD AUTO_FINISH",
      "REMATCH_B → MATCHED ACTIVE FINISH NOPAY NOCARD AUTO_FINISH",
      "NOPAY → REGISTER READY MATCHED ACTIVE FINISH AUTO_FINISH",
      "NOCARD → REGISTER READY MATCHED ACTIVE NOPAY FINISH AUTO_FINISH",
      "FINISH →",
      "AUTO_FINISH →",
      "DONE →",
    ].flatMap((row) => {
      const [from, to] = row.split("→").map((s) => s.trim());
      return to ? to.split(" ").map((t) => `${from}>${t}`) : [];
    }),
  );
  const pairs = LECTURE_STATES.flatMap((from) =>
    LECTURE_STATES.map((to) => [from, to, ALLOWED.has(`${from}>${to}`)] as const),
  );

  it("covers every pair of SPEC.md §4 states", () => {
    expect(pairs).toHaveLength(LECTURE_STATES.length ** 2);
    expect(new Set(LECTURE_STATES)).toEqual(new Set(Object.keys(LECTURE_TRANSITIONS)));
  });

  it.each(pairs)("%s → %s allowed: %s", (from, to, allowed) => {
    expect(canMoveLecture(from, to)).toBe(allowed);
    if (allowed) expect(() => assertLectureMove(from, to)).not.toThrow();
    else expect(() => assertLectureMove(from, to)).toThrow(TransitionNotAllowedError);
  });

  it("every state that is not final may be ended by a refund (FINISH); a final one never moves", () => {
    for (const state of LECTURE_STATES) {
      const final = FINAL_LECTURE_STATES.includes(state);
      expect(canMoveLecture(state, "FINISH"), state).toBe(!final);
      if (final) expect(LECTURE_STATES.some((to) => canMoveLecture(state, to))).toBe(false);
    }
  });

  it("a fresh payment's lecture starts at REGISTER and reaches MATCHED only through READY", () => {
    expect(canMoveLecture("REGISTER", "MATCHED")).toBe(false);
    expect(canMoveLecture("REGISTER", "READY") && canMoveLecture("READY", "MATCHED")).toBe(true);
    expect(() => assertLectureMove("DONE", "ACTIVE")).toThrow("lecture: DONE -> ACTIVE");
  });
});
