import { describe, expect, it } from "vitest";
import { memoryAttemptLimiter } from "./attempt-limiter.ts";

const at = (ms: number) => new Date(Date.UTC(2026, 10, 21) + ms);

describe("memoryAttemptLimiter", () => {
  it("counts attempts inside a sliding window", () => {
    const limiter = memoryAttemptLimiter(15 * 60_000);
    for (let i = 0; i < 5; i++) limiter.hit("a", at(i * 60_000));
    expect(limiter.count("a", at(5 * 60_000))).toBe(5);
    expect(limiter.count("b", at(5 * 60_000))).toBe(0);
    // The first attempt (t=0) leaves the window at 15 min.
    expect(limiter.count("a", at(15 * 60_000))).toBe(4);
    expect(limiter.retryAfterSeconds("a", at(15 * 60_000))).toBe(60);
    expect(limiter.count("a", at(30 * 60_000))).toBe(0);
    expect(limiter.retryAfterSeconds("a", at(30 * 60_000))).toBe(0);
  });

  it("reset forgets a key", () => {
    const limiter = memoryAttemptLimiter(1000);
    limiter.hit("a", at(0));
    limiter.reset("a");
    expect(limiter.count("a", at(1))).toBe(0);
  });

  it("keeps at most maxKeys keys, dropping the one idle longest", () => {
    const limiter = memoryAttemptLimiter(60_000, 3);
    limiter.hit("a", at(0));
    limiter.hit("b", at(1));
    limiter.hit("c", at(2));
    limiter.hit("a", at(3)); // a is now the most recent
    limiter.hit("d", at(4)); // b goes
    expect(limiter.count("b", at(5))).toBe(0);
    expect(limiter.count("a", at(5))).toBe(2);
    expect(limiter.count("d", at(5))).toBe(1);
  });
});
