import { EnrollmentPage } from "../features/enrollment/components/enrollment-page";
import "../styles/accounts.css";
import "../features/enrollment/enrollment.css";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/app-enrollment";

export const meta: Route.MetaFunction = () =>
  pageMeta(pageTitle("수강 신청"), "과목, 수업 유형, 수강 기간, 태블릿을 골라 수강을 신청해요.");

/** /_app/enrollment (inside the app shell): the enrollment form for a signed-in person. */
export default function AppEnrollment() {
  return <EnrollmentPage mode="app" />;
}
