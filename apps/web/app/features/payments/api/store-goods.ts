/**
 * POST /main/Store_Goods (docs/api/catalog.md; issue #18): books, contents, headphone rental
 * and, for a home-shopping family (IS_ONLY_HOMESHOPPING), the home-shopping lists of 1, 3 and
 * 10 months offered to a student (same access rule as Lecture_StoreItems). Won.
 */
import { restRequest } from "../../../lib/rest-client";

export interface GoodsItemWire {
  id: number;
  item_kind: "SEOLTAB_BOOK" | "CONTENTS";
  title: string;
  subtitle: string | null;
  basePrice: number;
  salePrice: number;
  /** Units left; null for digital contents. */
  stock: number | null;
  delivery: "DELIVERY" | "DIGITAL";
  /** Books 1-5 copies, contents [1]. */
  allowed_multiples: number[];
}

export interface HeadphoneRentalWire {
  id: number;
  /** = device_gen (SPEC.md §9), e.g. "AirPods Max". */
  name: string;
  device_type: string;
  device_gen: string;
  color: string | null;
  months: number;
  basePrice: number;
  /** Won for the whole months. */
  rentFee: number;
  count: number;
}

/** A home-shopping product (a LECTURE_ITEMS entry): its months are the whole purchase. */
export interface HomeshoppingItemWire {
  id: number;
  TTEOK_HAM_Title: string;
  TTEOK_HAM_SubTitle1: string;
  months: number;
  basePrice: number;
  /** Won per month. */
  salePrice: number;
  /** Always [1]: bought once, never multiplied. */
  allowed_multiples: number[];
}

export interface StoreGoods {
  GOODS_ITEMS: GoodsItemWire[];
  HEADPHONE_RENTALS: HeadphoneRentalWire[];
  /** SPEC.md §3 home-shopping lists for 1, 3 and 10 months (empty unless home-shopping). */
  HOMESHOPPING_LISTS?: Record<"1" | "3" | "10", HomeshoppingItemWire[]>;
  IS_ONLY_HOMESHOPPING?: "YES" | "NO";
  DELIVERY: { DELIVERY_FEE: number; FREE_DELIVERY_FROM: number; DELIVERY_FEE_FOR_REFUND: number };
}

/** The goods of `userNo`'s catalog; null = the anonymous answer (a guest's enrollment form). */
export function storeGoods(userNo: number | null): Promise<StoreGoods> {
  return restRequest<StoreGoods>("main", "/Store_Goods", {
    body: userNo === null ? {} : { USER_NO: userNo },
  });
}
