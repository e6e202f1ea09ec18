/**
 * The marketing area as a module (issue #10): the `/marketing/graphql` backend. A cycle review
 * staff publish becomes a verified review here (`cycle-review.published`, issue #14), in the
 * publishing transaction; unpublishing removes it.
 */
import type { AppModule, ModuleContext } from "../../platform/module.ts";
import type {} from "../cycle-reviews/cycle-reviews.public.ts"; // DomainEvents: cycle-review.published
import { marketingResolvers, marketingSchema } from "./marketing.graphql.ts";
import { deleteVerifiedReview, upsertVerifiedReview } from "./marketing.repository.ts";

export function marketingModule(ctx: ModuleContext): AppModule {
  ctx.events.on("cycle-review.published", "marketing", async (tx, { reviewId, review }) => {
    if (review) await upsertVerifiedReview(tx, reviewId, review);
    else await deleteVerifiedReview(tx, reviewId);
  });
  return {
    name: "marketing",
    graphql: { marketing: { schema: marketingSchema, resolvers: marketingResolvers(ctx.db) } },
  };
}

export { seedDemoReviews } from "./marketing.seed.ts";
