import { describe, expect, it } from "vitest";
import { argon2Hasher, fifoLimit } from "./password-hasher.ts";

describe("password hashing", () => {
  it("argon2id with OWASP parameters; verify, mismatch, unreadable hash, dummy", async () => {
    const hasher = argon2Hasher();
    const phc = await hasher.hash("Seoltab!2026");
    expect(phc).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(phc).not.toContain("Seoltab!2026");
    expect(await hasher.verify(phc, "Seoltab!2026")).toBe(true);
    expect(await hasher.verify(phc, "seoltab!2026")).toBe(false);
    expect(await hasher.verify("not a hash", "x")).toBe(false);
    expect(await hasher.verifyDummy("Seoltab!2026")).toBe(false);
  });

  it("fifoLimit runs at most `max` tasks at once, in arrival order", async () => {
    const limit = fifoLimit(2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const task = (i: number) =>
      limit(async () => {
        started.push(i);
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((r) => setTimeout(r, 5));
        running -= 1;
        return i;
      });
    const results = await Promise.all([0, 1, 2, 3, 4, 5].map(task));
    expect(results).toEqual([0, 1, 2, 3, 4, 5]);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
    // A failing task frees its slot.
    await expect(limit(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await task(6)).toBe(6);
  });
});
