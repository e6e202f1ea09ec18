/**
 * The cycle-reviews part of `/matching/graphql` (issue #14; docs/api/cycle-reviews.md). Family:
 * cycleReviews(lectureId), submitCycleReview(input). Staff: consentedCycleReviews(page,
 * published), publishCycleReview(reviewId, published). Times ISO 8601 UTC.
 */
import type { IResolvers, MercuriusContext } from "mercurius";
import type { Database } from "@seoltab/db";
import { REVIEW_CYCLE_LESSONS } from "@seoltab/domain";
import { findUserById, requireGraphqlUser } from "../accounts/accounts.public.ts";
import { findLectureById } from "../lectures/lectures.public.ts";
import { parseId } from "../lectures/index.ts";
import type { CycleReviewRow } from "./cycle-reviews.repository.ts";
import {
  consentedReviews,
  cycleReviewsOf,
  setReviewPublished,
  submitCycleReview,
  type CycleReviewsDeps,
} from "./cycle-reviews.service.ts";

export const cycleReviewsSchema = /* GraphQL */ `
  "A family's review of the lecture's tutor after a cycle of 4 held lessons (issue #14)."
  type CycleReview {
    id: ID!
    lectureId: ID!
    "1 after lessons 4..7, 2 after 8..11, ..."
    cycle: Int!
    "0 to 10."
    score: Int!
    comment: String
    wantsTutorChange: Boolean!
    "score <= 6: with wantsTutorChange, staff get a tutor-change request."
    lowScore: Boolean!
    publishConsent: Boolean!
    "STUDENT or PARENT."
    authorRole: String!
    subject: String!
    heldLessons: Int!
    "Shown on /seoltab_review (published by staff)."
    published: Boolean!
    publishedAt: String
    createdAt: String!
  }

  "A lecture's reviews and the cycle the family may review now."
  type LectureCycleReviews {
    lectureId: ID!
    heldLessons: Int!
    "The cycle to review now; null when none is due."
    dueCycle: Int
    "Lessons per cycle (4)."
    cycleLessons: Int!
    reviews: [CycleReview!]!
  }

  "A review with consent, as staff see it."
  type StaffCycleReview {
    review: CycleReview!
    lectureTitle: String!
    studentName: String!
    tutorName: String
  }

  type CycleReviewPage {
    data: [StaffCycleReview!]!
    totalCount: Int!
    totalPages: Int!
    currentPage: Int!
  }

  input SubmitCycleReviewInput {
    lectureId: ID!
    "The due cycle (LectureCycleReviews.dueCycle)."
    cycle: Int!
    "An integer from 0 to 10 (declared Float so that a fraction is refused with the score's Korean message)."
    score: Float!
    "Up to 1,000 characters."
    comment: String
    wantsTutorChange: Boolean!
    "May the review be published on /seoltab_review (names masked)?"
    publishConsent: Boolean!
  }

  extend type Query {
    "The lecture's reviews and the due cycle: the student, a linked parent or staff."
    cycleReviews(lectureId: ID!): LectureCycleReviews!
    "Staff: reviews whose author agreed to publication, newest first, 20 a page."
    consentedCycleReviews(page: Int = 1, published: Boolean): CycleReviewPage!
  }

  extend type Mutation {
    "The student or a linked parent reviews the due cycle, once."
    submitCycleReview(input: SubmitCycleReviewInput!): CycleReview!
    "Staff: publishes (or unpublishes) a review with consent on /seoltab_review."
    publishCycleReview(reviewId: ID!, published: Boolean!): CycleReview!
  }
`;

function reviewGraphql(row: CycleReviewRow) {
  return {
    id: String(row.id),
    lectureId: String(row.lectureId),
    cycle: row.cycle,
    score: row.score,
    comment: row.comment,
    wantsTutorChange: row.wantsTutorChange,
    lowScore: row.lowScore,
    publishConsent: row.publishConsent,
    authorRole: row.authorRole,
    subject: row.subject,
    heldLessons: row.heldLessons,
    published: row.publishedAt !== null,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function staffReviewGraphql(db: Database, rows: CycleReviewRow[]) {
  const names = new Map<number, string>();
  const nameOf = async (id: number | null) => {
    if (id === null) return null;
    if (!names.has(id)) names.set(id, (await findUserById(db, id))?.name ?? "");
    return names.get(id)!;
  };
  const out = [];
  for (const row of rows) {
    out.push({
      review: reviewGraphql(row),
      lectureTitle: (await findLectureById(db, row.lectureId))?.title ?? "",
      studentName: (await nameOf(row.userId)) ?? "",
      tutorName: await nameOf(row.tutorUserId),
    });
  }
  return out;
}

interface SubmitArgs {
  input: {
    lectureId: string;
    cycle: number;
    score: number;
    comment?: string | null;
    wantsTutorChange: boolean;
    publishConsent: boolean;
  };
}

export function cycleReviewsResolvers(deps: CycleReviewsDeps): IResolvers {
  return {
    Query: {
      cycleReviews: async (_root: unknown, args: { lectureId: string }, ctx: MercuriusContext) => {
        const caller = await requireGraphqlUser(ctx);
        const result = await cycleReviewsOf(deps, caller, parseId(args.lectureId, "lectureId"));
        return {
          lectureId: String(result.lecture.id),
          heldLessons: result.held,
          dueCycle: result.dueCycle,
          cycleLessons: REVIEW_CYCLE_LESSONS,
          reviews: result.reviews.map(reviewGraphql),
        };
      },
      consentedCycleReviews: async (
        _root: unknown,
        args: { page?: number | null; published?: boolean | null },
        ctx: MercuriusContext,
      ) => {
        const caller = await requireGraphqlUser(ctx);
        const result = await consentedReviews(deps, caller, {
          page: args.page ?? 1,
          ...(args.published == null ? {} : { published: args.published }),
        });
        return {
          data: await staffReviewGraphql(deps.db, result.rows),
          totalCount: result.total,
          totalPages: result.totalPages,
          currentPage: result.page,
        };
      },
    },
    Mutation: {
      submitCycleReview: async (_root: unknown, args: SubmitArgs, ctx: MercuriusContext) => {
        const caller = await requireGraphqlUser(ctx);
        const { lectureId, ...rest } = args.input;
        const row = await submitCycleReview(deps, caller, {
          ...rest,
          comment: rest.comment ?? null,
          lectureId: parseId(lectureId, "lectureId"),
        });
        return reviewGraphql(row);
      },
      publishCycleReview: async (
        _root: unknown,
        args: { reviewId: string; published: boolean },
        ctx: MercuriusContext,
      ) => {
        const caller = await requireGraphqlUser(ctx);
        const row = await setReviewPublished(deps, caller, {
          reviewId: parseId(args.reviewId, "reviewId"),
          published: args.published,
        });
        return reviewGraphql(row);
      },
    },
  };
}
