/**
 * The refunds operations of the payment backend (docs/api/refunds.md; shapes from
 * apps/api/src/modules/refunds/refunds.graphql.ts), sent with `context: { clientName: "payment" }`
 * to /payment/graphql. Money is integer won; the client never sends an amount (the server
 * computes it from the law, docs/refunds.md).
 *
 * The operations are in refunds.payment.graphql; their result and variable types are generated
 * from the published schema (app/graphql/payment.generated.ts, `npm run codegen`).
 */
import {
  RefundEligibilityDocument,
  RefundPaymentDocument,
  RequestRefundDocument,
  type RefundAccountInput as WireRefundAccountInput,
  type RefundEligibilityQuery,
  type RefundEligibilityQueryVariables,
  type RefundPaymentQuery,
  type RequestRefundInput as WireRequestRefundInput,
  type RequestRefundMutation,
} from "../../../graphql/payment.generated";

/** Routes an operation to the payment backend (SPEC.md §7). */
export const PAYMENT_CONTEXT = { clientName: "payment" } as const;

/**
 * How a lecture line's refund was computed from its lesson ledger (학원법 시행령 [별표 4] 비고 2:
 * paid less the lessons taken at the list price per lesson; docs/refunds.md). Won; lessonsBought
 * is months × 8; summary e.g. "수업 3회 진행 × 회당 23,625원 = 70,875원 차감".
 */
export type RefundLessonQuote = NonNullable<RefundEligibilityItem["lessonQuote"]>;

/**
 * What the server says about refunding a payment now: `eligible` (self-service allowed for the
 * items considered), SPEC.md §5 `reasons`, `refundableAmount` (won the law gives, also when
 * blocked), `rule` (or MIXED), `channel` (CARD or BANK), every item of the payment, and the
 * effect on the monthly renewals (null without a subscription).
 */
export type RefundEligibility = RefundEligibilityQuery["refundEligibility"];

/**
 * One item of the payment as the refund page shows it: `state` is SPEC.md §4 set one (null:
 * PAID), `amount` the won the law gives now less what was already refunded, `lessonQuote` how a
 * lecture line was quoted by its lesson ledger (null otherwise).
 */
export type RefundEligibilityItem = RefundEligibility["items"][number];

/**
 * What a refund keeps back (issue #18; docs/refunds.md "Deductions"): PENALTY (early end of a
 * free tablet rental) or DELIVERY_FEE_FOR_REFUND (return shipping by change of mind). Won:
 * `ruleAmount` what the published rule gives, `amount` what is taken off this refund.
 */
export type RefundDeduction = RefundEligibility["deductions"][number];

/** What a refund does to the payment's monthly renewals (issue #11 item 1). */
export type RefundRenewalEffect = NonNullable<RefundEligibility["renewal"]>;

/** `paymentItemIds`: assess these items only (default every item still refundable). */
export type RefundEligibilityVariables = RefundEligibilityQueryVariables;

export const REFUND_ELIGIBILITY = RefundEligibilityDocument;

/** The payment the refund is about (SPEC.md §3 Payment, the fields the page shows). */
export type RefundPayment = NonNullable<RefundPaymentQuery["payment"]>;

export const REFUND_PAYMENT = RefundPaymentDocument;

/** Bank code as PortOne spells it (e.g. 004), account number digits, holder. */
export type RefundAccountInput = WireRefundAccountInput;

/** `reason`: 1-500 characters; `refundAccount`: needed when the channel is BANK. */
export type RequestRefundInput = WireRequestRefundInput;

/**
 * The outcome: `state` REFUNDED, REFUND_REQUESTED (the gateway's answer is not known yet) or
 * STAFF_REVIEW; `refundedAmount` won refunded now (0 unless REFUNDED); `amount` won the law gives
 * for the items; `message` a Korean sentence for the page.
 */
export type RequestRefundResult = RequestRefundMutation["requestRefund"];

export const REQUEST_REFUND = RequestRefundDocument;
