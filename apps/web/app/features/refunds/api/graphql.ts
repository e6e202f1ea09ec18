/**
 * The refunds operations of the payment backend (docs/api/refunds.md; shapes from
 * apps/api/src/modules/refunds/refunds.graphql.ts), sent with `context: { clientName: "payment" }`
 * to /payment/graphql. Money is integer won; the client never sends an amount (the server
 * computes it from the law, docs/refunds.md).
 */
import { gql, type TypedDocumentNode } from "@apollo/client";

/** Routes an operation to the payment backend (SPEC.md §7). */
export const PAYMENT_CONTEXT = { clientName: "payment" } as const;

/**
 * How a lecture line's refund was computed from its lesson ledger (학원법 시행령 [별표 4] 비고 2:
 * paid less the lessons taken at the list price per lesson; docs/refunds.md). Won.
 */
export interface RefundLessonQuote {
  paymentItemId: string;
  /** Lessons held (DONE). */
  lessonsHeld: number;
  /** Lessons taken off: those held, at most lessonsBought. */
  lessonsCounted: number;
  /** Lessons the line bought: months × 8. */
  lessonsBought: number;
  listPrice: number;
  pricePerLesson: number;
  deductedAmount: number;
  /** "수업 3회 진행 × 회당 23,625원 = 70,875원 차감". */
  summary: string;
}

const LESSON_QUOTE_FIELDS = `
  paymentItemId
  lessonsHeld
  lessonsCounted
  lessonsBought
  listPrice
  pricePerLesson
  deductedAmount
  summary
`;

/** One item of the payment as the refund page shows it. */
export interface RefundEligibilityItem {
  paymentItemId: string;
  name: string;
  itemKind: string;
  /** SPEC.md §4 set one: PAID, REFUND_REQUESTED, REFUNDED, REFUND_REQUEST_FAILED (null: PAID). */
  state: string | null;
  paidPrice: number;
  refundedAmount: number;
  eligible: boolean;
  /** SPEC.md §5 reasons. */
  reasons: string[];
  /** Won the law gives now, less what was already refunded. */
  amount: number;
  rule: string;
  /** One Korean sentence from the server. */
  explanation: string;
  /** A lecture line quoted by its lesson ledger: how (null otherwise; absent from older servers). */
  lessonQuote?: RefundLessonQuote | null;
}

export interface RefundEligibility {
  paymentId: string;
  /** Self-service allowed now for the items considered. */
  eligible: boolean;
  reasons: string[];
  /** Won the law gives for the items considered (also when blocked). */
  refundableAmount: number;
  /** The items' rule, or MIXED. */
  rule: string;
  explanation: string;
  /** CARD or BANK. */
  channel: string;
  refundAccountRequired: boolean;
  /** Every item of the payment. */
  items: RefundEligibilityItem[];
  /** What the refund does to the monthly renewals (null without a subscription). */
  renewal?: RefundRenewalEffect | null;
}

/** What a refund does to the payment's monthly renewals (issue #11 item 1). */
export interface RefundRenewalEffect {
  subscriptionId: string;
  status: string;
  /** The refund cancels the renewals (the whole payment, or the lecture line). */
  endsRenewals: boolean;
  nextChargeAt: string | null;
  renewalAmount: number;
  /** Korean sentence for the page. */
  message: string;
}

export interface RefundEligibilityVariables {
  paymentId: string;
  /** Assess these items only; default every item still refundable. */
  paymentItemIds?: string[] | null;
  /** A device or book in the request was opened or used. */
  opened?: boolean | null;
}

export const REFUND_ELIGIBILITY: TypedDocumentNode<
  { refundEligibility: RefundEligibility },
  RefundEligibilityVariables
> = gql`
  query RefundEligibility($paymentId: ID!, $paymentItemIds: [ID!], $opened: Boolean) {
    refundEligibility(paymentId: $paymentId, paymentItemIds: $paymentItemIds, opened: $opened) {
      paymentId
      eligible
      reasons
      refundableAmount
      rule
      explanation
      channel
      refundAccountRequired
      items {
        paymentItemId
        name
        itemKind
        state
        paidPrice
        refundedAmount
        eligible
        reasons
        amount
        rule
        explanation
        lessonQuote {
          ${LESSON_QUOTE_FIELDS}
        }
      }
      renewal {
        subscriptionId
        status
        endsRenewals
        nextChargeAt
        renewalAmount
        message
      }
    }
  }
`;

/** The payment the refund is about (SPEC.md §3 Payment, the fields the page shows). */
export interface RefundPayment {
  id: string;
  state: string;
  paymentMethod: string;
  completedAt: string | null;
  name: string;
  paidPrice: number;
  refundedAmount: number;
}

export const REFUND_PAYMENT: TypedDocumentNode<{ payment: RefundPayment | null }, { id: string }> =
  gql`
    query RefundPayment($id: ID!) {
      payment(id: $id) {
        id
        state
        paymentMethod
        completedAt
        name
        paidPrice
        refundedAmount
      }
    }
  `;

export interface RefundAccountInput {
  /** Bank code as PortOne spells it, e.g. 004. */
  bankCode: string;
  /** Digits. */
  accountNumber: string;
  holder: string;
}

export interface RequestRefundInput {
  paymentId: string;
  paymentItemIds?: string[] | null;
  /** 1-500 characters. */
  reason: string;
  /** Needed when the channel is BANK. */
  refundAccount?: RefundAccountInput | null;
  opened?: boolean | null;
}

export interface RequestRefundResult {
  /** REFUNDED, REFUND_REQUESTED (the gateway's answer is not known yet) or STAFF_REVIEW. */
  state: string;
  reasons: string[];
  /** Won refunded now (0 unless REFUNDED). */
  refundedAmount: number;
  /** Won the law gives for the items. */
  amount: number;
  rule: string;
  refundRequestId: string;
  channel: string;
  /** Korean sentence for the page. */
  message: string;
  /** What this refund does to the monthly renewals (null without a subscription). */
  renewal?: RefundRenewalEffect | null;
  /** How each lecture line quoted by its lesson ledger was computed. */
  lessonQuotes?: RefundLessonQuote[];
}

/**
 * Asks for the refund. Errors (extensions.code): payment_not_found (also another family's payment),
 * validation_failed, payment_item_not_found, payment_not_refundable, refunded_payment_item,
 * refund_in_progress, refund_account_required, refund_refused, gateway_unavailable.
 */
export const REQUEST_REFUND: TypedDocumentNode<
  { requestRefund: RequestRefundResult },
  { input: RequestRefundInput }
> = gql`
  mutation RequestRefund($input: RequestRefundInput!) {
    requestRefund(input: $input) {
      state
      reasons
      refundedAmount
      amount
      rule
      refundRequestId
      channel
      message
      lessonQuotes {
        ${LESSON_QUOTE_FIELDS}
      }
      renewal {
        subscriptionId
        status
        endsRenewals
        nextChargeAt
        renewalAmount
        message
      }
    }
  }
`;
