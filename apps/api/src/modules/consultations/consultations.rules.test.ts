import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CONSULTATION_STATUSES,
  STATUS_TRANSITIONS,
  canChangeStatus,
} from "./consultations.constants.ts";
import { decodeCursor, encodeCursor, seoulDayRange, seoulDayStart } from "./consultations.rules.ts";

describe("status transitions", () => {
  it.each([
    ["RECEIVED", "CONTACTED", true],
    ["RECEIVED", "CLOSED", true],
    ["CONTACTED", "CLOSED", true],
    ["RECEIVED", "RECEIVED", false],
    ["CONTACTED", "RECEIVED", false],
    ["CONTACTED", "CONTACTED", false],
    ["CLOSED", "RECEIVED", false],
    ["CLOSED", "CONTACTED", false],
    ["CLOSED", "CLOSED", false],
  ] as const)("%s → %s: %s", (from, to, allowed) => {
    expect(canChangeStatus(from, to)).toBe(allowed);
  });

  it("covers every status, and CLOSED is final", () => {
    expect(Object.keys(STATUS_TRANSITIONS).sort()).toEqual([...CONSULTATION_STATUSES].sort());
    expect(STATUS_TRANSITIONS.CLOSED).toEqual([]);
  });
});

describe("list cursor", () => {
  it("round-trips any position", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2000-01-01"), max: new Date("2200-01-01"), noInvalidDate: true }),
        fc.uuid(),
        (createdAt, id) => {
          const cursor = encodeCursor({ createdAt, id });
          expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
          expect(decodeCursor(cursor)).toEqual({ createdAt, id });
        },
      ),
    );
  });

  it.each([
    "",
    "not a cursor!",
    Buffer.from("123.not-a-uuid").toString("base64url"),
    Buffer.from("abc.0b8f1a40-6d2a-4f0e-9a51-3f0e5c2f1b7a").toString("base64url"),
    Buffer.from("1.0b8f1a40-6d2a-4f0e-9a51-3f0e5c2f1b7a.x").toString("base64url"),
    "A".repeat(201),
  ])("refuses %j", (cursor) => {
    expect(decodeCursor(cursor)).toBeNull();
  });
});

describe("Asia/Seoul days", () => {
  it("a day starts at 15:00 UTC the day before", () => {
    expect(seoulDayStart("2026-11-21").toISOString()).toBe("2026-11-20T15:00:00.000Z");
    expect(seoulDayStart("2027-01-01").toISOString()).toBe("2026-12-31T15:00:00.000Z");
  });

  it("an inclusive range ends at the start of the next day", () => {
    const { since, until } = seoulDayRange("2026-11-21", "2026-11-21");
    expect(since?.toISOString()).toBe("2026-11-20T15:00:00.000Z");
    expect(until?.toISOString()).toBe("2026-11-21T15:00:00.000Z");
    expect(seoulDayRange("2028-02-28", "2028-02-29").until?.toISOString()).toBe(
      "2028-02-29T15:00:00.000Z",
    );
  });

  it("open ends stay open", () => {
    expect(seoulDayRange()).toEqual({});
    expect(Object.keys(seoulDayRange("2026-11-21"))).toEqual(["since"]);
    expect(Object.keys(seoulDayRange(undefined, "2026-11-21"))).toEqual(["until"]);
  });
});
