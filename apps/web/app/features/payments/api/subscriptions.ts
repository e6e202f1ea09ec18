/**
 * Monthly renewals on the payment backend (docs/api/payments.md "Subscriptions"; issue #11
 * item 1): `subscriptions` lists a student's, `cancelSubscription` stops one. Sent with
 * PAYMENT_CONTEXT to /payment/graphql.
 */
import {
  CancelSubscriptionDocument,
  SubscriptionsDocument,
  type SubscriptionsQuery,
} from "../../../graphql/payment.generated";

/**
 * A monthly renewal (operations in payments.payment.graphql, types generated). Amounts in won;
 * times ISO 8601 UTC (shown in Asia/Seoul). `status` ACTIVE, PAST_DUE or CANCELLED;
 * `nextChargeAt` while ACTIVE; `paidUntil` the exclusive end of the months paid for;
 * `cancelReason` REFUNDED, USER_REQUEST or STAFF.
 */
export type Subscription = SubscriptionsQuery["subscriptions"][number];

export const SUBSCRIPTIONS = SubscriptionsDocument;

/** Errors (extensions.code): subscription_not_found, BAD_REQUEST for a malformed id. */
export const CANCEL_SUBSCRIPTION = CancelSubscriptionDocument;
