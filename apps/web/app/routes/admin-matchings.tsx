import { StaffMatchings } from "../features/matching/components/staff-matchings";
import "../styles/accounts.css";
import "../features/tutor-applications/tutor-applications.css";
import "../features/lectures/lectures.css";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/admin-matchings";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    pageTitle("선생님 매칭 관리"),
    "운영팀이 수업 신청서를 보고 선생님을 제안하는 페이지예요.",
  );

/** /_app/admin/matchings (inside the app shell): the staff matching queue (docs/api/matching.md). */
export default function AdminMatchings() {
  return <StaffMatchings />;
}
