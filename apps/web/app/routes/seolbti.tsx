import { CtaBand } from "../components/marketing/cta-band";
import { Hero } from "../components/marketing/hero";
import { Section } from "../components/marketing/section";
import { SeolbtiQuiz } from "../components/marketing/seolbti-quiz";
import { CONSULTATION_CTA } from "../content/navigation";
import { SEOLBTI_TYPES } from "../content/seolbti";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/seolbti";

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta(
    pageTitle("설BTI 학습 유형 검사"),
    "여섯 가지 질문으로 알아보는 나의 공부 스타일. 계획형인지 몰입형인지, 개념형인지 문제 풀이형인지 확인하고 나에게 맞는 수업 팁을 받아 보세요.",
    { path: location.pathname },
  );

/** /seolbti: the study-type quiz, and the four types described for everyone. */
export default function Seolbti() {
  return (
    <>
      <Hero
        eyebrow="설BTI 학습 유형 검사"
        title="나는 어떻게 공부할 때 가장 잘될까?"
        lead="설BTI는 공부 습관에 대한 여섯 가지 질문으로 나의 학습 유형을 알아보는 간단한 검사예요. 정답은 없어요. 평소 모습에 가까운 쪽을 골라 주세요."
      />
      <Section
        id="quiz"
        title="질문에 답해 보세요"
        lead="질문마다 더 가까운 쪽을 하나씩 고른 뒤 결과 보기를 눌러 주세요."
      >
        <SeolbtiQuiz />
      </Section>
      <Section
        id="types"
        tone="muted"
        title="설BTI의 네 가지 유형"
        lead="계획 스타일(차근차근 계획 / 몰아서 집중)과 공부 스타일(개념 먼저 / 문제 먼저)로 나눠요. 어느 유형이 더 좋은 것은 아니에요."
      >
        <ul className="type-cards">
          {SEOLBTI_TYPES.map((type) => (
            <li key={type.code} className="type-card">
              <h3 className="type-card__title">{type.name}</h3>
              <p className="type-card__summary">{type.summary}</p>
              <p>
                <strong>강점</strong> {type.strength}
              </p>
              <p>
                <strong>수업 팁</strong> {type.lessonTip}
              </p>
            </li>
          ))}
        </ul>
      </Section>
      <CtaBand
        title="유형에 맞는 선생님과 공부해 보세요"
        body="상담에서 설BTI 결과를 알려 주시면 공부 스타일에 맞는 선생님과 수업 방식을 함께 찾아 드려요."
        primary={CONSULTATION_CTA}
        secondary={{ to: "/philosophy", label: "교육 철학 보기" }}
      />
    </>
  );
}
