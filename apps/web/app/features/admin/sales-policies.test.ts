import { describe, expect, it } from "vitest";
import { policySummary, salesPolicyBody, type SalesPolicyFormValues } from "./sales-policies";

const form = (over: Partial<SalesPolicyFormValues> = {}): SalesPolicyFormValues => ({
  salesMethodId: "12",
  name: " 두 번째 과목 할인 ",
  discountKind: "ADDITIONAL_LECTURE_DISCOUNT",
  discountType: "AMOUNT",
  value: "10000",
  months: "",
  itemKind: "LECTURE",
  deviceGen: "",
  reason: "영업팀 요청",
  ...over,
});

describe("salesPolicyBody (the console's create form)", () => {
  it("builds the wire body, trimmed, with nulls for what is left empty", () => {
    expect(salesPolicyBody(form())).toEqual({
      ok: true,
      body: {
        SALES_METHOD_ID: 12,
        NAME: "두 번째 과목 할인",
        DISCOUNT_KIND: "ADDITIONAL_LECTURE_DISCOUNT",
        DISCOUNT_TYPE: "AMOUNT",
        VALUE: 10_000,
        MONTHS: null,
        ITEM_KIND: "LECTURE",
        DEVICE_GEN: null,
        REASON: "영업팀 요청",
      },
    });
    const device = salesPolicyBody(form({ itemKind: "DEVICE", deviceGen: "11" }));
    expect(device.ok && device.body.DEVICE_GEN).toBe("11");
  });

  it.each([
    [{ salesMethodId: "" }, "판매 방식"],
    [{ name: "a" }, "2~60자"],
    [{ discountKind: "" }, "할인 종류"],
    [{ value: "0" }, "1 이상"],
    [{ value: "-5" }, "1 이상"],
    [{ value: "1.5" }, "1 이상"],
    [{ discountType: "PERCENT" as const, value: "101" }, "100%"],
    [{ months: "40" }, "1~36"],
    [{ itemKind: "DEVICE" as const, months: "3" }, "수업(LECTURE)"],
    [{ deviceGen: "9" as const }, "기기(DEVICE)"],
    [{ reason: " " }, "사유"],
  ])("refuses %o in Korean", (over, words) => {
    const r = salesPolicyBody(form(over));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toContain(words);
  });
});

describe("policySummary", () => {
  const base = {
    ID: 1,
    SALES_METHOD_ID: 9001,
    NAME: "n",
    DISCOUNT_KIND: null,
    VALUE: 30_000,
    MONTHS: null,
    DEVICE_GEN: null,
    IS_ACTIVE: true,
  };
  it("says the amount and where it applies", () => {
    expect(
      policySummary({ ...base, DISCOUNT_TYPE: "AMOUNT", ITEM_KIND: "DEVICE", DEVICE_GEN: "9" }),
    ).toBe("30,000원 · 새 iPad 9세대");
    expect(
      policySummary({
        ...base,
        DISCOUNT_TYPE: "PERCENT",
        VALUE: 5,
        ITEM_KIND: "LECTURE",
        MONTHS: 12,
      }),
    ).toBe("5% · 12개월 수업");
  });
});
