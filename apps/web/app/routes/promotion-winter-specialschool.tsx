import {
  WinterProgramPage,
  type WinterProgramPageContent,
} from "../components/marketing/winter-program-page";
import { formatWon, winterProgram } from "../content/promotions";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/promotion-winter-specialschool";

const PROGRAM = winterProgram("special");

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta(
    pageTitle("특목고·자사고 겨울방학 수업"),
    `특목고·자사고 재학생과 진학 예정자를 위한 겨울방학 8주 1:1 수업. 심화 학습, 내신, 입시 준비를 서울대 선생님과 계획해요. 8주 과정 ${formatWon(PROGRAM.courseWon)}(한 달 ${formatWon(PROGRAM.monthlyWon)}).`,
    { path: location.pathname },
  );

const CONTENT: WinterProgramPageContent = {
  level: "special",
  slug: "specialschool",
  feeLabel: "특목고·자사고",
  eyebrow: "2026-27 겨울방학 · 특목고·자사고",
  title: "특목고·자사고 겨울방학 수업",
  lead: "특목고·자사고를 준비하거나 이미 다니고 있다면 방학은 가장 중요한 준비 기간이에요. 같은 길을 먼저 걸어 본 서울대 선생님과 심화 학습과 입시 계획을 함께 세워요.",
  secondary: { to: "/examination", label: "입시 컨설팅 보기" },
  focusTitle: "방학 동안 함께 준비해요",
  focus: [
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
  ],
  weeks: [
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
  ],
  cta: {
    title: "목표가 높을수록 계획이 중요해요",
    body: "상담에서 학생의 목표와 학교 일정에 맞는 방학 수업 계획을 함께 세워요.",
  },
};

/** /promotion/winter/specialschool: winter-break lessons for special-purpose high schools. */
export default function PromotionWinterSpecialschool() {
  return <WinterProgramPage content={CONTENT} />;
}
