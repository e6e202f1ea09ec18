import { describe, expect, it } from "vitest";
import { renewalConfirmText, seoulMorningIso } from "./renewal-actions";

describe("failed-renewal actions", () => {
  const row = { USER_NAME: "김설탭", RENEWAL_AMOUNT: 189000 };
  it("shows the amount before confirming each action", () => {
    expect(renewalConfirmText("RETRY", row)).toBe(
      "김설탭님의 정기결제 189,000원을 지금 결제할까요?",
    );
    expect(renewalConfirmText("RESCHEDULE", row, "2026-12-01")).toContain("189,000원");
    expect(renewalConfirmText("RESCHEDULE", row, "2026-12-01")).toContain("2026-12-01");
    expect(renewalConfirmText("NOCARD", row)).toContain("NOCARD");
    expect(renewalConfirmText("NOPAY", row)).toContain("189,000원");
  });
  it("turns a picked date into 10:00 Asia/Seoul", () => {
    expect(seoulMorningIso("2026-12-01")).toBe("2026-12-01T10:00:00+09:00");
    expect(new Date(seoulMorningIso("2026-12-01")!).toISOString()).toBe("2026-12-01T01:00:00.000Z");
    expect(seoulMorningIso("")).toBeNull();
  });
});
