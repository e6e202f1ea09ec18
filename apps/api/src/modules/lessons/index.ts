/**
 * The lessons area as a module (issue #14; docs/api/lessons.md): lessons appear when a lecture is
 * MATCHED and are cancelled when it ends (`lecture.moved`), the job keeps them 4 weeks ahead, and
 * its parts of `/workspace/graphql` (tutors) and `/matching/graphql` (families).
 */
import type { AppModule, ModuleContext } from "../../platform/module.ts";
import type {} from "../lectures/lectures.public.ts"; // DomainEvents: lecture.moved
import {
  lessonsMatchingResolvers,
  lessonsMatchingSchema,
  lessonsWorkspaceResolvers,
  lessonsWorkspaceSchema,
} from "./lessons.graphql.ts";
import { calendarRoutes } from "./calendar-feed.ts";
import { findNextLessons } from "./lessons.repository.ts";
import { materializeAll, onLectureMoved } from "./lessons.service.ts";

export interface LessonsModule extends AppModule {
  /** lectureId → the next planned lesson's start (getUserInfo LECTURE_INFO `NEXT_LESSON_AT`). */
  nextLessons(lectureIds: number[], now: Date): Promise<Map<number, Date>>;
}

export function lessonsModule(ctx: ModuleContext): LessonsModule {
  const deps = { db: ctx.db, clock: ctx.clock, events: ctx.events };
  ctx.events.on("lecture.moved", "lessons", async (tx, { lecture, at }) => {
    await onLectureMoved(tx, lecture, at);
  });
  return {
    name: "lessons",
    register: (app) => calendarRoutes(app, ctx.db, ctx.clock),
    graphql: {
      workspace: { schema: lessonsWorkspaceSchema, resolvers: lessonsWorkspaceResolvers(deps) },
      matching: { schema: lessonsMatchingSchema, resolvers: lessonsMatchingResolvers(deps) },
    },
    jobs: { "lessons-materialize": () => materializeAll(deps) },
    nextLessons: (lectureIds, now) => findNextLessons(ctx.db, lectureIds, now),
  };
}
