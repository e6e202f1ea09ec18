/** The marketing area as a module (issue #10): the `/marketing/graphql` backend. */
import type { AppModule, ModuleContext } from "../../platform/module.ts";
import { marketingResolvers, marketingSchema } from "./marketing.graphql.ts";

export function marketingModule(ctx: ModuleContext): AppModule {
  return {
    name: "marketing",
    graphql: { marketing: { schema: marketingSchema, resolvers: marketingResolvers(ctx.db) } },
  };
}

export { seedDemoReviews } from "./marketing.seed.ts";
