/**
 * POST /main/Store_Goods (docs/api/catalog.md; issue #18): books, contents and headphone rental
 * offered to a student (same access rule as Lecture_StoreItems). Won.
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

export interface StoreGoods {
  GOODS_ITEMS: GoodsItemWire[];
  HEADPHONE_RENTALS: HeadphoneRentalWire[];
  DELIVERY: { DELIVERY_FEE: number; FREE_DELIVERY_FROM: number; DELIVERY_FEE_FOR_REFUND: number };
}

export function storeGoods(userNo: number): Promise<StoreGoods> {
  return restRequest<StoreGoods>("main", "/Store_Goods", { body: { USER_NO: userNo } });
}
