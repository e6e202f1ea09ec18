import { StaffLectureChanges } from "../features/lecture-changes/components/staff-lecture-changes";
import "../styles/accounts.css";
import "../features/tutor-applications/tutor-applications.css";
import "../features/lectures/lectures.css";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/admin-lecture-changes";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    pageTitle("수업 변경 요청 관리"),
    "운영팀이 수업 변경 요청(선생님 변경, 쉬기, 그만하기)을 확인하고 답하는 페이지예요.",
  );

/**
 * /_app/admin/lecture-changes (inside the app shell): the staff queue of lecture change requests
 * (docs/api/lecture-changes.md).
 */
export default function AdminLectureChanges() {
  return <StaffLectureChanges />;
}
