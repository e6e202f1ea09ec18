import { lecturePrice } from "@seoltab/domain";
import { describe, expect, it } from "vitest";
import { devicesForOption, pickDevice, priceLines, resolveSelection } from "./catalog";
import { catalogFixture } from "./test/catalog-fixture";

const defaults = {
  subject: "math",
  subjectId: 8906,
  classType: "smart",
  lectureId: null,
  months: 3,
  ipadOption: "free",
  generation: "",
  color: "",
};

describe("resolveSelection (SPEC.md §3 defaults)", () => {
  it("starts at smart math 8906, 3 months, the tablet lent free", () => {
    const s = resolveSelection(catalogFixture(), defaults);
    expect(s.subject).toEqual({ name: "수학", subjectIds: [8906, 8901] });
    expect(s.classType).toBe("smart");
    expect(s.lecture?.id).toBe(1);
    expect(s.multiple).toBe(3);
    expect(s.device?.id).toBe(101);
    expect(s.lines).toEqual([
      { id: 1, lecture_multiple: 3 },
      { id: 101, lecture_multiple: 1 },
    ]);
  });

  it("falls back to what exists: no basic English, months outside 1/3/6/12", () => {
    const s = resolveSelection(catalogFixture(), {
      ...defaults,
      subject: "영어",
      classType: "basic",
      months: 5,
    });
    expect(s.classTypes).toEqual(["smart"]);
    expect(s.classType).toBe("smart");
    expect(s.lecture?.id).toBe(3);
    expect(s.multiple).toBe(3);
  });

  it("groups a subject's lectures across subject ids; several subjects are 전과목", () => {
    const catalog = catalogFixture();
    const basic = resolveSelection(catalog, { ...defaults, subject: "수학", classType: "basic" });
    expect(basic.lecture?.id).toBe(2);
    expect(basic.lecture?.subjectId).toBe(8901);
    const all = resolveSelection(catalog, { ...defaults, subject: "전과목" });
    expect(all.subject?.name).toBe("전과목");
    expect(all.lectures.map((l) => l.id)).toEqual([7]);
  });

  it("hides the 11th generation while out of stock and prefers the 2023 variant (SPEC.md §9)", () => {
    const devices = catalogFixture().RENT_DEVICES;
    expect(devicesForOption(devices, "new").map((d) => d.id)).toEqual([102, 103]);
    expect(devicesForOption(devices, "free").map((d) => d.id)).toEqual([101]);
    expect(pickDevice(devicesForOption(devices, "used"), "9", "실버")?.id).toBe(105);
    const soldOut = devices.map((d) => (d.id === 105 ? { ...d, count: 0 } : d));
    expect(pickDevice(devicesForOption(soldOut, "used"), "9", "실버")?.id).toBe(106);
  });
});

describe("priceLines = priceOrder of @seoltab/domain (SPEC.md §5)", () => {
  it("3 months cost salePrice × 3; 12 months salePrice × 12 less 5 %", () => {
    const catalog = catalogFixture();
    const three = priceLines(catalog, [{ id: 1, lecture_multiple: 3 }]);
    expect(three?.paidPrice).toBe(189_000 * 3);
    expect(three?.discountedValue).toBe(0);
    const twelve = priceLines(catalog, [{ id: 1, lecture_multiple: 12 }]);
    expect(twelve?.productsPrice).toBe(189_000 * 12);
    expect(twelve?.paidPrice).toBe(lecturePrice(189_000, 12));
    expect(twelve?.paidPrice).toBe(2_154_600);
    expect(twelve?.lines[0]?.policies.map((p) => [p.name, p.amount])).toEqual([
      ["12개월 결제 5% 할인", 113_400],
    ]);
  });

  it("applies the user's own policies, not the base 12-month one twice", () => {
    const catalog = catalogFixture({
      USER_SALES_METHOD_WITH_POLICIES: [
        {
          id: 7,
          name: "형제 할인",
          policies: [
            {
              id: 70,
              name: "형제 할인 1만 원",
              discountKind: "ADDITIONAL_LECTURE_DISCOUNT",
              discountType: "AMOUNT",
              value: 10_000,
              months: null,
              itemKind: "LECTURE",
            },
          ],
        },
      ],
    });
    const order = priceLines(catalog, [
      { id: 1, lecture_multiple: 12 },
      { id: 102, lecture_multiple: 1 },
    ]);
    expect(order?.discountedValue).toBe(113_400 + 10_000);
    expect(order?.paidPrice).toBe(2_268_000 - 123_400 + 399_000);
  });

  it("is null for a line whose item is gone (a stale cart)", () => {
    expect(priceLines(catalogFixture(), [{ id: 999, lecture_multiple: 3 }])).toBeNull();
  });
});
