import {
  WinterProgramPage,
  type WinterProgramPageContent,
} from "../components/marketing/winter-program-page";
import { formatWon, winterProgram } from "../content/promotions";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/promotion-winter-basicschool";

const PROGRAM = winterProgram("elementary");

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta(
    pageTitle("초등학생 겨울방학 수업"),
    `초등 4~6학년 겨울방학 8주 1:1 수업. 서울대 선생님과 기초 개념과 공부 습관을 잡아요. 8주 과정 ${formatWon(PROGRAM.courseWon)}(한 달 ${formatWon(PROGRAM.monthlyWon)}).`,
    { path: location.pathname },
  );

const CONTENT: WinterProgramPageContent = {
  level: "elementary",
  slug: "basicschool",
  feeLabel: "초등",
  eyebrow: "2026-27 겨울방학 · 초등",
  title: "초등학생 겨울방학 수업",
  lead: "초등 시기는 공부 습관이 자리 잡는 때예요. 겨울방학 8주 동안 서울대 선생님과 함께 기초 개념을 다지고 스스로 공부하는 습관을 만들어요.",
  secondary: { to: "/promotion/winter", label: "겨울방학 수업 전체 보기" },
  focusTitle: "초등 겨울방학에 집중할 것",
  focus: [
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
  ],
  weeks: [
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
  ],
  cta: {
    title: "첫 1:1 수업, 태블릿으로 편하게 시작해요",
    body: "상담을 신청하시면 레벨 진단과 무료 체험 수업 일정을 먼저 안내해 드려요.",
  },
};

/** /promotion/winter/basicschool: winter-break lessons for elementary-school students. */
export default function PromotionWinterBasicschool() {
  return <WinterProgramPage content={CONTENT} />;
}
