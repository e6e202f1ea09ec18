import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cardNumberParts, maskCardNumber } from "./billing-cards.ts";

describe("maskCardNumber / cardNumberParts (DESIGN.md §4)", () => {
  it.each([
    ["4242424242424242", "42424242****4242", "42424242", "4242"],
    ["4000000000000119", "40000000****0119", "40000000", "0119"],
    ["3782822463100051", "37828224****0051", "37828224", "0051"],
    ["378282246310005", "37828224***0005", "37828224", "0005"],
    ["1234567890123", "12345678*0123", "12345678", "0123"],
    ["1234567890123456789", "12345678*******6789", "12345678", "6789"],
  ])("%s → %s", (digits, masked, first8, last4) => {
    expect(maskCardNumber(digits)).toBe(masked);
    expect(cardNumberParts(digits)).toEqual({ first8, last4 });
  });

  it.each([
    "4242 4242 4242 4242",
    "4242-4242-4242-4242",
    "424242424242",
    "42424242424242424242",
    "",
    "４２４２４２４２４２４２４２４２",
  ])("rejects %j without echoing it", (input) => {
    expect(() => maskCardNumber(input)).toThrow(RangeError);
    expect(() => cardNumberParts(input)).toThrow(RangeError);
    try {
      maskCardNumber(input);
    } catch (error) {
      expect(String(error)).not.toContain("4242");
    }
  });

  it("keeps the length and hides every middle digit", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{13,19}$/), (digits) => {
        const masked = maskCardNumber(digits);
        expect(masked).toHaveLength(digits.length);
        expect(masked).toBe(digits.slice(0, 8) + "*".repeat(digits.length - 12) + digits.slice(-4));
      }),
    );
  });
});
