import { describe, expect, it } from "vitest";
import {
  TransitionNotAllowedError,
  assertTransition,
  canTransition,
  sourcesOf,
} from "../payments.ts";
import { DIAGNOSIS_ATTEMPT_STATES, DIAGNOSIS_ATTEMPT_TRANSITIONS } from "./index.ts";

describe("DIAGNOSIS_ATTEMPT_TRANSITIONS (issue #10)", () => {
  it("STARTED is submitted once; SUBMITTED is terminal", () => {
    const table = Object.fromEntries(
      DIAGNOSIS_ATTEMPT_STATES.map((from) => [
        from,
        DIAGNOSIS_ATTEMPT_STATES.filter((to) =>
          canTransition(DIAGNOSIS_ATTEMPT_TRANSITIONS, from, to),
        ),
      ]),
    );
    expect(table).toEqual({ STARTED: ["SUBMITTED"], SUBMITTED: [] });
    expect(sourcesOf(DIAGNOSIS_ATTEMPT_TRANSITIONS, "SUBMITTED")).toEqual(["STARTED"]);
    expect(() =>
      assertTransition(
        DIAGNOSIS_ATTEMPT_TRANSITIONS,
        "diagnosis attempt",
        "SUBMITTED",
        "SUBMITTED",
      ),
    ).toThrow(TransitionNotAllowedError);
  });
});
