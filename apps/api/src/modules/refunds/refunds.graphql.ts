/**
 * The refunds part of the `/payment/graphql` backend (issue #5; docs/api/refunds.md):
 * `refundEligibility` (may I, why not, and how much the law gives) and `requestRefund`. Every
 * field needs a Bearer token; another person's payment or item is FORBIDDEN (a parent acts for
 * their children, staff for anyone). Errors carry `extensions.classification` and `code`.
 * Merged into the payment backend by app.ts (`paymentGraphql`).
 */
import type { IResolvers, MercuriusContext } from "mercurius";
import {
  RETURN_REASONS,
  lessonDeductionLabel,
  withParticle,
  type LessonDeduction,
  type RefundDeduction,
  type ReturnReason,
} from "@seoltab/domain";
import { z } from "zod";
import { requireGraphqlUser } from "../accounts/accounts.public.ts";
import type { RefundsDeps } from "./refunds.common.ts";
import { assessRefund, type RefundAssessment } from "./refunds.quote.ts";
import { requestRefund } from "./refunds.request.ts";
import { parseArgs } from "../../graphql/parse-args.ts";
import { renewalEffectGraphql } from "../payments/payments.public.ts";

export const refundsSchema = /* GraphQL */ `
  "How the refund of a lecture line was computed from its lesson ledger (학원법 시행령 [별표 4] 비고 2: paid less the lessons taken at the list price per lesson; docs/refunds.md). Amounts in won."
  type RefundLessonQuote {
    paymentItemId: ID!
    "Lessons held (DONE) on the line's lecture."
    lessonsHeld: Int!
    "Lessons taken off: the lessons held, at most lessonsBought."
    lessonsCounted: Int!
    "Lessons the line bought: months × 8 (SPEC.md §3)."
    lessonsBought: Int!
    "The line's list price: its sale total before the order's discounts."
    listPrice: Int!
    "listPrice / lessonsBought, rounded down to the won."
    pricePerLesson: Int!
    "pricePerLesson × lessonsCounted: taken off what was paid."
    deductedAmount: Int!
    "The deduction in Korean for the page, e.g. 수업 3회 진행 × 회당 23,625원 = 70,875원 차감."
    summary: String!
  }

  "What a refund keeps back (issue #18; docs/refunds.md, Deductions). Amounts in won."
  type RefundDeduction {
    "PENALTY (early end of a free tablet rental) or DELIVERY_FEE_FOR_REFUND (return shipping of books sent back by change of mind)."
    kind: String!
    "The line's title, e.g. 무료 대여 태블릿 중도 해지 위약금, 반품 배송비."
    name: String!
    "The line it is about (the free tablet line for PENALTY); null for the return shipping."
    paymentItemId: ID
    "What the published rule gives."
    ruleAmount: Int!
    "Taken off this refund: at most what the refund had (the rest is not charged)."
    amount: Int!
    "One Korean sentence for the page."
    explanation: String!
  }

  "One item of a payment as the refund page shows it. Amounts in won."
  type RefundEligibilityItem {
    paymentItemId: ID!
    name: String!
    itemKind: String!
    "SPEC.md §4 set one: PAID, REFUND_REQUESTED, REFUNDED, REFUND_REQUEST_FAILED."
    state: String
    paidPrice: Int!
    refundedAmount: Int!
    "No SPEC.md §5 reason applies to this item."
    eligible: Boolean!
    "SPEC.md §5: CLOSED_LECTURE, NOT_MY_PAYMENT, ONE_MONTH_PASSED, REFUNDED_PAYMENT_ITEM, VBANK_IS_NOT_ALLOWED."
    reasons: [String!]!
    "What the law gives now, less what was already refunded."
    amount: Int!
    "ACADEMY_BEFORE_START, ACADEMY_FIRST_THIRD, ACADEMY_FIRST_HALF, ACADEMY_AFTER_HALF, REMOTE_LESSONS_TAKEN, DEVICE_WITHDRAWAL_7_DAYS, DEVICE_OPENED_OR_LATE, NOTHING_PAID, STAFF_DECISION (docs/refunds.md)."
    rule: String!
    "One Korean sentence for the page."
    explanation: String!
    "A lecture line quoted by its lesson ledger: lessons held, price per lesson, amount deducted; null otherwise."
    lessonQuote: RefundLessonQuote
    "DEVICE lines: PURCHASE or GIFT (null: lent free with the lessons, or not recorded)."
    purchaseOrGift: String
    "DEVICE lines: NEW_DEVICE or USED_DEVICE (null when not recorded)."
    deviceCondition: String
  }

  "May this payment be refunded by self-service now, and how much the law gives."
  type RefundEligibility {
    paymentId: ID!
    "No SPEC.md §5 reason applies to the items considered (those asked for, else those still refundable)."
    eligible: Boolean!
    reasons: [String!]!
    "Won to refund for the items considered: what the law gives less the deductions; shown also when blocked (a staff request uses it)."
    refundableAmount: Int!
    "What the law gives for the items considered (capped at what remains paid), before the deductions."
    grossAmount: Int!
    "What the refund keeps back (PENALTY, DELIVERY_FEE_FOR_REFUND); empty when nothing."
    deductions: [RefundDeduction!]!
    "The items considered include books something is given back for: ask returnReason (devices are collected free)."
    returnReasonAsked: Boolean!
    "The return reason the quote was made with: CHANGE_OF_MIND (default) or DEFECTIVE_OR_NOT_AS_SOLD."
    returnReason: String!
    "The items' rule, or MIXED."
    rule: String!
    explanation: String!
    "CARD (cancelled on the card) or BANK (paid to a bank account: virtual account, cash)."
    channel: String!
    "requestRefund needs refundAccount."
    refundAccountRequired: Boolean!
    items: [RefundEligibilityItem!]!
    "What refunding the items considered does to the monthly renewals (null without a subscription)."
    renewal: RefundRenewalEffect
  }

  input RefundAccountInput {
    "Bank code as the payment gateway spells it, e.g. 004 (KB국민은행), 088 (신한은행)."
    bankCode: String!
    "Digits (dashes and spaces allowed)."
    accountNumber: String!
    holder: String!
  }

  input RequestRefundInput {
    paymentId: ID!
    "Items to refund; default: every item still refundable."
    paymentItemIds: [ID!]
    "Why, in the person's words (1-500 characters)."
    reason: String!
    "Needed when the channel is BANK."
    refundAccount: RefundAccountInput
    "A device or book in the request was used or damaged so that its value fell (전자상거래법 제17조제2항; opening the box alone does not count); default false."
    opened: Boolean
    "Why books go back: CHANGE_OF_MIND (default; the return shipping is kept back, 전자상거래법 제18조제9항) or DEFECTIVE_OR_NOT_AS_SOLD (no fee, 제18조제10항; staff check the books first)."
    returnReason: String
  }

  type RequestRefundResult {
    "REFUNDED (done), REFUND_REQUESTED (the gateway's answer is not known yet; staff check), STAFF_REVIEW (kept for staff)."
    state: String!
    "SPEC.md §5 reasons that sent it to staff."
    reasons: [String!]!
    "Won refunded now (0 unless REFUNDED)."
    refundedAmount: Int!
    "Won the law gives for the items."
    amount: Int!
    rule: String!
    refundRequestId: ID!
    channel: String!
    "Korean sentence for the page."
    message: String!
    "What this refund does (or will do once settled) to the monthly renewals; null without a subscription."
    renewal: RefundRenewalEffect
    "How the amount of each lecture line quoted by its lesson ledger was computed (empty when none)."
    lessonQuotes: [RefundLessonQuote!]!
    "What the refund keeps back (PENALTY, DELIVERY_FEE_FOR_REFUND); amount is after them."
    deductions: [RefundDeduction!]!
  }

  extend type Query {
    "paymentItemIds: assess these items only (default: every item still refundable). returnReason: CHANGE_OF_MIND (default) or DEFECTIVE_OR_NOT_AS_SOLD."
    refundEligibility(
      paymentId: ID!
      paymentItemIds: [ID!]
      opened: Boolean
      returnReason: String
    ): RefundEligibility!
  }

  extend type Mutation {
    requestRefund(input: RequestRefundInput!): RequestRefundResult!
  }
`;

/** An id given as a string or number; `label` names it in Korean for the message. */
const idField = (label: string) => {
  const error = `${withParticle(label, "이/가")} 올바르지 않아요.`;
  return z
    .union([z.string(), z.number()], { error })
    .transform(String)
    .pipe(z.string().regex(/^\d{1,15}$/, { error }))
    .transform(Number);
};

const itemIdsField = z
  .array(idField("결제 항목 번호"))
  .max(50, { error: "한 번에 50개 항목까지 환불을 요청할 수 있어요." })
  .nullish();

const refundAccountInput = z.object({
  bankCode: z
    .string()
    .trim()
    .regex(/^[0-9A-Z]{2,4}$/, { error: "은행 코드를 확인해 주세요." }),
  accountNumber: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{6,20}$/, { error: "계좌번호는 숫자 6~20자리로 입력해 주세요." })),
  holder: z
    .string()
    .trim()
    .min(1, { error: "예금주를 입력해 주세요." })
    .max(30, { error: "예금주는 30자까지 입력할 수 있어요." }),
});

const returnReasonField = z
  .enum(RETURN_REASONS as [ReturnReason, ...ReturnReason[]], {
    error: "반품 사유는 CHANGE_OF_MIND 또는 DEFECTIVE_OR_NOT_AS_SOLD 중 하나여야 해요.",
  })
  .nullish();

const requestInput = z.object({
  paymentId: idField("결제 번호"),
  paymentItemIds: itemIdsField,
  reason: z
    .string()
    .trim()
    .min(1, { error: "환불 사유를 입력해 주세요." })
    .max(500, { error: "환불 사유는 500자까지 입력할 수 있어요." }),
  refundAccount: refundAccountInput.nullish(),
  opened: z.boolean().nullish(),
  returnReason: returnReasonField,
});

const eligibilityArgs = z.object({
  paymentId: idField("결제 번호"),
  paymentItemIds: itemIdsField,
  opened: z.boolean().nullish(),
  returnReason: returnReasonField,
});

/** The wire shape of a ledger quote (RefundLessonQuote). */
export function lessonQuoteGraphql(paymentItemId: number, d: LessonDeduction) {
  return {
    paymentItemId: String(paymentItemId),
    lessonsHeld: d.lessonsHeld,
    lessonsCounted: d.lessonsCounted,
    lessonsBought: d.lessonsBought,
    listPrice: d.listPrice,
    pricePerLesson: d.pricePerLesson,
    deductedAmount: d.deducted,
    summary: lessonDeductionLabel(d),
  };
}

/** The wire shape of a deduction (RefundDeduction). */
export function deductionGraphql(d: RefundDeduction) {
  return {
    kind: d.kind,
    name: d.name,
    paymentItemId: d.paymentItemId === null ? null : String(d.paymentItemId),
    ruleAmount: d.ruleAmount,
    amount: d.amount,
    explanation: d.explanation,
  };
}

/** The wire shape of an assessment (docs/api/refunds.md). */
export function refundEligibilityGraphql(a: RefundAssessment) {
  return {
    paymentId: String(a.payment.id),
    eligible: a.eligible,
    reasons: a.reasons,
    refundableAmount: a.refundableAmount,
    grossAmount: a.grossAmount,
    deductions: a.deductions.map(deductionGraphql),
    returnReasonAsked: a.returnReasonAsked,
    returnReason: a.returnReason,
    rule: a.rule,
    explanation: a.explanation,
    channel: a.channel,
    refundAccountRequired: a.refundAccountRequired,
    items: a.items.map((i) => ({
      paymentItemId: String(i.item.id),
      name: i.item.name,
      itemKind: i.item.itemKind,
      state: i.item.state,
      paidPrice: i.item.paidPrice,
      refundedAmount: i.item.refundedAmount,
      eligible: i.eligible,
      reasons: i.reasons,
      amount: i.amount,
      rule: i.rule,
      explanation: i.explanation,
      lessonQuote: i.lessons ? lessonQuoteGraphql(i.item.id, i.lessons) : null,
      purchaseOrGift: i.purchaseOrGift,
      deviceCondition: i.deviceCondition,
    })),
    renewal: renewalEffectGraphql(a.renewal),
  };
}

export function refundsResolvers(deps: RefundsDeps): IResolvers {
  return {
    Query: {
      refundEligibility: async (_root: unknown, args: unknown, ctx: MercuriusContext) => {
        const caller = await requireGraphqlUser(ctx);
        const input = parseArgs(eligibilityArgs, args);
        const assessment = await assessRefund(deps, caller, input.paymentId, {
          itemIds: input.paymentItemIds ?? null,
          opened: input.opened ?? false,
          returnReason: input.returnReason ?? null,
        });
        return refundEligibilityGraphql(assessment);
      },
    },
    Mutation: {
      requestRefund: async (_root: unknown, args: { input: unknown }, ctx: MercuriusContext) => {
        const caller = await requireGraphqlUser(ctx);
        const input = parseArgs(requestInput, args.input);
        const result = await requestRefund(
          deps,
          caller,
          {
            paymentId: input.paymentId,
            paymentItemIds: input.paymentItemIds ?? null,
            reason: input.reason,
            refundAccount: input.refundAccount ?? null,
            opened: input.opened ?? false,
            returnReason: input.returnReason ?? null,
          },
          ctx.reply?.request.id ?? null,
        );
        return {
          ...result,
          refundRequestId: String(result.refundRequestId),
          renewal: renewalEffectGraphql(result.renewal),
          lessonQuotes: result.lessonQuotes.map((q) =>
            lessonQuoteGraphql(q.paymentItemId, q.lessons),
          ),
          deductions: result.deductions.map(deductionGraphql),
        };
      },
    },
  };
}
