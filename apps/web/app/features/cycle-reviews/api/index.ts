/**
 * The cycle-reviews operations of `/matching/graphql` (docs/api/cycle-reviews.md, issue #14): the
 * family's cycleReviews(lectureId) and submitCycleReview(input); staff consentedCycleReviews and
 * publishCycleReview. The rules (0..10, 1,000 characters, every 4 held lessons) are
 * packages/domain cycle-reviews.ts, used by the form as well. The operations are in
 * cycle-reviews.matching.graphql, typed from the published schema
 * (app/graphql/matching.generated.ts, `npm run codegen`).
 */
import {
  ConsentedCycleReviewsDocument,
  CycleReviewsDocument,
  PublishCycleReviewDocument,
  SubmitCycleReviewDocument,
  type ConsentedCycleReviewsQuery,
  type CycleReviewsQuery,
  type SubmitCycleReviewInput,
} from "../../../graphql/matching.generated";

export const CYCLE_REVIEWS_CONTEXT = { clientName: "matching" } as const;

/** One review (`authorRole` STUDENT or PARENT; `score` 0..10). */
export type CycleReview = CycleReviewsQuery["cycleReviews"]["reviews"][number];

export const CYCLE_REVIEWS = CycleReviewsDocument;

export type { SubmitCycleReviewInput };

export const SUBMIT_CYCLE_REVIEW = SubmitCycleReviewDocument;

export type StaffCycleReview = ConsentedCycleReviewsQuery["consentedCycleReviews"]["data"][number];

export const CONSENTED_CYCLE_REVIEWS = ConsentedCycleReviewsDocument;

export const PUBLISH_CYCLE_REVIEW = PublishCycleReviewDocument;
