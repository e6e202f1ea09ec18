import type { Review } from "../../features/marketing/api";
import {
  RATING_STAR_PATH,
  ratingLabel,
  reviewDate,
  reviewSourceTag,
  scoreText,
} from "./review-text";

/** Five stars, `rating` of them filled; read out as "별점 5점 만점에 4점". */
export function Rating({ rating }: { rating: number }) {
  return (
    <span className="rating" role="img" aria-label={ratingLabel(rating)}>
      {[1, 2, 3, 4, 5].map((n) => (
        <svg
          key={n}
          viewBox="0 0 20 20"
          width="16"
          height="16"
          aria-hidden="true"
          className={n <= rating ? "rating__star rating__star--on" : "rating__star"}
        >
          <path d={RATING_STAR_PATH} />
        </svg>
      ))}
    </span>
  );
}

/**
 * One review: title, rating, text, who wrote it (already masked) and when, subject and year,
 * whether it is a verified review (with its 0-10 score) or an example.
 * app/islands/review-card.ts builds the same markup on the static pages (a test compares them).
 */
export function ReviewCard({ review, headingLevel = 3 }: { review: Review; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const date = reviewDate(review.createdAt);
  const source = reviewSourceTag(review.verified);
  return (
    <article className="review-card">
      <div className="review-card__tags">
        <span className="review-card__tag">{review.subject}</span>
        <span className="review-card__tag review-card__tag--plain">{review.year}년</span>
        <span className={source.className}>{source.text}</span>
      </div>
      <Heading className="review-card__title">{review.title}</Heading>
      <Rating rating={review.rating} />
      {review.score === null ? null : (
        <p className="review-card__score">{scoreText(review.score)}</p>
      )}
      <p className="review-card__body">{review.body}</p>
      <p className="review-card__meta">
        <span>{review.authorLabel}</span>
        {date ? <time dateTime={review.createdAt}>{date}</time> : null}
      </p>
    </article>
  );
}

/** Grey placeholder cards of the same size as review cards, shown while reviews load. */
export function ReviewSkeletons({ count }: { count: number }) {
  return (
    <ul className="review-list" aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="review-card review-card--skeleton">
          <span className="skeleton skeleton--tag" />
          <span className="skeleton skeleton--title" />
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--short" />
        </li>
      ))}
    </ul>
  );
}
