import {
  lecturePrice,
  orderProblem,
  priceOrder,
  renewalLines,
  toLectureItemWire,
  WINTER_COURSE_ITEMS,
  winterCourseItem,
} from "@seoltab/domain";
import { describe, expect, it } from "vitest";
import {
  choiceOfItem,
  devicesForOption,
  pickDevice,
  priceLines,
  pricedCatalog,
  resolveSelection,
} from "./catalog";
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

describe("the winter course (decision 017)", () => {
  const withWinter = () => {
    const base = catalogFixture();
    return catalogFixture({
      LECTURE_ITEMS: [...base.LECTURE_ITEMS, ...WINTER_COURSE_ITEMS.map(toLectureItemWire)],
    });
  };

  it("?item=<id> chooses the course: its subject, class type and whole term", () => {
    const catalog = withWinter();
    const middle = winterCourseItem("MIDDLE");
    const choice = choiceOfItem(catalog, middle.id);
    expect(choice).toEqual({
      subject: "겨울방학 수업",
      classType: "winter",
      lectureId: middle.id,
      months: 2,
    });
    const s = resolveSelection(catalog, { ...defaults, ...choice!, lectureId: middle.id });
    expect(s.subject?.name).toBe("겨울방학 수업");
    expect(s.classTypes).toEqual(["winter"]);
    expect(s.lectures.map((l) => l.id)).toEqual([21, 22, 23, 24]);
    expect(s.lecture?.id).toBe(middle.id);
    expect(s.multiples).toEqual([1]);
    expect(s.lines[0]).toEqual({ id: middle.id, lecture_multiple: 1 });
    // What checkout charges: 199,000원 × 2, the tablet lent free.
    expect(priceLines(catalog, s.lines)?.paidPrice).toBe(398_000);
  });

  it("an id the catalog does not offer chooses nothing", () => {
    expect(choiceOfItem(withWinter(), 999)).toBeNull();
    expect(choiceOfItem(catalogFixture(), winterCourseItem("HIGH").id)).toBeNull();
  });

  it("a winter line is fixed-term: bought more than once is a problem, and it is not renewed", () => {
    const catalog = pricedCatalog(withWinter());
    expect(catalog.get(21)?.fixedTerm).toBe(true);
    expect(catalog.get(1)?.fixedTerm).toBe(false);
    expect(orderProblem([{ id: 21, lecture_multiple: 3 }], catalog)).toMatchObject({
      code: "MONTHS_NOT_ALLOWED",
    });
    const order = priceOrder([{ id: 21, lecture_multiple: 1 }], catalog, []);
    expect(renewalLines(order, [])).toEqual([]);
  });
});
