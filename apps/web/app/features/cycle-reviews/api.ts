/**
 * The cycle-reviews operations of `/matching/graphql` (docs/api/cycle-reviews.md, issue #14): the
 * family's cycleReviews(lectureId) and submitCycleReview(input); staff consentedCycleReviews and
 * publishCycleReview. The rules (0..10, 1,000 characters, every 4 held lessons) are
 * packages/domain cycle-reviews.ts, used by the form as well.
 */
import { gql, type TypedDocumentNode } from "@apollo/client";

export const CYCLE_REVIEWS_CONTEXT = { clientName: "matching" } as const;

export interface CycleReview {
  id: string;
  lectureId: string;
  cycle: number;
  score: number;
  comment: string | null;
  wantsTutorChange: boolean;
  lowScore: boolean;
  publishConsent: boolean;
  authorRole: "STUDENT" | "PARENT";
  subject: string;
  heldLessons: number;
  published: boolean;
  publishedAt: string | null;
  createdAt: string;
}

const FIELDS = `id lectureId cycle score comment wantsTutorChange lowScore publishConsent authorRole subject heldLessons published publishedAt createdAt`;

export const CYCLE_REVIEWS: TypedDocumentNode<
  {
    cycleReviews: {
      lectureId: string;
      heldLessons: number;
      dueCycle: number | null;
      cycleLessons: number;
      reviews: CycleReview[];
    };
  },
  { lectureId: string }
> = gql`
  query CycleReviews($lectureId: ID!) {
    cycleReviews(lectureId: $lectureId) { lectureId heldLessons dueCycle cycleLessons reviews { ${FIELDS} } }
  }
`;

export interface SubmitCycleReviewInput {
  lectureId: string;
  cycle: number;
  score: number;
  comment: string | null;
  wantsTutorChange: boolean;
  publishConsent: boolean;
}

export const SUBMIT_CYCLE_REVIEW: TypedDocumentNode<
  { submitCycleReview: CycleReview },
  { input: SubmitCycleReviewInput }
> = gql`
  mutation SubmitCycleReview($input: SubmitCycleReviewInput!) {
    submitCycleReview(input: $input) { ${FIELDS} }
  }
`;

export interface StaffCycleReview {
  review: CycleReview;
  lectureTitle: string;
  studentName: string;
  tutorName: string | null;
}

export const CONSENTED_CYCLE_REVIEWS: TypedDocumentNode<
  {
    consentedCycleReviews: {
      data: StaffCycleReview[];
      totalCount: number;
      totalPages: number;
      currentPage: number;
    };
  },
  { page: number; published: boolean | null }
> = gql`
  query ConsentedCycleReviews($page: Int, $published: Boolean) {
    consentedCycleReviews(page: $page, published: $published) {
      totalCount totalPages currentPage
      data { lectureTitle studentName tutorName review { ${FIELDS} } }
    }
  }
`;

export const PUBLISH_CYCLE_REVIEW: TypedDocumentNode<
  { publishCycleReview: CycleReview },
  { reviewId: string; published: boolean }
> = gql`
  mutation PublishCycleReview($reviewId: ID!, $published: Boolean!) {
    publishCycleReview(reviewId: $reviewId, published: $published) { ${FIELDS} }
  }
`;
