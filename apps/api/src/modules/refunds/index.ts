/**
 * The refunds area as a module (issue #10): eligibility, requests, the gateway cancel, the
 * staff queue, and its own `refunds-settlement` job. The lesson ledger (issue 14) is handed in
 * by modules/index.ts (`RefundsSources`).
 */
import type { PaymentsDeps } from "../payments/payments.public.ts";
import type { AppModule, ModuleContext } from "../../platform/module.ts";
import { refundsResolvers, refundsSchema } from "./refunds.graphql.ts";
import { refundsMainRoutes } from "./refunds.routes.ts";
import {
  settlePendingRefunds,
  type LessonLedgerSource,
  type RefundsDeps,
} from "./refunds.service.ts";

/** What other areas hand the refunds area (modules/index.ts). */
export interface RefundsSources {
  /** The lessons area's ledger of lecture lines (lessons.public.ts `lessonLedgersOfLines`). */
  lessonLedgers?: LessonLedgerSource;
}

export function refundsModule(
  _ctx: ModuleContext,
  payments: PaymentsDeps,
  sources: RefundsSources = {},
): AppModule {
  const deps: RefundsDeps = { ...payments, ...sources };
  return {
    name: "refunds",
    rest: { main: (main) => refundsMainRoutes(main, { deps }) },
    graphql: { payment: { schema: refundsSchema, resolvers: refundsResolvers(deps) } },
    jobs: { "refunds-settlement": () => settlePendingRefunds(deps) },
  };
}
