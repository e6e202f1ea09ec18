import { Link } from "react-router";
import { ButtonLink } from "../components/marketing/button-link";
import { CtaBand } from "../components/marketing/cta-band";
import { FeatureCards } from "../components/marketing/feature-cards";
import { Hero } from "../components/marketing/hero";
import { Section } from "../components/marketing/section";
import { Steps } from "../components/marketing/steps";
import { CONSULTATION_CTA, ENROLLMENT_CTA } from "../content/navigation";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/examination";

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta(
    pageTitle("입시 컨설팅"),
    "서울대 선배가 학교생활기록부와 성적을 함께 보고 목표 대학·학과에 맞는 입시 준비 계획을 세워요.",
    { path: location.pathname },
  );

/** /examination: admissions coaching. */
export default function Examination() {
  return (
    <>
      <Hero
        eyebrow="입시 컨설팅"
        title="서울대 선배와 함께 세우는 입시 전략"
        lead="입시를 먼저 겪어 본 서울대 선생님이 학교생활기록부와 성적을 함께 보고, 목표 대학과 학과에 맞는 준비 계획을 1:1로 세워요."
        actions={
          <>
            <ButtonLink to={CONSULTATION_CTA.to} size="lg">
              컨설팅 상담 신청하기
            </ButtonLink>
            <ButtonLink to="/examination_event" variant="secondary" size="lg">
              겨울방학 무료 체험 보기
            </ButtonLink>
          </>
        }
      />
      <Section id="coaching" title="컨설팅에서 함께 하는 일">
        <FeatureCards
          columns={2}
          items={[
            {
              title: "학생부 분석",
              icon: "book",
              body: "학교생활기록부와 성적표를 바탕으로 강점과 보완할 점을 정리해요.",
            },
            {
              title: "목표 설정",
              icon: "admission",
              body: "희망 대학과 학과, 전공을 함께 정하고 필요한 준비를 거꾸로 계획해요.",
            },
            {
              title: "수능·내신 전략",
              icon: "chart",
              body: "과목별 성적 흐름을 보고 남은 기간의 공부 시간을 어떻게 나눌지 정해요.",
            },
            {
              title: "면접 준비",
              icon: "coach",
              body: "예상 질문으로 말하기 연습을 하고 답변을 함께 다듬어요.",
            },
          ]}
        />
      </Section>
      <Section id="coaching-steps" tone="muted" title="컨설팅은 이렇게 진행돼요">
        <Steps
          items={[
            { title: "상담 신청", body: "학년과 목표, 지금 고민을 알려 주세요." },
            { title: "자료 준비", body: "학교생활기록부와 성적표를 준비해 함께 살펴봐요." },
            { title: "1:1 컨설팅", body: "서울대 선생님과 목표와 준비 계획을 세워요." },
            { title: "실행 점검", body: "계획대로 되고 있는지 정기적으로 점검하고 고쳐 나가요." },
          ]}
        />
      </Section>
      <Section id="winter-event" title="겨울방학에 먼저 경험해 보세요">
        <ul className="link-cards">
          <li>
            <Link to="/examination_event" className="link-card">
              <span className="link-card__title">예비 고2·고3 입시 컨설팅 무료 체험</span>
              <span className="link-card__body">
                서울대 선배와 60분 동안 학교생활기록부와 목표 대학, 겨울방학 계획을 함께 봐요.
              </span>
            </Link>
          </li>
          <li>
            <Link to="/promotion/winter/specialschool" className="link-card">
              <span className="link-card__title">특목고·자사고 겨울방학 수업</span>
              <span className="link-card__body">
                심화 학습과 내신, 입시 준비를 방학 동안 1:1로 계획해요.
              </span>
            </Link>
          </li>
        </ul>
      </Section>
      <CtaBand
        title="목표 대학, 혼자 고민하지 마세요"
        body="같은 길을 먼저 걸어 본 선배와 함께라면 준비할 것이 분명해져요."
        primary={{ to: CONSULTATION_CTA.to, label: "컨설팅 상담 신청하기" }}
        secondary={ENROLLMENT_CTA}
      />
    </>
  );
}
