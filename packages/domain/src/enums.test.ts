import { describe, expect, it } from "vitest";
import * as enums from "./enums.ts";

const arrays = Object.entries(enums as Record<string, unknown>).filter(
  (entry): entry is [string, readonly string[]] => Array.isArray(entry[1]),
);

describe("enumerations (SPEC.md §3-5)", () => {
  it.each(arrays)("%s has unique values", (_name, values) => {
    expect(new Set(values).size).toBe(values.length);
  });

  it.each([
    [enums.isCardType, "COMPANY_DEBIT_CARD", "VISA"],
    [enums.isPaymentMethod, "VBANK", "vbank"],
    [enums.isPaymentItemState, "REFUND_REQUEST_FAILED", "FAILED"],
    [enums.isPaymentState, "PARTIALLY_REFUNDED", "REFUNDED"],
    [enums.isLectureState, "REMATCH_B", "CLOSED"],
    [enums.isUserType, "SALES_TEAM", "TUTOR"],
    [enums.isEnvironment, "stage", "staging"],
    [enums.isRefundIneligibilityReason, "ONE_MONTH_PASSED", "EXPIRED"],
  ] as const)("guards accept members only", (guard, member, stranger) => {
    expect(guard(member)).toBe(true);
    expect(guard(stranger)).toBe(false);
    expect(guard(undefined)).toBe(false);
    expect(guard(1)).toBe(false);
  });

  it("closes lectures in FINISH, AUTO_FINISH and DONE only", () => {
    expect(enums.LECTURE_STATES.filter(enums.isClosedLectureState)).toEqual([
      "AUTO_FINISH",
      "DONE",
      "FINISH",
    ]);
  });

  it("counts ADMIN and SALES_TEAM as staff", () => {
    expect(enums.USER_TYPES.filter(enums.isStaffUserType)).toEqual(["ADMIN", "SALES_TEAM"]);
  });
});
