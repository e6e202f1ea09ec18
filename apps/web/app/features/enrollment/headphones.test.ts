import { describe, expect, it } from "vitest";
import type { HeadphoneRentalWire } from "../payments/api/store-goods";
import type { RentDevice } from "./api";
import { cartLines, EMPTY_CART } from "./cart-store";
import {
  headphoneCartFields,
  headphoneChoiceOfCart,
  headphoneOf,
  headphoneOptions,
} from "./headphones";

const device = (over: Partial<RentDevice>): RentDevice =>
  ({
    id: 109,
    name: "AirPods Max",
    device_type: "AIR_PODS_MAX",
    used_type: "NEW",
    device_gen: "AirPods Max",
    color: "실버",
    etc: null,
    count: 5,
    basePrice: 769_000,
    price: 699_000,
    ...over,
  }) as RentDevice;

const RENTAL: HeadphoneRentalWire = {
  id: 121,
  name: "AirPods Max",
  device_type: "AIR_PODS_MAX",
  device_gen: "AirPods Max",
  color: "실버",
  months: 3,
  basePrice: 60_000,
  rentFee: 45_000,
  count: 10,
};

describe("headphoneOptions (AirPods Max in the enrollment form)", () => {
  it("offers purchases then rentals with stock, named by device_gen; tablets and sold-out ones never", () => {
    const options = headphoneOptions(
      [
        device({}),
        device({ id: 110, color: "스페이스 그레이", count: 0 }),
        device({ id: 102, device_type: "IPAD", device_gen: "9" }),
      ],
      [RENTAL, { ...RENTAL, id: 122, color: "스페이스 그레이", count: 0 }],
    );
    expect(options.map((o) => [o.value, o.label])).toEqual([
      ["buy:109", "AirPods Max 실버 구매"],
      ["rent:121", "AirPods Max 실버 3개월 대여"],
    ]);
    expect(options[1]!.hint).toBe("대여료 45,000원 · 끝나면 반납");
  });

  it("puts a purchase on the cart's device lines and a rental in its goods lines, and reads them back", () => {
    const options = headphoneOptions([device({})], [RENTAL]);
    const bought = headphoneCartFields(headphoneOf(options, "buy:109"), [], [121]);
    expect(bought).toEqual({ headphoneNo: 109, headphoneRental: null, goodsItems: [] });
    expect(cartLines({ cartItems: [], deviceNo: 101, ...bought })).toEqual([
      { id: 101, lecture_multiple: 1 },
      { id: 109, lecture_multiple: 1 },
    ]);
    expect(headphoneChoiceOfCart({ ...EMPTY_CART, ...bought })).toBe("buy:109");

    const book = { id: 201, lecture_multiple: 2 };
    const rented = headphoneCartFields(headphoneOf(options, "rent:121"), [book], [121, 122]);
    expect(rented.headphoneNo).toBeNull();
    expect(rented.headphoneRental).toMatchObject({
      id: 121,
      device_gen: "AirPods Max",
      rentFee: 45_000,
    });
    expect(rented.goodsItems).toEqual([book, { id: 121, lecture_multiple: 1 }]);
    expect(headphoneChoiceOfCart({ ...EMPTY_CART, ...rented })).toBe("rent:121");

    // None: the rental line goes, the book stays.
    expect(headphoneCartFields(null, rented.goodsItems, [121, 122])).toEqual({
      headphoneNo: null,
      headphoneRental: null,
      goodsItems: [book],
    });
  });
});
