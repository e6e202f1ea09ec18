/**
 * The lecture-changes parts of `/workspace/graphql` (tutors) and `/matching/graphql` (families;
 * staff's `lectureChangeQueue`) — issue #14, docs/api/lecture-changes.md. Times are ISO 8601 UTC;
 * dates (effectiveFrom, pauseFrom, pauseUntil) are Asia/Seoul YYYY-MM-DD.
 */
import type { IResolvers, MercuriusContext } from "mercurius";
import type { Database } from "@seoltab/db";
import {
  LECTURE_CHANGE_KIND_LABELS,
  LECTURE_CHANGE_RULES,
  LECTURE_CHANGE_STATE_LABELS,
  type LectureChangeKind,
  type LectureChangeState,
} from "@seoltab/domain/lecture-changes";
import { findUserById, requireGraphqlUser } from "../accounts/accounts.public.ts";
import { findLectureById } from "../lectures/lectures.public.ts";
import { parseId } from "../lectures/index.ts";
import { lessonsGraphql } from "../lessons/lessons.public.ts";
import {
  changeForm,
  changeQueue,
  lectureChanges,
  requestLectureChange,
  respondToLectureChange,
  type ChangeView,
  type LectureChangesDeps,
} from "./lecture-changes.service.ts";

const TYPES = /* GraphQL */ `
  """
  A lecture change request. kind MOVE_LESSON, CHANGE_PLAN, CHANGE_TUTOR, PAUSE or STOP; state
  RECEIVED, ACCEPTED, DECLINED or CANCELLED; requestedSide FAMILY or TUTOR; decidedBy OTHER_SIDE
  or STAFF (who answers it).
  """
  type LectureChange {
    id: ID!
    lectureId: ID!
    lectureTitle: String!
    kind: String!
    kindLabel: String!
    state: String!
    stateLabel: String!
    requestedSide: String!
    requestedByName: String
    decidedBy: String!
    "MOVE_LESSON: the lesson, its start when asked, the proposed start and minutes."
    lessonId: ID
    lessonStartsAt: String
    proposedStartsAt: String
    proposedMinutes: Int
    "CHANGE_PLAN: the new weekly plan (Asia/Seoul) and the date it starts."
    weeklyPlan: [WeeklyTimeBlock!]
    effectiveFrom: String
    "PAUSE: first and last day, both included."
    pauseFrom: String
    pauseUntil: String
    reason: String
    "A tutor's change inside the tutor's 24-hour notice window (counted against the tutor)."
    late: Boolean!
    decidedSide: String
    decidedAt: String
    decisionNote: String
    createdAt: String!
    "The caller may accept or decline it now."
    canRespond: Boolean!
    "The caller may withdraw it now."
    canCancel: Boolean!
  }

  "Whether a kind of change can be asked now, and why not."
  type LectureChangeKindOption {
    kind: String!
    label: String!
    allowed: Boolean!
    reason: String
    decidedBy: String!
  }

  "The change form of a lecture (also GET /serverless/lectureChangeForm/student/{id})."
  type LectureChangeForm {
    lectureId: ID!
    lectureTitle: String!
    lectureState: String!
    tutorName: String
    "FAMILY, TUTOR or STAFF: how the caller acts on this lecture."
    side: String!
    weeklyPlan: [WeeklyTimeBlock!]!
    pausedDays: Int!
    upcomingLessons: [Lesson!]!
    kinds: [LectureChangeKindOption!]!
    openRequests: [LectureChange!]!
  }

  input LectureChangeInput {
    lectureId: ID!
    kind: String!
    lessonId: ID
    newStartsAt: String
    minutes: Int
    weeklyPlan: [WeeklyTimeBlockInput!]
    effectiveFrom: String
    pauseFrom: String
    pauseUntil: String
    reason: String
  }

  input RespondToLectureChangeInput {
    changeId: ID!
    "ACCEPT or DECLINE (the deciding side), CANCEL (who asked)."
    decision: String!
    note: String
  }
`;

const OPERATIONS = /* GraphQL */ `
  extend type Query {
    "The lecture's change requests, newest first (the family, the lecture's tutor, staff)."
    lectureChanges(lectureId: ID!): [LectureChange!]!
    lectureChangeForm(lectureId: ID!): LectureChangeForm!
  }

  extend type Mutation {
    requestLectureChange(input: LectureChangeInput!): LectureChange!
    respondToLectureChange(input: RespondToLectureChangeInput!): LectureChange!
  }
`;

export const lectureChangesWorkspaceSchema = TYPES + OPERATIONS;

export const lectureChangesMatchingSchema = /* GraphQL */ `
  ${TYPES}
  ${OPERATIONS}
  type LectureChangeQueueItem {
    change: LectureChange!
    "Late changes this lecture's tutor has asked for so far."
    tutorLateChanges: Int!
  }

  type LectureChangePage {
    items: [LectureChangeQueueItem!]!
    total: Int!
    page: Int!
    pageSize: Int!
  }

  extend type Query {
    "Staff: requests in state (default RECEIVED), oldest first; page from 1 (20 per page)."
    lectureChangeQueue(state: String, page: Int = 1): LectureChangePage!
  }
`;

/** A change as GraphQL returns it. */
export async function changeGraphql(db: Database, view: ChangeView) {
  const r = view.row;
  const lecture = await findLectureById(db, r.lectureId);
  const requester = r.requestedByUserId ? await findUserById(db, r.requestedByUserId) : undefined;
  const kind = r.kind as LectureChangeKind;
  return {
    id: String(r.id),
    lectureId: String(r.lectureId),
    lectureTitle: lecture?.title ?? "",
    kind,
    kindLabel: LECTURE_CHANGE_KIND_LABELS[kind] ?? kind,
    state: r.state,
    stateLabel: LECTURE_CHANGE_STATE_LABELS[r.state as LectureChangeState] ?? r.state,
    requestedSide: r.requestedSide,
    requestedByName: requester?.name ?? null,
    decidedBy: LECTURE_CHANGE_RULES[kind]?.decidedBy ?? "STAFF",
    lessonId: r.lessonId === null ? null : String(r.lessonId),
    lessonStartsAt: r.lessonStartsAt?.toISOString() ?? null,
    proposedStartsAt: r.proposedStartsAt?.toISOString() ?? null,
    proposedMinutes: r.proposedMinutes,
    weeklyPlan: r.weeklyPlan,
    effectiveFrom: r.effectiveFrom,
    pauseFrom: r.pauseFrom,
    pauseUntil: r.pauseUntil,
    reason: r.reason,
    late: r.late,
    decidedSide: r.decidedSide,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    decisionNote: r.decisionNote,
    createdAt: r.createdAt.toISOString(),
    canRespond: view.canRespond,
    canCancel: view.canCancel,
  };
}

function requestIdOf(ctx: MercuriusContext): string | null {
  return ctx.reply.request.id ?? null;
}

/** The GraphQL input with ids as numbers (ID! arrives as text). */
function wireInput(input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === null || value === undefined) continue;
    out[key] = value;
  }
  return out;
}

function resolvers(deps: LectureChangesDeps) {
  return {
    Query: {
      lectureChanges: async (
        _root: unknown,
        args: { lectureId: string },
        ctx: MercuriusContext,
      ) => {
        const caller = await requireGraphqlUser(ctx);
        const views = await lectureChanges(deps, caller, parseId(args.lectureId, "lectureId"));
        return Promise.all(views.map((v) => changeGraphql(deps.db, v)));
      },
      lectureChangeForm: async (
        _root: unknown,
        args: { lectureId: string },
        ctx: MercuriusContext,
      ) => {
        const caller = await requireGraphqlUser(ctx);
        const form = await changeForm(deps, caller, parseId(args.lectureId, "lectureId"));
        const tutor = form.lecture.tutorUserId
          ? await findUserById(deps.db, form.lecture.tutorUserId)
          : undefined;
        return {
          lectureId: String(form.lecture.id),
          lectureTitle: form.lecture.title,
          lectureState: form.lecture.state,
          tutorName: tutor?.name ?? null,
          side: form.side,
          weeklyPlan: form.lecture.weeklyPlan ?? [],
          pausedDays: form.pausedDays,
          upcomingLessons: await lessonsGraphql(deps.db, form.upcoming),
          kinds: form.kinds,
          openRequests: await Promise.all(form.open.map((v) => changeGraphql(deps.db, v))),
        };
      },
    },
    Mutation: {
      requestLectureChange: async (
        _root: unknown,
        args: { input: Record<string, unknown> },
        ctx: MercuriusContext,
      ) => {
        const caller = await requireGraphqlUser(ctx);
        const row = await requestLectureChange(
          deps,
          caller,
          wireInput(args.input),
          requestIdOf(ctx),
        );
        return changeGraphql(deps.db, { row, canRespond: false, canCancel: true });
      },
      respondToLectureChange: async (
        _root: unknown,
        args: { input: Record<string, unknown> },
        ctx: MercuriusContext,
      ) => {
        const caller = await requireGraphqlUser(ctx);
        const row = await respondToLectureChange(
          deps,
          caller,
          wireInput(args.input),
          requestIdOf(ctx),
        );
        return changeGraphql(deps.db, { row, canRespond: false, canCancel: false });
      },
    },
  };
}

export function lectureChangesWorkspaceResolvers(deps: LectureChangesDeps): IResolvers {
  return resolvers(deps);
}

export function lectureChangesMatchingResolvers(deps: LectureChangesDeps): IResolvers {
  const base = resolvers(deps);
  return {
    ...base,
    Query: {
      ...base.Query,
      lectureChangeQueue: async (
        _root: unknown,
        args: { state?: string | null; page?: number | null },
        ctx: MercuriusContext,
      ) => {
        const caller = await requireGraphqlUser(ctx);
        const result = await changeQueue(deps, caller, {
          state: args.state ?? null,
          page: args.page ?? 1,
        });
        return {
          items: await Promise.all(
            result.items.map(async (item) => ({
              change: await changeGraphql(deps.db, item),
              tutorLateChanges: item.tutorLateChanges,
            })),
          ),
          total: result.total,
          page: result.page,
          pageSize: result.pageSize,
        };
      },
    },
  };
}
