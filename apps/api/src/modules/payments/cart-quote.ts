/**
 * The wire shape of a priced cart (POST /main/Cart_Price and the QUOTE of a 409 `price_changed`;
 * issue #18; docs/api/discounts.md). Amounts are won; each line carries its policies and
 * discounts by name, so the cart and the receipt show the same lines.
 */
import { z } from "zod";
import type { PricedCart } from "@seoltab/domain";

const won = z.number().int();

/** The zod contract of `cartQuoteResponse` (POST /main/Cart_Price DATA.RESPONSE). */
export const cartQuoteOutput = z.object({
  NAME: z.string().describe("order name: the first line's title, 외 N건 when more"),
  LINES: z.array(
    z.object({
      ID: z.number().int().nullable().describe("store item id; null for the DELIVERY_FEE line"),
      ITEM_KIND: z.string(),
      NAME: z.string(),
      QUANTITY: z.number().int(),
      MONTHS: z.number().int().describe("months covered in all; 0 for devices and goods"),
      LIST_PRICE: won,
      SALE_PRICE: won,
      POLICY_PRICE: won,
      PAID_PRICE: won,
      POLICIES: z.array(
        z.object({
          NAME: z.string(),
          DISCOUNT_KIND: z.string().nullable(),
          DISCOUNT_TYPE: z.string(),
          VALUE: z.number(),
          AMOUNT: won,
        }),
      ),
    }),
  ),
  PRODUCTS_PRICE: won,
  DISCOUNTED_VALUE: won,
  PAID_PRICE: won,
  DELIVERY_FEE: won,
  DISCOUNTS: z.array(z.object({ KIND: z.string(), NAME: z.string(), AMOUNT: won })),
  CONVERT_SALES_METHOD_NO: z
    .number()
    .int()
    .nullable()
    .describe(
      "SPEC.md convertSalesMethodNo: the sales method a NEW tablet converted the order to (policy9 / policy11), or null",
    ),
});

/**
 * The Cart_Price answer for a priced cart; `convertSalesMethodNo` is the conversion the server
 * computed for it (null = none).
 */
export function cartQuoteResponse(order: PricedCart, convertSalesMethodNo: number | null = null) {
  return {
    NAME: order.name,
    LINES: order.lines.map((l) => ({
      ID: l.item.itemKind === "DELIVERY_FEE" ? null : l.item.id,
      ITEM_KIND: l.item.itemKind,
      NAME: l.item.title,
      QUANTITY: l.quantity,
      MONTHS: l.months,
      LIST_PRICE: Math.max(l.basePrice, l.salePrice),
      SALE_PRICE: l.salePrice,
      POLICY_PRICE: l.policyPrice,
      PAID_PRICE: l.paidPrice,
      POLICIES: l.policies.map((p) => ({
        NAME: p.name,
        DISCOUNT_KIND: p.discountKind,
        DISCOUNT_TYPE: p.discountType,
        VALUE: p.value,
        AMOUNT: p.amount,
      })),
    })),
    PRODUCTS_PRICE: order.productsPrice,
    DISCOUNTED_VALUE: order.discountedValue,
    PAID_PRICE: order.paidPrice,
    DELIVERY_FEE: order.deliveryFee,
    DISCOUNTS: order.discounts.map((d) => ({ KIND: d.kind, NAME: d.name, AMOUNT: d.amount })),
    CONVERT_SALES_METHOD_NO: convertSalesMethodNo,
  };
}

export type CartQuoteResponse = ReturnType<typeof cartQuoteResponse>;
