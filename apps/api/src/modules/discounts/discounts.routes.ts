/**
 * Discounts REST calls on the main backend (docs/api/discounts.md; issue #18).
 * - POST /main/referral_code — `{ USER_NO? }` (default: the caller); Bearer required; the
 *   student, a linked parent or staff. Answers `{ REFERRAL_CODE, FRIENDS_JOINED, REWARDS_LEFT,
 *   DISCOUNT_WON }`; the code is issued on first ask.
 * - POST /main/Discount_Table — the precedence table of packages/domain (DISCOUNT_TABLE) with
 *   the delivery and penalty rules, for the cart and the docs. Anonymous.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Database } from "@seoltab/db";
import {
  DELIVERY_FEE_WON,
  DISCOUNT_TABLE,
  FREE_DELIVERY_FROM_WON,
  FREE_RENTAL_MIN_MONTHS,
  FREE_RENTAL_PENALTY_PER_MONTH_WON,
  REFERRAL_DISCOUNT_WON,
  RETURN_DELIVERY_FEE_WON,
  TWELVE_MONTH_POLICY_NAME,
} from "@seoltab/domain";
import { AppError } from "../../errors.ts";
import { parseBody } from "../../rest/rest-backend.ts";
import { declareRouteSchemas, restSchema } from "../../rest/route-schema.ts";
import { success } from "../../rest/envelope.ts";
import { mayActFor } from "../accounts/accounts.public.ts";
import { referralSummary } from "./discounts.service.ts";

const referralCodeInput = z.strictObject({
  USER_NO: z
    .number({ error: "USER_NO 는 숫자여야 해요." })
    .int({ error: "USER_NO 는 정수여야 해요." })
    .positive({ error: "USER_NO 가 올바르지 않아요." })
    .optional(),
});

const emptyInput = z.strictObject({});

const referralCodeOutput = z.object({
  REFERRAL_CODE: z.string(),
  FRIENDS_JOINED: z.number().int().nonnegative(),
  REWARDS_LEFT: z.number().int().nonnegative(),
  DISCOUNT_WON: z.number().int().nonnegative().describe("won a friend's code takes off"),
});

const discountTableOutput = z.object({
  DISCOUNTS: z.array(
    z.object({
      STEP: z.number().int(),
      KIND: z.string().nullable(),
      NAME: z.string(),
      DISCOUNT_TYPE: z.string().nullable(),
      VALUE: z.number().nullable(),
      TARGET: z.string(),
      CONDITION: z.string(),
    }),
  ),
  DELIVERY: z.object({
    DELIVERY_FEE: z.number().int(),
    FREE_DELIVERY_FROM: z.number().int(),
    DELIVERY_FEE_FOR_REFUND: z.number().int(),
  }),
  PENALTY: z.object({ MIN_MONTHS: z.number().int(), PER_MONTH_SHORT: z.number().int() }),
});

const tag = "discounts";

/** The wire contract of each call (rest/route-schema.ts; docs/api/openapi.json). */
const ROUTE_SCHEMAS = {
  "POST /referral_code": restSchema({
    summary: "추천 코드와 가입한 친구 수 (학생, 연결된 보호자, 직원)",
    tag,
    bearer: true,
    body: referralCodeInput,
    response: referralCodeOutput,
  }),
  "POST /Discount_Table": restSchema({
    summary: "할인 적용 순서표와 배송비·위약금 규칙 (익명)",
    tag,
    body: emptyInput,
    response: discountTableOutput,
  }),
} as const;

/** The table as sent: step 1 and 2 (12-month, sales methods) first, then DISCOUNT_TABLE. */
export const DISCOUNT_TABLE_RESPONSE = {
  DISCOUNTS: [
    {
      STEP: 1,
      KIND: null,
      NAME: TWELVE_MONTH_POLICY_NAME,
      DISCOUNT_TYPE: "PERCENT",
      VALUE: 5,
      TARGET: "12개월로 산 수업 줄",
      CONDITION: "수업을 12개월로 결제할 때",
    },
    {
      STEP: 2,
      KIND: null,
      NAME: "판매 정책 (BASE_/USER_SALES_METHOD_WITH_POLICIES)",
      DISCOUNT_TYPE: null,
      VALUE: null,
      TARGET: "정책이 정한 수업·기기 줄",
      CONDITION: "정책의 개월 수와 상품 종류가 맞을 때",
    },
    ...DISCOUNT_TABLE.map((r) => ({
      STEP: r.step,
      KIND: r.kind,
      NAME: r.name,
      DISCOUNT_TYPE: r.discountType,
      VALUE: r.value,
      TARGET: r.target,
      CONDITION: r.condition,
    })),
  ],
  DELIVERY: {
    DELIVERY_FEE: DELIVERY_FEE_WON,
    FREE_DELIVERY_FROM: FREE_DELIVERY_FROM_WON,
    DELIVERY_FEE_FOR_REFUND: RETURN_DELIVERY_FEE_WON,
  },
  PENALTY: {
    MIN_MONTHS: FREE_RENTAL_MIN_MONTHS,
    PER_MONTH_SHORT: FREE_RENTAL_PENALTY_PER_MONTH_WON,
  },
};

export async function discountsRoutes(app: FastifyInstance, opts: { db: Database }): Promise<void> {
  declareRouteSchemas(app, ROUTE_SCHEMAS);
  app.post("/referral_code", { preHandler: app.requireAuth }, async (request, reply) => {
    const input = parseBody(referralCodeInput, request);
    const caller = request.auth!;
    const userId = input.USER_NO ?? caller.userNo;
    if (!(await mayActFor(opts.db, caller, userId))) {
      throw new AppError("forbidden", "not_your_user", "다른 사람의 추천 코드는 볼 수 없어요.");
    }
    const summary = await referralSummary(opts.db, userId);
    reply.header("cache-control", "no-store");
    return success({
      REFERRAL_CODE: summary.code,
      FRIENDS_JOINED: summary.friendsJoined,
      REWARDS_LEFT: summary.rewardsLeft,
      DISCOUNT_WON: REFERRAL_DISCOUNT_WON,
    });
  });

  app.post("/Discount_Table", async (request) => {
    parseBody(emptyInput.optional().default({}), request);
    return success(DISCOUNT_TABLE_RESPONSE);
  });
}
