/**
 * The operations console as a module (issue 16; docs/api/admin.md; decision 022): staff search,
 * family and payment pages, queues and actions on `/main/admin/console/*`, and CSV exports of
 * its lists on `/main/admin/exports/*.csv`. It acts through the refunds, payments and messages
 * areas' public faces (refunds and payments handed in by modules/index.ts).
 */
import type { AppModule, ModuleContext } from "../../platform/module.ts";
import type { PaymentsDeps } from "../payments/payments.public.ts";
import type { RefundsDeps } from "../refunds/refunds.public.ts";
import { adminActionRoutes } from "./admin.actions.routes.ts";
import { adminExportRoutes } from "./admin.exports.ts";
import { adminMainRoutes } from "./admin.routes.ts";

export function adminModule(
  ctx: ModuleContext,
  areas: { payments: PaymentsDeps; refunds: RefundsDeps },
): AppModule {
  const deps = { db: ctx.db, ...areas };
  return {
    name: "admin",
    rest: {
      main: async (main) => {
        await adminMainRoutes(main, { deps });
        await adminActionRoutes(main, { deps });
        await adminExportRoutes(main, { deps });
      },
    },
  };
}
