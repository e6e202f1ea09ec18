import { describe, expect, it } from "vitest";
import {
  allJoinChecksPassed,
  checkPassword,
  checkRealname,
  flagFor,
  passwordCheckKey,
  UNCHECKED_JOIN_FLAGS,
} from "./join-checks";

// SPEC.md §5: join flags are null until checked — password and realname too (issue #20).
describe("join check flags", () => {
  it("every flag starts null and null is not a pass", () => {
    expect(UNCHECKED_JOIN_FLAGS).toEqual({
      email: null,
      nickname: null,
      password: null,
      realname: null,
    });
    expect(allJoinChecksPassed(UNCHECKED_JOIN_FLAGS, false)).toBe(false);
  });

  it("the password flag: policy, email rule and an equal confirmation; null for a changed value", () => {
    const ok = checkPassword("Seoltab12!", "Seoltab12!", "kim@example.com");
    expect(ok.ok).toBe(true);
    expect(flagFor(ok, passwordCheckKey("Seoltab12!", "Seoltab12!", "kim@example.com"))).toBe(true);
    expect(flagFor(ok, passwordCheckKey("Seoltab12!", "Seoltab12", "kim@example.com"))).toBeNull();
    expect(checkPassword("Seoltab12!", "Seoltab13!", "kim@example.com").ok).toBe(false);
    expect(checkPassword("short1!", "short1!", "kim@example.com").ok).toBe(false);
    expect(checkPassword("hanul2024!x", "hanul2024!x", "hanul@example.com").ok).toBe(false);
  });

  it("the realname flag: a well-formed name, checked for the trimmed value", () => {
    const check = checkRealname(" 김하늘 ");
    expect(check).toEqual({ value: "김하늘", ok: true });
    expect(flagFor(check, "김하늘")).toBe(true);
    expect(flagFor(check, "김하")).toBeNull();
    expect(checkRealname("1234").ok).toBe(false);
    expect(checkRealname("").ok).toBe(false);
  });

  it("joins only when every applicable flag is true", () => {
    const all = { email: true, nickname: true, password: true, realname: true };
    expect(allJoinChecksPassed(all, true)).toBe(true);
    expect(allJoinChecksPassed({ ...all, nickname: null }, false)).toBe(true);
    expect(allJoinChecksPassed({ ...all, nickname: null }, true)).toBe(false);
    expect(allJoinChecksPassed({ ...all, password: null }, true)).toBe(false);
    expect(allJoinChecksPassed({ ...all, realname: false }, true)).toBe(false);
  });
});
