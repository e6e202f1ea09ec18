import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch, ok } from "../../../test/fetch-mock";
import type { CheckoutItem } from "../api/checkout";
import type { StoreGoods } from "../api/store-goods";
import { GoodsPicker, homeshoppingGroups } from "./goods-picker";

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const item = (id: number, months: number, salePrice: number) => ({
  id,
  TTEOK_HAM_Title: `[홈쇼핑] 스마트 수학 ${months}개월`,
  TTEOK_HAM_SubTitle1: "주 2회, 60분, 총 8회 수업",
  months,
  basePrice: salePrice,
  salePrice,
  allowed_multiples: [1],
});

const GOODS: StoreGoods = {
  GOODS_ITEMS: [],
  HEADPHONE_RENTALS: [],
  HOMESHOPPING_LISTS: {
    "1": [item(51, 1, 179_000)],
    "3": [item(52, 3, 169_000)],
    "10": [item(53, 10, 149_000)],
  },
  IS_ONLY_HOMESHOPPING: "YES",
  DELIVERY: { DELIVERY_FEE: 3_000, FREE_DELIVERY_FROM: 30_000, DELIVERY_FEE_FOR_REFUND: 3_000 },
};

function Harness({
  onLines,
  cartIds,
}: {
  onLines: (l: CheckoutItem[]) => void;
  cartIds: number[];
}) {
  const [lines, setLines] = useState<CheckoutItem[]>([]);
  return (
    <GoodsPicker
      userNo={12}
      cartIds={cartIds}
      value={lines}
      onChange={(next) => {
        setLines(next);
        onLines(next);
      }}
    />
  );
}

describe("GoodsPicker: the home-shopping lists of 1, 3 and 10 months (SPEC.md §3)", () => {
  it("lists them for a home-shopping family, each bought once (lecture_multiple 1), the cart's own marked", async () => {
    const { callsTo } = mockFetch({ "POST /main/Store_Goods": () => ok(GOODS) });
    const onLines = vi.fn();
    render(<Harness onLines={onLines} cartIds={[51]} />);
    await screen.findByRole("heading", { name: "홈쇼핑 상품" });
    expect(callsTo("/main/Store_Goods")[0]?.body).toEqual({ USER_NO: 12 });
    expect(
      within(screen.getByTestId("homeshopping-10")).getByText(/10개월 1,490,000원 한 번 결제/),
    ).toBeTruthy();
    // Already among the cart's lines: shown checked, not offered again.
    const inCart = screen.getByRole("checkbox", { name: "[홈쇼핑] 스마트 수학 1개월 담기" });
    expect(inCart).toHaveProperty("checked", true);
    expect(inCart).toHaveProperty("disabled", true);
    // A checkbox, never a multiple.
    const ten = screen.getByRole("checkbox", { name: "[홈쇼핑] 스마트 수학 10개월 담기" });
    await userEvent.click(ten);
    expect(onLines).toHaveBeenLastCalledWith([{ id: 53, lecture_multiple: 1 }]);
    expect(screen.queryByRole("button", { name: /더하기/ })).toBeNull();
    await userEvent.click(ten);
    expect(onLines).toHaveBeenLastCalledWith([]);
  });

  it("shows no list to a family that is not home-shopping", () => {
    expect(homeshoppingGroups({ ...GOODS, IS_ONLY_HOMESHOPPING: "NO" })).toEqual([]);
    expect(homeshoppingGroups(null)).toEqual([]);
    expect(
      homeshoppingGroups({
        ...GOODS,
        HOMESHOPPING_LISTS: { "1": [], "3": [item(52, 3, 1)], "10": [] },
      }).map((g) => g.months),
    ).toEqual([3]);
  });
});
