/**
 * The diagnosis area as a module (issue #20; docs/api/diagnosis.md): the AI learning
 * diagnosis on `/diagnosis/graphql` — level tests from the item banks in
 * `@seoltab/domain/diagnosis-content`, attempts by guests or accounts, per-unit scoring, the
 * report, claiming a guest's attempt after sign-in, and the `diagnosis-attempts-prune` job
 * (unsubmitted attempts older than 7 days are deleted).
 */
import type { AppModule, ModuleContext } from "../../platform/module.ts";
import { diagnosisResolvers, diagnosisSchema } from "./diagnosis.graphql.ts";
import { pruneUnsubmittedAttempts } from "./diagnosis.service.ts";

export function diagnosisModule(ctx: ModuleContext): AppModule {
  const deps = { db: ctx.db, clock: ctx.clock };
  return {
    name: "diagnosis",
    graphql: {
      diagnosis: { schema: diagnosisSchema, resolvers: diagnosisResolvers(deps) },
    },
    jobs: { "diagnosis-attempts-prune": () => pruneUnsubmittedAttempts(deps) },
  };
}
