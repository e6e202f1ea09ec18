import { ButtonLink } from "../components/marketing/button-link";
import { CtaBand } from "../components/marketing/cta-band";
import { FeatureCards } from "../components/marketing/feature-cards";
import { Hero } from "../components/marketing/hero";
import { Section } from "../components/marketing/section";
import { Steps } from "../components/marketing/steps";
import { CONSULTATION_CTA } from "../content/navigation";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/philosophy";

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta(
    pageTitle("교육 철학"),
    "설탭은 선생님이 대신 풀어 주는 수업보다 학생이 스스로 계획하고 점검하는 습관을 만드는 수업을 지향해요. 설탭이 수업에서 지키는 원칙을 소개해요.",
    { path: location.pathname },
  );

/** /philosophy: what the service believes about learning, and how lessons follow it. */
export default function Philosophy() {
  return (
    <>
      <Hero
        eyebrow="교육 철학"
        title="좋은 수업은 혼자 공부하는 시간까지 바꿔요"
        lead="설탭이 가장 중요하게 생각하는 것은 수업이 끝난 뒤의 공부예요. 선생님이 대신 풀어 주기보다 학생이 스스로 계획하고 점검하는 습관을 갖도록 돕는 것, 그것이 설탭이 말하는 자기주도 학습이에요."
        actions={
          <ButtonLink to="/service_introduction" variant="secondary" size="lg">
            서비스 소개 보기
          </ButtonLink>
        }
      />
      <Section id="principles" title="수업에서 지키는 네 가지 원칙">
        <FeatureCards
          columns={2}
          items={[
            {
              title: "먼저 묻고, 필요한 만큼 설명해요",
              icon: "coach",
              body: "학생이 어디까지 알고 있는지 질문으로 확인한 뒤, 모르는 부분만 설명해요.",
            },
            {
              title: "답보다 풀이 과정을 봐요",
              icon: "pen",
              body: "같은 화면에서 학생의 필기를 함께 보며 어느 줄에서 막혔는지 찾아요.",
            },
            {
              title: "계획은 학생이 세워요",
              icon: "calendar",
              body: "선생님은 계획을 대신 세우지 않아요. 학생이 세운 계획을 함께 다듬고 점검해요.",
            },
            {
              title: "작은 약속을 꾸준히 지켜요",
              icon: "chart",
              body: "한 번에 많이 하기보다 매일 지킬 수 있는 분량을 정하고 다음 수업에서 확인해요.",
            },
          ]}
        />
      </Section>
      <Section
        id="why-seniors"
        tone="muted"
        title="왜 서울대 선생님일까요"
        lead="공부를 먼저 해 본 선배는 문제 풀이뿐 아니라 공부하는 방법 자체를 알려 줄 수 있어요."
      >
        <FeatureCards
          items={[
            {
              title: "시간 관리",
              icon: "calendar",
              body: "학교, 숙제, 시험 준비 사이에서 하루를 나누는 방법을 경험에서 알려 줘요.",
            },
            {
              title: "오답 정리",
              icon: "book",
              body: "틀린 문제를 다시 틀리지 않도록 정리하고 복습하는 방법을 함께 만들어요.",
            },
            {
              title: "시험 준비",
              icon: "admission",
              body: "내신과 수능을 먼저 치러 본 선배로서 시험 전 몇 주를 어떻게 보낼지 같이 계획해요.",
            },
          ]}
        />
      </Section>
      <Section id="one-lesson" title="수업 한 번에 담는 것">
        <Steps
          items={[
            { title: "지난 계획 점검", body: "지난 수업 뒤 세운 계획을 얼마나 지켰는지 확인해요." },
            { title: "개념과 풀이", body: "오늘 배울 개념을 묻고 설명하며 함께 문제를 풀어요." },
            { title: "오늘의 정리", body: "학생이 직접 오늘 배운 내용을 한두 문장으로 정리해요." },
            {
              title: "다음 계획",
              body: "다음 수업까지 혼자 할 공부를 학생이 정하고 선생님이 다듬어요.",
            },
          ]}
        />
      </Section>
      <Section id="with-parents" tone="muted" title="학부모님과 함께 지켜봐요">
        <FeatureCards
          columns={2}
          items={[
            {
              title: "학부모 계정",
              icon: "parent",
              body: "학부모 로그인으로 결제와 계약 내역을 직접 확인할 수 있어요.",
            },
            {
              title: "수업 변경 신청",
              icon: "swap",
              body: "선생님이나 수업 시간이 맞지 않으면 학생과 학부모 누구나 변경을 신청할 수 있어요.",
            },
          ]}
        />
      </Section>
      <CtaBand
        title="스스로 공부하는 힘, 상담에서 시작해요"
        body="아이의 공부 습관과 고민을 들려주시면 맞는 선생님과 수업 방향을 함께 찾아 드려요."
        primary={CONSULTATION_CTA}
        secondary={{ to: "/seolbti", label: "설BTI 해 보기" }}
      />
    </>
  );
}
