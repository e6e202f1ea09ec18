/**
 * Monthly renewals on the payment backend (docs/api/payments.md "Subscriptions"; issue #11
 * item 1): `subscriptions` lists a student's, `cancelSubscription` stops one. Sent with
 * PAYMENT_CONTEXT to /payment/graphql.
 */
import { gql, type TypedDocumentNode } from "@apollo/client";

/** A monthly renewal. Amounts in won; times ISO 8601 UTC (shown in Asia/Seoul). */
export interface Subscription {
  id: string;
  userId: number;
  /** e.g. 스마트 수학 (1개월) */
  name: string;
  /** ACTIVE, PAST_DUE or CANCELLED. */
  status: string;
  renewalAmount: number;
  /** While ACTIVE. */
  nextChargeAt: string | null;
  lastChargedAt: string | null;
  /** Exclusive end of the months paid for. */
  paidUntil: string;
  cancelledAt: string | null;
  /** REFUNDED, USER_REQUEST or STAFF. */
  cancelReason: string | null;
}

const FIELDS = /* GraphQL */ `
  id
  userId
  name
  status
  renewalAmount
  nextChargeAt
  lastChargedAt
  paidUntil
  cancelledAt
  cancelReason
`;

export const SUBSCRIPTIONS: TypedDocumentNode<
  { subscriptions: Subscription[] },
  { userId?: number }
> = gql`
  query Subscriptions($userId: Int) {
    subscriptions(userId: $userId) {
      ${FIELDS}
    }
  }
`;

/** Errors (extensions.code): subscription_not_found, BAD_REQUEST for a malformed id. */
export const CANCEL_SUBSCRIPTION: TypedDocumentNode<
  { cancelSubscription: { subscription: Subscription; message: string } },
  { id: string }
> = gql`
  mutation CancelSubscription($id: ID!) {
    cancelSubscription(id: $id) {
      subscription {
        ${FIELDS}
      }
      message
    }
  }
`;
