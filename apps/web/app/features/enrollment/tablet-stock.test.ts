import { describe, expect, it } from "vitest";
import { tabletStock, tabletStockText } from "./tablet-stock";

const row = (device_type: string, used_type: string, count: number) => ({
  device_type,
  device_gen: "9",
  used_type,
  color: null,
  count,
});

describe("tabletStock / tabletStockText (seoltab_banner_info)", () => {
  it("counts tablets only, new and used apart", () => {
    expect(
      tabletStock([
        row("IPAD", "USED", 54),
        row("IPAD", "NEW", 35),
        row("ANDROID_TABLET", "NEW", 5),
        row("AIR_PODS_MAX", "NEW", 15),
      ]),
    ).toEqual({ total: 94, newUnits: 40, usedUnits: 54 });
  });

  it("says how many are left, naming only the kinds in stock, with thousands separators", () => {
    expect(tabletStockText({ total: 1200, newUnits: 1200, usedUnits: 0 })).toBe(
      "지금 신청하면 받을 수 있는 태블릿이 1,200대 남았어요 (새 제품 1,200대).",
    );
    expect(tabletStockText({ total: 0, newUnits: 0, usedUnits: 0 })).toBe(
      "지금은 남은 태블릿이 없어요. 가지고 있는 태블릿으로 수업할 수 있어요.",
    );
    expect(tabletStock([])).toEqual({ total: 0, newUnits: 0, usedUnits: 0 });
  });
});
