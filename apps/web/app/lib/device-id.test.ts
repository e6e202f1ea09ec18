import { isUuid } from "@seoltab/domain";
import { describe, expect, it } from "vitest";
import { getDeviceId } from "./device-id";

const VALID = "0b6f4f1e-5c1b-4a59-9d7e-2f1d3c4b5a69";

describe("device id (SPEC.md §3: only a valid uuid is kept)", () => {
  it("keeps a stored valid uuid", () => {
    localStorage.setItem("deviceId", VALID);
    expect(getDeviceId()).toBe(VALID);
    expect(localStorage.getItem("deviceId")).toBe(VALID);
  });

  it("makes and stores a new uuid when none is stored, then keeps it", () => {
    const first = getDeviceId();
    expect(isUuid(first)).toBe(true);
    expect(localStorage.getItem("deviceId")).toBe(first);
    expect(getDeviceId()).toBe(first);
  });

  it.each(["", "abc", "0b6f4f1e5c1b4a599d7e2f1d3c4b5a69", `${VALID}x`, "null", '"' + VALID + '"'])(
    "replaces an invalid stored value %j with a new uuid",
    (bad) => {
      localStorage.setItem("deviceId", bad);
      const id = getDeviceId();
      expect(id).not.toBe(bad);
      expect(isUuid(id)).toBe(true);
      expect(localStorage.getItem("deviceId")).toBe(id);
    },
  );
});
