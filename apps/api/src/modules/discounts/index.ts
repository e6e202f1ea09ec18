/**
 * The discounts area as a module (issue #18; docs/api/discounts.md): referral codes and the
 * discount table on `/main`. The checkout (payments) prices discounts with packages/domain
 * discounts.ts and records referral use through `discounts.public.ts`.
 */
import type { AppModule, ModuleContext } from "../../platform/module.ts";
import { discountsRoutes } from "./discounts.routes.ts";

export function discountsModule(ctx: ModuleContext): AppModule {
  return {
    name: "discounts",
    rest: { main: (main) => discountsRoutes(main, { db: ctx.db }) },
  };
}
