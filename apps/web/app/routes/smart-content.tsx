import { ButtonLink } from "../components/marketing/button-link";
import { CtaBand } from "../components/marketing/cta-band";
import { FeatureCards } from "../components/marketing/feature-cards";
import { Hero } from "../components/marketing/hero";
import { Section } from "../components/marketing/section";
import { Steps } from "../components/marketing/steps";
import { CONSULTATION_CTA, ENROLLMENT_CTA } from "../content/navigation";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/smart-content";

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta(
    pageTitle("스마트 콘텐츠"),
    "1:1 수업과 함께 쓰는 설탭의 학습 콘텐츠와 교재로 수업 밖의 공부 시간까지 채워요.",
    { path: location.pathname },
  );

/** /smart_content: the learning contents and books sold with lessons. */
export default function SmartContent() {
  return (
    <>
      <Hero
        eyebrow="스마트 콘텐츠"
        title="수업 밖에서도 이어지는 공부"
        lead="설탭은 1:1 수업과 함께 쓰는 학습 콘텐츠와 교재를 제공해요. 선생님과 세운 계획에 맞춰 혼자 공부하는 시간에도 무엇을 할지 분명해져요."
        actions={
          <ButtonLink to="/enrollment" size="lg">
            수강 신청하기
          </ButtonLink>
        }
      />
      <Section id="contents" title="수업과 함께 쓰는 학습 자료">
        <FeatureCards
          items={[
            {
              title: "개념 복습",
              icon: "book",
              body: "수업에서 배운 개념을 다시 보며 스스로 정리해요.",
            },
            {
              title: "문제 풀이 연습",
              icon: "pen",
              body: "단원별 문제로 연습하고 막힌 문제는 다음 수업에서 선생님과 함께 풀어요.",
            },
            {
              title: "설탭 교재",
              icon: "tablet",
              body: "수강 신청할 때 수업에 맞는 설탭 교재를 함께 고를 수 있어요.",
            },
          ]}
        />
      </Section>
      <Section id="how-to-use" tone="muted" title="콘텐츠는 이렇게 활용해요">
        <Steps
          items={[
            { title: "계획 세우기", body: "수업 끝에 선생님과 다음 수업까지 할 분량을 정해요." },
            { title: "혼자 공부하기", body: "정한 분량만큼 콘텐츠로 복습하고 문제를 풀어요." },
            { title: "수업에서 점검", body: "다음 수업에서 틀린 문제와 궁금한 점을 함께 짚어요." },
          ]}
        />
      </Section>
      <CtaBand
        title="수업과 콘텐츠를 한 번에 준비하세요"
        body="수강 신청 단계에서 과목, 수업 유형, 교재와 태블릿 옵션을 함께 고를 수 있어요."
        primary={ENROLLMENT_CTA}
        secondary={CONSULTATION_CTA}
      />
    </>
  );
}
