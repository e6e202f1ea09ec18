/**
 * The cycle-reviews area as a module (issue #14 "Per-cycle review"; docs/api/cycle-reviews.md):
 * its part of `/matching/graphql` (families review the due cycle; staff publish reviews with
 * consent). It emits `cycle-review.submitted` and `cycle-review.published`
 * (cycle-reviews.public.ts); it handles no event.
 */
import type { AppModule, ModuleContext } from "../../platform/module.ts";
import { cycleReviewsResolvers, cycleReviewsSchema } from "./cycle-reviews.graphql.ts";

export function cycleReviewsModule(ctx: ModuleContext): AppModule {
  const deps = { db: ctx.db, clock: ctx.clock, events: ctx.events };
  return {
    name: "cycle-reviews",
    graphql: { matching: { schema: cycleReviewsSchema, resolvers: cycleReviewsResolvers(deps) } },
  };
}
