import { Link } from "react-router";
import { Logo } from "../components/marketing/logo";
import { EnrollmentPage } from "../features/enrollment/components/enrollment-page";
import "../styles/accounts.css";
import "../features/enrollment/enrollment.css";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/guest-enrollment";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    pageTitle("수강 신청"),
    "로그인 없이 과목과 수강 기간을 골라 설탭 수강료를 확인하고, 로그인해 결제해요.",
  );

/**
 * /guest_enrollment (SPEC.md §2; APP_ROUTE_PATTERNS, rendered in the browser): choosing and
 * prices without signing in; 결제하기 signs in and returns to the checkout. SPEC.md §4: a failed
 * user-info refresh does not log out here (app/lib/user-info.ts).
 */
export default function GuestEnrollment() {
  return (
    <div className="auth-page">
      <header className="auth-page__header">
        <div className="auth-page__header-inner enr-guest__header">
          <Logo />
          <Link to="/" className="auth-page__home">
            설탭 홈으로
          </Link>
        </div>
      </header>
      <main id="main-content" tabIndex={-1} className="enr-guest__main">
        <div className="container">
          <EnrollmentPage mode="guest" />
        </div>
      </main>
      <footer className="auth-page__footer">
        <p>© 주식회사 오누이</p>
      </footer>
    </div>
  );
}
