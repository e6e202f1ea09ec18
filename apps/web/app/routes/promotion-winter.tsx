import { Link } from "react-router";
import { ButtonLink } from "../components/marketing/button-link";
import { CtaBand } from "../components/marketing/cta-band";
import { FeatureCards } from "../components/marketing/feature-cards";
import { Hero } from "../components/marketing/hero";
import { Section } from "../components/marketing/section";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/promotion-winter";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    pageTitle("겨울방학 수업"),
    "지난 학기를 채우고 다음 학기를 준비하는 겨울방학, 서울대 선생님과 1:1로 방학 계획을 세워요.",
  );

/** /promotion/winter: the winter-break lessons. */
export default function PromotionWinter() {
  return (
    <>
      <Hero
        eyebrow="겨울방학 수업"
        title="겨울방학, 다음 학기를 미리 준비하는 시간"
        lead="방학은 지난 학기에 놓친 부분을 채우고 다음 학기 내용을 미리 익히기 좋은 때예요. 서울대 선생님과 1:1로 방학 계획을 세우고 꾸준히 지켜 나가요."
        actions={
          <ButtonLink to="/enrollment" size="lg">
            겨울방학 수업 신청하기
          </ButtonLink>
        }
      />
      <Section id="winter-plan" title="방학 동안 이렇게 공부해요">
        <FeatureCards
          items={[
            {
              title: "지난 학기 복습",
              icon: "book",
              body: "시험에서 틀린 단원부터 다시 짚어 빈틈을 메워요.",
            },
            {
              title: "다음 학기 예습",
              icon: "chart",
              body: "새 학기 첫 단원을 미리 익혀 자신 있게 시작해요.",
            },
            {
              title: "공부 습관 만들기",
              icon: "calendar",
              body: "방학에도 흐트러지지 않도록 하루 공부 계획을 선생님과 함께 세워요.",
            },
          ]}
        />
      </Section>
      <Section id="winter-levels" tone="muted" title="학생에게 맞는 방학 수업 찾기">
        <ul className="link-cards">
          <li>
            <Link to="/promotion/winter/basicschool" className="link-card">
              <span className="link-card__title">초등학생 겨울방학 수업</span>
              <span className="link-card__body">
                기초 개념과 공부 습관을 잡고 중학교를 준비해요.
              </span>
            </Link>
          </li>
          <li>
            <Link to="/promotion/winter/specialschool" className="link-card">
              <span className="link-card__title">특목고·자사고 겨울방학 수업</span>
              <span className="link-card__body">심화 학습과 내신, 입시 준비를 함께 계획해요.</span>
            </Link>
          </li>
        </ul>
      </Section>
      <CtaBand
        title="방학 계획, 상담으로 시작해요"
        body="학년과 목표를 알려 주시면 방학 일정에 맞는 수업을 함께 찾아 드려요."
        primary={{ to: "/enrollment", label: "수강 신청하기" }}
      />
    </>
  );
}
