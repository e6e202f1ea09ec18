import { ButtonLink } from "../components/marketing/button-link";
import { CtaBand } from "../components/marketing/cta-band";
import { FeatureCards } from "../components/marketing/feature-cards";
import { Hero } from "../components/marketing/hero";
import { Section } from "../components/marketing/section";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/promotion-winter-specialschool";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    pageTitle("특목고·자사고 겨울방학 수업"),
    "특목고·자사고를 준비하거나 다니는 학생을 위해 서울대 선생님이 심화 학습과 내신, 입시 준비를 함께 계획해요.",
  );

/** /promotion/winter/specialschool: winter-break lessons for special-purpose high schools. */
export default function PromotionWinterSpecialschool() {
  return (
    <>
      <Hero
        eyebrow="겨울방학 · 특목고·자사고"
        title="특목고·자사고 겨울방학 수업"
        lead="특목고·자사고를 준비하거나 이미 다니고 있다면 방학은 가장 중요한 준비 기간이에요. 같은 길을 먼저 걸어 본 서울대 선생님과 심화 학습과 입시 계획을 함께 세워요."
        actions={
          <>
            <ButtonLink to="/enrollment" size="lg">
              수강 신청하기
            </ButtonLink>
            <ButtonLink to="/examination" variant="secondary" size="lg">
              입시 컨설팅 보기
            </ButtonLink>
          </>
        }
      />
      <Section id="specialschool-focus" title="방학 동안 함께 준비해요">
        <FeatureCards
          items={[
            {
              title: "심화 학습",
              icon: "science",
              body: "교과 개념을 깊이 있게 다지고 수준 높은 문제로 사고력을 길러요.",
            },
            {
              title: "내신 대비",
              icon: "book",
              body: "학교별 진도와 평가 방식에 맞춰 다음 학기 내신을 미리 준비해요.",
            },
            {
              title: "입시 준비",
              icon: "admission",
              body: "학교생활기록부와 면접 준비까지 입시 컨설팅으로 함께 챙겨요.",
            },
          ]}
        />
      </Section>
      <CtaBand
        title="목표가 높을수록 계획이 중요해요"
        body="상담에서 학생의 목표와 학교 일정에 맞는 방학 수업 계획을 함께 세워요."
        primary={{ to: "/enrollment", label: "수강 신청하기" }}
        secondary={{ to: "/examination", label: "입시 컨설팅 보기" }}
      />
    </>
  );
}
