import {
  RATING_STAR_PATH,
  ratingLabel,
  reviewDate,
  reviewSourceTag,
  scoreText,
} from "../components/marketing/review-text";
import type { Review } from "../features/marketing/api";
import { h, svg } from "./dom";

/**
 * One review, with the markup of components/marketing/review-card.tsx (a test compares them):
 * subject, year and source (verified or example), title, rating with a verified review's score,
 * text, who wrote it (already masked) and when.
 */
export function reviewCard(review: Review): HTMLElement {
  const date = reviewDate(review.createdAt);
  const source = reviewSourceTag(review.verified);
  return h(
    "article",
    { class: "review-card" },
    h(
      "div",
      { class: "review-card__tags" },
      h("span", { class: "review-card__tag" }, review.subject),
      h("span", { class: "review-card__tag review-card__tag--plain" }, `${review.year}년`),
      h("span", { class: source.className }, source.text),
    ),
    h("h3", { class: "review-card__title" }, review.title),
    h(
      "span",
      { class: "rating", role: "img", "aria-label": ratingLabel(review.rating) },
      ...[1, 2, 3, 4, 5].map((n) =>
        svg(
          "svg",
          {
            viewBox: "0 0 20 20",
            width: 16,
            height: 16,
            "aria-hidden": "true",
            class: n <= review.rating ? "rating__star rating__star--on" : "rating__star",
          },
          svg("path", { d: RATING_STAR_PATH }),
        ),
      ),
    ),
    review.score === null ? null : h("p", { class: "review-card__score" }, scoreText(review.score)),
    h("p", { class: "review-card__body" }, review.body),
    h(
      "p",
      { class: "review-card__meta" },
      h("span", {}, review.authorLabel),
      date ? h("time", { datetime: review.createdAt }, date) : null,
    ),
  );
}

/** Grey placeholders of the size of review cards (components/marketing/review-card.tsx). */
export function reviewSkeletons(count: number): HTMLElement {
  return h(
    "ul",
    { class: "review-list", "aria-hidden": "true" },
    ...Array.from({ length: count }, () =>
      h(
        "li",
        { class: "review-card review-card--skeleton" },
        h("span", { class: "skeleton skeleton--tag" }),
        h("span", { class: "skeleton skeleton--title" }),
        h("span", { class: "skeleton skeleton--line" }),
        h("span", { class: "skeleton skeleton--line" }),
        h("span", { class: "skeleton skeleton--short" }),
      ),
    ),
  );
}
