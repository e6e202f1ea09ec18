import { describe, expect, it } from "vitest";
import { depositPollDelay, DEPOSIT_POLL_MAX_MS } from "./components/payment-result";
import { accountDigits, groupAccountNumber } from "./format";

describe("groupAccountNumber", () => {
  it("uses the bank's own layout where known, else groups of four; digits are kept", () => {
    expect(groupAccountNumber("110123456789", "신한은행")).toBe("110-123-456789");
    expect(groupAccountNumber("12345678901234", "KB국민은행")).toBe("123456-78-901234");
    expect(groupAccountNumber("56201234567890", "신한은행")).toBe("5620-1234-5678-90");
    expect(groupAccountNumber("5620-1234 567890", "")).toBe("5620-1234-5678-90");
    expect(accountDigits("5620-1234-5678-90")).toBe("56201234567890");
  });

  it("leaves something too short to be an account number as it is", () => {
    expect(groupAccountNumber("1234")).toBe("1234");
  });
});

describe("depositPollDelay", () => {
  it("backs off by 1.5 from 5 s up to 60 s", () => {
    expect([0, 1, 2, 3].map((n) => depositPollDelay(n))).toEqual([5000, 7500, 11250, 16875]);
    expect(depositPollDelay(40)).toBe(DEPOSIT_POLL_MAX_MS);
  });
});
