/**
 * POST /main/Cart_Price (docs/api/discounts.md; issue #18): the cart priced by the server, line
 * by line, with every discount by name — what the checkout will charge. Failures are RestError
 * with the server's Korean STATUSMSG (`referral_unknown`, `referral_own_code`,
 * `referral_already_used`, `out_of_stock`, …).
 */
import { restRequest } from "../../../lib/rest-client";
import type { CheckoutItem } from "./checkout";

export interface CartQuoteLine {
  ID: number | null;
  ITEM_KIND: string;
  NAME: string;
  QUANTITY: number;
  MONTHS: number;
  LIST_PRICE: number;
  SALE_PRICE: number;
  POLICY_PRICE: number;
  PAID_PRICE: number;
  POLICIES: { NAME: string; DISCOUNT_KIND: string | null; AMOUNT: number }[];
}

/** DATA.RESPONSE of Cart_Price (won). */
export interface CartQuote {
  NAME: string;
  LINES: CartQuoteLine[];
  PRODUCTS_PRICE: number;
  DISCOUNTED_VALUE: number;
  PAID_PRICE: number;
  DELIVERY_FEE: number;
  DISCOUNTS: { KIND: string; NAME: string; AMOUNT: number }[];
  /**
   * SPEC.md convertSalesMethodNo: the sales method a NEW tablet converted the order to (its
   * policy9 / policy11 priced the tablet), or null.
   */
  CONVERT_SALES_METHOD_NO?: number | null;
}

export function cartPrice(body: {
  USER_NO: number;
  ITEMS: CheckoutItem[];
  REFERRAL_CODE?: string;
  /** "내 태블릿 사용": the family's own tablet (USER_OWNED_DEVICE discount). */
  USES_OWN_DEVICE?: boolean;
}): Promise<CartQuote> {
  return restRequest<CartQuote>("main", "/Cart_Price", { body });
}
