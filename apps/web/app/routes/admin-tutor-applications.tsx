import { StaffTutorApplications } from "../features/tutor-applications/components/staff-tutor-applications";
import "../styles/accounts.css";
import "../features/tutor-applications/tutor-applications.css";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/admin-tutor-applications";

export const meta: Route.MetaFunction = () =>
  pageMeta(pageTitle("선생님 지원서 관리"), "운영팀이 선생님 지원서를 심사하는 페이지예요.");

/**
 * /_app/admin/tutor-applications (inside the app shell): the staff queue and review of tutor
 * applications (docs/api/tutor-applications.md "Staff").
 */
export default function AdminTutorApplications() {
  return <StaffTutorApplications />;
}
