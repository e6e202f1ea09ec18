/**
 * Edge schemas of the payments REST calls (docs/api/payments.md). Bodies are strict: a field
 * the contract does not name (a client-sent price, for one) is refused with 400.
 */
import { z } from "zod";
import {
  CARD_TYPES,
  SEARCH_KEYS,
  cardNumberSchema,
  payerFailureMessage,
  storedLineListPrice,
  storedLinePolicies,
} from "@seoltab/domain";
import type { PaymentView } from "./payments.reads.ts";

const userNo = z.coerce
  .number({ error: "USER_NO 는 숫자여야 해요." })
  .int({ error: "USER_NO 는 정수여야 해요." })
  .positive({ error: "USER_NO 가 올바르지 않아요." });

const merchantUid = z
  .string({ error: "MERCHANT_UID 를 보내 주세요." })
  .regex(/^[A-Za-z0-9_-]{6,80}$/, {
    error: "MERCHANT_UID 는 영문, 숫자, -, _ 로 된 6~80자여야 해요.",
  });

const orderLine = z.strictObject({
  id: z.number({ error: "상품 id 는 숫자여야 해요." }).int().positive(),
  lecture_multiple: z
    .number({ error: "lecture_multiple 은 숫자여야 해요." })
    .int({ error: "lecture_multiple 은 정수여야 해요." })
    .positive({ error: "lecture_multiple 은 1 이상이어야 해요." })
    .optional(),
});

const items = z
  .array(orderLine, { error: "ITEMS 는 배열이어야 해요." })
  .min(1, { error: "주문할 상품을 선택해 주세요." })
  .max(20, { error: "한 번에 20개까지 주문할 수 있어요." });

const cardQuota = z
  .number({ error: "CARD_QUOTA 는 숫자여야 해요." })
  .int({ error: "CARD_QUOTA 는 정수여야 해요." })
  .min(0)
  .max(12)
  .default(0);

/** Cart fields of the checkout calls (issue #18; docs/api/discounts.md). */
const referralCode = z
  .string({ error: "REFERRAL_CODE 는 문자열이어야 해요." })
  .trim()
  .regex(/^[A-Za-z0-9 -]{4,16}$/, { error: "추천 코드는 영문과 숫자 4~16자예요." })
  .optional();
const usesOwnDevice = z
  .boolean({ error: "USES_OWN_DEVICE 는 true 또는 false 여야 해요." })
  .optional();
const expectedPaidPrice = z
  .number({ error: "EXPECTED_PAID_PRICE 는 숫자여야 해요." })
  .int({ error: "EXPECTED_PAID_PRICE 는 정수여야 해요." })
  .nonnegative({ error: "EXPECTED_PAID_PRICE 는 0 이상이어야 해요." })
  .optional();
const cartFields = {
  REFERRAL_CODE: referralCode,
  USES_OWN_DEVICE: usesOwnDevice,
  EXPECTED_PAID_PRICE: expectedPaidPrice,
};

/** POST /main/Cart_Price payload: the checkout's order lines and cart fields, no payment. */
export const cartPriceInput = z.strictObject({
  USER_NO: userNo,
  ITEMS: z
    .array(orderLine, { error: "ITEMS 는 배열이어야 해요." })
    .min(1, { error: "주문할 상품을 선택해 주세요." })
    .max(20, { error: "한 번에 20개까지 주문할 수 있어요." }),
  REFERRAL_CODE: referralCode,
  USES_OWN_DEVICE: usesOwnDevice,
});

export const subscribeInput = z.strictObject({
  ...cartFields,
  USER_NO: userNo,
  MERCHANT_UID: merchantUid,
  PAYMENT_METHOD: z.enum(["BILLING_CARD", "VBANK"], {
    error: "PAYMENT_METHOD 는 BILLING_CARD 또는 VBANK 여야 해요.",
  }),
  ITEMS: items,
  CARD_QUOTA: cardQuota,
  /**
   * BILLING_CARD only: pay with this card of the student instead of the main card — a card
   * registered from the checkout (`mainAfterPayment`), which becomes the main card only when
   * this payment succeeds (issue #11 item 4).
   */
  BILLING_CARD_ID: z
    .number({ error: "BILLING_CARD_ID 는 숫자여야 해요." })
    .int({ error: "BILLING_CARD_ID 는 정수여야 해요." })
    .positive({ error: "BILLING_CARD_ID 가 올바르지 않아요." })
    .optional(),
});

/**
 * Card number of the one-time payment and the card registration: the one rule the web form
 * uses too (packages/domain cardNumberSchema: 15-16 digits after removing spaces and dashes,
 * Luhn-valid), so a mistyped number never reaches the gateway.
 */
export const cardNumberField = cardNumberSchema;
export const expiryField = z
  .string({ error: "유효기간을 입력해 주세요." })
  .regex(/^20\d{2}-(0[1-9]|1[0-2])$/, { error: "유효기간은 YYYY-MM 형식이어야 해요." });
export const birthField = z
  .string({ error: "생년월일 또는 사업자등록번호를 입력해 주세요." })
  .regex(/^(\d{6}|\d{10})$/, {
    error: "생년월일 6자리(YYMMDD) 또는 사업자등록번호 10자리를 입력해 주세요.",
  });
export const pwd2digitField = z
  .string({ error: "비밀번호 앞 2자리를 입력해 주세요." })
  .regex(/^\d{2}$/, { error: "비밀번호 앞 2자리를 입력해 주세요." });

export const onetimeInput = z.strictObject({
  ...cartFields,
  USER_NO: userNo,
  MERCHANT_UID: merchantUid,
  ITEMS: items,
  CARD_QUOTA: cardQuota,
  CARD_NUMBER: cardNumberField,
  EXPIRY: expiryField,
  BIRTH: birthField,
  PWD_2DIGIT: pwd2digitField,
});

export const cashInput = z.strictObject({
  ...cartFields,
  USER_NO: userNo,
  MERCHANT_UID: merchantUid,
  ITEMS: items,
  MEMO: z.string().max(300).optional(),
});

export const searchInput = z.strictObject({
  SEARCH_KEY: z.enum(
    SEARCH_KEYS.filter((k) => k !== "PACKAGE_ID" && k !== "ACCESS_KEY") as [
      "IMP_UID",
      ...("MERCHANT_UID" | "PAYMENT_ID" | "USER_ID" | "USER_NAME" | "FIRST_EIGHT_CARD_NUMBER")[],
    ],
    { error: "SEARCH_KEY 가 올바르지 않아요." },
  ),
  VALUE: z.string().trim().min(1).max(80),
});

/** PortOne V1 webhook body (JSON or form); extra fields are ignored. */
export const webhookInput = z.object({
  imp_uid: z.string().min(1).max(80),
  merchant_uid: z.string().min(1).max(80).optional(),
  status: z.string().max(24).optional(),
});

export const cardTypeSchema = z.enum(CARD_TYPES);

const amount = z.number().int().describe("won");
const instant = z.string().describe("ISO 8601 instant");

/** The wire shape of `paymentResponse` (DATA.RESPONSE of the checkout calls). */
export const paymentOutput = z.strictObject({
  PAYMENT_ID: z.number().int(),
  MERCHANT_UID: z.string(),
  USER_NO: z.number().int(),
  STATE: z.string().describe("PaymentState (SPEC.md §3)"),
  PAYMENT_METHOD: z.string(),
  NAME: z.string(),
  PRODUCTS_PRICE: amount,
  DISCOUNTED_VALUE: amount,
  PAID_PRICE: amount,
  REFUNDED_AMOUNT: amount,
  CARD_QUOTA: z.number().int(),
  FAIL_REASON: z.string().nullable().describe("the family's message"),
  GATEWAY_FAIL_REASON: z.string().nullable().optional().describe("staff only"),
  RECEIPT_URL: z.string().nullable(),
  CREATED_AT: instant.nullable(),
  COMPLETED_AT: instant.nullable(),
  VBANK: z
    .strictObject({
      BANK_NAME: z.string(),
      ACCOUNT_NUMBER: z.string(),
      HOLDER: z.string(),
      DUE_AT: z.string(),
    })
    .nullable(),
  ITEMS: z.array(
    z.strictObject({
      ID: z.number().int(),
      STORE_ITEM_ID: z.number().int().nullable(),
      ITEM_KIND: z.string(),
      NAME: z.string(),
      QUANTITY: z.number().int(),
      MONTHS: z.number().int(),
      SALE_PRICE: amount,
      POLICY_PRICE: amount,
      PAID_PRICE: amount,
      POLICIES: z.array(z.strictObject({ NAME: z.string(), AMOUNT: amount })),
    }),
  ),
  SUBSCRIPTION: z
    .strictObject({
      ID: z.number().int(),
      RENEWAL_AMOUNT: amount,
      NEXT_CHARGE_AT: instant.nullable(),
    })
    .nullable(),
});

/** DATA.RESPONSE of /admin/payments/search: payments with the payer's name. */
export const paymentSearchOutput = z.strictObject({
  PAYMENTS: z.array(paymentOutput.extend({ USER_NAME: z.string().nullable() })),
});

/** DATA.RESPONSE of /portone_webhook: what the notification did. */
export const webhookOutput = z.strictObject({ OUTCOME: z.string() });

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/**
 * The REST shape of a payment (DATA.RESPONSE of the checkout calls). FAIL_REASON is what the
 * family may read (the gateway-code table, packages/domain payerFailureMessage); the gateway's
 * own text is added as GATEWAY_FAIL_REASON only for staff (`staff: true`).
 */
export function paymentResponse(view: PaymentView, options: { staff?: boolean } = {}) {
  const p = view.payment;
  return {
    PAYMENT_ID: p.id,
    MERCHANT_UID: p.merchantUid,
    USER_NO: p.userId,
    STATE: p.state,
    PAYMENT_METHOD: p.paymentMethod,
    NAME: p.name,
    PRODUCTS_PRICE: p.productsPrice,
    DISCOUNTED_VALUE: p.discountedValue,
    PAID_PRICE: p.paidPrice,
    REFUNDED_AMOUNT: p.refundedAmount,
    CARD_QUOTA: p.cardQuota,
    FAIL_REASON: familyFailReason(p.failReason),
    ...(options.staff ? { GATEWAY_FAIL_REASON: p.failReason } : {}),
    RECEIPT_URL: p.receiptUrl,
    CREATED_AT: iso(p.createdAt),
    COMPLETED_AT: iso(p.completedAt),
    VBANK: p.virtualAccount
      ? {
          BANK_NAME: p.virtualAccount.bankName,
          ACCOUNT_NUMBER: p.virtualAccount.accountNumber,
          HOLDER: p.virtualAccount.holder,
          DUE_AT: p.virtualAccount.dueAt,
        }
      : null,
    ITEMS: view.items.map((i) => ({
      ID: i.id,
      STORE_ITEM_ID: i.storeItemId,
      ITEM_KIND: i.itemKind,
      NAME: i.name,
      QUANTITY: i.quantity,
      MONTHS: i.months,
      SALE_PRICE: i.salePrice,
      POLICY_PRICE: i.policyPrice,
      PAID_PRICE: i.paidPrice,
      POLICIES: i.policies.map((pol) => ({ NAME: pol.name, AMOUNT: pol.amount })),
    })),
    SUBSCRIPTION: view.subscription
      ? {
          ID: view.subscription.id,
          RENEWAL_AMOUNT: view.subscription.renewalAmount,
          NEXT_CHARGE_AT: iso(view.subscription.nextChargeAt),
        }
      : null,
  };
}

/** The stored fail reason as a family may read it (null stays null). */
export function familyFailReason(stored: string | null): string | null {
  return stored == null ? null : payerFailureMessage(stored);
}

/**
 * The GraphQL shape of a payment (SPEC.md §3 Payment fields and docs/api/payments.md).
 * `failReason` is the family's message; `gatewayFailReason` (the gateway's text) only for staff.
 */
export function paymentGraphql(view: PaymentView, options: { staff?: boolean } = {}) {
  const p = view.payment;
  return {
    id: String(p.id),
    state: p.state,
    paymentMethod: p.paymentMethod,
    completedAt: iso(p.completedAt),
    name: p.name,
    productsPrice: p.productsPrice,
    discountedValue: p.discountedValue,
    paidPrice: p.paidPrice,
    refundedAmount: p.refundedAmount,
    failReason: familyFailReason(p.failReason),
    gatewayFailReason: options.staff ? p.failReason : null,
    receiptUrl: p.receiptUrl,
    createdAt: p.createdAt.toISOString(),
    userId: p.userId,
    merchantUid: p.merchantUid,
    cardQuota: p.cardQuota,
    virtualAccount: p.virtualAccount,
    items: view.items.map((i) => ({
      id: String(i.id),
      itemKind: i.itemKind,
      name: i.name,
      quantity: i.quantity,
      months: i.months,
      salePrice: i.salePrice,
      policyPrice: i.policyPrice,
      paidPrice: i.paidPrice,
      refundedAmount: i.refundedAmount,
      state: i.state,
      listPrice: storedLineListPrice(i),
      policies: storedLinePolicies(i),
    })),
  };
}
