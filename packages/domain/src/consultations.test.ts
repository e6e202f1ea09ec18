import { describe, expect, it } from "vitest";
import { CONSULTATION_STATUSES, CONSULTATION_TRANSITIONS } from "./consultations.ts";
import {
  TransitionNotAllowedError,
  assertTransition,
  canTransition,
  sourcesOf,
} from "./payments.ts";

describe("CONSULTATION_TRANSITIONS (issue #10)", () => {
  it("RECEIVED → CONTACTED → CLOSED, or closed without a call; nothing goes back", () => {
    const table = Object.fromEntries(
      CONSULTATION_STATUSES.map((from) => [
        from,
        CONSULTATION_STATUSES.filter((to) => canTransition(CONSULTATION_TRANSITIONS, from, to)),
      ]),
    );
    expect(table).toEqual({
      RECEIVED: ["CONTACTED", "CLOSED"],
      CONTACTED: ["CLOSED"],
      CLOSED: [],
    });
    expect(sourcesOf(CONSULTATION_TRANSITIONS, "CLOSED")).toEqual(["RECEIVED", "CONTACTED"]);
    expect(() =>
      assertTransition(CONSULTATION_TRANSITIONS, "consultation request", "CLOSED", "RECEIVED"),
    ).toThrow(TransitionNotAllowedError);
  });
});
