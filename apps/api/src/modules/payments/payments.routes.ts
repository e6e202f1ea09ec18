/**
 * Payments REST calls on the main backend (docs/api/payments.md; SPEC.md §7):
 * - POST /payment_seoltab_subscribe — billing-card or virtual-account checkout (Bearer);
 * - POST /payreq_Iamport_Onetime — one-time card checkout (Bearer);
 * - POST /Cart_Price — the cart priced by the server, line by line (Bearer; issue #18);
 * - POST /admin/payments/cash, /admin/payments/search — staff (ADMIN, SALES_TEAM);
 * - POST /portone_webhook — PortOne V1 notifications (no Bearer; verified by re-fetching).
 * Handlers are thin: parse, call the service, map the result.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { DEFAULT_MONTHS } from "@seoltab/domain";
import { requireStaff as requireStaffCaller } from "../../platform/auth.ts";
import { AppError, PAYMENT_MESSAGES } from "../../errors.ts";
import { success } from "../../rest/envelope.ts";
import { parseBody } from "../../rest/rest-backend.ts";
import { declareRouteSchemas, restSchema } from "../../rest/route-schema.ts";
import { searchPayments } from "./payments.repository.ts";
import {
  cartPriceInput,
  cashInput,
  onetimeInput,
  paymentOutput,
  paymentResponse,
  paymentSearchOutput,
  searchInput,
  subscribeInput,
  webhookInput,
  webhookOutput,
} from "./payments.schemas.ts";
import { checkout, type CheckoutInput, type CheckoutResult } from "./payments.checkout.ts";
import { handleGatewayNotification } from "./payments.settlement.ts";
import { quoteCart } from "./payments.pricing.ts";
import { viewOf, type PaymentView } from "./payments.reads.ts";
import type { PaymentsDeps } from "./payments.common.ts";
import { cartQuoteOutput, cartQuoteResponse } from "./cart-quote.ts";

const tag = "payments";

/** The wire contract of each call (rest/route-schema.ts; docs/api/openapi.json). */
const ROUTE_SCHEMAS = {
  "POST /payment_seoltab_subscribe": restSchema({
    summary: "정기결제 카드 또는 가상계좌 결제 (202: 결과 확인 중)",
    tag,
    bearer: true,
    body: subscribeInput,
    response: { 200: paymentOutput, 202: paymentOutput },
  }),
  "POST /payreq_Iamport_Onetime": restSchema({
    summary: "일회성 카드 결제 (202: 결과 확인 중)",
    tag,
    bearer: true,
    body: onetimeInput,
    response: { 200: paymentOutput, 202: paymentOutput },
  }),
  "POST /admin/payments/cash": restSchema({
    summary: "현금 결제 기록 (직원)",
    tag,
    bearer: true,
    body: cashInput,
    response: { 200: paymentOutput, 202: paymentOutput },
  }),
  "POST /admin/payments/search": restSchema({
    summary: "결제 검색 (직원, 50건까지)",
    tag,
    bearer: true,
    body: searchInput,
    response: paymentSearchOutput,
  }),
  "POST /portone_webhook": restSchema({
    summary: "PortOne V1 결제 알림 (JSON 또는 form; 게이트웨이에서 다시 조회해 확인)",
    tag,
    body: webhookInput,
    response: webhookOutput,
  }),
  "POST /Cart_Price": restSchema({
    summary: "서버가 계산한 장바구니 금액 (줄마다 정책·할인, 배송비)",
    tag,
    bearer: true,
    body: cartPriceInput,
    response: cartQuoteOutput,
  }),
} as const;

/** lecture_multiple defaults: 3 (SPEC.md §9 default months) — the service refuses it for devices. */
function lines(items: { id: number; lecture_multiple?: number | undefined }[]) {
  return items.map((i) => ({ id: i.id, lecture_multiple: i.lecture_multiple ?? DEFAULT_MONTHS }));
}

/** The cart fields of a checkout body (issue #18). */
function cartOf(input: {
  REFERRAL_CODE?: string | undefined;
  USES_OWN_DEVICE?: boolean | undefined;
  EXPECTED_PAID_PRICE?: number | undefined;
}) {
  return {
    referralCode: input.REFERRAL_CODE ?? null,
    usesOwnDevice: input.USES_OWN_DEVICE === true,
    expectedPaidPrice: input.EXPECTED_PAID_PRICE ?? null,
  };
}

/** Maps a payment carried by a payment error into its REST shape. */
function withRestPayment(err: unknown): unknown {
  if (err instanceof AppError && err.extra.response && "PAYMENT" in err.extra.response) {
    const view = err.extra.response.PAYMENT as PaymentView;
    err.extra.response.PAYMENT = paymentResponse(view);
  }
  return err;
}

async function runCheckout(
  deps: PaymentsDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  input: CheckoutInput,
) {
  let result: CheckoutResult;
  try {
    result = await checkout(deps, request.auth!, input, request.id);
  } catch (err) {
    throw withRestPayment(err);
  }
  reply.header("cache-control", "no-store");
  const { view, pending } = result;
  if (pending) {
    reply.status(202);
    return success(paymentResponse(view), PAYMENT_MESSAGES.pending);
  }
  const message =
    view.payment.state === "READY" ? PAYMENT_MESSAGES.vbankIssued : PAYMENT_MESSAGES.paid;
  return success(paymentResponse(view), message);
}

function requireStaff(request: FastifyRequest): void {
  requireStaffCaller(request.auth!, { code: "staff_only", message: PAYMENT_MESSAGES.staffOnly });
}

export async function paymentsMainRoutes(
  app: FastifyInstance,
  opts: { deps: PaymentsDeps },
): Promise<void> {
  const { deps } = opts;
  declareRouteSchemas(app, ROUTE_SCHEMAS);

  app.post(
    "/payment_seoltab_subscribe",
    { preHandler: app.requireAuth },
    async (request, reply) => {
      const input = parseBody(subscribeInput, request);
      return runCheckout(deps, request, reply, {
        userId: input.USER_NO,
        merchantUid: input.MERCHANT_UID,
        method: input.PAYMENT_METHOD,
        items: lines(input.ITEMS),
        cardQuota: input.CARD_QUOTA,
        billingCardId: input.BILLING_CARD_ID ?? null,
        ...cartOf(input),
      });
    },
  );

  // The cart priced by the server, line by line (issue #18): what the checkout will charge.
  app.post("/Cart_Price", { preHandler: app.requireAuth }, async (request, reply) => {
    const input = parseBody(cartPriceInput, request);
    const { order, convertSalesMethodNo } = await quoteCart(
      deps,
      request.auth!,
      input.USER_NO,
      lines(input.ITEMS),
      {
        referralCode: input.REFERRAL_CODE ?? null,
        usesOwnDevice: input.USES_OWN_DEVICE === true,
      },
    );
    reply.header("cache-control", "no-store");
    return success(cartQuoteResponse(order, convertSalesMethodNo));
  });

  app.post("/payreq_Iamport_Onetime", { preHandler: app.requireAuth }, async (request, reply) => {
    const input = parseBody(onetimeInput, request);
    return runCheckout(deps, request, reply, {
      userId: input.USER_NO,
      merchantUid: input.MERCHANT_UID,
      method: "ONETIME",
      items: lines(input.ITEMS),
      cardQuota: input.CARD_QUOTA,
      ...cartOf(input),
      card: {
        cardNumber: input.CARD_NUMBER,
        expiry: input.EXPIRY,
        birth: input.BIRTH,
        pwd2digit: input.PWD_2DIGIT,
      },
    });
  });

  app.post("/admin/payments/cash", { preHandler: app.requireAuth }, async (request, reply) => {
    requireStaff(request);
    const input = parseBody(cashInput, request);
    return runCheckout(deps, request, reply, {
      userId: input.USER_NO,
      merchantUid: input.MERCHANT_UID,
      method: "CASH",
      items: lines(input.ITEMS),
      cardQuota: 0,
      memo: input.MEMO ?? null,
      ...cartOf(input),
    });
  });

  app.post("/admin/payments/search", { preHandler: app.requireAuth }, async (request) => {
    requireStaff(request);
    const input = parseBody(searchInput, request);
    const numeric = ["PAYMENT_ID", "USER_ID"].includes(input.SEARCH_KEY);
    if (numeric && !/^\d{1,12}$/.test(input.VALUE)) {
      throw new AppError("validation", "validation_failed", "숫자로 검색해 주세요.", [
        { field: "VALUE", message: "숫자로 검색해 주세요." },
      ]);
    }
    const rows = await searchPayments(deps.db, input.SEARCH_KEY, input.VALUE, 50);
    const payments = [];
    for (const row of rows) {
      const { userName, ...payment } = row;
      payments.push({
        ...paymentResponse(await viewOf(deps.db, payment), { staff: true }),
        USER_NAME: userName,
      });
    }
    return success({ PAYMENTS: payments });
  });

  app.post("/portone_webhook", async (request) => {
    const body = parseBody(webhookInput, request);
    const outcome = await handleGatewayNotification(deps, body);
    request.log.info({ impUid: body.imp_uid, outcome }, "gateway notification");
    return success({ OUTCOME: outcome });
  });
}
