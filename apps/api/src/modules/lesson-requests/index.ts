/**
 * The lesson-requests area as a module (issue #13; docs/api/lesson-requests.md): the form's
 * GraphQL part on `/matching/graphql` and the hub's `/request-form/*` calls.
 */
import type { AppModule, ModuleContext } from "../../platform/module.ts";
import { lessonRequestsResolvers, lessonRequestsSchema } from "./lesson-requests.graphql.ts";
import { findRequestStates } from "./lesson-requests.repository.ts";
import { lessonRequestRoutes } from "./lesson-requests.routes.ts";

export interface LessonRequestsModule extends AppModule {
  /** lectureId → request state (LECTURE_INFO). */
  requestStates(lectureIds: number[]): Promise<Map<number, string>>;
}

export function lessonRequestsModule(ctx: ModuleContext): LessonRequestsModule {
  const deps = { db: ctx.db, clock: ctx.clock, events: ctx.events, storage: ctx.storage };
  return {
    name: "lesson-requests",
    rest: { hub: (app) => lessonRequestRoutes(app, deps) },
    graphql: {
      matching: { schema: lessonRequestsSchema, resolvers: lessonRequestsResolvers(deps) },
    },
    requestStates: (lectureIds) => findRequestStates(ctx.db, lectureIds),
  };
}
