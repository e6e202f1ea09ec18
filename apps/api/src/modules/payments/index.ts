/**
 * The payments area as a module (issue #10): checkout, billing cards, the gateway port,
 * webhooks, subscriptions and their renewals. Other areas use payments.public.ts and react to
 * its events (`payment.paid`).
 *
 * Checkout, billing cards and payment records (issue #4; SPEC.md §3 Payment / Main billing card,
 * §4 payment states, §5 pricing; contract docs/api/payments.md).
 *
 * Money path rules (docs/decisions/009-payments.md):
 * - Every amount is recomputed here from the catalog (`priceOrder`); a client price is never read.
 * - `merchant_uid` is the idempotency key: the payment row is inserted (READY) and committed
 *   BEFORE the gateway is called, so a repeat, a concurrent duplicate or a crash between the
 *   charge and our commit finds the row and never charges twice. A READY row whose outcome is
 *   unknown is settled by asking the gateway (`settleFromGateway`), never by charging again.
 *
 * Files: payments.checkout.ts (`checkout`: the order written READY, then the charge),
 * payments.pricing.ts (`priceOrderFor`, `quoteCart`), payments.settlement.ts (state transitions
 * from the gateway's word, the webhook), payments.reads.ts (payment views, lists, LECTURE_INFO),
 * payments.cards.ts (billing cards), payments.common.ts (deps, settings, the student check),
 * subscriptions.service.ts and payments.jobs.ts (renewals, reconciliation), vbank.service.ts
 * (staff actions on virtual accounts), payments.repository.ts (rows).
 */
import type { UserInfoSources } from "../accounts/accounts.public.ts";
import { mergeGraphqlParts, type AppModule, type ModuleContext } from "../../platform/module.ts";
import { paymentsAnswerReads, paymentsResolvers, paymentsSchema } from "./payments.graphql.ts";
import { paymentsJobs } from "./payments.jobs.ts";
import {
  createPayments,
  paymentsDevRoutes,
  type Payments,
  type PaymentsOptions,
} from "./payments.module.ts";
import { findMainBillingCard } from "./payments.repository.ts";
import { paymentsMainRoutes } from "./payments.routes.ts";
import { lectureInfoOf } from "./payments.reads.ts";
import { subscriptionsResolvers, subscriptionsSchema } from "./subscriptions.graphql.ts";

export type { Payments, PaymentsOptions };

export interface PaymentsModule extends AppModule {
  /** The area's runtime (app.payments: tests reach the sandbox gateway and the deps here). */
  runtime: Payments;
  /** getUserInfo's LECTURE_INFO and CARD_INFO (SPEC.md §3 User info), given to accounts. */
  userInfo: UserInfoSources;
}

export function paymentsModule(ctx: ModuleContext, options?: PaymentsOptions): PaymentsModule {
  const runtime = createPayments(ctx.config, ctx.db, ctx.log, ctx.clock, ctx.events, options);
  const { deps } = runtime;
  return {
    name: "payments",
    runtime,
    userInfo: {
      lectureInfo: (userId, now) => lectureInfoOf(ctx.db, userId, now),
      cardInfo: async (userId) => {
        const card = await findMainBillingCard(ctx.db, userId);
        return card
          ? { card_name: card.name, card_number: card.numberMasked, is_legacy: card.isLegacy }
          : null;
      },
    },
    rest: { main: (main) => paymentsMainRoutes(main, { deps }) },
    graphql: {
      payment: mergeGraphqlParts([
        {
          schema: paymentsSchema,
          resolvers: paymentsResolvers(deps, ctx.views),
          answerReads: paymentsAnswerReads(deps, ctx.views),
        },
        { schema: subscriptionsSchema, resolvers: subscriptionsResolvers(deps) },
      ]),
    },
    jobs: paymentsJobs(deps),
    devRoutes: (app) => paymentsDevRoutes(app, { deps }),
  };
}
