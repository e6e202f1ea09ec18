/**
 * The catalog call of the enrollment form (issue #4 "Catalog"; SPEC.md §3 "Store item fields",
 * §7): POST /main/Lecture_StoreItems. Anonymous on /guest_enrollment; with the signed-in
 * student's USER_NO (or a parent's chosen child) on app routes, so user-specific sales policies
 * come back in USER_SALES_METHOD_WITH_POLICIES. Prices are integer won (per month for lectures,
 * one-off for devices). Failures are RestError (app/lib/rest-client.ts).
 */
import type { SalesMethodWire, SalesPolicyWire } from "@seoltab/domain";
import { restRequest } from "../../lib/rest-client";

/** A lecture of LECTURE_ITEMS. */
export interface LectureStoreItem {
  id: number;
  TTEOK_HAM_Title: string;
  TTEOK_HAM_SubTitle1: string | null;
  /** Subject names taught, e.g. ["수학"]. */
  subjects: string[];
  /** INGANG term id of the subject, e.g. 8906 (smart math). */
  subjectId: number | null;
  item_type: "LECTURE_SMART" | "LECTURE_BASIC" | string;
  /** MIDDLE, HIGH, or null for both. */
  school_level: string | null;
  /** Unit length in months (1 for the group items 63/64/65). */
  months: number;
  group_No: number | null;
  lecture_vt_No: number | null;
  /** Won per month. */
  basePrice: number;
  /** Won per month. */
  salePrice: number;
  /** The `lecture_multiple` values this item may be bought for (1, 3, 6, 12). */
  allowed_multiples?: number[];
}

/** Sales methods and their policies: the wire shapes of packages/domain (SPEC.md §3). */
export type { SalesMethodWire, SalesPolicyWire };

/** A device of RENT_DEVICES (SPEC.md §3, §9). */
export interface RentDevice {
  id: number;
  name: string;
  /** IPAD, ANDROID_TABLET or AIR_PODS_MAX. */
  device_type: string;
  /** NEW or USED. */
  used_type: string;
  /** Generation label, e.g. "9", "10", "11". */
  device_gen: string | null;
  color: string | null;
  /** Variant note, e.g. "2023". */
  etc: string | null;
  /** Units in stock. */
  count: number;
  /** List price, won. */
  basePrice: number;
  /** Selling price, won (0 = lent free with the lessons). */
  price: number;
}

/** A card company's interest-free installment promotion (SPEC.md §3 "Card free quota"). */
export interface CardFreeQuota {
  name: string;
  free_months: number;
  is_show: boolean;
}

/** DATA.RESPONSE of POST /main/Lecture_StoreItems. */
export interface StoreItemsResponse {
  LECTURE_ITEMS: LectureStoreItem[];
  BASE_SALES_METHOD_WITH_POLICIES: SalesMethodWire[];
  USER_SALES_METHOD_WITH_POLICIES: SalesMethodWire[];
  RENT_DEVICES: RentDevice[];
  CARD_FREE_QUOTA: CardFreeQuota[];
}

/**
 * POST /main/Lecture_StoreItems. `userNo` null: anonymous (no Bearer header, base policies only).
 * @throws RestError (STATUSMSG in Korean; 403 `not_your_user` for another person's USER_NO).
 */
export function fetchStoreItems(userNo: number | null): Promise<StoreItemsResponse> {
  return restRequest<StoreItemsResponse>("main", "/Lecture_StoreItems", {
    body: userNo === null ? {} : { USER_NO: userNo },
    auth: userNo !== null,
  });
}

/** The signed-in person's own name and full phone (POST /main/user_contact). */
export interface OwnContact {
  USER_NAME: string;
  /** Digits, or null. */
  PHONE_NUM: string | null;
}

/**
 * POST /main/user_contact: the caller's own contact, to prefill a parent's 학부모 이름 and 휴대폰.
 * Kept only in the form (never stored).
 */
export function fetchOwnContact(): Promise<OwnContact> {
  return restRequest<OwnContact>("main", "/user_contact", { body: {} });
}
