import { useCallback } from "react";
import { Link } from "react-router";
import { ReviewCard, ReviewSkeletons } from "../../../components/marketing/review-card";
import { fetchReviews } from "../api";
import { useHydrated, useRemote } from "../hooks";

/** How many of the newest reviews /seoltab_review shows. */
export const LATEST_REVIEW_COUNT = 3;

/**
 * The newest published reviews from `/marketing/graphql`, loaded after hydration (the
 * prerendered HTML holds same-sized placeholders), with a retry on error and a link to every
 * review on /review.
 */
export function LatestReviews() {
  const hydrated = useHydrated();
  const load = useCallback(
    (signal: AbortSignal) =>
      fetchReviews({ page: 1, pageSize: LATEST_REVIEW_COUNT }, { signal }).then((r) => r.page),
    [],
  );
  const reviews = useRemote(hydrated ? load : null);

  return (
    <div className="latest-reviews" aria-busy={reviews.status === "loading"}>
      {reviews.status === "error" ? (
        <div className="state-box" data-state="error">
          <p className="state-box__title">최근 후기를 불러오지 못했어요</p>
          <p>네트워크 연결을 확인하고 다시 시도해 주세요.</p>
          <button type="button" className="btn btn--primary" onClick={reviews.retry}>
            다시 시도
          </button>
        </div>
      ) : reviews.status === "ready" && reviews.data?.data.length === 0 ? (
        <div className="state-box" data-state="empty">
          <p className="state-box__title">아직 등록된 후기가 없어요</p>
          <p>첫 후기가 올라오면 이곳에서 가장 먼저 보여 드릴게요.</p>
        </div>
      ) : reviews.data ? (
        <ul className="review-list">
          {reviews.data.data.map((review) => (
            <li key={review.id}>
              <ReviewCard review={review} />
            </li>
          ))}
        </ul>
      ) : (
        <>
          <p className="visually-hidden" role="status">
            최근 후기를 불러오는 중이에요.
          </p>
          <ReviewSkeletons count={LATEST_REVIEW_COUNT} />
        </>
      )}
      <p className="section__more">
        <Link to="/review">수강 후기 전체 보기</Link>
      </p>
    </div>
  );
}
