/**
 * The matching area as a module (issue #13; docs/api/matching.md): opens a matching when a
 * lesson request is submitted, closes it when the request is withdrawn or the lecture ends, the
 * matching part of `/matching/graphql`, and the 24-hour expiry of unanswered suggestions.
 */
import type { AppModule, ModuleContext } from "../../platform/module.ts";
import type {} from "../lectures/lectures.public.ts"; // DomainEvents: lecture.moved
import type {} from "../lesson-requests/lesson-requests.public.ts"; // DomainEvents: lesson-request.*
import { FINAL_LECTURE_STATES, type LectureState } from "@seoltab/domain";
import { matchingResolvers, matchingSchema } from "./matching.graphql.ts";
import { closeForLecture, expire, openForRequest, openForTutorChange } from "./matching.service.ts";

export function matchingModule(ctx: ModuleContext): AppModule {
  const deps = { db: ctx.db, clock: ctx.clock, events: ctx.events };
  ctx.events.on("lesson-request.submitted", "matching", async (tx, { lecture, at }) => {
    await openForRequest(tx, lecture, at);
  });
  ctx.events.on("lesson-request.cancelled", "matching", async (tx, { lecture, at }) => {
    await closeForLecture(tx, lecture.id, at);
  });
  ctx.events.on("lecture.moved", "matching", async (tx, { lecture, at }) => {
    if (FINAL_LECTURE_STATES.includes(lecture.state as LectureState)) {
      await closeForLecture(tx, lecture.id, at);
    }
    if (lecture.state === "REMATCH" || lecture.state === "REMATCH_B") {
      await openForTutorChange(tx, lecture, at);
    }
  });
  return {
    name: "matching",
    graphql: { matching: { schema: matchingSchema, resolvers: matchingResolvers(deps) } },
    jobs: { "matching-suggestions-expire": () => expire(deps) },
  };
}
