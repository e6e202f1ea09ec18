/**
 * What other areas may use of the cycle-reviews area (issue #14; docs/api/cycle-reviews.md): the
 * events it emits. `cycle-review.submitted` lets the lecture-changes area open a tutor-change
 * request for staff when `lowScore && wantsTutorChange`; `cycle-review.published` lets the
 * marketing area show (or stop showing) a verified review on /seoltab_review and /review.
 */

/** `cycle-review.submitted`: a family reviewed a cycle; emitted in the submitting transaction. */
export interface CycleReviewSubmittedEvent {
  reviewId: number;
  lectureId: number;
  /** The student of the lecture. */
  userId: number;
  tutorUserId: number | null;
  cycle: number;
  /** 0 to 10. */
  score: number;
  wantsTutorChange: boolean;
  /** score <= LOW_SCORE_MAX (packages/domain cycle-reviews.ts). */
  lowScore: boolean;
  comment: string | null;
  /** Who wrote it: the student or a linked parent. */
  actorUserId: number;
  at: Date;
}

/**
 * `cycle-review.published`: staff published (`review` given) or unpublished (`review` null) a
 * review whose author consented; emitted in the staff action's transaction. Labels are masked.
 */
export interface CycleReviewPublishedEvent {
  reviewId: number;
  review: {
    year: number;
    subject: string;
    /** e.g. "김*준 학생", "김*준 학생 학부모". */
    authorLabel: string;
    /** e.g. "박** 선생님과 수학 수업". */
    title: string;
    body: string;
    /** 0 to 10. */
    score: number;
    /** 0 to 5 (reviewStars). */
    rating: number;
    createdAt: Date;
  } | null;
  at: Date;
}

declare module "../../platform/events.ts" {
  interface DomainEvents {
    "cycle-review.submitted": CycleReviewSubmittedEvent;
    "cycle-review.published": CycleReviewPublishedEvent;
  }
}
