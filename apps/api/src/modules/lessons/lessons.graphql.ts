/**
 * The lessons parts of `/workspace/graphql` (the tutor: myLessons, recordLesson, lessonLedger) and
 * `/matching/graphql` (the family: myLessons(userId), lessonLedger) — issue #14,
 * docs/api/lessons.md. Times ISO 8601 UTC; `seoulDate` / `seoulTime` give the Asia/Seoul wall clock.
 */
import type { IResolvers, MercuriusContext } from "mercurius";
import type { Database } from "@seoltab/db";
import { LESSON_STATE_LABELS, seoulWallClock, type LessonState } from "@seoltab/domain/lessons";
import { findUserById, requireGraphqlUser } from "../accounts/accounts.public.ts";
import { findLectureById } from "../lectures/lectures.public.ts";
import { parseId } from "../lectures/index.ts";
import type { LessonRow } from "./lessons.repository.ts";
import { createFeed, revokeFeed } from "./calendar-feed.ts";
import {
  ledgerOf,
  myLessons,
  recordLesson,
  reviewZeroMinuteLesson,
  zeroMinuteQueue,
  type LessonsDeps,
} from "./lessons.service.ts";

const TYPES = /* GraphQL */ `
  "A lesson: one occurrence of the weekly plan. state RESERVATION, TUTORING, DONE or CANCEL."
  type Lesson {
    id: ID!
    lectureId: ID!
    lectureTitle: String!
    studentName: String!
    tutorName: String
    "The slot's original start (RFC 5545 RECURRENCE-ID)."
    recurrenceId: String!
    startsAt: String!
    endsAt: String!
    "Asia/Seoul wall clock: YYYY-MM-DD, HH:MM, MON..SUN."
    seoulDate: String!
    seoulTime: String!
    weekday: String!
    minutes: Int!
    state: String!
    stateLabel: String!
    heldMinutes: Int
    "The tutor's note for the parent (what was covered, homework)."
    note: String
    recordedAt: String
    cancelledBy: String
    cancelReason: String
  }

  "A private calendar feed: path (/calendar/<secret>.ics) to put after the site's origin; shown once."
  type CalendarFeed {
    path: String!
  }

  "What was held, cancelled and remains of a lecture (DESIGN.md §9 lesson ledger)."
  type LessonLedger {
    lectureId: ID!
    held: Int!
    heldMinutes: Int!
    cancelled: Int!
    cancelledByTutor: Int!
    upcoming: Int!
    "Lessons held with 0 minutes (flagged to staff)."
    zeroMinute: Int!
    lessons: [Lesson!]!
  }
`;

export const lessonsWorkspaceSchema = /* GraphQL */ `
  ${TYPES}
  input RecordLessonInput {
    lessonId: ID!
    "Minutes taught, 0 to the planned minutes."
    minutes: Int!
    note: String
  }

  extend type Query {
    "The signed-in tutor's lessons between from and to (ISO instants, at most 92 days)."
    myLessons(from: String!, to: String!): [Lesson!]!
    lessonLedger(lectureId: ID!): LessonLedger!
  }

  extend type Mutation {
    recordLesson(input: RecordLessonInput!): Lesson!
    "A new private calendar URL for the caller's lessons (replaces the previous one)."
    createCalendarFeed: CalendarFeed!
    "Revokes the caller's calendar URL; false when there was none."
    revokeCalendarFeed: Boolean!
  }
`;

export const lessonsMatchingSchema = /* GraphQL */ `
  ${TYPES}
  "Staff: lessons held with 0 minutes waiting for review (DESIGN.md §10 work queue)."
  type ZeroMinuteLessonPage {
    items: [Lesson!]!
    total: Int!
    page: Int!
    pageSize: Int!
  }

  extend type Query {
    "Staff: lessons recorded with 0 minutes that nobody reviewed, oldest first (20 a page)."
    zeroMinuteLessons(page: Int = 1): ZeroMinuteLessonPage!
    "Lessons of userId (default: the caller; a parent: every child) between from and to."
    myLessons(from: String!, to: String!, userId: Int): [Lesson!]!
    lessonLedger(lectureId: ID!): LessonLedger!
  }

  extend type Mutation {
    "Staff: takes a 0-minute lesson off the queue (once)."
    reviewZeroMinuteLesson(lessonId: ID!): Lesson!
    "A new private calendar URL for the caller's (or their children's) lessons."
    createCalendarFeed: CalendarFeed!
    revokeCalendarFeed: Boolean!
  }
`;

export async function lessonsGraphql(db: Database, rows: LessonRow[]) {
  const names = new Map<number, string>();
  const titles = new Map<number, string>();
  const nameOf = async (id: number | null) => {
    if (id === null) return null;
    if (!names.has(id)) names.set(id, (await findUserById(db, id))?.name ?? "");
    return names.get(id)!;
  };
  const out = [];
  for (const row of rows) {
    if (!titles.has(row.lectureId))
      titles.set(row.lectureId, (await findLectureById(db, row.lectureId))?.title ?? "");
    const wall = seoulWallClock(row.startsAt);
    out.push({
      id: String(row.id),
      lectureId: String(row.lectureId),
      lectureTitle: titles.get(row.lectureId)!,
      studentName: (await nameOf(row.userId)) ?? "",
      tutorName: await nameOf(row.tutorUserId),
      recurrenceId: row.recurrenceId,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      seoulDate: wall.date,
      seoulTime: wall.time,
      weekday: wall.weekday,
      minutes: row.minutes,
      state: row.state,
      stateLabel: LESSON_STATE_LABELS[row.state as LessonState] ?? row.state,
      heldMinutes: row.heldMinutes,
      note: row.note,
      recordedAt: row.recordedAt?.toISOString() ?? null,
      cancelledBy: row.cancelledBy,
      cancelReason: row.cancelReason,
    });
  }
  return out;
}

function feedResolvers(deps: LessonsDeps) {
  return {
    createCalendarFeed: async (_root: unknown, _args: unknown, ctx: MercuriusContext) => {
      const caller = await requireGraphqlUser(ctx);
      return { path: await createFeed(deps.db, caller, deps.clock.now()) };
    },
    revokeCalendarFeed: async (_root: unknown, _args: unknown, ctx: MercuriusContext) => {
      const caller = await requireGraphqlUser(ctx);
      return revokeFeed(deps.db, caller);
    },
  };
}

function ledgerResolver(deps: LessonsDeps) {
  return async (_root: unknown, args: { lectureId: string }, ctx: MercuriusContext) => {
    const caller = await requireGraphqlUser(ctx);
    const result = await ledgerOf(deps, caller, parseId(args.lectureId, "lectureId"));
    return {
      lectureId: String(result.lecture.id),
      ...result.ledger,
      lessons: await lessonsGraphql(deps.db, result.lessons),
    };
  };
}

export function lessonsWorkspaceResolvers(deps: LessonsDeps): IResolvers {
  return {
    Query: {
      myLessons: async (
        _root: unknown,
        args: { from: string; to: string },
        ctx: MercuriusContext,
      ) => {
        const caller = await requireGraphqlUser(ctx);
        return lessonsGraphql(deps.db, await myLessons(deps, caller, { ...args, asTutor: true }));
      },
      lessonLedger: ledgerResolver(deps),
    },
    Mutation: {
      recordLesson: async (
        _root: unknown,
        args: { input: { lessonId: string; minutes: number; note?: string | null } },
        ctx: MercuriusContext,
      ) => {
        const caller = await requireGraphqlUser(ctx);
        const row = await recordLesson(deps, caller, {
          lessonId: parseId(args.input.lessonId, "lessonId"),
          minutes: args.input.minutes,
          note: args.input.note ?? null,
        });
        return (await lessonsGraphql(deps.db, [row]))[0];
      },
      ...feedResolvers(deps),
    },
  };
}

export function lessonsMatchingResolvers(deps: LessonsDeps): IResolvers {
  return {
    Query: {
      myLessons: async (
        _root: unknown,
        args: { from: string; to: string; userId?: number | null },
        ctx: MercuriusContext,
      ) => {
        const caller = await requireGraphqlUser(ctx);
        return lessonsGraphql(deps.db, await myLessons(deps, caller, { ...args, asTutor: false }));
      },
      lessonLedger: ledgerResolver(deps),
      zeroMinuteLessons: async (
        _root: unknown,
        args: { page?: number | null },
        ctx: MercuriusContext,
      ) => {
        const caller = await requireGraphqlUser(ctx);
        const result = await zeroMinuteQueue(deps, caller, args.page ?? 1);
        return { ...result, items: await lessonsGraphql(deps.db, result.rows) };
      },
    },
    Mutation: {
      ...feedResolvers(deps),
      reviewZeroMinuteLesson: async (
        _root: unknown,
        args: { lessonId: string },
        ctx: MercuriusContext,
      ) => {
        const caller = await requireGraphqlUser(ctx);
        const row = await reviewZeroMinuteLesson(
          deps,
          caller,
          parseId(args.lessonId, "lessonId"),
          ctx.reply.request.id ?? null,
        );
        return (await lessonsGraphql(deps.db, [row]))[0];
      },
    },
  };
}
