import { CtaBand } from "../components/marketing/cta-band";
import { FaqList } from "../components/marketing/faq-list";
import { Hero } from "../components/marketing/hero";
import { Section } from "../components/marketing/section";
import { FAQ_ITEMS } from "../content/faq";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/seoltab-faq";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    pageTitle("자주 묻는 질문"),
    "수업 방식, 수업 횟수, 태블릿, 수강 기간, 결제와 환불 등 설탭 이용에 대해 자주 묻는 질문을 모았어요.",
  );

/** /seoltab_faq_st: frequently asked questions. */
export default function SeoltabFaq() {
  return (
    <>
      <Hero
        eyebrow="자주 묻는 질문"
        title="설탭 이용이 궁금하다면 먼저 확인해 보세요"
        lead="수업 방식부터 결제와 환불까지, 학부모님과 학생들이 자주 묻는 내용을 모았어요."
      />
      <Section id="faq-all" title="수업과 결제">
        <FaqList items={FAQ_ITEMS} />
      </Section>
      <CtaBand
        title="더 궁금한 점이 있으신가요?"
        body="수강 신청을 시작하면 상담에서 궁금한 점을 자세히 안내해 드려요."
        primary={{ to: "/enrollment", label: "수강 신청하기" }}
        secondary={{ to: "/smart", label: "스마트 수업 보기" }}
      />
    </>
  );
}
