/**
 * Payments REST calls on the main backend (docs/api/payments.md; SPEC.md §7):
 * - POST /payment_seoltab_subscribe — billing-card or virtual-account checkout (Bearer);
 * - POST /payreq_Iamport_Onetime — one-time card checkout (Bearer);
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
import { searchPayments } from "./payments.repository.ts";
import {
  cashInput,
  onetimeInput,
  paymentResponse,
  searchInput,
  subscribeInput,
  webhookInput,
} from "./payments.schemas.ts";
import {
  checkout,
  handleGatewayNotification,
  viewOf,
  type CheckoutInput,
  type CheckoutResult,
  type PaymentsDeps,
  type PaymentView,
} from "./payments.service.ts";

/** lecture_multiple defaults: 3 (SPEC.md §9 default months) — the service refuses it for devices. */
function lines(items: { id: number; lecture_multiple?: number | undefined }[]) {
  return items.map((i) => ({ id: i.id, lecture_multiple: i.lecture_multiple ?? DEFAULT_MONTHS }));
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
      });
    },
  );

  app.post("/payreq_Iamport_Onetime", { preHandler: app.requireAuth }, async (request, reply) => {
    const input = parseBody(onetimeInput, request);
    return runCheckout(deps, request, reply, {
      userId: input.USER_NO,
      merchantUid: input.MERCHANT_UID,
      method: "ONETIME",
      items: lines(input.ITEMS),
      cardQuota: input.CARD_QUOTA,
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
