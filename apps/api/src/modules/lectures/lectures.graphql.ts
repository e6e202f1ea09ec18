/**
 * The lectures part of the `/matching/graphql` backend (issue #13; docs/api/lectures.md):
 * `myLectures(userId)` and `lecture(lectureId)` for the family (a parent or staff passes the
 * child's `userId: Int`, like the payment backend), the assigned tutor and staff. This module
 * is the first on the backend: it defines WeeklyTimeBlock and Lecture; lesson-requests and
 * matching extend them.
 */
import type { IResolvers, MercuriusContext } from "mercurius";
import type { Database } from "@seoltab/db";
import { LECTURE_STATES } from "@seoltab/domain";
import { AppError } from "../../errors.ts";
import { findUserById, mayActFor, requireGraphqlUser } from "../accounts/accounts.public.ts";
import {
  findLectureTransitions,
  findLecturesOfUser,
  type LectureRow,
} from "./lectures.repository.ts";
import { lectureForCaller, notYourLecture } from "./lectures.service.ts";

export const lecturesSchema = /* GraphQL */ `
  "SPEC.md §4 matching or lecture states (docs/api/lectures.md has the moves)."
  enum LectureState {
    ${LECTURE_STATES.join("\n    ")}
  }

  "A weekly time block, Asia/Seoul wall clock: day MON..SUN, start and end HH:MM (end by 22:00)."
  type WeeklyTimeBlock {
    day: String!
    start: String!
    end: String!
  }

  type LectureTransition {
    fromState: LectureState
    toState: LectureState!
    "USER, ADMIN, SALES_TEAM or AUTO."
    initiator: String!
    reason: String
    createdAt: String!
  }

  """
  A lecture: the pass a family bought (one per paid lecture line). lectureVtNo is the line's id
  (LECTURE_INFO LECTURE_NO). Times ISO 8601 UTC.
  """
  type Lecture {
    id: ID!
    userId: Int!
    lectureVtNo: Int!
    paymentId: ID!
    title: String!
    months: Int!
    state: LectureState!
    "The tutor's name once matched (the family sees it after the match)."
    tutorName: String
    tutorId: Int
    weeklyPlan: [WeeklyTimeBlock!]
    matchedAt: String
    createdAt: String!
    transitions: [LectureTransition!]!
  }

  extend type Query {
    "The lectures of userId (default: the caller), newest first."
    myLectures(userId: Int): [Lecture!]!
    lecture(lectureId: ID!): Lecture
  }
`;

/** "12" → 12. @throws AppError validation for anything but a positive integer id */
export function parseId(value: unknown, field: string): number {
  const text = String(value ?? "");
  const id = Number(text);
  if (!/^\d{1,15}$/.test(text) || !Number.isSafeInteger(id) || id <= 0) {
    throw new AppError("validation", "validation_failed", `${field} 는 양의 정수여야 해요.`, [
      { field, message: "양의 정수여야 해요." },
    ]);
  }
  return id;
}

/** A lecture row as the GraphQL Lecture (transitions resolved on demand). */
export async function lectureGraphql(db: Database, row: LectureRow) {
  const tutor = row.tutorUserId ? await findUserById(db, row.tutorUserId) : undefined;
  return {
    id: String(row.id),
    userId: row.userId,
    lectureVtNo: row.paymentItemId,
    paymentId: String(row.paymentId),
    title: row.title,
    months: row.months,
    state: row.state,
    tutorName: tutor?.name ?? null,
    tutorId: row.tutorUserId,
    weeklyPlan: row.weeklyPlan,
    matchedAt: row.matchedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function lecturesResolvers(db: Database): IResolvers {
  return {
    Query: {
      myLectures: async (
        _root: unknown,
        args: { userId?: number | null },
        ctx: MercuriusContext,
      ) => {
        const caller = await requireGraphqlUser(ctx);
        const userId = args.userId ?? caller.userNo;
        if (!(await mayActFor(db, caller, userId))) throw notYourLecture();
        const rows = await findLecturesOfUser(db, userId);
        return Promise.all(rows.map((row) => lectureGraphql(db, row)));
      },
      lecture: async (_root: unknown, args: { lectureId: string }, ctx: MercuriusContext) => {
        const caller = await requireGraphqlUser(ctx);
        const row = await lectureForCaller(db, caller, parseId(args.lectureId, "lectureId"), {
          tutorToo: true,
        });
        return lectureGraphql(db, row);
      },
    },
    Lecture: {
      transitions: async (parent: { id: string }) =>
        (await findLectureTransitions(db, Number(parent.id))).map((t) => ({
          fromState: t.fromState,
          toState: t.toState,
          initiator: t.initiator,
          reason: t.reason,
          createdAt: t.createdAt.toISOString(),
        })),
    },
  };
}
