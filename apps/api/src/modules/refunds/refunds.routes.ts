/**
 * Staff refund calls on the main backend (ADMIN, SALES_TEAM; ONUEI_RES envelope, Bearer token;
 * docs/api/refunds.md):
 * - POST /admin/refund_requests — the requests in a state (default STAFF_REVIEW), oldest first;
 * - POST /admin/refund_requests/decide — REFUNDED (with AMOUNT) or REJECTED (with NOTE);
 * - POST /admin/refund_requests/settle — ask the gateway about a PENDING request (time-out).
 * Handlers are thin: parse, call the service, map the result.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { success } from "../../rest/envelope.ts";
import { parseBody } from "../../rest/rest-backend.ts";
import { declareRouteSchemas, restSchema } from "../../rest/route-schema.ts";
import {
  findRefundDeductionsOf,
  type RefundDeductionRow,
  type RefundRequestRow,
} from "./refunds.repository.ts";
import type { RefundsDeps } from "./refunds.common.ts";
import {
  decideRefundRequest,
  listRefundRequests,
  settleRefundRequestByStaff,
} from "./refunds.staff.ts";

const requestId = z.coerce
  .number({ error: "REFUND_REQUEST_ID 는 숫자여야 해요." })
  .int()
  .positive({ error: "REFUND_REQUEST_ID 가 올바르지 않아요." });

export const listInput = z.strictObject({
  STATE: z
    .enum(["STAFF_REVIEW", "PENDING", "REFUNDED", "FAILED", "REJECTED"], {
      error: "STATE 는 STAFF_REVIEW, PENDING, REFUNDED, FAILED, REJECTED 중 하나여야 해요.",
    })
    .default("STAFF_REVIEW"),
  LIMIT: z.number().int().min(1).max(100).default(50),
});

export const decideInput = z.strictObject({
  REFUND_REQUEST_ID: requestId,
  DECISION: z.enum(["REFUNDED", "REJECTED"], {
    error: "DECISION 은 REFUNDED 또는 REJECTED 여야 해요.",
  }),
  /** Won; required for REFUNDED. */
  AMOUNT: z.number({ error: "AMOUNT 는 숫자(원)여야 해요." }).int().optional(),
  NOTE: z.string().max(300, { error: "NOTE 는 300자까지 적을 수 있어요." }).optional(),
});

export const settleInput = z.strictObject({ REFUND_REQUEST_ID: requestId });

/** The wire shape of `refundRequestResponse`. */
export const refundRequestOutput = z.strictObject({
  REFUND_REQUEST_ID: z.number().int(),
  PAYMENT_ID: z.number().int(),
  PAYMENT_ITEM_IDS: z.array(z.number().int()),
  REQUESTED_BY_USER_NO: z.number().int(),
  INITIATOR: z.string().describe("USER, ADMIN or SALES_TEAM"),
  REASON: z.string(),
  STATE: z.string().describe("STAFF_REVIEW, PENDING, REFUNDED, FAILED or REJECTED"),
  CHANNEL: z.string().describe("CARD or BANK"),
  AMOUNT: z.number().int().describe("won"),
  RULE: z.string(),
  BLOCKED_REASONS: z.array(z.string()),
  REFUND_ACCOUNT: z
    .strictObject({
      BANK_CODE: z.string().nullable(),
      ACCOUNT_NUMBER: z.string().nullable(),
      HOLDER: z.string().nullable(),
    })
    .nullable(),
  NOTE: z.string().nullable(),
  CREATED_AT: z.string().describe("ISO 8601 instant"),
  DECIDED_AT: z.string().nullable(),
  DECIDED_BY_USER_NO: z.number().int().nullable(),
  RETURN_REASON: z
    .string()
    .nullable()
    .describe("CHANGE_OF_MIND or DEFECTIVE_OR_NOT_AS_SOLD for a request with books; else null"),
  DEDUCTIONS: z
    .array(
      z.strictObject({
        KIND: z.string().describe("PENALTY or DELIVERY_FEE_FOR_REFUND"),
        PAYMENT_ITEM_ID: z.number().int().nullable(),
        RULE_AMOUNT: z.number().int().describe("won the published rule gives"),
        AMOUNT: z.number().int().describe("won taken off the refund (AMOUNT is after it)"),
        EXPLANATION: z.string(),
      }),
    )
    .describe("what the refund keeps back (issue #18, decision 021); [] when nothing"),
});

const tag = "refunds";

/** The wire contract of each call (rest/route-schema.ts; docs/api/openapi.json). */
const ROUTE_SCHEMAS = {
  "POST /admin/refund_requests": restSchema({
    summary: "환불 요청 목록 (직원)",
    tag,
    bearer: true,
    body: listInput,
    response: z.strictObject({ REFUND_REQUESTS: z.array(refundRequestOutput) }),
  }),
  "POST /admin/refund_requests/decide": restSchema({
    summary: "환불 요청 결정 (직원: REFUNDED 또는 REJECTED)",
    tag,
    bearer: true,
    body: decideInput,
    response: z.strictObject({ REFUND_REQUEST: refundRequestOutput }),
  }),
  "POST /admin/refund_requests/settle": restSchema({
    summary: "가상계좌 환불 정산 완료 (직원)",
    tag,
    bearer: true,
    body: settleInput,
    response: z.strictObject({ REFUND_REQUEST: refundRequestOutput }),
  }),
} as const;

/**
 * The REST shape of a refund request (field names in the main backend's UPPER_SNAKE), with what
 * the refund keeps back (`deductions` of the request: PENALTY, DELIVERY_FEE_FOR_REFUND).
 */
export function refundRequestResponse(
  r: RefundRequestRow,
  deductions: readonly RefundDeductionRow[] = [],
) {
  const account = r.refundAccount as Record<string, string> | null;
  return {
    REFUND_REQUEST_ID: r.id,
    PAYMENT_ID: r.paymentId,
    PAYMENT_ITEM_IDS: r.paymentItemIds,
    REQUESTED_BY_USER_NO: r.requestedByUserId,
    INITIATOR: r.initiator,
    REASON: r.reason,
    STATE: r.state,
    CHANNEL: r.channel,
    AMOUNT: r.amount,
    RULE: r.rule,
    BLOCKED_REASONS: r.blockedReasons,
    REFUND_ACCOUNT: account
      ? {
          BANK_CODE: account.bankCode ?? null,
          ACCOUNT_NUMBER: account.accountNumber ?? null,
          HOLDER: account.holder ?? null,
        }
      : null,
    NOTE: r.gatewayNote,
    CREATED_AT: r.createdAt.toISOString(),
    DECIDED_AT: r.decidedAt?.toISOString() ?? null,
    DECIDED_BY_USER_NO: r.decidedByUserId,
    RETURN_REASON: r.returnReason,
    DEDUCTIONS: deductions.map((d) => ({
      KIND: d.kind,
      PAYMENT_ITEM_ID: d.paymentItemId,
      RULE_AMOUNT: d.ruleAmount,
      AMOUNT: d.amount,
      EXPLANATION: d.explanation,
    })),
  };
}

/** `refundRequestResponse` of each row with its deductions (one query for all). */
async function responsesOf(deps: RefundsDeps, rows: readonly RefundRequestRow[]) {
  const deductions = await findRefundDeductionsOf(
    deps.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => refundRequestResponse(r, deductions.get(r.id) ?? []));
}

export async function refundsMainRoutes(
  app: FastifyInstance,
  opts: { deps: RefundsDeps },
): Promise<void> {
  const { deps } = opts;
  declareRouteSchemas(app, ROUTE_SCHEMAS);

  app.post("/admin/refund_requests", { preHandler: app.requireAuth }, async (request, reply) => {
    const input = parseBody(listInput, request);
    const rows = await listRefundRequests(deps, request.auth!, {
      state: input.STATE,
      limit: input.LIMIT,
    });
    reply.header("cache-control", "no-store");
    return success({ REFUND_REQUESTS: await responsesOf(deps, rows) });
  });

  app.post(
    "/admin/refund_requests/decide",
    { preHandler: app.requireAuth },
    async (request, reply) => {
      const input = parseBody(decideInput, request);
      const row = await decideRefundRequest(
        deps,
        request.auth!,
        {
          refundRequestId: input.REFUND_REQUEST_ID,
          decision: input.DECISION,
          amount: input.AMOUNT ?? null,
          note: input.NOTE ?? null,
        },
        request.id,
      );
      reply.header("cache-control", "no-store");
      return success({ REFUND_REQUEST: (await responsesOf(deps, [row]))[0]! });
    },
  );

  app.post(
    "/admin/refund_requests/settle",
    { preHandler: app.requireAuth },
    async (request, reply) => {
      const input = parseBody(settleInput, request);
      const row = await settleRefundRequestByStaff(deps, request.auth!, input.REFUND_REQUEST_ID);
      reply.header("cache-control", "no-store");
      return success({ REFUND_REQUEST: (await responsesOf(deps, [row]))[0]! });
    },
  );
}
