import { CtaBand } from "../components/marketing/cta-band";
import { Hero } from "../components/marketing/hero";
import { CONSULTATION_CTA } from "../content/navigation";
import { ReviewBrowser } from "../features/marketing/components/review-browser";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/review";

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta(
    pageTitle("전체 수강 후기"),
    "설탭에서 수업을 들은 학생과 학부모가 남긴 수강 후기 전체를 작성 연도와 과목으로 골라 읽어 보세요.",
    { path: location.pathname },
  );

/**
 * /review: every published review with year and subject filters and pages (SPEC.md §3 review
 * list). The introduction is prerendered; the list is fetched in the browser.
 */
export default function ReviewPage() {
  return (
    <>
      <Hero
        eyebrow="수강 후기"
        title="설탭 수강생과 학부모가 남긴 후기"
        lead="실제로 수업을 들은 학생과 학부모가 남긴 후기를 작성 연도와 과목별로 골라 볼 수 있어요. 학생 이름은 개인정보 보호를 위해 일부를 가려서 보여 드려요."
      />
      <div className="section section--tight">
        <div className="container">
          <ReviewBrowser />
        </div>
      </div>
      <CtaBand
        title="우리 아이에게 맞는 수업이 궁금하다면"
        body="학년과 과목, 공부 고민을 남겨 주시면 레벨 진단과 무료 체험 수업을 안내해 드려요."
        primary={CONSULTATION_CTA}
        secondary={{ to: "/seoltab_faq_st", label: "자주 묻는 질문" }}
      />
    </>
  );
}
