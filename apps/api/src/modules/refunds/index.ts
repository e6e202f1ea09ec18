/**
 * The refunds area as a module (issue #10): eligibility, requests, the gateway cancel, the
 * staff queue, and its own `refunds-settlement` job.
 */
import type { PaymentsDeps } from "../payments/payments.public.ts";
import type { AppModule, ModuleContext } from "../../platform/module.ts";
import { refundsResolvers, refundsSchema } from "./refunds.graphql.ts";
import { refundsMainRoutes } from "./refunds.routes.ts";
import { settlePendingRefunds } from "./refunds.service.ts";

export function refundsModule(_ctx: ModuleContext, payments: PaymentsDeps): AppModule {
  return {
    name: "refunds",
    rest: { main: (main) => refundsMainRoutes(main, { deps: payments }) },
    graphql: { payment: { schema: refundsSchema, resolvers: refundsResolvers(payments) } },
    jobs: { "refunds-settlement": () => settlePendingRefunds(payments) },
  };
}
