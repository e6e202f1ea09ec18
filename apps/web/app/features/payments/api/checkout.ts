/**
 * The two payment calls of the checkout (docs/api/payments.md "REST"), on the main backend with
 * the stored token. Both are idempotent on MERCHANT_UID: sending the same one again (a retry, a
 * double click) answers the same payment and charges once. Prices are never sent: the server
 * computes them (`priceOrder`).
 *
 * Failures are RestError (app/lib/rest-client.ts) with STATUSMSG as `message`: 402
 * `payment_declined` (RESPONSE.PAYMENT is the FAILED payment), 400 `card_refused` (one-time card,
 * message contains F112 for invalid card information), 409 `billing_card_required` /
 * `merchant_uid_reused`, 400 `unknown_item` / `months_not_allowed`, 503 `gateway_unavailable`.
 */
import { restRequest } from "../../../lib/rest-client";

/** One line of the order: a LECTURE_ITEMS or RENT_DEVICES id and the units bought. */
export interface CheckoutItem {
  id: number;
  lecture_multiple: number;
}

interface OrderBody {
  /** The student the order is for. */
  USER_NO: number;
  /** 6–80 characters [A-Za-z0-9_-], one per order attempt (see merchant-uid.ts). */
  MERCHANT_UID: string;
  ITEMS: CheckoutItem[];
  /** Installment months: 0 (lump sum) or 2–12, 2+ only for 50 000 won or more. */
  CARD_QUOTA?: number;
  /** A friend's referral code (issue #18; docs/api/discounts.md). */
  REFERRAL_CODE?: string;
  /** "내 태블릿 사용" (docs/api/discounts.md): refused with a tablet line. */
  USES_OWN_DEVICE?: boolean;
  /** The due shown (Cart_Price): a different server price is refused, 409 price_changed. */
  EXPECTED_PAID_PRICE?: number;
}

export interface SubscribeBody extends OrderBody {
  PAYMENT_METHOD: "BILLING_CARD" | "VBANK";
  /** BILLING_CARD: a card registered from this checkout, main once this payment succeeds. */
  BILLING_CARD_ID?: number;
}

export interface OnetimeBody extends OrderBody {
  /** Digits (dashes allowed). Never stored or logged. */
  CARD_NUMBER: string;
  /** YYYY-MM. */
  EXPIRY: string;
  /** YYMMDD, or a 10-digit business number. */
  BIRTH: string;
  PWD_2DIGIT: string;
}

export interface VirtualAccountWire {
  BANK_NAME: string;
  ACCOUNT_NUMBER: string;
  HOLDER: string;
  /** ISO 8601 UTC. */
  DUE_AT: string;
}

/** DATA.RESPONSE of a payment call. Amounts in won; times ISO 8601 UTC. */
export interface PaymentResponse {
  PAYMENT_ID: number;
  MERCHANT_UID: string;
  /** PAID, READY (gateway late, or VBANK awaiting the deposit), FAILED. */
  STATE: string;
  PAYMENT_METHOD: string;
  NAME: string;
  PRODUCTS_PRICE: number;
  DISCOUNTED_VALUE: number;
  PAID_PRICE: number;
  REFUNDED_AMOUNT: number;
  CARD_QUOTA: number;
  FAIL_REASON: string | null;
  RECEIPT_URL: string | null;
  CREATED_AT: string;
  COMPLETED_AT: string | null;
  VBANK: VirtualAccountWire | null;
}

/**
 * POST /main/payment_seoltab_subscribe: charges the main billing card now (and schedules the
 * monthly renewals), or issues a virtual account (VBANK, STATE READY until the deposit).
 */
export function subscribePayment(body: SubscribeBody): Promise<PaymentResponse> {
  return restRequest<PaymentResponse>("main", "/payment_seoltab_subscribe", { body });
}

/** POST /main/payreq_Iamport_Onetime: a one-time card payment (no billing key, no renewals). */
export function payOnetime(body: OnetimeBody): Promise<PaymentResponse> {
  return restRequest<PaymentResponse>("main", "/payreq_Iamport_Onetime", { body });
}
