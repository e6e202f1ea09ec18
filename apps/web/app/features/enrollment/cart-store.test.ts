import { afterEach, describe, expect, it } from "vitest";
import { CART_STORAGE_KEY, EMPTY_CART, cartLines, useCartStore } from "./cart-store";

afterEach(() => useCartStore.setState(EMPTY_CART));

const item = {
  id: 1,
  subjectName: "수학",
  subjectDetail: "스마트 수학",
  lessonType: "LECTURE_SMART",
  shelflife: 3,
  basePrice: 219_000,
  salePrice: 189_000,
  subjectNo: 8906,
  productinfo: "주 2회, 60분, 총 8회 수업",
  productcode: "2101",
  productoption: "3개월",
  lecture_multiple: 3,
  contract_sales_policy: [],
};

describe("cart store (SPEC.md §3: in session storage)", () => {
  it("starts empty with classCount 1", () => {
    expect(useCartStore.getState().classCount).toBe(1);
    expect(useCartStore.getState().cartItems).toEqual([]);
  });

  it("writes the cart to sessionStorage only, without its actions", () => {
    useCartStore.getState().setCart({ cartItems: [item], deviceNo: 101, paymentPrice: 567_000 });
    const stored = JSON.parse(sessionStorage.getItem(CART_STORAGE_KEY) ?? "null") as {
      state: Record<string, unknown>;
    };
    expect(stored.state.cartItems).toEqual([item]);
    expect(stored.state.deviceNo).toBe(101);
    expect(stored.state.paymentPrice).toBe(567_000);
    expect(stored.state).not.toHaveProperty("setCart");
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it("restores a stored cart (a reload, the sign-in detour)", async () => {
    sessionStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({
        state: { ...EMPTY_CART, cartItems: [item], card_quota: 3, studentUserNo: 12 },
        version: 0,
      }),
    );
    await useCartStore.persist.rehydrate();
    const state = useCartStore.getState();
    expect(state.cartItems).toEqual([item]);
    expect(state.card_quota).toBe(3);
    expect(cartLines(state)).toEqual([{ id: 1, lecture_multiple: 3 }]);
  });

  it("clearCart empties it in storage too", () => {
    useCartStore.getState().setCart({ cartItems: [item] });
    useCartStore.getState().clearCart();
    const stored = JSON.parse(sessionStorage.getItem(CART_STORAGE_KEY) ?? "null") as {
      state: { cartItems: unknown[] };
    };
    expect(stored.state.cartItems).toEqual([]);
  });

  it("lists the lectures then the tablet as order lines", () => {
    expect(cartLines({ cartItems: [item], deviceNo: 101 })).toEqual([
      { id: 1, lecture_multiple: 3 },
      { id: 101, lecture_multiple: 1 },
    ]);
  });
});
