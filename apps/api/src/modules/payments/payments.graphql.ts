/**
 * The payments part of the `/payment/graphql` backend (SPEC.md §7: RegisterMainBillingCard,
 * MyMainBillingCard, Payments; docs/api/payments.md). Every field needs a Bearer token; errors
 * carry `extensions.classification` and `code`. The card number is validated here and goes to
 * the gateway once; it is never stored or logged.
 */
import type { ViewCache } from "../../platform/view-cache.ts";
import type { FastifyRequest } from "fastify";
import type { IResolvers, MercuriusContext } from "mercurius";
import { z } from "zod";
import { isStaffUserType } from "@seoltab/domain";
import { AppError } from "../../errors.ts";
import { authenticate, requireGraphqlUser } from "../accounts/accounts.public.ts";
import type { AuthUser } from "../accounts/accounts.public.ts";
import { noteAnswerSource } from "../../graphql/answers-again.ts";
import {
  birthField,
  cardNumberField,
  cardTypeSchema,
  expiryField,
  paymentGraphql,
  pwd2digitField,
} from "./payments.schemas.ts";
import { getMainBillingCard, registerMainBillingCard } from "./payments.cards.ts";
import { getPaymentForCaller, listUserPayments, type PaymentPage } from "./payments.reads.ts";
import type { PaymentsDeps } from "./payments.common.ts";
import { parseArgs } from "../../graphql/parse-args.ts";

export const paymentsSchema = /* GraphQL */ `
  enum CardType {
    COMPANY_CREDIT_CARD
    COMPANY_DEBIT_CARD
    CREDIT_CARD
    DEBIT_CARD
  }

  input RegisterMainBillingCardInput {
    "Card number, digits (spaces and dashes allowed)."
    cardNumber: String!
    "YYYY-MM"
    expiry: String!
    "YYMMDD of the holder, or a 10-digit business registration number for company cards."
    birth: String!
    "First two digits of the card PIN."
    pwd2digit: String!
    cardType: CardType!
    "The student the card pays for (a parent or staff); default: the caller."
    userId: Int
    """
    From a checkout: keep the current main card, and make this one the main card only when a
    payment with it (BILLING_CARD_ID of payment_seoltab_subscribe) succeeds. Default false:
    the card becomes the main card now.
    """
    mainAfterPayment: Boolean
  }

  "SPEC.md §3 Main billing card. number: first 8 and last 4 digits, e.g. 4242-4242-****-4242."
  type MainBillingCard {
    id: Int!
    name: String!
    companyName: String!
    number: String!
    isLegacy: Boolean!
  }

  type VirtualAccount {
    bankName: String!
    accountNumber: String!
    holder: String!
    "ISO 8601 deposit deadline"
    dueAt: String!
  }

  type PaymentItem {
    id: ID!
    itemKind: String!
    name: String!
    quantity: Int!
    months: Int!
    "won"
    salePrice: Int!
    policyPrice: Int!
    paidPrice: Int!
    refundedAmount: Int!
    state: String
    "정가 of the line: unit list price × months (lectures) or × units, never below salePrice."
    listPrice: Int!
    "The discount policies taken off salePrice (sum = policyPrice)."
    policies: [PaymentItemPolicy!]!
  }

  type PaymentItemPolicy {
    name: String!
    "won"
    amount: Int!
  }

  "SPEC.md §3 Payment. Amounts in won; times ISO 8601 UTC."
  type Payment {
    id: ID!
    state: String!
    paymentMethod: String!
    completedAt: String
    name: String!
    productsPrice: Int!
    discountedValue: Int!
    paidPrice: Int!
    refundedAmount: Int!
    "Why it failed, as the family reads it (never the gateway's own text)."
    failReason: String
    "Staff only (null for anyone else): the gateway's own text of the failure."
    gatewayFailReason: String
    receiptUrl: String
    createdAt: String!
    userId: Int!
    merchantUid: String!
    cardQuota: Int!
    virtualAccount: VirtualAccount
    items: [PaymentItem!]!
  }

  type UserPayments {
    payments: [Payment!]!
    hasNextPage: Boolean!
    endCursor: String
  }

  extend type Query {
    myMainBillingCard(userId: Int): MainBillingCard
    "Newest first. first: 1-50 (default 20); after: endCursor of the previous page."
    userPayments(userId: Int, first: Int = 20, after: String): UserPayments!
    payment(id: ID!): Payment
  }

  type Mutation {
    "Registers the main billing card; returns the card id."
    registerMainBillingCard(input: RegisterMainBillingCardInput!): Int!
  }
`;

const registerInput = z.object({
  cardNumber: cardNumberField,
  expiry: expiryField,
  birth: birthField,
  pwd2digit: pwd2digitField,
  cardType: cardTypeSchema,
  userId: z.number().int().positive().nullish(),
  mainAfterPayment: z.boolean().nullish(),
});

function requestIdOf(ctx: MercuriusContext): string | null {
  return ctx.reply?.request.id ?? null;
}

/**
 * The GraphQL objects of a userPayments page, kept with the page: a page served again from the
 * read cache is the same object, so its 50 rows are not mapped again on every read (issue 19:
 * the mapping was 13 % of the server's CPU for a 50-row page). Staff see `gatewayFailReason`,
 * so the two audiences are kept apart. The objects are only read by the GraphQL executor.
 */
const graphqlPages = new WeakMap<PaymentPage, { family?: unknown[]; staff?: unknown[] }>();
function graphqlPaymentsOf(page: PaymentPage, staff: boolean): unknown[] {
  let mapped = graphqlPages.get(page);
  if (!mapped) graphqlPages.set(page, (mapped = {}));
  const audience = staff ? "staff" : "family";
  return (mapped[audience] ??= page.views.map((v) => paymentGraphql(v, { staff })));
}

interface UserPaymentsArgs {
  userId?: number | null;
  first?: number | null;
  after?: string | null;
}

/**
 * The page of `userPayments` for `caller` (payments.reads.ts `listUserPayments`: who may read
 * is checked on every call) and whether staff fields are shown.
 * @throws AppError validation `validation_failed` (first outside 1-50) | `invalid_cursor`;
 *   forbidden `not_your_user`
 */
async function readUserPayments(
  deps: PaymentsDeps,
  views: ViewCache | undefined,
  caller: AuthUser,
  args: UserPaymentsArgs,
): Promise<{ source: PaymentPage; audience: "staff" | "family" }> {
  const first = args.first ?? 20;
  if (!Number.isInteger(first) || first < 1 || first > 50) {
    throw new AppError("validation", "validation_failed", "first 는 1~50 이어야 해요.");
  }
  const page = await listUserPayments(
    deps,
    caller,
    { userId: args.userId ?? null, first, after: args.after ?? null },
    views,
  );
  return { source: page, audience: isStaffUserType(caller.userType) ? "staff" : "family" };
}

/**
 * `userPayments` outside GraphQL, for answers sent again (graphql/answers-again.ts): the same
 * authentication and read as the resolver.
 */
export function paymentsAnswerReads(deps: PaymentsDeps, views?: ViewCache) {
  return {
    userPayments: async (request: FastifyRequest, args: Record<string, unknown>) =>
      readUserPayments(deps, views, await authenticate(request), args as UserPaymentsArgs),
  };
}

/** `views`: the read cache userPayments pages are kept in (platform/view-cache.ts). */
export function paymentsResolvers(deps: PaymentsDeps, views?: ViewCache): IResolvers {
  return {
    Query: {
      myMainBillingCard: async (
        _root: unknown,
        args: { userId?: number | null },
        ctx: MercuriusContext,
      ) => {
        const caller = await requireGraphqlUser(ctx);
        const card = await getMainBillingCard(deps, caller, args.userId);
        return card
          ? {
              id: card.id,
              name: card.name,
              companyName: card.companyName,
              number: card.numberMasked,
              isLegacy: card.isLegacy,
            }
          : null;
      },
      userPayments: async (_root: unknown, args: UserPaymentsArgs, ctx: MercuriusContext) => {
        const caller = await requireGraphqlUser(ctx);
        const answer = await readUserPayments(deps, views, caller, args);
        noteAnswerSource(ctx, "userPayments", answer);
        const { source: page, audience } = answer;
        return {
          payments: graphqlPaymentsOf(page, audience === "staff"),
          hasNextPage: page.hasNextPage,
          endCursor: page.endCursor,
        };
      },
      payment: async (_root: unknown, args: { id: string }, ctx: MercuriusContext) => {
        const caller = await requireGraphqlUser(ctx);
        if (!/^\d{1,15}$/.test(args.id)) return null;
        const view = await getPaymentForCaller(deps, caller, Number(args.id));
        return view ? paymentGraphql(view, { staff: isStaffUserType(caller.userType) }) : null;
      },
    },
    Mutation: {
      registerMainBillingCard: async (
        _root: unknown,
        args: { input: unknown },
        ctx: MercuriusContext,
      ) => {
        const caller = await requireGraphqlUser(ctx);
        const input = parseArgs(registerInput, args.input);
        const card = await registerMainBillingCard(deps, caller, input, requestIdOf(ctx));
        return card.id;
      },
    },
  };
}
