/**
 * Per-cycle reviews (issue #14 "Per-cycle review"; DESIGN.md §9; docs/api/cycle-reviews.md): after
 * every REVIEW_CYCLE_LESSONS held lessons of a lecture, the student or a linked parent rates the
 * tutor 0..10 with an optional comment, answers "change tutor?", and says whether the review may
 * be published on /seoltab_review. A low score (score <= LOW_SCORE_MAX) answered with "yes" asks
 * staff for a tutor change (the lecture-changes area opens the request from the event).
 *
 * Pure: the held-lesson count and the cycles already reviewed are parameters.
 */

import type { TransitionTable } from "./payments.ts";

/**
 * A review's publication on /seoltab_review (cycle_reviews.published_at: null = UNPUBLISHED;
 * issue #10: the staff writer asks the table). A review is written UNPUBLISHED; staff publish and
 * unpublish it, each a real move (publishing a published review again is refused, so its
 * publisher and time are never overwritten).
 */
export const REVIEW_PUBLICATION_STATES = ["UNPUBLISHED", "PUBLISHED"] as const;
export type ReviewPublicationState = (typeof REVIEW_PUBLICATION_STATES)[number];

export const REVIEW_PUBLICATION_TRANSITIONS: TransitionTable<ReviewPublicationState> = {
  UNPUBLISHED: ["PUBLISHED"],
  PUBLISHED: ["UNPUBLISHED"],
};

/** The publication state a row's `publishedAt` stands for. */
export function publicationStateOf(publishedAt: Date | null): ReviewPublicationState {
  return publishedAt === null ? "UNPUBLISHED" : "PUBLISHED";
}

/** A cycle is this many held lessons: cycle n opens when the lecture has held 4n lessons. */
export const REVIEW_CYCLE_LESSONS = 4;

export const REVIEW_SCORE_MIN = 0;
export const REVIEW_SCORE_MAX = 10;

/** The comment is optional and holds up to this many characters (after trimming). */
export const REVIEW_COMMENT_MAX = 1000;

/**
 * The "low score" threshold: a score of LOW_SCORE_MAX or less is low. 0..6 of 10 is what a
 * net-promoter reading calls a detractor: the family would not recommend this tutor. Only a low
 * score together with wantsTutorChange = true asks staff for a tutor change; a high score with
 * "yes", or a low score with "no", is recorded and shown to staff but opens nothing.
 */
export const LOW_SCORE_MAX = 6;

/** The Korean messages of the review rules (one place; the api and the form use them). */
export const CYCLE_REVIEW_MESSAGES = {
  score: "점수는 0점부터 10점까지 정수 하나를 골라 주세요.",
  comment: "한 줄 평은 1,000자까지 적을 수 있어요.",
  cycle: "평가할 회차를 다시 확인해 주세요.",
  wantsTutorChange: "선생님을 바꾸고 싶은지 골라 주세요.",
  publishConsent: "후기 공개에 동의하는지 골라 주세요.",
  notDue: "아직 평가할 회차가 아니에요. 수업을 4번 할 때마다 평가를 남길 수 있어요.",
  alreadySubmitted: "이번 회차 수업 평가는 이미 남겼어요.",
} as const;

/** True for an integer score in 0..10. */
export function isValidReviewScore(score: unknown): score is number {
  return (
    typeof score === "number" &&
    Number.isInteger(score) &&
    score >= REVIEW_SCORE_MIN &&
    score <= REVIEW_SCORE_MAX
  );
}

/** True when `score` is low (<= LOW_SCORE_MAX). */
export function isLowReviewScore(score: number): boolean {
  return score <= LOW_SCORE_MAX;
}

/**
 * True when this review asks staff for a tutor change: a low score and wantsTutorChange.
 */
export function asksTutorChange(review: { score: number; wantsTutorChange: boolean }): boolean {
  return review.wantsTutorChange && isLowReviewScore(review.score);
}

/** The highest cycle `held` lessons have reached (0: none yet). */
export function reachedCycle(held: number): number {
  return held < 0 ? 0 : Math.floor(held / REVIEW_CYCLE_LESSONS);
}

/**
 * The cycle the family may review now, or null.
 *
 * Cycle n is due once the lecture has held at least 4n lessons (REVIEW_CYCLE_LESSONS) and n has
 * not been reviewed. Only the latest reached cycle is due: when the next cycle opens (held >=
 * 4(n+1)) an unreviewed cycle n lapses, so the family is always asked about the recent lessons and
 * never about several cycles at once.
 *
 * @param held lessons held (DONE) so far
 * @param reviewed cycles already reviewed
 */
export function dueReviewCycle(held: number, reviewed: readonly number[]): number | null {
  const cycle = reachedCycle(held);
  if (cycle < 1 || reviewed.includes(cycle)) return null;
  return cycle;
}

export interface CycleReviewInput {
  cycle: unknown;
  score: unknown;
  comment: unknown;
  wantsTutorChange: unknown;
  publishConsent: unknown;
}

export interface CycleReviewValues {
  cycle: number;
  score: number;
  /** Trimmed; null when empty. */
  comment: string | null;
  wantsTutorChange: boolean;
  publishConsent: boolean;
}

export type CycleReviewField = keyof CycleReviewInput;

/**
 * Checks a review's fields (the due cycle is checked separately, against the ledger).
 * Returns the clean values, or every problem with its field and Korean message.
 */
export function parseCycleReview(
  input: CycleReviewInput,
):
  | { ok: true; value: CycleReviewValues }
  | { ok: false; problems: { field: CycleReviewField; message: string }[] } {
  const problems: { field: CycleReviewField; message: string }[] = [];
  const { cycle, score, comment, wantsTutorChange, publishConsent } = input;
  if (typeof cycle !== "number" || !Number.isInteger(cycle) || cycle < 1) {
    problems.push({ field: "cycle", message: CYCLE_REVIEW_MESSAGES.cycle });
  }
  if (!isValidReviewScore(score)) {
    problems.push({ field: "score", message: CYCLE_REVIEW_MESSAGES.score });
  }
  let text: string | null = null;
  if (comment !== null && comment !== undefined) {
    if (typeof comment !== "string") {
      problems.push({ field: "comment", message: CYCLE_REVIEW_MESSAGES.comment });
    } else {
      text = comment.trim() || null;
      if (text && [...text].length > REVIEW_COMMENT_MAX) {
        problems.push({ field: "comment", message: CYCLE_REVIEW_MESSAGES.comment });
      }
    }
  }
  if (typeof wantsTutorChange !== "boolean") {
    problems.push({ field: "wantsTutorChange", message: CYCLE_REVIEW_MESSAGES.wantsTutorChange });
  }
  if (typeof publishConsent !== "boolean") {
    problems.push({ field: "publishConsent", message: CYCLE_REVIEW_MESSAGES.publishConsent });
  }
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    value: {
      cycle: cycle as number,
      score: score as number,
      comment: text,
      wantsTutorChange: wantsTutorChange as boolean,
      publishConsent: publishConsent as boolean,
    },
  };
}

/**
 * The five-star rating a published review shows for a 0..10 score: half the score, rounded
 * half up (0 → 0, 7 → 4, 10 → 5). The exact score is shown beside it.
 */
export function reviewStars(score: number): number {
  return Math.min(5, Math.max(0, Math.round(score / 2)));
}
