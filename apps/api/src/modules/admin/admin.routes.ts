/**
 * The operations console on the main backend (issue 16; docs/api/admin.md): POST
 * `/main/admin/console/*`, ONUEI_RES envelope, Bearer token of ADMIN or SALES_TEAM, strict bodies
 * (unknown fields: 400). Handlers are thin: parse, call the service, map to UPPER_SNAKE.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  ADMIN_SEARCH_MAX_LENGTH,
  TIMELINE_KINDS,
  actionsOf,
  maskCardNumber,
} from "@seoltab/domain/admin";
import { declareRouteSchemas, restSchema } from "../../rest/route-schema.ts";
import {
  consoleRoutes,
  idField as id,
  idempotencyKeyField as idempotencyKey,
  reasonCodeField as reasonCode,
  reasonField as reason,
} from "./admin.http.ts";
import {
  addNote,
  decideRefund,
  familyPage,
  paymentPage,
  queueLists,
  queues,
  recordCash,
  refundPayment,
  refundQueue,
  requireConsole,
  searchConsole,
  type AdminDeps,
} from "./admin.service.ts";

export const searchInput = z.strictObject({
  QUERY: z
    .string({ error: "검색어를 입력해 주세요." })
    .trim()
    .min(1, { error: "검색어를 입력해 주세요." })
    .max(ADMIN_SEARCH_MAX_LENGTH, {
      error: `검색어는 ${ADMIN_SEARCH_MAX_LENGTH}자까지 입력할 수 있어요.`,
    }),
  CURSOR: z.string().max(200).optional(),
  LIMIT: z.number().int().min(1).max(50).default(20),
});

export const familyInput = z.strictObject({
  USER_NO: id("USER_NO"),
  KINDS: z
    .array(z.enum(TIMELINE_KINDS, { error: "KINDS 가 올바르지 않아요." }))
    .max(9)
    .optional(),
});

export const paymentInput = z.strictObject({ PAYMENT_ID: id("PAYMENT_ID") });

const refundAccountInput = z.strictObject({
  BANK_CODE: z.string().regex(/^\d{3}$/, { error: "은행 코드는 숫자 3자리예요." }),
  ACCOUNT_NUMBER: z.string().regex(/^\d{6,20}$/, { error: "계좌번호는 숫자 6~20자리예요." }),
  HOLDER: z.string().trim().min(1).max(30),
});

/**
 * CARD: a gateway cancel (card payments); BANK: to REFUND_ACCOUNT — for a card payment a staff
 * bank transfer instead of a cancel (decision 022). Absent: the payment's own channel.
 */
const refundChannel = z
  .enum(["CARD", "BANK"], { error: "CHANNEL 은 CARD 또는 BANK 여야 해요." })
  .optional();

export const refundInput = z.strictObject({
  IDEMPOTENCY_KEY: idempotencyKey,
  PAYMENT_ID: id("PAYMENT_ID"),
  PAYMENT_ITEM_IDS: z.array(id("PAYMENT_ITEM_IDS")).min(1).max(20).optional(),
  AMOUNT: z
    .number({ error: "AMOUNT 는 숫자(원)여야 해요." })
    .int({ error: "AMOUNT 는 원 단위 정수여야 해요." })
    .min(1, { error: "환불 금액은 1원 이상이어야 해요." })
    .max(100_000_000, { error: "환불 금액이 너무 커요." }),
  REASON_CODE: reasonCode,
  REASON: reason,
  CHANNEL: refundChannel,
  REFUND_ACCOUNT: refundAccountInput.optional(),
});

export const decideInput = z.strictObject({
  IDEMPOTENCY_KEY: idempotencyKey,
  REFUND_REQUEST_ID: id("REFUND_REQUEST_ID"),
  DECISION: z.enum(["APPROVE", "REJECT"], { error: "DECISION 은 APPROVE 또는 REJECT 여야 해요." }),
  AMOUNT: z.number().int().min(1).max(100_000_000).optional(),
  REASON_CODE: reasonCode,
  REASON: reason,
  CHANNEL: refundChannel,
  REFUND_ACCOUNT: refundAccountInput.optional(),
});

export const cashInput = z.strictObject({
  IDEMPOTENCY_KEY: idempotencyKey,
  USER_NO: id("USER_NO"),
  ITEMS: z
    .array(
      z.strictObject({
        id: id("id"),
        lecture_multiple: z.number().int().min(1).max(12).default(1),
      }),
    )
    .min(1, { error: "주문할 상품을 선택해 주세요." })
    .max(20),
  /**
   * The amount (won) the page showed before staff confirmed (Cart_Price); a different server
   * price is refused (409 `price_changed`, nothing recorded).
   */
  EXPECTED_PAID_PRICE: z.number().int().min(0).max(100_000_000).optional(),
  RECEIPT: z.discriminatedUnion("TYPE", [
    z.strictObject({ TYPE: z.literal("NONE") }),
    z.strictObject({
      TYPE: z.literal("INCOME_DEDUCTION"),
      NUMBER: z.string().regex(/^01\d{8,9}$/, { error: "휴대폰 번호(숫자만)를 입력해 주세요." }),
    }),
    z.strictObject({
      TYPE: z.literal("EXPENSE_PROOF"),
      NUMBER: z.string().regex(/^\d{10}$/, { error: "사업자등록번호 10자리를 입력해 주세요." }),
    }),
  ]),
  REASON_CODE: reasonCode,
  REASON: reason,
});

export const noteInput = z.strictObject({
  IDEMPOTENCY_KEY: idempotencyKey,
  USER_NO: id("USER_NO"),
  BODY: z
    .string()
    .trim()
    .min(1, { error: "메모를 입력해 주세요." })
    .max(2000, { error: "메모는 2000자까지 적을 수 있어요." }),
});

// ---- wire contract (rest/route-schema.ts; docs/api/openapi.json; docs/api/admin.md) -----------

const refundQueueInput = z.strictObject({ LIMIT: z.number().int().min(1).max(100).default(50) });
const emptyInput = z.strictObject({});

const int = z.number().int();
const isoText = z.string().describe("ISO 8601 instant");
/** A service record with its keys in UPPER_SNAKE (docs/api/admin.md lists the fields). */
const upperRecord = z
  .record(z.string(), z.unknown())
  .describe("the record with UPPER_SNAKE keys (docs/api/admin.md)");

const personOutput = z.object({
  USER_NO: int,
  USER_NAME: z.string(),
  EMAIL_ID: z.string(),
  USER_TYPE: z.string(),
  PHONE: z.string().nullable(),
  PARENT_PHONE: z.string().nullable(),
  GRADE: z.string().nullable(),
  CREATED_AT: isoText.nullable(),
});

const meOutput = z.object({ USER_NO: int, ROLE: z.string(), ACTIONS: z.array(z.string()) });

const searchOutput = z.object({
  HITS: z.array(
    z.object({
      KIND: z.string(),
      ID: z.union([int, z.string()]),
      AT: isoText,
      MATCHED_KEYS: z.array(z.string()),
      MATCHED: z.array(z.string()),
      PAYMENT: z
        .object({
          PAYMENT_ID: int,
          NAME: z.string(),
          STATE: z.string(),
          PAYMENT_METHOD: z.string(),
          PAID_PRICE: int,
          REFUNDED_AMOUNT: int,
          MERCHANT_UID: z.string(),
          IMP_UID: z.string().nullable(),
          CARD_NUMBER: z.string().nullable().describe("masked"),
          CARD_COMPANY: z.string().nullable(),
          USER_NO: int,
          USER_NAME: z.string().nullable(),
          CREATED_AT: isoText,
        })
        .nullable(),
      USER: personOutput.nullable(),
    }),
  ),
  NEXT_CURSOR: z.string().nullable(),
  DIRECT: z.object({ KIND: z.string(), ID: z.union([int, z.string()]) }).nullable(),
});

const familyOutput = z.object({
  USER: personOutput,
  MEMBERS: z.array(personOutput),
  TIMELINE: z.array(
    z.object({
      KIND: z.string(),
      KEY: z.string(),
      AT: isoText,
      TITLE: z.string(),
      DETAIL: z.string().nullable(),
      STATE: z.string().nullable(),
      USER_NO: int.nullable(),
      PAYMENT_ID: int.nullable(),
      LECTURE_ID: int.nullable(),
    }),
  ),
});

const paymentPageOutput = z.object({
  PAYMENT: z.object({
    PAYMENT_ID: int,
    NAME: z.string(),
    STATE: z.string(),
    PAYMENT_METHOD: z.string(),
    INITIATOR: z.string().nullable(),
    PRODUCTS_PRICE: int,
    DISCOUNTED_VALUE: int,
    PAID_PRICE: int,
    REFUNDED_AMOUNT: int,
    BALANCE: int,
    MERCHANT_UID: z.string(),
    IMP_UID: z.string().nullable(),
    RECEIPT_URL: z.string().nullable(),
    FAIL_REASON: z.string().nullable(),
    MEMO: z.string().nullable(),
    VIRTUAL_ACCOUNT: z.record(z.string(), z.unknown()).nullable(),
    SUBSCRIPTION_ID: int.nullable(),
    CREATED_AT: isoText,
    COMPLETED_AT: isoText.nullable(),
  }),
  USER: personOutput,
  CARD: z
    .object({
      NUMBER: z.string().nullable(),
      COMPANY: z.string().nullable(),
      NAME: z.string().nullable(),
      CARD_TYPE: z.string().nullable(),
    })
    .nullable(),
  ITEMS: z.array(
    z.object({
      PAYMENT_ITEM_ID: int,
      NAME: z.string(),
      ITEM_KIND: z.string(),
      MONTHS: int.nullable(),
      PAID_PRICE: int,
      REFUNDED_AMOUNT: int,
      STATE: z.string().nullable().describe("null until the payment is PAID (SPEC.md §4 set one)"),
    }),
  ),
  HISTORY: z.array(
    z.object({
      PAYMENT_ITEM_ID: int.nullable(),
      FROM: z.string().nullable(),
      TO: z.string(),
      INITIATOR: z.string().nullable(),
      ACTOR_USER_NO: int.nullable(),
      REASON: z.string().nullable(),
      AT: isoText,
    }),
  ),
  REFUNDS: z.array(
    z.object({
      REFUND_REQUEST_ID: int,
      STATE: z.string(),
      CHANNEL: z.string().nullable(),
      AMOUNT: int.nullable(),
      RULE: z.string().nullable(),
      REASON: z.string().nullable(),
      NOTE: z.string().nullable(),
      REFUND_ACCOUNT: z
        .object({
          BANK_CODE: z.string().nullable(),
          HOLDER: z.string().nullable(),
          ACCOUNT_NUMBER: z.string().describe("masked but the last 4 digits"),
          TRANSFER: z.enum(["STAFF", "GATEWAY"]),
        })
        .nullable(),
      PAYMENT_ITEM_IDS: z.array(int).nullable(),
      CREATED_AT: isoText,
      DECIDED_AT: isoText.nullable(),
    }),
  ),
  QUOTE: z
    .object({
      REFUNDABLE_AMOUNT: int,
      RULE: z.string(),
      EXPLANATION: z.string(),
      CHANNEL: z.string(),
      REFUND_ACCOUNT_REQUIRED: z.boolean(),
      REASONS: z.array(z.unknown()),
      ITEMS: z.array(
        z.object({
          PAYMENT_ITEM_ID: int,
          AMOUNT: int,
          RULE: z.string(),
          EXPLANATION: z.string(),
        }),
      ),
    })
    .nullable(),
  ACTIONS: z.array(
    z.object({ ACTION: z.string(), ALLOWED: z.boolean(), WHY: z.string().nullable() }),
  ),
});

const queuesOutput = z.object({
  QUEUES: z.array(upperRecord),
  FAILED_RENEWALS: z.array(
    z.object({
      SUBSCRIPTION_ID: int,
      USER_NO: int,
      USER_NAME: z.string().nullable(),
      NAME: z.string(),
      STATUS: z.string(),
      FAILED_ATTEMPTS: int,
      NEXT_CHARGE_AT: isoText,
      RENEWAL_AMOUNT: int,
    }),
  ),
  AWAITING_DEPOSITS: z.array(
    z.object({
      PAYMENT_ID: int,
      IMP_UID: z.string().nullable().describe("the account's gateway id (vbank_reissue asks it)"),
      USER_NO: int,
      USER_NAME: z.string().nullable(),
      NAME: z.string(),
      PAID_PRICE: int,
      BANK_NAME: z.string().nullable(),
      DUE_AT: z.string().nullable(),
      CREATED_AT: isoText,
    }),
  ),
});

const tag = "admin";
const consoleSchema = (
  summary: string,
  body: z.ZodType,
  response: z.ZodType,
): ReturnType<typeof restSchema> => restSchema({ summary, tag, bearer: true, body, response });

/** The wire contract of each console call (ADMIN or SALES_TEAM; decision 022). */
const ROUTE_SCHEMAS = {
  "POST /admin/console/me": consoleSchema("콘솔 사용자와 할 수 있는 작업", emptyInput, meOutput),
  "POST /admin/console/search": consoleSchema(
    "통합 검색 (사람, 결제, 주문번호)",
    searchInput,
    searchOutput,
  ),
  "POST /admin/console/family": consoleSchema("가족 화면과 타임라인", familyInput, familyOutput),
  "POST /admin/console/payment": consoleSchema(
    "결제 상세 (항목, 이력, 환불, 환불 견적, 작업)",
    paymentInput,
    paymentPageOutput,
  ),
  "POST /admin/console/refund_queue": consoleSchema(
    "처리할 환불 요청 목록",
    refundQueueInput,
    z.object({ REFUND_REQUESTS: z.array(upperRecord) }),
  ),
  "POST /admin/console/refund": consoleSchema(
    "직원 환불 (멱등 키, 사유 필수)",
    refundInput,
    z.object({ REFUND_REQUEST: upperRecord, BEFORE: upperRecord, AFTER: upperRecord }),
  ),
  "POST /admin/console/refund_decide": consoleSchema(
    "환불 요청 승인·거절",
    decideInput,
    z.object({ REFUND_REQUEST: upperRecord }),
  ),
  "POST /admin/console/cash": consoleSchema("현금 결제 기록", cashInput, upperRecord),
  "POST /admin/console/notes": consoleSchema("가족 메모 남기기", noteInput, upperRecord),
  "POST /admin/console/queues": consoleSchema(
    "업무 대기열 (건수, 갱신 실패, 입금 대기)",
    emptyInput,
    queuesOutput,
  ),
} as const;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

function personView(p: {
  id: number;
  name: string;
  email: string;
  userType: string;
  phone: string | null;
  parentPhone?: string | null;
  grade?: string | null;
  createdAt?: Date;
}) {
  return {
    USER_NO: p.id,
    USER_NAME: p.name,
    EMAIL_ID: p.email,
    USER_TYPE: p.userType,
    PHONE: p.phone,
    PARENT_PHONE: p.parentPhone ?? null,
    GRADE: p.grade ?? null,
    CREATED_AT: iso(p.createdAt),
  };
}

export async function adminMainRoutes(
  app: FastifyInstance,
  opts: { deps: AdminDeps },
): Promise<void> {
  const { deps } = opts;
  declareRouteSchemas(app, ROUTE_SCHEMAS);
  const { action } = consoleRoutes(app);

  action("/me", emptyInput, async (_input, caller) => {
    requireConsole(caller, "queues.read");
    return { USER_NO: caller.userNo, ROLE: caller.userType, ACTIONS: actionsOf(caller.userType) };
  });

  action("/search", searchInput, async (input, caller, requestId) => {
    const page = await searchConsole(
      deps,
      caller,
      { query: input.QUERY, cursor: input.CURSOR ?? null, limit: input.LIMIT },
      requestId,
    );
    return {
      HITS: page.hits.map((h) => ({
        KIND: h.kind,
        ID: h.id,
        AT: h.at.toISOString(),
        MATCHED_KEYS: h.keys,
        MATCHED: h.reasons,
        PAYMENT: h.payment
          ? {
              PAYMENT_ID: h.payment.payment.id,
              NAME: h.payment.payment.name,
              STATE: h.payment.payment.state,
              PAYMENT_METHOD: h.payment.payment.paymentMethod,
              PAID_PRICE: h.payment.payment.paidPrice,
              REFUNDED_AMOUNT: h.payment.payment.refundedAmount,
              MERCHANT_UID: h.payment.payment.merchantUid,
              IMP_UID: h.payment.payment.gatewayPaymentId,
              CARD_NUMBER: maskCardNumber(h.payment.cardNumber),
              CARD_COMPANY: h.payment.cardCompany,
              USER_NO: h.payment.payment.userId,
              USER_NAME: h.payment.userName,
              CREATED_AT: h.payment.payment.createdAt.toISOString(),
            }
          : null,
        USER: h.person ? personView(h.person) : null,
      })),
      NEXT_CURSOR: page.nextCursor,
      DIRECT: page.direct ? { KIND: page.direct.kind, ID: page.direct.id } : null,
    };
  });

  action("/family", familyInput, async (input, caller) => {
    const page = await familyPage(deps, caller, input.USER_NO, input.KINDS ?? null);
    return {
      USER: personView(page.self),
      MEMBERS: page.members.map(personView),
      TIMELINE: page.timeline.map((e) => ({
        KIND: e.kind,
        KEY: e.key,
        AT: e.at.toISOString(),
        TITLE: e.title,
        DETAIL: e.detail,
        STATE: e.state,
        USER_NO: e.userId,
        PAYMENT_ID: e.paymentId,
        LECTURE_ID: e.lectureId,
      })),
    };
  });

  action("/payment", paymentInput, async (input, caller) => {
    const page = await paymentPage(deps, caller, input.PAYMENT_ID);
    const p = page.payment;
    return {
      PAYMENT: {
        PAYMENT_ID: p.id,
        NAME: p.name,
        STATE: p.state,
        PAYMENT_METHOD: p.paymentMethod,
        INITIATOR: p.initiator,
        PRODUCTS_PRICE: p.productsPrice,
        DISCOUNTED_VALUE: p.discountedValue,
        PAID_PRICE: p.paidPrice,
        REFUNDED_AMOUNT: p.refundedAmount,
        BALANCE: page.balance,
        MERCHANT_UID: p.merchantUid,
        IMP_UID: p.gatewayPaymentId,
        RECEIPT_URL: p.receiptUrl,
        FAIL_REASON: p.failReason,
        MEMO: p.memo,
        VIRTUAL_ACCOUNT: p.virtualAccount ?? null,
        SUBSCRIPTION_ID: p.subscriptionId,
        CREATED_AT: p.createdAt.toISOString(),
        COMPLETED_AT: iso(p.completedAt),
      },
      USER: personView(page.user),
      CARD: page.card
        ? {
            NUMBER: page.card.numberMasked,
            COMPANY: page.card.companyName,
            NAME: page.card.name,
            CARD_TYPE: page.card.cardType,
          }
        : null,
      ITEMS: page.items.map((i) => ({
        PAYMENT_ITEM_ID: i.id,
        NAME: i.name,
        ITEM_KIND: i.itemKind,
        MONTHS: i.months,
        PAID_PRICE: i.paidPrice,
        REFUNDED_AMOUNT: i.refundedAmount,
        STATE: i.state,
      })),
      HISTORY: page.transitions.map((t) => ({
        PAYMENT_ITEM_ID: t.paymentItemId,
        FROM: t.fromState,
        TO: t.toState,
        INITIATOR: t.initiator,
        ACTOR_USER_NO: t.actorUserId,
        REASON: t.reason,
        AT: t.createdAt.toISOString(),
      })),
      REFUNDS: page.refunds.map((r) => ({
        REFUND_REQUEST_ID: r.id,
        STATE: r.state,
        CHANNEL: r.channel,
        AMOUNT: r.amount,
        RULE: r.rule,
        REASON: r.reason,
        NOTE: r.gatewayNote,
        REFUND_ACCOUNT: refundAccountView(r.refundAccount),
        PAYMENT_ITEM_IDS: r.paymentItemIds,
        CREATED_AT: r.createdAt.toISOString(),
        DECIDED_AT: iso(r.decidedAt),
      })),
      QUOTE: page.quote
        ? {
            REFUNDABLE_AMOUNT: page.quote.refundableAmount,
            RULE: page.quote.rule,
            EXPLANATION: page.quote.explanation,
            CHANNEL: page.quote.channel,
            REFUND_ACCOUNT_REQUIRED: page.quote.refundAccountRequired,
            REASONS: page.quote.reasons,
            ITEMS: page.quote.items.map((a) => ({
              PAYMENT_ITEM_ID: a.item.id,
              AMOUNT: a.amount,
              RULE: a.rule,
              EXPLANATION: a.explanation,
            })),
          }
        : null,
      ACTIONS: page.actions.map((a) => ({ ACTION: a.action, ALLOWED: a.allowed, WHY: a.why })),
    };
  });

  action("/refund_queue", refundQueueInput, async (input, caller) => {
    const rows = await refundQueue(deps, caller, input.LIMIT);
    return { REFUND_REQUESTS: rows.map(upper) };
  });

  action("/refund", refundInput, async (input, caller, requestId) => {
    const result = await refundPayment(
      deps,
      caller,
      {
        idempotencyKey: input.IDEMPOTENCY_KEY,
        paymentId: input.PAYMENT_ID,
        paymentItemIds: input.PAYMENT_ITEM_IDS ?? null,
        amount: input.AMOUNT,
        reasonCode: input.REASON_CODE,
        reason: input.REASON,
        channel: input.CHANNEL ?? null,
        refundAccount: accountOf(input.REFUND_ACCOUNT),
      },
      requestId,
    );
    return {
      REFUND_REQUEST: upper(result.refundRequest),
      BEFORE: upper(result.before),
      AFTER: upper(result.after),
    };
  });

  action("/refund_decide", decideInput, async (input, caller, requestId) => {
    const result = await decideRefund(
      deps,
      caller,
      {
        idempotencyKey: input.IDEMPOTENCY_KEY,
        refundRequestId: input.REFUND_REQUEST_ID,
        decision: input.DECISION,
        amount: input.AMOUNT ?? null,
        reasonCode: input.REASON_CODE,
        reason: input.REASON,
        channel: input.CHANNEL ?? null,
        refundAccount: accountOf(input.REFUND_ACCOUNT),
      },
      requestId,
    );
    return { REFUND_REQUEST: upper(result.refundRequest) };
  });

  action("/cash", cashInput, async (input, caller, requestId) => {
    const result = await recordCash(
      deps,
      caller,
      {
        idempotencyKey: input.IDEMPOTENCY_KEY,
        userId: input.USER_NO,
        items: input.ITEMS,
        expectedPaidPrice: input.EXPECTED_PAID_PRICE ?? null,
        receipt:
          input.RECEIPT.TYPE === "NONE"
            ? { type: "NONE", number: null }
            : { type: input.RECEIPT.TYPE, number: input.RECEIPT.NUMBER },
        reasonCode: input.REASON_CODE,
        reason: input.REASON,
      },
      requestId,
    );
    return upper(result);
  });

  action("/notes", noteInput, async (input, caller, requestId) => {
    const result = await addNote(
      deps,
      caller,
      { idempotencyKey: input.IDEMPOTENCY_KEY, userId: input.USER_NO, body: input.BODY },
      requestId,
    );
    return upper(result);
  });

  action("/queues", emptyInput, async (_input, caller) => {
    const counts = await queues(deps, caller, new Date());
    const lists = await queueLists(deps, caller, 50);
    return {
      QUEUES: counts.map(upper),
      FAILED_RENEWALS: lists.renewals.map(({ subscription: s, userName }) => ({
        SUBSCRIPTION_ID: s.id,
        USER_NO: s.userId,
        USER_NAME: userName,
        NAME: s.name,
        STATUS: s.status,
        FAILED_ATTEMPTS: s.failedAttempts,
        NEXT_CHARGE_AT: s.nextChargeAt.toISOString(),
        RENEWAL_AMOUNT: s.renewalAmount,
      })),
      AWAITING_DEPOSITS: lists.deposits.map(({ payment: p, userName }) => ({
        PAYMENT_ID: p.id,
        IMP_UID: p.gatewayPaymentId,
        USER_NO: p.userId,
        USER_NAME: userName,
        NAME: p.name,
        PAID_PRICE: p.paidPrice,
        BANK_NAME: p.virtualAccount?.bankName ?? null,
        DUE_AT: p.virtualAccount?.dueAt ?? null,
        CREATED_AT: p.createdAt.toISOString(),
      })),
    };
  });
}

function accountOf(a: z.output<typeof refundAccountInput> | undefined) {
  return a ? { bankCode: a.BANK_CODE, accountNumber: a.ACCOUNT_NUMBER, holder: a.HOLDER } : null;
}

/**
 * A kept refund account for the payment page: bank code and holder, the number masked but its
 * last 4 digits, and how it is paid (STAFF transfer or the gateway's vbank refund).
 */
function refundAccountView(account: unknown) {
  if (!account || typeof account !== "object") return null;
  const a = account as Record<string, string>;
  const digits = String(a.accountNumber ?? "").replace(/[^\d*]/g, "");
  return {
    BANK_CODE: a.bankCode ?? null,
    HOLDER: a.holder ?? null,
    ACCOUNT_NUMBER: `${"*".repeat(Math.max(0, digits.length - 4))}${digits.slice(-4)}`,
    TRANSFER: a.transfer === "STAFF" ? "STAFF" : "GATEWAY",
  };
}

/** camelCase keys → UPPER_SNAKE (one level and arrays of objects). */
function upper(value: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const key = k.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toUpperCase();
    out[key] = Array.isArray(v)
      ? v.map((x) => (x && typeof x === "object" ? upper(x as object) : x))
      : v;
  }
  return out;
}
