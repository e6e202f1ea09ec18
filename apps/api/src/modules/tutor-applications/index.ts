/**
 * The tutor-applications area as a module (issue #12; docs/api/tutor-applications.md): the
 * workspace GraphQL operations, the file uploads on the hub backend, and the stalled-steps job.
 */
import type { AppModule, ModuleContext } from "../../platform/module.ts";
import { findTaxonomyEntries } from "../catalog/catalog.public.ts";
import {
  tutorApplicationsResolvers,
  tutorApplicationsSchema,
} from "./tutor-applications.graphql.ts";
import { tutorApplicationFileRoutes } from "./tutor-applications.routes.ts";
import {
  dropAbandonedUploads,
  flagStalled,
  type TutorApplicationsDeps,
} from "./tutor-applications.service.ts";

export { seedDemoTutorApplications } from "./tutor-applications.seed.ts";

export function tutorApplicationsModule(ctx: ModuleContext): AppModule {
  let subjects: Promise<ReadonlySet<number>> | null = null;
  const deps: TutorApplicationsDeps = {
    db: ctx.db,
    clock: ctx.clock,
    storage: ctx.storage,
    events: ctx.events,
    // The taxonomy is fixed by migrations: read once per process.
    subjectIds: () =>
      (subjects ??= findTaxonomyEntries(ctx.db, "INGANG").then(
        (rows) => new Set(rows.map((r) => r.termTaxonomyId)),
        (err: unknown) => {
          subjects = null;
          throw err;
        },
      )),
  };
  return {
    name: "tutor-applications",
    rest: { hub: (app) => tutorApplicationFileRoutes(app, deps) },
    graphql: {
      workspace: {
        schema: tutorApplicationsSchema,
        resolvers: tutorApplicationsResolvers(deps),
      },
    },
    jobs: {
      // Stalled steps; also issued direct uploads never confirmed (their objects are deleted).
      "tutor-applications-stalled": async () => {
        const report = await flagStalled(deps);
        const abandoned = await dropAbandonedUploads(deps);
        return { ...report, abandonedUploads: abandoned.processed };
      },
    },
  };
}
