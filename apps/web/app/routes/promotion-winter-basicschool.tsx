import { ButtonLink } from "../components/marketing/button-link";
import { CtaBand } from "../components/marketing/cta-band";
import { FactList } from "../components/marketing/fact-list";
import { FeatureCards } from "../components/marketing/feature-cards";
import { FeeTable } from "../components/marketing/fee-table";
import { Hero } from "../components/marketing/hero";
import { Notes } from "../components/marketing/notes";
import { Section } from "../components/marketing/section";
import { Steps } from "../components/marketing/steps";
import { CONSULTATION_CTA, ENROLLMENT_CTA } from "../content/navigation";
import {
  feeRows,
  formatWon,
  WINTER_FACTS,
  WINTER_NOTES,
  winterProgram,
} from "../content/promotions";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/promotion-winter-basicschool";

const PROGRAM = winterProgram("elementary");

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta(
    pageTitle("초등학생 겨울방학 수업"),
    `초등 4~6학년 겨울방학 8주 1:1 수업. 서울대 선생님과 기초 개념과 공부 습관을 잡아요. 8주 과정 ${formatWon(PROGRAM.courseWon)}(한 달 ${formatWon(PROGRAM.monthlyWon)}).`,
    { path: location.pathname },
  );

/** /promotion/winter/basicschool: winter-break lessons for elementary-school students. */
export default function PromotionWinterBasicschool() {
  return (
    <>
      <Hero
        eyebrow="2026-27 겨울방학 · 초등"
        title="초등학생 겨울방학 수업"
        lead="초등 시기는 공부 습관이 자리 잡는 때예요. 겨울방학 8주 동안 서울대 선생님과 함께 기초 개념을 다지고 스스로 공부하는 습관을 만들어요."
        actions={
          <>
            <ButtonLink to={CONSULTATION_CTA.to} size="lg">
              {CONSULTATION_CTA.label}
            </ButtonLink>
            <ButtonLink to="/promotion/winter" variant="secondary" size="lg">
              겨울방학 수업 전체 보기
            </ButtonLink>
          </>
        }
      />
      <Section id="basicschool-dates" title="일정과 대상">
        <FactList items={[{ term: "대상", detail: PROGRAM.audience }, ...WINTER_FACTS]} />
      </Section>
      <Section
        id="basicschool-fees"
        tone="muted"
        title="수강료"
        lead={`초등 수업은 한 달 ${formatWon(PROGRAM.monthlyWon)}이에요. 겨울방학 8주 과정은 ${PROGRAM.item.months}개월 수강료 ${formatWon(PROGRAM.courseWon)}을 한 번 결제해요.`}
      >
        <FeeTable caption="초등 겨울방학 수업 수강료" rows={feeRows(PROGRAM)} />
        <p className="fee-table__cta">
          <ButtonLink to={PROGRAM.enrollHref} size="lg">
            {`${PROGRAM.label} 8주 과정 신청하기`}
          </ButtonLink>
        </p>
        <Notes items={WINTER_NOTES} />
      </Section>
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
      <Section id="basicschool-weeks" tone="muted" title="8주는 이렇게 흘러가요">
        <Steps
          items={[
            {
              title: "1~2주: 진단과 복습",
              body: "레벨 진단으로 지난 학기에 놓친 단원을 찾고 그 부분부터 다시 익혀요.",
            },
            {
              title: "3~6주: 기초 다지기",
              body: "연산, 독해, 어휘처럼 다음 학년의 바탕이 되는 부분을 꾸준히 연습해요.",
            },
            {
              title: "7~8주: 새 학기 준비",
              body: "다음 학기 첫 단원을 미리 보고, 새 학기에도 이어 갈 공부 계획을 세워요.",
            },
          ]}
        />
      </Section>
      <CtaBand
        title="첫 1:1 수업, 태블릿으로 편하게 시작해요"
        body="상담을 신청하시면 레벨 진단과 무료 체험 수업 일정을 먼저 안내해 드려요."
        primary={CONSULTATION_CTA}
        secondary={ENROLLMENT_CTA}
      />
    </>
  );
}
