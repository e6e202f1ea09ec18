/**
 * Subscriptions on the `/payment/graphql` backend (issue #11 item 1; docs/api/payments.md
 * "Subscriptions"): `subscriptions` lists a student's monthly renewals; `cancelSubscription`
 * stops them. Every field needs a Bearer token; the student, a linked parent or staff only.
 * Times are ISO 8601 UTC (shown in Asia/Seoul), amounts in won.
 */
import type { IResolvers, MercuriusContext } from "mercurius";
import { z } from "zod";
import { requireGraphqlUser } from "../accounts/accounts.public.ts";
import { parseArgs } from "../../graphql/parse-args.ts";
import type { PaymentsDeps } from "./payments.common.ts";
import {
  cancelSubscription,
  listSubscriptions,
  type RenewalEffect,
  type SubscriptionView,
} from "./subscriptions.service.ts";

export const subscriptionsSchema = /* GraphQL */ `
  "A monthly renewal of a billing-card lecture order. Amounts in won; times ISO 8601 UTC."
  type Subscription {
    id: ID!
    userId: Int!
    "Order name of each renewal, e.g. 스마트 수학 (1개월)."
    name: String!
    "ACTIVE (renews monthly), PAST_DUE (renewals declined three times; stopped), CANCELLED (ended for good)."
    status: String!
    renewalAmount: Int!
    "The next charge while ACTIVE, else null."
    nextChargeAt: String
    "The newest paid charge (first order or renewal)."
    lastChargedAt: String
    "End (exclusive) of the months paid for; lessons run until then."
    paidUntil: String!
    cancelledAt: String
    "REFUNDED, USER_REQUEST or STAFF when cancelled."
    cancelReason: String
  }

  type CancelSubscriptionResult {
    subscription: Subscription!
    "Korean sentence for the page."
    message: String!
  }

  "What a refund does to the renewals of the payment's subscription."
  type RefundRenewalEffect {
    subscriptionId: ID!
    "The subscription's status now."
    status: String!
    "The refund cancels the renewals (the whole payment, or a lecture line)."
    endsRenewals: Boolean!
    nextChargeAt: String
    renewalAmount: Int!
    "Korean sentence for the page, e.g. 자동 결제는 그대로예요. 다음 결제일 …"
    message: String!
  }

  extend type Query {
    "A student's subscriptions, newest first; userId default: the caller (a parent passes a child's)."
    subscriptions(userId: Int): [Subscription!]!
  }

  extend type Mutation {
    "Stops the renewals. Idempotent: a cancelled subscription is answered as it is."
    cancelSubscription(id: ID!): CancelSubscriptionResult!
  }
`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The wire shape of a subscription. */
export function subscriptionGraphql(view: SubscriptionView) {
  return {
    id: String(view.id),
    userId: view.userId,
    name: view.name,
    status: view.status,
    renewalAmount: view.renewalAmount,
    nextChargeAt: iso(view.nextChargeAt),
    lastChargedAt: iso(view.lastChargedAt),
    paidUntil: view.paidUntil.toISOString(),
    cancelledAt: iso(view.cancelledAt),
    cancelReason: view.cancelReason,
  };
}

/** The wire shape of a refund's effect on renewals (RefundEligibility.renewal, RequestRefundResult.renewal). */
export function renewalEffectGraphql(effect: RenewalEffect | null) {
  if (!effect) return null;
  return {
    subscriptionId: String(effect.subscriptionId),
    status: effect.status,
    endsRenewals: effect.endsRenewals,
    nextChargeAt: iso(effect.nextChargeAt),
    renewalAmount: effect.renewalAmount,
    message: effect.message,
  };
}

const listArgs = z.object({ userId: z.number().int().positive().nullish() });
const cancelArgs = z.object({
  id: z
    .union([z.string(), z.number()])
    .transform(String)
    .pipe(z.string().regex(/^\d{1,15}$/, { error: "자동 결제 번호가 올바르지 않아요." }))
    .transform(Number),
});

export function subscriptionsResolvers(deps: PaymentsDeps): IResolvers {
  return {
    Query: {
      subscriptions: async (_root: unknown, args: unknown, ctx: MercuriusContext) => {
        const caller = await requireGraphqlUser(ctx);
        const input = parseArgs(listArgs, args);
        const views = await listSubscriptions(deps, caller, input.userId ?? null);
        return views.map(subscriptionGraphql);
      },
    },
    Mutation: {
      cancelSubscription: async (_root: unknown, args: unknown, ctx: MercuriusContext) => {
        const caller = await requireGraphqlUser(ctx);
        const input = parseArgs(cancelArgs, args);
        const result = await cancelSubscription(
          deps,
          caller,
          input.id,
          ctx.reply?.request.id ?? null,
        );
        return { subscription: subscriptionGraphql(result.subscription), message: result.message };
      },
    },
  };
}
