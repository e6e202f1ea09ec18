import { Link } from "react-router";
import { ButtonLink } from "../components/marketing/button-link";
import { CtaBand } from "../components/marketing/cta-band";
import { FactList } from "../components/marketing/fact-list";
import { FeatureCards } from "../components/marketing/feature-cards";
import { Hero } from "../components/marketing/hero";
import { Notes } from "../components/marketing/notes";
import { Section } from "../components/marketing/section";
import { CONSULTATION_CTA, ENROLLMENT_CTA } from "../content/navigation";
import {
  formatPeriod,
  formatWon,
  WINTER_2026,
  WINTER_FACTS,
  WINTER_NOTES,
  WINTER_PROGRAMS,
  winterProgram,
} from "../content/promotions";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/promotion-winter";

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta(
    pageTitle("2026-27 겨울방학 수업"),
    `신청 ${formatPeriod(WINTER_2026.applyFrom, WINTER_2026.applyTo)}. 서울대 선생님과 1:1로 지난 학기를 채우고 다음 학기를 준비하는 겨울방학 8주 과정, 학년별 수강료를 확인하세요.`,
    { path: location.pathname },
  );

/** /promotion/winter: the 2026-27 winter-break lessons, their dates and fees per school level. */
export default function PromotionWinter() {
  return (
    <>
      <Hero
        eyebrow="2026-27 겨울방학 수업"
        title="겨울방학, 다음 학기를 미리 준비하는 8주"
        lead="방학은 지난 학기에 놓친 부분을 채우고 다음 학기 내용을 미리 익히기 좋은 때예요. 서울대 선생님과 1:1로 방학 계획을 세우고 8주 동안 꾸준히 지켜 나가요."
        actions={
          <>
            <ButtonLink to={CONSULTATION_CTA.to} size="lg">
              {CONSULTATION_CTA.label}
            </ButtonLink>
            <ButtonLink to="#winter-fees" variant="secondary" size="lg">
              학년별 수강료 보기
            </ButtonLink>
          </>
        }
      />
      <Section id="winter-dates" title="일정">
        <FactList items={WINTER_FACTS} />
      </Section>
      <Section
        id="winter-fees"
        tone="muted"
        title="학년별 수강료"
        lead={`겨울방학 8주 과정은 ${WINTER_2026.courseMonths}개월 수강료를 한 번 결제해요. 신청을 누르면 그 과정이 골라진 수강 신청으로 이어져요.`}
      >
        <div className="fee-table__scroll">
          <table className="fee-table">
            <caption className="fee-table__caption">2026-27 겨울방학 학년별 수강료 (원)</caption>
            <thead>
              <tr>
                <th scope="col">학년</th>
                <th scope="col" className="fee-table__amount">
                  한 달
                </th>
                <th scope="col" className="fee-table__amount">
                  겨울방학 8주
                </th>
                <th scope="col" className="fee-table__action">
                  <span className="visually-hidden">수강 신청</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {WINTER_PROGRAMS.map((program) => (
                <tr key={program.level}>
                  <th scope="row">
                    {program.href ? <Link to={program.href}>{program.label}</Link> : program.label}
                    <span className="fee-table__sub">{program.audience}</span>
                  </th>
                  <td className="fee-table__amount">{formatWon(program.monthlyWon)}</td>
                  <td className="fee-table__amount">
                    <strong>{formatWon(program.courseWon)}</strong>
                  </td>
                  <td className="fee-table__action">
                    <ButtonLink to={program.enrollHref}>
                      신청<span className="visually-hidden"> ({program.label} 겨울방학 8주)</span>
                    </ButtonLink>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Notes items={WINTER_NOTES} />
      </Section>
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
                기초 개념과 공부 습관을 잡고 중학교를 준비해요. 한 달{" "}
                {formatWon(winterProgram("elementary").monthlyWon)}.
              </span>
            </Link>
          </li>
          <li>
            <Link to="/promotion/winter/specialschool" className="link-card">
              <span className="link-card__title">특목고·자사고 겨울방학 수업</span>
              <span className="link-card__body">
                심화 학습과 내신, 입시 준비를 함께 계획해요. 한 달{" "}
                {formatWon(winterProgram("special").monthlyWon)}.
              </span>
            </Link>
          </li>
        </ul>
      </Section>
      <CtaBand
        title="방학 계획, 상담으로 시작해요"
        body="학년과 목표를 알려 주시면 방학 일정에 맞는 수업과 무료 체험 수업을 안내해 드려요."
        primary={CONSULTATION_CTA}
        secondary={ENROLLMENT_CTA}
      />
    </>
  );
}
