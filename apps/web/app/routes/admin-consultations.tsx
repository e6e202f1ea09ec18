import { StaffConsultations } from "../features/consultations/components/staff-consultations";
import "../features/consultations/consultations.css";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/admin-consultations";

export const meta: Route.MetaFunction = () =>
  pageMeta(pageTitle("상담 신청 관리"), "운영팀이 상담 신청을 확인하고 처리하는 페이지예요.");

/**
 * /_app/admin/consultations (inside the app shell): consultation requests for staff (ADMIN,
 * SALES_TEAM) with their utm values and status changes (docs/api/consultations.md "Staff").
 */
export default function AdminConsultations() {
  return <StaffConsultations />;
}
