import { seoulDateParts } from "@seoltab/domain";
import type { Review } from "../../features/marketing/api";

/** "2026년 10월 28일", the Asia/Seoul date of an ISO instant; "" when it is not a date. */
export function reviewDate(iso: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return "";
  const { year, month, day } = seoulDateParts(instant);
  return `${year}년 ${month}월 ${day}일`;
}

/** Five stars, `rating` of them filled; read out as "별점 5점 만점에 4점". */
export function Rating({ rating }: { rating: number }) {
  return (
    <span className="rating" role="img" aria-label={`별점 5점 만점에 ${rating}점`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <svg
          key={n}
          viewBox="0 0 20 20"
          width="16"
          height="16"
          aria-hidden="true"
          className={n <= rating ? "rating__star rating__star--on" : "rating__star"}
        >
          <path d="M10 1.8l2.5 5.3 5.7.7-4.2 4 1.1 5.7L10 14.7l-5.1 2.8 1.1-5.7-4.2-4 5.7-.7z" />
        </svg>
      ))}
    </span>
  );
}

/** One review: title, rating, text, who wrote it (already masked) and when, subject and year. */
export function ReviewCard({ review, headingLevel = 3 }: { review: Review; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const date = reviewDate(review.createdAt);
  return (
    <article className="review-card">
      <div className="review-card__tags">
        <span className="review-card__tag">{review.subject}</span>
        <span className="review-card__tag review-card__tag--plain">{review.year}년</span>
      </div>
      <Heading className="review-card__title">{review.title}</Heading>
      <Rating rating={review.rating} />
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
