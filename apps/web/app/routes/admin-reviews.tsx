import { AdminReviews } from "../features/cycle-reviews/components/admin-reviews";
import "../styles/accounts.css";
import "../features/tutor-applications/tutor-applications.css";
import "../features/lectures/lectures.css";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/admin-reviews";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    pageTitle("수강 후기 게시"),
    "운영팀이 공개에 동의한 수업 평가를 수강 후기로 게시하는 페이지예요.",
  );

/**
 * /_app/admin/reviews (inside the app shell): the staff list of cycle reviews with consent and
 * publish / unpublish (docs/api/cycle-reviews.md).
 */
export default function AdminReviewsRoute() {
  return <AdminReviews />;
}
