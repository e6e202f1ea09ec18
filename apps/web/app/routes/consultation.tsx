import { SiteFooter } from "../components/marketing/site-footer";
import { SiteHeader } from "../components/marketing/site-header";
import { ConsultationPage } from "../features/consultations/components/consultation-page";
import "../features/consultations/consultations.css";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/consultation";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    pageTitle("상담 신청"),
    "학년과 과목, 연락받기 편한 시간을 남겨 주시면 설탭 상담 선생님이 전화드리고 무료 체험 수업을 안내해 드려요.",
  );

/**
 * /consultation (issue #6 "The consultation funnel"): a prerendered product page (PRODUCT_PAGE_PATHS)
 * with the site header and footer but no floating button or chat widget (not a SPEC.md §2
 * marketing path). The form hydrates in the browser and sends the session's utm values.
 */
export default function Consultation() {
  return (
    <>
      <SiteHeader />
      <main id="main-content" tabIndex={-1} className="cst-main">
        <ConsultationPage />
      </main>
      <SiteFooter />
    </>
  );
}
