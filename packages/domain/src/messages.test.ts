import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MESSAGE_TEMPLATES } from "./message-templates/index.ts";
import {
  AD_WORDS,
  ALIMTALK_MAX_CHARS,
  MESSAGE_STATES,
  MESSAGE_TRANSITIONS,
  MissingTemplateVariableError,
  assertMessageEntry,
  afterQuietHours,
  consentOf,
  familyRecipients,
  isQuietHour,
  lessonReminderTimes,
  placeholdersOf,
  renderTemplate,
  seoulMessageTime,
  sendWindow,
  type MessageTemplate,
} from "./messages.ts";
import {
  TransitionNotAllowedError,
  assertTransition,
  canTransition,
  sourcesOf,
} from "./payments.ts";

/** A long but plausible value for each variable (names and titles as long as the product allows). */
function worstCase(name: string): string {
  if (/url/i.test(name)) return "https://www.seoltab.com/_app/lectures/123456789";
  if (/note|reason|nextStep/i.test(name)) return "가".repeat(300);
  return "가".repeat(40);
}

describe("templates (reviewed like code)", () => {
  const templates = Object.entries(MESSAGE_TEMPLATES) as [string, MessageTemplate][];

  it.each(templates)("%s: declares exactly the variables it uses", (key, template) => {
    expect(template.id).toBe(key);
    expect(template.version).toBeGreaterThanOrEqual(1);
    const used = new Set([
      ...placeholdersOf(template.text),
      ...(template.buttons ?? []).flatMap((b) => placeholdersOf(b.url + b.name)),
    ]);
    expect([...used].sort()).toEqual([...template.variables].sort());
  });

  it.each(templates)(
    "%s: fits the 알림톡 limit after filling, and is not advertising",
    (_, template) => {
      const filled = renderTemplate(
        template,
        Object.fromEntries(template.variables.map((v) => [v, worstCase(v)])),
      );
      expect(filled.text.length).toBeLessThanOrEqual(ALIMTALK_MAX_CHARS);
      expect(filled.text).not.toMatch(/#\{/);
      if (template.kind === "INFO") {
        for (const word of AD_WORDS) expect(template.text).not.toContain(word);
      }
    },
  );

  it("refuses to render with a variable missing or blank, never half-empty", () => {
    const t = MESSAGE_TEMPLATES["refund-done"];
    expect(() => renderTemplate(t, { orderName: "스마트 수학" })).toThrow(
      MissingTemplateVariableError,
    );
    expect(() => renderTemplate(t, { orderName: "스마트 수학", amount: "  " })).toThrow(/amount/);
    expect(renderTemplate(t, { orderName: "스마트 수학", amount: "189,000원" }).text).toContain(
      "환불 금액: 189,000원",
    );
  });

  it("puts (광고) in front of an advertising text", () => {
    const ad: MessageTemplate = {
      id: "ad",
      version: 1,
      kind: "AD",
      channel: "SMS",
      text: "겨울 특강 안내 #{x}",
      variables: ["x"],
    };
    expect(renderTemplate(ad, { x: "1" }).text.startsWith("(광고) ")).toBe(true);
  });
});

describe("lesson reminders (Asia/Seoul, the time is a parameter)", () => {
  const start = new Date("2026-11-30T09:00:00Z"); // Mon 18:00 KST
  it("the day before at 20:00 and one hour before", () => {
    const times = lessonReminderTimes(start, new Date("2026-11-24T00:00:00Z"));
    expect(times.map((t) => [t.slot, t.at.toISOString()])).toEqual([
      ["D1", "2026-11-29T11:00:00.000Z"],
      ["H1", "2026-11-30T08:00:00.000Z"],
    ]);
    expect(seoulMessageTime(start)).toBe("11월 30일(월) 18:00");
  });
  it("leaves out what already passed", () => {
    expect(lessonReminderTimes(start, new Date("2026-11-29T12:00:00Z")).map((t) => t.slot)).toEqual(
      ["H1"],
    );
    expect(lessonReminderTimes(start, new Date("2026-11-30T08:30:00Z"))).toEqual([]);
  });
  it("never schedules after the lesson or twice per slot (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 * 24 * 30 }),
        fc.integer({ min: 0, max: 60 * 24 * 30 }),
        (startMin, nowMin) => {
          const base = Date.parse("2026-11-24T00:00:00Z");
          const s = new Date(base + startMin * 60_000);
          const now = new Date(base + nowMin * 60_000);
          const times = lessonReminderTimes(s, now);
          expect(new Set(times.map((t) => t.slot)).size).toBe(times.length);
          for (const t of times) {
            expect(t.at.getTime()).toBeLessThan(s.getTime());
            expect(t.at.getTime()).toBeGreaterThan(now.getTime());
          }
        },
      ),
    );
  });
});

describe("quiet hours and consent (정보통신망법 §50)", () => {
  const at = (iso: string) => new Date(iso);
  it("21:00–08:00 Seoul is quiet", () => {
    expect(isQuietHour(at("2026-11-24T12:00:00Z"))).toBe(true); // 21:00 KST
    expect(isQuietHour(at("2026-11-24T11:59:00Z"))).toBe(false); // 20:59
    expect(isQuietHour(at("2026-11-24T22:59:00Z"))).toBe(true); // 07:59
    expect(isQuietHour(at("2026-11-24T23:00:00Z"))).toBe(false); // 08:00
    expect(afterQuietHours(at("2026-11-24T13:00:00Z")).toISOString()).toBe(
      "2026-11-24T23:00:00.000Z",
    );
  });

  it("informational messages ignore marketing consent; ads need it, and night consent at night", () => {
    const night = at("2026-11-24T14:00:00Z"); // 23:00 KST
    const day = at("2026-11-24T03:00:00Z");
    expect(sendWindow("INFO", [], night)).toEqual(night);
    expect(sendWindow("AD", [], day)).toBeNull();
    const granted = [{ kind: "MARKETING_SMS" as const, granted: true, at: day }];
    expect(sendWindow("AD", granted, day)).toEqual(day);
    expect(sendWindow("AD", granted, night)!.toISOString()).toBe("2026-11-24T23:00:00.000Z");
    expect(
      sendWindow("AD", [...granted, { kind: "NIGHT", granted: true, at: day }], night),
    ).toEqual(night);
  });

  it("the newest entry wins; consent older than 2 years must be asked again", () => {
    const old = at("2024-01-01T00:00:00Z");
    const now = at("2026-11-24T00:00:00Z");
    expect(
      consentOf([{ kind: "MARKETING_SMS", granted: true, at: old }], "MARKETING_SMS", now),
    ).toEqual({ granted: false, at: old, needsReconfirm: true });
    expect(
      consentOf(
        [
          { kind: "MARKETING_SMS", granted: true, at: at("2026-01-01T00:00:00Z") },
          { kind: "MARKETING_SMS", granted: false, at: at("2026-06-01T00:00:00Z") },
        ],
        "MARKETING_SMS",
        now,
      ).granted,
    ).toBe(false);
  });
});

describe("recipients", () => {
  const parent = { userId: 2, role: "PARENT" as const, phone: "01022223333" };
  it("a student under 14 is reached through the parents only", () => {
    const child = {
      userId: 1,
      role: "STUDENT" as const,
      phone: "01011112222",
      underFourteen: true,
    };
    expect(familyRecipients(child, [parent]).map((r) => r.userId)).toEqual([2]);
    expect(familyRecipients(child, [])).toEqual([]);
  });
  it("an older student and the parents; nobody without a phone", () => {
    const student = { userId: 1, role: "STUDENT" as const, phone: "01011112222" };
    expect(
      familyRecipients(student, [parent, { ...parent, userId: 3, phone: null }]).map(
        (r) => r.userId,
      ),
    ).toEqual([1, 2]);
  });
});

describe("MESSAGE_TRANSITIONS (issue #10: the outbox writers ask it)", () => {
  it("PENDING is claimed or cancelled; a claim ends SENT, FAILED or back to PENDING", () => {
    const table = Object.fromEntries(
      MESSAGE_STATES.map((from) => [
        from,
        MESSAGE_STATES.filter((to) => canTransition(MESSAGE_TRANSITIONS, from, to)),
      ]),
    );
    expect(table).toEqual({
      PENDING: ["SENDING", "CANCELLED"],
      SENDING: ["PENDING", "SENT", "FAILED"],
      SENT: [],
      FAILED: [],
      CANCELLED: [],
    });
    expect(sourcesOf(MESSAGE_TRANSITIONS, "CANCELLED")).toEqual(["PENDING"]);
    expect(() => assertTransition(MESSAGE_TRANSITIONS, "message", "SENT", "PENDING")).toThrow(
      TransitionNotAllowedError,
    );
  });

  it("a message is written PENDING, or FAILED when its template could not be filled", () => {
    expect(() => assertMessageEntry("PENDING")).not.toThrow();
    expect(() => assertMessageEntry("FAILED")).not.toThrow();
    expect(() => assertMessageEntry("SENT")).toThrow("message: (new) -> SENT is not allowed");
  });
});
