/**
 * Discounts REST calls on the main backend (docs/api/discounts.md; issue #18).
 * - POST /main/referral_code — `{ USER_NO? }` (default: the caller); Bearer required; the
 *   student, a linked parent or staff. Answers `{ REFERRAL_CODE, FRIENDS_JOINED, REWARDS_LEFT,
 *   DISCOUNT_WON }`; the code is issued on first ask.
 * - POST /main/Discount_Table — the precedence table of packages/domain (DISCOUNT_TABLE) with
 *   the delivery and penalty rules, for the cart and the docs. Anonymous.
 * - POST /main/admin/sales_policies — every sales method with its policies and the base
 *   ACTIVE_LECTURE_SALES_METHODS (`{ id, to_sales_method_no, policy11, policy9 }`); staff.
 * - POST /main/admin/sales_policies/create — ADMIN adds a policy to a method (refused when it
 *   would make a line negative; 409 for a second active policy of the same name); audited.
 * - POST /main/admin/sales_policies/deactivate — ADMIN turns a policy off (idempotent); audited.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Database } from "@seoltab/db";
import {
  DISCOUNT_KINDS,
  POLICY_DEVICE_GENERATIONS,
  SALES_POLICY_ITEM_KINDS,
  SALES_POLICY_NAME_MAX,
  type SalesMethodRecord,
  type SalesPolicyRecord,
  type SalesPolicyShape,
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
import {
  createSalesPolicy,
  deactivateSalesPolicy,
  requireSalesPolicyRole,
  salesPolicyConsole,
} from "./sales-policies.service.ts";

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

// ---- the sales-policy console (issue #18) ---------------------------------------------------

const reasonInput = z
  .string({ error: "사유를 입력해 주세요." })
  .trim()
  .min(2, { error: "사유를 두 글자 이상 입력해 주세요." })
  .max(200, { error: "사유는 200자까지 적을 수 있어요." });

const idInput = (field: string) =>
  z
    .number({ error: `${field} 는 숫자여야 해요.` })
    .int({ error: `${field} 는 정수여야 해요.` })
    .min(1, { error: `${field} 가 올바르지 않아요.` })
    .max(2_147_483_647, { error: `${field} 가 올바르지 않아요.` });

export const salesPolicyCreateInput = z.strictObject({
  SALES_METHOD_ID: idInput("SALES_METHOD_ID"),
  NAME: z
    .string({ error: "정책 이름을 입력해 주세요." })
    .trim()
    .min(2, { error: "정책 이름을 두 글자 이상 입력해 주세요." })
    .max(SALES_POLICY_NAME_MAX, { error: `정책 이름은 ${SALES_POLICY_NAME_MAX}자까지예요.` }),
  DISCOUNT_KIND: z.enum(DISCOUNT_KINDS, { error: "DISCOUNT_KIND 가 올바르지 않아요." }),
  DISCOUNT_TYPE: z.enum(["AMOUNT", "PERCENT"], {
    error: "DISCOUNT_TYPE 은 AMOUNT 또는 PERCENT 여야 해요.",
  }),
  VALUE: z
    .number({ error: "할인 값은 숫자여야 해요." })
    .int({ error: "할인 값은 정수여야 해요." })
    .describe("won for AMOUNT, whole percent for PERCENT"),
  MONTHS: z
    .number({ error: "개월 수는 숫자여야 해요." })
    .int({ error: "개월 수는 정수여야 해요." })
    .min(1, { error: "개월 수는 1 이상이어야 해요." })
    .max(36, { error: "개월 수는 36 이하여야 해요." })
    .nullable()
    .optional()
    .describe("only lectures bought for exactly this many months in all; null = any"),
  ITEM_KIND: z.enum(SALES_POLICY_ITEM_KINDS, {
    error: "ITEM_KIND 는 LECTURE 또는 DEVICE 여야 해요.",
  }),
  DEVICE_GEN: z
    .enum(POLICY_DEVICE_GENERATIONS, { error: "DEVICE_GEN 은 9 또는 11 이어야 해요." })
    .nullable()
    .optional()
    .describe("policy9 / policy11: only NEW tablets of this generation"),
  REASON: reasonInput,
});

export const salesPolicyDeactivateInput = z.strictObject({
  POLICY_ID: idInput("POLICY_ID"),
  REASON: reasonInput,
});

const policyShapeOutput = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  discountKind: z.string().nullable(),
  discountType: z.enum(["AMOUNT", "PERCENT"]),
  value: z.number().int().describe("won for AMOUNT, whole percent for PERCENT"),
  months: z.number().int().nullable(),
  itemKind: z.string().nullable(),
  deviceGen: z.string().nullable(),
});

const policyOutput = z.strictObject({
  ID: z.number().int(),
  SALES_METHOD_ID: z.number().int(),
  NAME: z.string(),
  DISCOUNT_KIND: z.string().nullable(),
  DISCOUNT_TYPE: z.enum(["AMOUNT", "PERCENT"]),
  VALUE: z.number().int(),
  MONTHS: z.number().int().nullable(),
  ITEM_KIND: z.string().nullable(),
  DEVICE_GEN: z.string().nullable(),
  IS_ACTIVE: z.boolean(),
});

const salesPoliciesOutput = z.strictObject({
  SALES_METHODS: z.array(
    z.strictObject({
      ID: z.number().int(),
      NAME: z.string(),
      USER_NO: z.number().int().nullable().describe("null = a base method (everyone)"),
      IS_ACTIVE: z.boolean(),
      TO_SALES_METHOD_NO: z.number().int().nullable(),
      CONVERSION_ONLY: z.boolean(),
      POLICIES: z.array(policyOutput),
    }),
  ),
  ACTIVE_LECTURE_SALES_METHODS: z.array(
    z.strictObject({
      id: z.number().int(),
      to_sales_method_no: z.number().int().nullable(),
      policy11: policyShapeOutput.nullable(),
      policy9: policyShapeOutput.nullable(),
    }),
  ),
});

function policyWire(methodId: number, p: SalesPolicyRecord) {
  return {
    ID: p.id,
    SALES_METHOD_ID: methodId,
    NAME: p.name,
    DISCOUNT_KIND: p.discountKind,
    DISCOUNT_TYPE: p.discountType,
    VALUE: p.value,
    MONTHS: p.months,
    ITEM_KIND: p.itemKind,
    DEVICE_GEN: p.deviceGen,
    IS_ACTIVE: p.isActive,
  };
}

function methodWire(m: SalesMethodRecord) {
  return {
    ID: m.id,
    NAME: m.name,
    USER_NO: m.userId,
    IS_ACTIVE: m.isActive,
    TO_SALES_METHOD_NO: m.toSalesMethodNo,
    CONVERSION_ONLY: m.conversionOnly,
    POLICIES: m.policies.map((p) => policyWire(m.id, p)),
  };
}

/** A stored policy row as the console answers it. */
function rowWire(row: {
  id: number;
  salesMethodId: number;
  name: string;
  discountKind: string;
  discountType: string;
  value: number;
  months: number | null;
  itemKind: string | null;
  deviceGen: string | null;
  isActive: boolean;
}) {
  return policyWire(row.salesMethodId, {
    ...row,
    discountType: row.discountType === "AMOUNT" ? "AMOUNT" : "PERCENT",
  });
}

/** `policy11` / `policy9` as sent (SalesPolicyShape, camelCase like the catalog's policies). */
function shapeWire(p: SalesPolicyShape | null) {
  return p && { ...p };
}

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
  "POST /admin/sales_policies": restSchema({
    summary: "판매 방식과 정책, 수업 판매 방식의 전환(policy11, policy9) 목록 (직원)",
    tag,
    bearer: true,
    body: emptyInput,
    response: salesPoliciesOutput,
  }),
  "POST /admin/sales_policies/create": restSchema({
    summary: "판매 정책 만들기 (ADMIN; 결제 금액을 0원 아래로 만드는 할인은 거절)",
    tag,
    bearer: true,
    body: salesPolicyCreateInput,
    response: z.strictObject({ POLICY: policyOutput }),
  }),
  "POST /admin/sales_policies/deactivate": restSchema({
    summary: "판매 정책 끄기 (ADMIN; 이미 꺼졌으면 그대로)",
    tag,
    bearer: true,
    body: salesPolicyDeactivateInput,
    response: z.strictObject({ POLICY: policyOutput, CHANGED: z.boolean() }),
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

  app.post("/admin/sales_policies", { preHandler: app.requireAuth }, async (request, reply) => {
    const { methods, activeLecture } = await salesPolicyConsole(opts.db, request.auth!);
    parseBody(emptyInput.optional().default({}), request);
    reply.header("cache-control", "no-store");
    return success({
      SALES_METHODS: methods.map(methodWire),
      ACTIVE_LECTURE_SALES_METHODS: activeLecture.map((m) => ({
        id: m.id,
        to_sales_method_no: m.to_sales_method_no,
        policy11: shapeWire(m.policy11),
        policy9: shapeWire(m.policy9),
      })),
    });
  });

  app.post("/admin/sales_policies/create", { preHandler: app.requireAuth }, async (request) => {
    // The caller is refused before the body is judged.
    requireSalesPolicyRole(request.auth!, "sales_policy.manage");
    const input = parseBody(salesPolicyCreateInput, request);
    const row = await createSalesPolicy(
      opts.db,
      request.auth!,
      {
        salesMethodId: input.SALES_METHOD_ID,
        reason: input.REASON,
        draft: {
          name: input.NAME,
          discountKind: input.DISCOUNT_KIND,
          discountType: input.DISCOUNT_TYPE,
          value: input.VALUE,
          months: input.MONTHS ?? null,
          itemKind: input.ITEM_KIND,
          deviceGen: input.DEVICE_GEN ?? null,
        },
      },
      request.id,
    );
    return success({ POLICY: rowWire(row) });
  });

  app.post("/admin/sales_policies/deactivate", { preHandler: app.requireAuth }, async (request) => {
    requireSalesPolicyRole(request.auth!, "sales_policy.manage");
    const input = parseBody(salesPolicyDeactivateInput, request);
    const { policy, changed } = await deactivateSalesPolicy(
      opts.db,
      request.auth!,
      { policyId: input.POLICY_ID, reason: input.REASON },
      request.id,
    );
    return success({ POLICY: rowWire(policy), CHANGED: changed });
  });
}
