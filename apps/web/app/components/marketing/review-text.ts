import { seoulDateParts } from "@seoltab/domain";

/**
 * Text and drawing of a review card, shared by the React card (review-card.tsx) and the static
 * pages' card (app/islands/review-card.ts).
 */

/** "2026년 10월 28일", the Asia/Seoul date of an ISO instant; "" when it is not a date. */
export function reviewDate(iso: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return "";
  const { year, month, day } = seoulDateParts(instant);
  return `${year}년 ${month}월 ${day}일`;
}

/** How the rating is read out: "별점 5점 만점에 4점". */
export function ratingLabel(rating: number): string {
  return `별점 5점 만점에 ${rating}점`;
}

/** One star of the rating (20 x 20 viewBox). */
export const RATING_STAR_PATH =
  "M10 1.8l2.5 5.3 5.7.7-4.2 4 1.1 5.7L10 14.7l-5.1 2.8 1.1-5.7-4.2-4 5.7-.7z";

/** The tag that says where a review comes from. */
export function reviewSourceTag(verified: boolean): { text: string; className: string } {
  return verified
    ? { text: "수강 인증 후기", className: "review-card__tag review-card__tag--verified" }
    : { text: "예시 후기", className: "review-card__tag review-card__tag--sample" };
}

/** A verified review's exact score: "10점 만점에 8점". */
export function scoreText(score: number): string {
  return `10점 만점에 ${score}점`;
}
