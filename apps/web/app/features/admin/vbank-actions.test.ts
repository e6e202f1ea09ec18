import { describe, expect, it } from "vitest";
import { vbankActionsFor, vbankConfirmText } from "./vbank-actions";

describe("virtual-account actions", () => {
  it("offers cancel and re-issue to ADMIN only; SALES_TEAM reminds", () => {
    expect(vbankActionsFor("ADMIN")).toEqual(["REMIND", "REISSUE", "CANCEL"]);
    expect(vbankActionsFor("SALES_TEAM")).toEqual(["REMIND"]);
    expect(vbankActionsFor("STUDENT")).toEqual([]);
    expect(vbankActionsFor(null)).toEqual([]);
  });

  it("shows the amount before confirming", () => {
    const row = { USER_NAME: "김설탭", PAID_PRICE: 567_000 };
    expect(vbankConfirmText("CANCEL", row, 3)).toBe(
      "김설탭님의 가상계좌(567,000원)를 취소할까요? 주문도 함께 취소돼요.",
    );
    expect(vbankConfirmText("REISSUE", row, 5)).toContain("567,000원");
    expect(vbankConfirmText("REISSUE", row, 5)).toContain("5일 뒤");
    expect(vbankConfirmText("REMIND", { USER_NAME: null, PAID_PRICE: 1000 }, 3)).toBe(
      "이 가족에게 입금 금액 1,000원과 계좌를 다시 안내할까요?",
    );
  });
});
