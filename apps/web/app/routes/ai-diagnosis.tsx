import { ButtonLink } from "../components/marketing/button-link";
import { CtaBand } from "../components/marketing/cta-band";
import { FeatureCards } from "../components/marketing/feature-cards";
import { Hero } from "../components/marketing/hero";
import { Notes } from "../components/marketing/notes";
import { Section } from "../components/marketing/section";
import { Steps } from "../components/marketing/steps";
import { CONSULTATION_CTA } from "../content/navigation";
import { DiagnosisFlow } from "../features/diagnosis/components/diagnosis-flow";
import "../features/diagnosis/diagnosis.css";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/ai-diagnosis";

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta(
    pageTitle("AI 학습 진단"),
    "태블릿으로 진단 문항을 풀면 답과 풀이 시간을 바탕으로 단원별로 이해한 부분과 보완할 부분을 정리해요. 서울대 선생님이 결과를 함께 보고 수업 계획을 세워요.",
    { path: location.pathname },
  );

/**
 * /ai_diagnosis: the learning diagnosis that starts every course. The introduction is
 * prerendered; the level test (choose subject and school level, answer, submit, read the
 * report) runs in the browser against /diagnosis/graphql (issue #20, docs/api/diagnosis.md).
 */
export default function AiDiagnosis() {
  return (
    <>
      <Hero
        eyebrow="AI 학습 진단"
        title="지금 어디서 막혀 있는지부터 확인해요"
        lead="AI 학습 진단은 태블릿으로 진단 문항을 풀면 답과 풀이 시간을 바탕으로 단원별로 이해한 부분과 보완할 부분을 정리해 주는 서비스예요. 서울대 선생님이 결과를 함께 보고 수업 계획을 세워요."
        actions={
          <>
            <a href="#diagnosis-start" className="btn btn--primary btn--lg">
              무료 레벨 진단 시작하기
            </a>
            <ButtonLink to={CONSULTATION_CTA.to} variant="secondary" size="lg">
              상담 신청하고 진단받기
            </ButtonLink>
          </>
        }
      />
      <Section
        id="diagnosis-start"
        title="지금 바로 레벨 진단해 보기"
        lead="과목과 학년을 고르고 10문항을 풀면 단원별 결과와 추천 시작 레벨을 바로 보여 드려요. 로그인하지 않아도 풀 수 있어요."
      >
        <DiagnosisFlow />
      </Section>
      <Section id="diagnosis-steps" title="진단은 이렇게 진행돼요">
        <Steps
          items={[
            { title: "학년·과목 선택", body: "학년과 진단받을 과목, 배운 범위를 골라요." },
            {
              title: "진단 문항 풀이",
              body: "태블릿으로 문항을 풀어요. 모르는 문제는 건너뛰어도 괜찮아요.",
            },
            {
              title: "결과 분석",
              body: "정답 여부와 풀이 시간, 틀린 문항의 단원을 묶어 약한 개념을 찾아요.",
            },
            {
              title: "선생님과 결과 보기",
              body: "리포트를 함께 보며 무엇부터 공부할지 정하고 수업 계획에 반영해요.",
            },
          ]}
        />
      </Section>
      <Section id="diagnosis-report" tone="muted" title="진단 리포트에서 볼 수 있는 것">
        <FeatureCards
          columns={2}
          items={[
            {
              title: "단원별 이해도",
              icon: "chart",
              body: "배운 범위의 단원마다 잘 이해한 곳과 다시 봐야 할 곳을 나눠 보여 줘요.",
            },
            {
              title: "자주 틀리는 유형",
              icon: "pen",
              body: "계산 실수인지, 개념을 몰라서인지, 문제를 잘못 읽어서인지 틀린 이유를 나눠 봐요.",
            },
            {
              title: "풀이 시간",
              icon: "calendar",
              body: "맞힌 문제라도 오래 걸린 단원은 연습이 더 필요한 곳으로 표시해요.",
            },
            {
              title: "공부 순서 제안",
              icon: "book",
              body: "먼저 채워야 할 기초 단원부터 다음 학기 단원까지 공부할 순서를 제안해요.",
            },
          ]}
        />
      </Section>
      <Section id="after-diagnosis" title="진단 뒤에는">
        <FeatureCards
          columns={2}
          items={[
            {
              title: "수업 계획에 반영",
              icon: "coach",
              body: "선생님은 리포트를 바탕으로 첫 달 수업 계획을 세우고 학생과 함께 확인해요.",
            },
            {
              title: "다시 진단해 비교",
              icon: "swap",
              body: "수업을 이어 가다 다시 진단하면 처음 결과와 비교해 달라진 부분을 볼 수 있어요.",
            },
          ]}
        />
        <Notes
          items={[
            "진단할 수 있는 과목과 학년은 상담에서 안내해 드려요.",
            "진단 결과는 공부 방향을 정하기 위한 참고 자료예요. 성적을 예측하거나 보장하지 않아요.",
          ]}
        />
      </Section>
      <CtaBand
        title="진단으로 시작하면 첫 수업부터 달라요"
        body="상담을 신청하시면 레벨 진단과 무료 체험 수업 일정을 안내해 드려요."
        primary={CONSULTATION_CTA}
        secondary={{ to: "/seolbti", label: "설BTI 해 보기" }}
      />
    </>
  );
}
