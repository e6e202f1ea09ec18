/**
 * The console's actions on failed renewals (issue 16 "Actions"; docs/api/admin.md): POST
 * `/main/admin/console/renewal_retry`, `/renewal_reschedule`, `/renewal_mark`. Same rules as
 * admin.routes.ts (ONUEI_RES envelope, staff Bearer token, strict bodies); ADMIN only (the
 * permission table, packages/domain/src/admin.ts). Each declares its request and response in
 * ROUTE_SCHEMAS (decision 037; responses are checked strictly).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { ADMIN_REASON_CODES } from "@seoltab/domain/admin";
import { success } from "../../rest/envelope.ts";
import { parseBody } from "../../rest/rest-backend.ts";
import { declareRouteSchemas, restSchema } from "../../rest/route-schema.ts";
import {
  markRenewalLectures,
  rescheduleRenewalDate,
  retryRenewal,
  type AdminDeps,
} from "./admin.service.ts";

const id = (field: string) =>
  z
    .number({ error: `${field} 는 숫자여야 해요.` })
    .int({ error: `${field} 는 정수여야 해요.` })
    .min(1, { error: `${field} 가 올바르지 않아요.` })
    .max(2_147_483_647, { error: `${field} 가 올바르지 않아요.` });

const common = {
  IDEMPOTENCY_KEY: z
    .string({ error: "IDEMPOTENCY_KEY 가 필요해요." })
    .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: "IDEMPOTENCY_KEY 는 영문·숫자 8~64자여야 해요." }),
  SUBSCRIPTION_ID: id("SUBSCRIPTION_ID"),
  REASON_CODE: z.enum(ADMIN_REASON_CODES, { error: "REASON_CODE 가 올바르지 않아요." }),
  REASON: z
    .string({ error: "사유를 입력해 주세요." })
    .trim()
    .min(2, { error: "사유를 두 글자 이상 입력해 주세요." })
    .max(200, { error: "사유는 200자까지 적을 수 있어요." }),
};

export const renewalRetryInput = z.strictObject({
  ...common,
  FAILED_ATTEMPTS: z
    .number({ error: "FAILED_ATTEMPTS 는 숫자여야 해요." })
    .int()
    .min(1, { error: "FAILED_ATTEMPTS 가 올바르지 않아요." })
    .max(100),
});

export const renewalRescheduleInput = z.strictObject({
  ...common,
  NEXT_CHARGE_AT: z.iso.datetime({
    offset: true,
    error: "NEXT_CHARGE_AT 은 ISO 8601 날짜·시각이어야 해요.",
  }),
});

export const renewalMarkInput = z.strictObject({
  ...common,
  STATE: z.enum(["NOCARD", "NOPAY"], { error: "STATE 는 NOCARD 또는 NOPAY 여야 해요." }),
});

const subscriptionOutput = z.strictObject({
  SUBSCRIPTION_ID: z.number().int(),
  STATUS: z.string(),
  FAILED_ATTEMPTS: z.number().int(),
  NEXT_CHARGE_AT: z.string().describe("ISO 8601, UTC"),
  RENEWAL_AMOUNT: z.number().int().describe("won"),
});

const tag = "admin";
const ROUTE_SCHEMAS = {
  "POST /admin/console/renewal_retry": restSchema({
    summary: "실패한 정기결제 지금 다시 결제 (ADMIN)",
    tag,
    bearer: true,
    body: renewalRetryInput,
    response: z.strictObject({
      SUBSCRIPTION: subscriptionOutput,
      PAYMENT: z.strictObject({
        PAYMENT_ID: z.number().int(),
        STATE: z.string().describe("PAID, FAILED, or READY when the gateway did not answer"),
        PAID_PRICE: z.number().int().describe("won"),
        FAIL_REASON: z.string().nullable(),
      }),
    }),
  }),
  "POST /admin/console/renewal_reschedule": restSchema({
    summary: "실패한 정기결제의 다음 결제일 변경 (ADMIN)",
    tag,
    bearer: true,
    body: renewalRescheduleInput,
    response: z.strictObject({ SUBSCRIPTION: subscriptionOutput }),
  }),
  "POST /admin/console/renewal_mark": restSchema({
    summary: "실패한 정기결제의 수업을 NOCARD / NOPAY 로 표시 (ADMIN)",
    tag,
    bearer: true,
    body: renewalMarkInput,
    response: z.strictObject({
      SUBSCRIPTION_ID: z.number().int(),
      LECTURES: z.array(
        z.strictObject({ LECTURE_ID: z.number().int(), FROM: z.string(), TO: z.string() }),
      ),
    }),
  }),
} as const;

type RenewalView = {
  subscriptionId: number;
  status: string;
  failedAttempts: number;
  nextChargeAt: string;
  renewalAmount: number;
};

const subscriptionResponse = (s: RenewalView) => ({
  SUBSCRIPTION_ID: s.subscriptionId,
  STATUS: s.status,
  FAILED_ATTEMPTS: s.failedAttempts,
  NEXT_CHARGE_AT: s.nextChargeAt,
  RENEWAL_AMOUNT: s.renewalAmount,
});

/** Registers the renewal actions on the main backend (prefix `/main`). */
export async function adminActionRoutes(
  app: FastifyInstance,
  opts: { deps: AdminDeps },
): Promise<void> {
  const { deps } = opts;
  declareRouteSchemas(app, ROUTE_SCHEMAS);
  const post = (path: string, handler: (request: FastifyRequest) => Promise<unknown>) =>
    app.post(`/admin/console${path}`, { preHandler: app.requireAuth }, async (request, reply) => {
      reply.header("cache-control", "no-store");
      return handler(request);
    });

  post("/renewal_retry", async (request) => {
    const input = parseBody(renewalRetryInput, request);
    const result = await retryRenewal(
      deps,
      request.auth!,
      {
        idempotencyKey: input.IDEMPOTENCY_KEY,
        subscriptionId: input.SUBSCRIPTION_ID,
        failedAttempts: input.FAILED_ATTEMPTS,
        reasonCode: input.REASON_CODE,
        reason: input.REASON,
      },
      request.id,
    );
    return success({
      SUBSCRIPTION: subscriptionResponse(result.subscription),
      PAYMENT: {
        PAYMENT_ID: result.payment.paymentId,
        STATE: result.payment.state,
        PAID_PRICE: result.payment.paidPrice,
        FAIL_REASON: result.payment.failReason,
      },
    });
  });

  post("/renewal_reschedule", async (request) => {
    const input = parseBody(renewalRescheduleInput, request);
    const result = await rescheduleRenewalDate(
      deps,
      request.auth!,
      {
        idempotencyKey: input.IDEMPOTENCY_KEY,
        subscriptionId: input.SUBSCRIPTION_ID,
        nextChargeAt: new Date(input.NEXT_CHARGE_AT),
        reasonCode: input.REASON_CODE,
        reason: input.REASON,
      },
      request.id,
    );
    return success({ SUBSCRIPTION: subscriptionResponse(result.subscription) });
  });

  post("/renewal_mark", async (request) => {
    const input = parseBody(renewalMarkInput, request);
    const result = await markRenewalLectures(
      deps,
      request.auth!,
      {
        idempotencyKey: input.IDEMPOTENCY_KEY,
        subscriptionId: input.SUBSCRIPTION_ID,
        state: input.STATE,
        reasonCode: input.REASON_CODE,
        reason: input.REASON,
      },
      request.id,
    );
    return success({
      SUBSCRIPTION_ID: result.subscriptionId,
      LECTURES: result.lectures.map((l) => ({ LECTURE_ID: l.lectureId, FROM: l.from, TO: l.to })),
    });
  });
}
