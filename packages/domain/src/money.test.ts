import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assertNonNegativeInteger, multiplyWon, percentOfWon } from "./money.ts";

describe("assertNonNegativeInteger", () => {
  it.each([0, 1, 189_000, Number.MAX_SAFE_INTEGER])("accepts %s", (value) => {
    expect(assertNonNegativeInteger(value, "x")).toBe(value);
  });

  it.each([-1, 0.5, Number.NaN, Infinity, Number.MAX_SAFE_INTEGER + 1])("rejects %s", (value) => {
    expect(() => assertNonNegativeInteger(value, "price (won)")).toThrow(
      new RangeError(`price (won) must be a non-negative safe integer, got ${value}`),
    );
  });
});

describe("percentOfWon", () => {
  it.each([
    [2_268_000, 5, 113_400],
    [2_268_000, 95, 2_154_600],
    [399_996, 95, 379_996],
    [399_996, 5, 19_999],
    [99, 50, 49],
    [1, 99, 0],
    [12_345, 0, 0],
    [12_345, 100, 12_345],
  ])("%i won × %i%% = %i won (rounded down)", (won, percent, expected) => {
    expect(percentOfWon(won, percent)).toBe(expected);
  });

  it("is exact for every safe amount (checked against BigInt)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: 0, max: 100 }),
        (won, percent) => {
          expect(BigInt(percentOfWon(won, percent))).toBe((BigInt(won) * BigInt(percent)) / 100n);
        },
      ),
    );
  });

  it.each([-1, 101, 2.5, Number.NaN])("rejects percent %s", (percent) => {
    expect(() => percentOfWon(1000, percent)).toThrow(RangeError);
  });

  it("rejects a fractional amount", () => {
    expect(() => percentOfWon(10.5, 5)).toThrow(RangeError);
  });
});

describe("multiplyWon", () => {
  it("multiplies", () => {
    expect(multiplyWon(189_000, 12)).toBe(2_268_000);
  });

  it("refuses a product beyond 2^53 - 1", () => {
    expect(() => multiplyWon(Number.MAX_SAFE_INTEGER, 2)).toThrow(RangeError);
  });
});
