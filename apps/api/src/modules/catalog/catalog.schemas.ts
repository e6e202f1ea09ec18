/**
 * Request and response schemas of the catalog calls (docs/api/catalog.md). Responses are
 * serialised through these, so no column leaves the server by accident.
 */
import { z } from "zod";
import { DISCOUNT_TYPES, ITEM_TYPES } from "@seoltab/domain";
import { userNoField } from "../accounts/accounts.public.ts";

/** POST /main/Lecture_StoreItems payload (null counts as absent; unknown fields refused). */
export const lectureStoreItemsInput = z.strictObject({
  USER_NO: userNoField.nullish().transform((v) => v ?? undefined),
  IS_ONLY_HOMESHOPPING: z
    .enum(["YES", "NO"], { error: "IS_ONLY_HOMESHOPPING 은 YES 또는 NO 여야 해요." })
    .nullish()
    .transform((v) => v ?? undefined),
});
export type LectureStoreItemsInput = z.output<typeof lectureStoreItemsInput>;

const won = z.number().int().nonnegative();

export const lectureItemOutput = z.object({
  id: z.number().int(),
  TTEOK_HAM_Title: z.string(),
  TTEOK_HAM_SubTitle1: z.string(),
  subjects: z.array(z.string()),
  subjectId: z.number().int().nullable(),
  item_type: z.enum(ITEM_TYPES),
  school_level: z.string().nullable(),
  months: z.number().int().positive(),
  group_No: z.number().int().nullable(),
  lecture_vt_No: z.number().int().nullable(),
  basePrice: won,
  salePrice: won,
  allowed_multiples: z.array(z.number().int()),
});

export const salesMethodOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  policies: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      discountKind: z.string().nullable(),
      discountType: z.enum(DISCOUNT_TYPES),
      value: z.number().int().nonnegative(),
      months: z.number().int().nullable(),
      itemKind: z.string().nullable(),
    }),
  ),
});

export const rentDeviceOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  device_type: z.string().nullable(),
  used_type: z.string().nullable(),
  device_gen: z.string().nullable(),
  color: z.string().nullable(),
  etc: z.string().nullable(),
  count: z.number().int().nonnegative(),
  basePrice: won,
  price: won,
});

export const cardFreeQuotaOutput = z.object({
  name: z.string(),
  free_months: z.number().int().nonnegative(),
  is_show: z.boolean(),
});

export const lectureStoreItemsOutput = z.object({
  LECTURE_ITEMS: z.array(lectureItemOutput),
  BASE_SALES_METHOD_WITH_POLICIES: z.array(salesMethodOutput),
  USER_SALES_METHOD_WITH_POLICIES: z.array(salesMethodOutput),
  RENT_DEVICES: z.array(rentDeviceOutput),
  CARD_FREE_QUOTA: z.array(cardFreeQuotaOutput),
});
export type LectureStoreItemsOutput = z.output<typeof lectureStoreItemsOutput>;

/** POST /main/seoltab_banner_info takes no fields. */
export const bannerInfoInput = z.strictObject({});

export const bannerInfoOutput = z.object({
  device_count_result: z.array(
    z.object({
      device_type: z.string().nullable(),
      device_gen: z.string().nullable(),
      used_type: z.string().nullable(),
      color: z.string().nullable(),
      count: z.number().int().nonnegative(),
    }),
  ),
  total_count: z.number().int().nonnegative(),
});
export type BannerInfoOutput = z.output<typeof bannerInfoOutput>;

/** POST /main/admin/user_homeshopping payload (staff; issue #18). */
export const homeshoppingFlagInput = z.strictObject({
  USER_NO: z
    .number({ error: "USER_NO 는 숫자여야 해요." })
    .int({ error: "USER_NO 는 정수여야 해요." })
    .positive({ error: "USER_NO 가 올바르지 않아요." }),
  IS_ONLY_HOMESHOPPING: z.enum(["YES", "NO"], {
    error: "IS_ONLY_HOMESHOPPING 은 YES 또는 NO 여야 해요.",
  }),
});

/** One entry of GOODS_ITEMS (POST /main/Store_Goods; domain `toGoodsItemWire`). */
export const goodsItemOutput = z.object({
  id: z.number().int(),
  item_kind: z.string(),
  title: z.string(),
  subtitle: z.string(),
  basePrice: won,
  salePrice: won,
  stock: z.number().int().nullable().describe("units left; null for digital contents"),
  delivery: z.enum(["DELIVERY", "DIGITAL"]),
  allowed_multiples: z.array(z.number().int()),
});

/** One entry of HEADPHONE_RENTALS (domain `toHeadphoneRentalWire`); rentFee in won for `months`. */
export const headphoneRentalOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  device_type: z.string().nullable(),
  device_gen: z.string().nullable(),
  color: z.string().nullable(),
  months: z.number().int(),
  basePrice: won,
  rentFee: won,
  count: z.number().int(),
});

/** POST /main/Store_Goods answer (issue #18); DELIVERY amounts in won. */
export const storeGoodsOutput = z.object({
  GOODS_ITEMS: z.array(goodsItemOutput),
  HEADPHONE_RENTALS: z.array(headphoneRentalOutput),
  HOMESHOPPING_LISTS: z.object({
    "1": z.array(lectureItemOutput),
    "3": z.array(lectureItemOutput),
    "10": z.array(lectureItemOutput),
  }),
  IS_ONLY_HOMESHOPPING: z.enum(["YES", "NO"]),
  DELIVERY: z.object({
    DELIVERY_FEE: won,
    FREE_DELIVERY_FROM: won,
    DELIVERY_FEE_FOR_REFUND: won,
  }),
});

/** POST /main/admin/user_homeshopping answer: the flag as set. */
export const homeshoppingFlagOutput = z.object({
  USER_NO: z.number().int(),
  IS_ONLY_HOMESHOPPING: z.enum(["YES", "NO"]),
});
