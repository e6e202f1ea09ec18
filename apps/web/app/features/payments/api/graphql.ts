/**
 * The payment backend's GraphQL operations (docs/api/payments.md "GraphQL"; SPEC.md §7), sent
 * with `context: { clientName: "payment" }` (PAYMENT_CONTEXT) to /payment/graphql.
 */
import { gql, type TypedDocumentNode } from "@apollo/client";
import type { CardType } from "@seoltab/domain";

/** Routes an operation to the payment backend (SPEC.md §7). */
export const PAYMENT_CONTEXT = { clientName: "payment" } as const;

/** SPEC.md §3 "Main billing card"; `number` masked to the first 8 and last 4 digits. */
export interface MainBillingCard {
  id: number;
  name: string;
  companyName: string;
  number: string;
  isLegacy: boolean;
}

export const MY_MAIN_BILLING_CARD: TypedDocumentNode<
  { myMainBillingCard: MainBillingCard | null },
  { userId?: number }
> = gql`
  query MyMainBillingCard($userId: Int) {
    myMainBillingCard(userId: $userId) {
      id
      name
      companyName
      number
      isLegacy
    }
  }
`;

export interface RegisterMainBillingCardInput {
  /** Digits (dashes or spaces allowed). Never stored or logged by the web app. */
  cardNumber: string;
  /** YYYY-MM. */
  expiry: string;
  /** YYMMDD, or the 10-digit business number of a company card. */
  birth: string;
  pwd2digit: string;
  cardType: CardType;
  /** A parent registering for their child; default the caller. */
  userId?: number;
  /**
   * From the checkout: keep the current main card; this card becomes the main card only when a
   * payment with it (BILLING_CARD_ID) succeeds (issue #11 item 4).
   */
  mainAfterPayment?: boolean;
}

/**
 * Registers (or replaces) the main billing card; answers the card id. A refusal is a GraphQL
 * error (BAD_REQUEST, code card_refused) with our Korean message for the gateway's code (SPEC.md
 * §8's invalid-card message for F112).
 */
export const REGISTER_MAIN_BILLING_CARD: TypedDocumentNode<
  { registerMainBillingCard: number },
  { input: RegisterMainBillingCardInput }
> = gql`
  mutation RegisterMainBillingCard($input: RegisterMainBillingCardInput!) {
    registerMainBillingCard(input: $input)
  }
`;

/** SPEC.md §3 "Interest-free installment period". */
export interface InterestFreeInstallmentPeriod {
  id: number;
  name: string;
  freeMonth: number;
}

export const INTEREST_FREE_INSTALLMENT_PERIODS: TypedDocumentNode<{
  interestFreeInstallmentPeriods: InterestFreeInstallmentPeriod[];
}> = gql`
  query InterestFreeInstallmentPeriod {
    interestFreeInstallmentPeriods {
      id
      name
      freeMonth
    }
  }
`;

/** SPEC.md §3 "Payment". Amounts in won; times ISO 8601 UTC. */
export interface PaymentSummary {
  id: string;
  state: string;
  paymentMethod: string;
  completedAt: string | null;
  name: string;
  productsPrice: number;
  discountedValue: number;
  paidPrice: number;
  refundedAmount: number;
  failReason: string | null;
  receiptUrl: string | null;
  /** When the attempt was made (ISO); a failed one has no completedAt. */
  createdAt?: string;
  /** The student the payment is for. */
  userId?: number;
  /** Item states (SPEC.md §4 set one), for the list's refund action. */
  items?: { id: string; state?: string | null }[];
  /** The issued virtual account (VBANK): shown while the deposit is awaited. */
  virtualAccount?: VirtualAccount | null;
}

export interface UserPaymentsPage {
  payments: PaymentSummary[];
  hasNextPage: boolean;
  endCursor: string | null;
}

/** Payments per page of the list. */
export const PAYMENTS_PAGE_SIZE = 20;

/**
 * `userId`: one student's payments (a parent's child); without it a student's own, or all of a
 * parent's children.
 */
export const USER_PAYMENTS: TypedDocumentNode<
  { userPayments: UserPaymentsPage },
  { first?: number; after?: string | null; userId?: number }
> = gql`
  query Payments($first: Int, $after: String, $userId: Int) {
    userPayments(first: $first, after: $after, userId: $userId) {
      payments {
        id
        userId
        state
        paymentMethod
        completedAt
        name
        productsPrice
        discountedValue
        paidPrice
        refundedAmount
        failReason
        receiptUrl
        createdAt
        items {
          id
          state
        }
        virtualAccount {
          bankName
          accountNumber
          holder
          dueAt
        }
      }
      hasNextPage
      endCursor
    }
  }
`;

export interface VirtualAccount {
  bankName: string;
  accountNumber: string;
  holder: string;
  dueAt: string;
}

export interface PaymentItem {
  id: string;
  itemKind: string;
  name: string;
  quantity: number;
  months: number;
  salePrice: number;
  policyPrice: number;
  paidPrice: number;
  /** 정가 of the line (unit list price × months or units). */
  listPrice: number;
  /** The discount policies taken off salePrice, by name. */
  policies: { name: string; amount: number }[];
}

export interface PaymentDetail extends PaymentSummary {
  createdAt: string;
  cardQuota: number;
  virtualAccount: VirtualAccount | null;
  items: PaymentItem[];
}

export const PAYMENT: TypedDocumentNode<{ payment: PaymentDetail | null }, { id: string }> = gql`
  query Payment($id: ID!) {
    payment(id: $id) {
      id
      userId
      state
      paymentMethod
      completedAt
      createdAt
      name
      productsPrice
      discountedValue
      paidPrice
      refundedAmount
      failReason
      receiptUrl
      cardQuota
      virtualAccount {
        bankName
        accountNumber
        holder
        dueAt
      }
      items {
        id
        itemKind
        name
        quantity
        months
        salePrice
        policyPrice
        paidPrice
        listPrice
        policies {
          name
          amount
        }
      }
    }
  }
`;
