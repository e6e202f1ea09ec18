import { Link } from "react-router";
import { ReviewSkeletons } from "../../../components/marketing/review-card";
import { ISLAND, LATEST_REVIEW_COUNT } from "../../../islands/markup";

/**
 * The newest published reviews of /seoltab_review, a static page: the page holds placeholders of
 * the size of review cards and a link to every review on /review; in the browser
 * app/islands/latest-reviews.ts loads the reviews from `/marketing/graphql` and shows them (or
 * the empty state, or an error with a retry) in place of the placeholders.
 */
export function LatestReviews() {
  return (
    <div className="latest-reviews" aria-busy="true" data-island={ISLAND.latestReviews}>
      <p className="visually-hidden" role="status">
        최근 후기를 불러오는 중이에요.
      </p>
      <ReviewSkeletons count={LATEST_REVIEW_COUNT} />
      <p className="section__more">
        <Link to="/review">수강 후기 전체 보기</Link>
      </p>
    </div>
  );
}
