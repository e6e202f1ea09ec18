/**
 * The lecture-changes area as a module (issue #14; docs/api/lecture-changes.md): change requests
 * on `/workspace/graphql` (tutors) and `/matching/graphql` (families, staff's queue), the phoenix
 * `GET /serverless/lectureChangeForm/student/{id}`, and what ends them: a lecture that reaches a
 * final state (its refund) settles its waiting requests. A low-scored cycle review asking for
 * another tutor opens a CHANGE_TUTOR request for staff.
 */
import { FINAL_LECTURE_STATES, type LectureState } from "@seoltab/domain";
import type { AppModule, ModuleContext } from "../../platform/module.ts";
import type {} from "../lectures/lectures.public.ts"; // DomainEvents: lecture.moved
import type {} from "../cycle-reviews/cycle-reviews.public.ts"; // DomainEvents: cycle-review.submitted
import {
  lectureChangesMatchingResolvers,
  lectureChangesMatchingSchema,
  lectureChangesWorkspaceResolvers,
  lectureChangesWorkspaceSchema,
} from "./lecture-changes.graphql.ts";
import { lectureChangeRoutes } from "./lecture-changes.routes.ts";
import { openTutorChangeFromReview, settleForEndedLecture } from "./lecture-changes.service.ts";

export function lectureChangesModule(ctx: ModuleContext): AppModule {
  const deps = { db: ctx.db, clock: ctx.clock, events: ctx.events };
  ctx.events.on("lecture.moved", "lecture-changes", async (tx, { lecture, at }) => {
    if (FINAL_LECTURE_STATES.includes(lecture.state as LectureState)) {
      await settleForEndedLecture(tx, lecture.id, at);
    }
  });
  // A low score with "change tutor? yes" opens a tutor-change request for staff.
  ctx.events.on("cycle-review.submitted", "lecture-changes", async (tx, review) => {
    if (review.lowScore && review.wantsTutorChange) {
      await openTutorChangeFromReview(tx, review);
    }
  });
  return {
    name: "lecture-changes",
    rest: { serverless: (app) => lectureChangeRoutes(app, deps) },
    graphql: {
      workspace: {
        schema: lectureChangesWorkspaceSchema,
        resolvers: lectureChangesWorkspaceResolvers(deps),
      },
      matching: {
        schema: lectureChangesMatchingSchema,
        resolvers: lectureChangesMatchingResolvers(deps),
      },
    },
  };
}
