/**
 * The console's actions on failed renewals and on virtual accounts awaiting deposit (issue 16
 * "Actions"; docs/api/admin.md): POST `/main/admin/console/renewal_retry`, `/renewal_reschedule`,
 * `/renewal_mark`, `/vbank_cancel`, `/vbank_reissue`, `/vbank_remind`. Same rules as
 * admin.routes.ts (ONUEI_RES envelope, staff Bearer token, strict bodies; admin.http.ts); ADMIN
 * only but `vbank_remind` (ADMIN, SALES_TEAM; the permission table, packages/domain/src/admin.ts).
 * Each declares its request and response in ROUTE_SCHEMAS (decision 037; responses are checked
 * strictly).
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { declareRouteSchemas, restSchema } from "../../rest/route-schema.ts";
import { actionFields as reasoned, consoleRoutes, idField as id } from "./admin.http.ts";
import {
  cancelVbank,
  markRenewalLectures,
  reissueVbank,
  remindVbank,
  rescheduleRenewalDate,
  retryRenewal,
  type AdminDeps,
} from "./admin.service.ts";

const common = { ...reasoned, SUBSCRIPTION_ID: id("SUBSCRIPTION_ID") };

/** The reason fields as parsed. */
type Reason = Pick<z.output<typeof renewalMarkInput>, "REASON_CODE" | "REASON">;

export const vbankActionInput = z.strictObject({ ...reasoned, PAYMENT_ID: id("PAYMENT_ID") });

export const vbankReissueInput = z.strictObject({
  ...reasoned,
  PAYMENT_ID: id("PAYMENT_ID"),
  IMP_UID: z
    .string({ error: "IMP_UID (화면에 보인 가상계좌) 가 필요해요." })
    .regex(/^[\x21-\x7e]{4,80}$/, { error: "IMP_UID 가 올바르지 않아요." }),
  DUE_DAYS: z
    .number({ error: "DUE_DAYS 는 숫자(일)여야 해요." })
    .int({ error: "DUE_DAYS 는 정수여야 해요." })
    .min(1, { error: "입금 기한은 1일 이상이어야 해요." })
    .max(14, { error: "입금 기한은 14일까지 정할 수 있어요." })
    .default(3),
});

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

const vbankPaymentOutput = z.strictObject({
  PAYMENT_ID: z.number().int(),
  STATE: z.string().describe("READY (awaiting), FAILED (cancelled)"),
  PAID_PRICE: z.number().int().describe("won"),
  IMP_UID: z.string().nullable(),
  BANK_NAME: z.string().nullable(),
  DUE_AT: z.string().nullable().describe("ISO 8601, UTC"),
});

const tag = "admin";
const ROUTE_SCHEMAS = {
  "POST /admin/console/vbank_cancel": restSchema({
    summary: "입금 대기 가상계좌 발급 취소 (ADMIN)",
    tag,
    bearer: true,
    body: vbankActionInput,
    response: z.strictObject({ PAYMENT: vbankPaymentOutput }),
  }),
  "POST /admin/console/vbank_reissue": restSchema({
    summary: "입금 대기 가상계좌 재발급 (같은 주문, 새 입금 기한; ADMIN)",
    tag,
    bearer: true,
    body: vbankReissueInput,
    response: z.strictObject({
      PAYMENT: vbankPaymentOutput,
      VIRTUAL_ACCOUNT: z.strictObject({
        BANK_NAME: z.string(),
        ACCOUNT_NUMBER: z.string(),
        HOLDER: z.string(),
        DUE_AT: z.string().describe("ISO 8601, UTC"),
      }),
    }),
  }),
  "POST /admin/console/vbank_remind": restSchema({
    summary: "입금 대기 가상계좌 입금 안내 다시 보내기 (ADMIN, SALES_TEAM)",
    tag,
    bearer: true,
    body: vbankActionInput,
    response: z.strictObject({
      PAYMENT: vbankPaymentOutput,
      MESSAGES: z.number().int().describe("messages written (one per family member)"),
    }),
  }),
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

type VbankPayment = {
  paymentId: number;
  state: string;
  paidPrice: number;
  impUid: string | null;
  bankName: string | null;
  dueAt: string | null;
};

const vbankPaymentResponse = (p: VbankPayment) => ({
  PAYMENT_ID: p.paymentId,
  STATE: p.state,
  PAID_PRICE: p.paidPrice,
  IMP_UID: p.impUid,
  BANK_NAME: p.bankName,
  DUE_AT: p.dueAt,
});

/** Registers the renewal and virtual-account actions on the main backend (prefix `/main`). */
export async function adminActionRoutes(
  app: FastifyInstance,
  opts: { deps: AdminDeps },
): Promise<void> {
  const { deps } = opts;
  declareRouteSchemas(app, ROUTE_SCHEMAS);
  const { action } = consoleRoutes(app);
  const renewal = (input: { IDEMPOTENCY_KEY: string; SUBSCRIPTION_ID: number } & Reason) => ({
    idempotencyKey: input.IDEMPOTENCY_KEY,
    subscriptionId: input.SUBSCRIPTION_ID,
    reasonCode: input.REASON_CODE,
    reason: input.REASON,
  });
  const vbank = (input: z.output<typeof vbankActionInput>) => ({
    idempotencyKey: input.IDEMPOTENCY_KEY,
    paymentId: input.PAYMENT_ID,
    reasonCode: input.REASON_CODE,
    reason: input.REASON,
  });

  action(
    "/renewal_retry",
    renewalRetryInput,
    (input, caller, requestId) =>
      retryRenewal(
        deps,
        caller,
        { ...renewal(input), failedAttempts: input.FAILED_ATTEMPTS },
        requestId,
      ),
    (result) => ({
      SUBSCRIPTION: subscriptionResponse(result.subscription),
      PAYMENT: {
        PAYMENT_ID: result.payment.paymentId,
        STATE: result.payment.state,
        PAID_PRICE: result.payment.paidPrice,
        FAIL_REASON: result.payment.failReason,
      },
    }),
  );

  action(
    "/renewal_reschedule",
    renewalRescheduleInput,
    (input, caller, requestId) =>
      rescheduleRenewalDate(
        deps,
        caller,
        { ...renewal(input), nextChargeAt: new Date(input.NEXT_CHARGE_AT) },
        requestId,
      ),
    (result) => ({ SUBSCRIPTION: subscriptionResponse(result.subscription) }),
  );

  action(
    "/renewal_mark",
    renewalMarkInput,
    (input, caller, requestId) =>
      markRenewalLectures(deps, caller, { ...renewal(input), state: input.STATE }, requestId),
    (result) => ({
      SUBSCRIPTION_ID: result.subscriptionId,
      LECTURES: result.lectures.map((l) => ({ LECTURE_ID: l.lectureId, FROM: l.from, TO: l.to })),
    }),
  );

  action(
    "/vbank_cancel",
    vbankActionInput,
    (input, caller, requestId) => cancelVbank(deps, caller, vbank(input), requestId),
    (result) => ({ PAYMENT: vbankPaymentResponse(result.payment) }),
  );

  action(
    "/vbank_reissue",
    vbankReissueInput,
    (input, caller, requestId) =>
      reissueVbank(
        deps,
        caller,
        { ...vbank(input), dueDays: input.DUE_DAYS, impUid: input.IMP_UID },
        requestId,
      ),
    (result) => ({
      PAYMENT: vbankPaymentResponse(result.payment),
      VIRTUAL_ACCOUNT: {
        BANK_NAME: result.vbank.bankName,
        ACCOUNT_NUMBER: result.vbank.accountNumber,
        HOLDER: result.vbank.holder,
        DUE_AT: result.vbank.dueAt,
      },
    }),
  );

  action(
    "/vbank_remind",
    vbankActionInput,
    (input, caller, requestId) => remindVbank(deps, caller, vbank(input), requestId),
    (result) => ({ PAYMENT: vbankPaymentResponse(result.payment), MESSAGES: result.messages }),
  );
}
