/** The catalog area as a module (issue #10): store items, taxonomy, prices, periods. */
import type { AppModule, ModuleContext } from "../../platform/module.ts";
import { catalogPaymentResolvers, catalogPaymentSchema } from "./catalog.graphql.ts";
import { catalogRoutes } from "./catalog.routes.ts";

export function catalogModule(ctx: ModuleContext): AppModule {
  return {
    name: "catalog",
    rest: { main: (main) => catalogRoutes(main, { db: ctx.db }) },
    graphql: {
      payment: { schema: catalogPaymentSchema, resolvers: catalogPaymentResolvers(ctx.db) },
    },
  };
}
