import { CtaBand } from "../components/marketing/cta-band";
import { Hero } from "../components/marketing/hero";
import { CONSULTATION_CTA, ENROLLMENT_CTA } from "../content/navigation";
import { FaqBrowser } from "../features/marketing/components/faq-browser";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/seoltab-faq";

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta(
    pageTitle("자주 묻는 질문"),
    "수업, 선생님, 태블릿, 결제·환불, 학부모 계정까지 설탭 이용에 대해 자주 묻는 질문을 분류별로 모았어요.",
    { path: location.pathname },
  );

/**
 * /seoltab_faq_st: the FAQ by category, prerendered from app/content/faq.ts and refreshed from
 * the `/marketing/graphql` backend in the browser (app/islands/faq.ts; a static page).
 */
export default function SeoltabFaq() {
  return (
    <>
      <Hero
        eyebrow="자주 묻는 질문"
        title="설탭 이용이 궁금하다면 먼저 확인해 보세요"
        lead="수업 방식부터 결제와 환불까지, 학부모님과 학생들이 자주 묻는 내용을 분류별로 모았어요. 궁금한 질문을 누르면 답이 열려요."
      />
      <div className="section">
        <div className="container">
          <FaqBrowser />
        </div>
      </div>
      <CtaBand
        title="더 궁금한 점이 있으신가요?"
        body="상담을 신청하시면 우리 아이 상황에 맞춰 자세히 안내해 드려요."
        primary={CONSULTATION_CTA}
        secondary={ENROLLMENT_CTA}
      />
    </>
  );
}
