import { describe, expect, it } from "vitest";
import { toLectureItemWire } from "./catalog.ts";
import {
  allowedMultiples,
  isFixedTermItemType,
  orderProblem,
  priceOrder,
  renewalLines,
} from "./checkout.ts";
import { ITEM_TYPES } from "./enums.ts";
import { WINTER_COURSE_ITEMS, winterCourseItem, winterCoursePrice } from "./winter-course.ts";

describe("winter course items (decision 017)", () => {
  it("one fixed-term item per school level, ids 21-24, priced per month for a 2-month course", () => {
    expect(WINTER_COURSE_ITEMS.map((i) => [i.id, i.schoolLevel, i.salePrice])).toEqual([
      [21, "PRIMARY", 169_000],
      [22, "MIDDLE", 199_000],
      [23, "HIGH", 219_000],
      [24, "SPECIAL", 239_000],
    ]);
    for (const item of WINTER_COURSE_ITEMS) {
      expect(ITEM_TYPES).toContain(item.itemType);
      expect(isFixedTermItemType(item.itemType)).toBe(true);
      expect(item.schoolLevel.length).toBeLessThanOrEqual(8); // varchar(8)
      expect(item.title.length).toBeLessThanOrEqual(100);
      expect(toLectureItemWire(item).allowed_multiples).toEqual([1]);
      expect(winterCoursePrice(item)).toBe(item.salePrice * 2);
    }
    expect(winterCourseItem("SPECIAL").id).toBe(24);
  });

  it("is bought once and never renewed; other lectures keep 1/3/6/12 and renew", () => {
    expect(allowedMultiples("LECTURE", true)).toEqual([1]);
    expect(allowedMultiples("LECTURE")).toEqual([1, 3, 6, 12]);
    const course = { ...winterCourseItem("HIGH"), itemKind: "LECTURE" as const, fixedTerm: true };
    const monthly = { ...course, id: 1, months: 1, fixedTerm: false };
    const catalog = new Map([
      [course.id, course],
      [monthly.id, monthly],
    ]);
    expect(orderProblem([{ id: course.id, lecture_multiple: 12 }], catalog)).toEqual({
      code: "MONTHS_NOT_ALLOWED",
      id: course.id,
      allowed: [1],
    });
    const order = priceOrder(
      [
        { id: course.id, lecture_multiple: 1 },
        { id: monthly.id, lecture_multiple: 3 },
      ],
      catalog,
      [],
    );
    expect(order.lines[0]!.paidPrice).toBe(438_000);
    expect(renewalLines(order, []).map((l) => l.item.id)).toEqual([1]);
  });
});
