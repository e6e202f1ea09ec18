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
import type { Route } from "./+types/promotion-winter-specialschool";

const PROGRAM = winterProgram("special");

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta(
    pageTitle("특목고·자사고 겨울방학 수업"),
    `특목고·자사고 재학생과 진학 예정자를 위한 겨울방학 8주 1:1 수업. 심화 학습, 내신, 입시 준비를 서울대 선생님과 계획해요. 8주 과정 ${formatWon(PROGRAM.courseWon)}(한 달 ${formatWon(PROGRAM.monthlyWon)}).`,
    { path: location.pathname },
  );

/** /promotion/winter/specialschool: winter-break lessons for special-purpose high schools. */
export default function PromotionWinterSpecialschool() {
  return (
    <>
      <Hero
        eyebrow="2026-27 겨울방학 · 특목고·자사고"
        title="특목고·자사고 겨울방학 수업"
        lead="특목고·자사고를 준비하거나 이미 다니고 있다면 방학은 가장 중요한 준비 기간이에요. 같은 길을 먼저 걸어 본 서울대 선생님과 심화 학습과 입시 계획을 함께 세워요."
        actions={
          <>
            <ButtonLink to={CONSULTATION_CTA.to} size="lg">
              {CONSULTATION_CTA.label}
            </ButtonLink>
            <ButtonLink to="/examination" variant="secondary" size="lg">
              입시 컨설팅 보기
            </ButtonLink>
          </>
        }
      />
      <Section id="specialschool-dates" title="일정과 대상">
        <FactList items={[{ term: "대상", detail: PROGRAM.audience }, ...WINTER_FACTS]} />
      </Section>
      <Section
        id="specialschool-fees"
        tone="muted"
        title="수강료"
        lead={`특목고·자사고 수업은 한 달 ${formatWon(PROGRAM.monthlyWon)}이에요. 겨울방학 8주 과정은 ${PROGRAM.item.months}개월 수강료 ${formatWon(PROGRAM.courseWon)}을 한 번 결제해요.`}
      >
        <FeeTable caption="특목고·자사고 겨울방학 수업 수강료" rows={feeRows(PROGRAM)} />
        <p className="fee-table__cta">
          <ButtonLink to={PROGRAM.enrollHref} size="lg">
            {`${PROGRAM.label} 8주 과정 신청하기`}
          </ButtonLink>
        </p>
        <Notes items={WINTER_NOTES} />
      </Section>
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
      <Section id="specialschool-weeks" tone="muted" title="8주는 이렇게 흘러가요">
        <Steps
          items={[
            {
              title: "1~2주: 목표와 진단",
              body: "지난 학기 성적과 학교 진도를 보고 방학 동안의 목표를 정해요.",
            },
            {
              title: "3~6주: 심화와 선행",
              body: "다음 학기 핵심 단원을 깊이 있게 익히고 서술형·논술형 문제로 연습해요.",
            },
            {
              title: "7~8주: 내신 준비",
              body: "학교별 평가 방식에 맞춰 첫 시험 준비 계획을 세우고 약한 부분을 점검해요.",
            },
          ]}
        />
      </Section>
      <CtaBand
        title="목표가 높을수록 계획이 중요해요"
        body="상담에서 학생의 목표와 학교 일정에 맞는 방학 수업 계획을 함께 세워요."
        primary={CONSULTATION_CTA}
        secondary={ENROLLMENT_CTA}
      />
    </>
  );
}
