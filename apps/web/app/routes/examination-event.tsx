import { ButtonLink } from "../components/marketing/button-link";
import { CtaBand } from "../components/marketing/cta-band";
import { FactList } from "../components/marketing/fact-list";
import { FeatureCards } from "../components/marketing/feature-cards";
import { Hero } from "../components/marketing/hero";
import { Notes } from "../components/marketing/notes";
import { Section } from "../components/marketing/section";
import { Steps } from "../components/marketing/steps";
import { CONSULTATION_CTA } from "../content/navigation";
import { EXAM_EVENT_2026, formatPeriod } from "../content/promotions";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/examination-event";

const APPLY_PERIOD = formatPeriod(EXAM_EVENT_2026.applyFrom, EXAM_EVENT_2026.applyTo);
const SESSION_PERIOD = formatPeriod(EXAM_EVENT_2026.sessionsFrom, EXAM_EVENT_2026.sessionsTo);

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta(
    pageTitle("겨울방학 입시 컨설팅 무료 체험"),
    `예비 고2·고3을 위한 서울대 선배와의 ${EXAM_EVENT_2026.minutes}분 1:1 입시 컨설팅 무료 체험. 신청 ${APPLY_PERIOD}.`,
    { path: location.pathname },
  );

/** /examination_event: the winter admissions-coaching trial session. */
export default function ExaminationEvent() {
  return (
    <>
      <Hero
        eyebrow="겨울방학 입시 컨설팅 이벤트"
        title="예비 고2·고3 입시 컨설팅 무료 체험"
        lead={`겨울방학은 새 학년 1년의 방향을 정하는 시간이에요. 서울대 선배 선생님과 ${EXAM_EVENT_2026.minutes}분 동안 학교생활기록부와 성적을 함께 보고, 목표 대학·학과와 방학 계획을 세워 보세요.`}
        actions={
          <>
            <ButtonLink to={CONSULTATION_CTA.to} size="lg">
              무료 체험 신청하기
            </ButtonLink>
            <ButtonLink to="/examination" variant="secondary" size="lg">
              입시 컨설팅 알아보기
            </ButtonLink>
          </>
        }
      />
      <Section id="event-summary" title="이벤트 안내">
        <FactList
          items={[
            { term: "대상", detail: "2027년에 고등학교 2학년·3학년이 되는 학생" },
            { term: "신청 기간", detail: APPLY_PERIOD },
            { term: "컨설팅 기간", detail: SESSION_PERIOD },
            {
              term: "진행 방식",
              detail: `서울대 선생님과 태블릿 화상으로 1:1, ${EXAM_EVENT_2026.minutes}분`,
            },
            { term: "비용", detail: "무료 (학생 1명당 1회)" },
            { term: "준비할 자료", detail: "학교생활기록부와 최근 성적표(모의고사 포함)" },
          ]}
        />
      </Section>
      <Section
        id="event-agenda"
        tone="muted"
        title={`${EXAM_EVENT_2026.minutes}분 동안 함께 하는 일`}
      >
        <FeatureCards
          columns={2}
          items={[
            {
              title: "학교생활기록부 읽기",
              icon: "book",
              body: "지금까지의 활동과 성적에서 강점과 비어 있는 부분을 함께 찾아요.",
            },
            {
              title: "목표 대학·학과 정하기",
              icon: "admission",
              body: "희망 전공과 지금 성적을 놓고 현실적인 목표와 도전 목표를 나눠 봐요.",
            },
            {
              title: "수능과 내신의 비중",
              icon: "chart",
              body: "목표에 맞춰 남은 기간 동안 수능과 내신에 시간을 어떻게 나눌지 정해요.",
            },
            {
              title: "겨울방학 계획",
              icon: "calendar",
              body: "방학 8주 동안 과목별로 무엇을 할지 주 단위 계획을 함께 세워요.",
            },
          ]}
        />
      </Section>
      <Section id="event-steps" title="신청부터 컨설팅까지">
        <Steps
          items={[
            {
              title: "상담 신청",
              body: "상담 신청서에 학년과 관심 분야를 남기고 '입시 컨설팅 체험'을 알려 주세요.",
            },
            {
              title: "일정 안내",
              body: "담당자가 연락드려 컨설팅 날짜와 시간을 정하고 문자로 안내해 드려요.",
            },
            {
              title: "자료 준비",
              body: "컨설팅 전까지 학교생활기록부와 성적표를 준비해 주세요.",
            },
            {
              title: "1:1 컨설팅",
              body: "서울대 선생님과 만나 목표와 방학 계획을 정리해요.",
            },
          ]}
        />
      </Section>
      <Section id="event-notes" tone="muted" title="신청 전에 확인해 주세요">
        <Notes
          title="유의 사항"
          items={[
            "무료 체험 컨설팅은 학생 1명당 1회예요.",
            "신청이 많은 날은 원하는 시간에 진행하기 어려울 수 있어요. 가능한 다른 시간을 안내해 드려요.",
            "컨설팅 뒤 수강 신청은 원하실 때만 하시면 돼요.",
            "컨설팅은 준비 방향을 함께 세우는 자리이며, 입시 결과를 보장하지 않아요.",
            "보내 주신 학교생활기록부와 성적표는 컨설팅 준비에만 쓰여요.",
          ]}
        />
      </Section>
      <CtaBand
        title="고2·고3의 1년, 방향부터 잡고 시작해요"
        body={`신청 기간은 ${APPLY_PERIOD}이에요.`}
        primary={{ to: CONSULTATION_CTA.to, label: "무료 체험 신청하기" }}
        secondary={{ to: "/promotion/winter", label: "겨울방학 수업 보기" }}
      />
    </>
  );
}
