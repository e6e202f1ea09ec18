import { ButtonLink } from "../components/marketing/button-link";
import { CtaBand } from "../components/marketing/cta-band";
import { FeatureCards } from "../components/marketing/feature-cards";
import { Hero } from "../components/marketing/hero";
import { Section } from "../components/marketing/section";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/promotion-winter-basicschool";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    pageTitle("초등학생 겨울방학 수업"),
    "겨울방학 동안 서울대 선생님과 기초 개념을 다지고 스스로 공부하는 습관을 만드는 초등 1:1 수업이에요.",
  );

/** /promotion/winter/basicschool: winter-break lessons for elementary-school students. */
export default function PromotionWinterBasicschool() {
  return (
    <>
      <Hero
        eyebrow="겨울방학 · 초등"
        title="초등학생 겨울방학 수업"
        lead="초등 시기는 공부 습관이 자리 잡는 때예요. 겨울방학 동안 서울대 선생님과 함께 기초 개념을 다지고 스스로 공부하는 습관을 만들어요."
        actions={
          <>
            <ButtonLink to="/enrollment" size="lg">
              수강 신청하기
            </ButtonLink>
            <ButtonLink to="/promotion/winter" variant="secondary" size="lg">
              겨울방학 수업 전체 보기
            </ButtonLink>
          </>
        }
      />
      <Section id="basicschool-focus" title="초등 겨울방학에 집중할 것">
        <FeatureCards
          items={[
            {
              title: "기초 개념 다지기",
              icon: "math",
              body: "연산과 독해처럼 모든 과목의 바탕이 되는 기초를 탄탄히 해요.",
            },
            {
              title: "예비 중학생 준비",
              icon: "chart",
              body: "6학년이라면 중학교 수학과 영어의 첫 단원을 미리 익혀요.",
            },
            {
              title: "혼자 공부하는 습관",
              icon: "calendar",
              body: "짧게라도 매일 공부하는 계획을 세우고 선생님과 함께 점검해요.",
            },
          ]}
        />
      </Section>
      <CtaBand
        title="첫 1:1 수업, 태블릿으로 편하게 시작해요"
        body="집에서 태블릿으로 수업하니 아이가 처음에도 부담 없이 적응할 수 있어요."
        primary={{ to: "/enrollment", label: "수강 신청하기" }}
        secondary={{ to: "/seoltab_faq_st", label: "자주 묻는 질문" }}
      />
    </>
  );
}
