import type { FeatureCard } from "../components/marketing/feature-cards";

/** The subjects of the service (수학, 국어, 영어, 사회, 과학, 제2외국어, 입시 컨설팅). */
export const SUBJECTS: readonly FeatureCard[] = [
  {
    title: "수학",
    icon: "math",
    body: "개념 이해부터 서술형 풀이까지, 풀이 과정을 함께 쓰며 약한 단원을 잡아요.",
  },
  {
    title: "국어",
    icon: "korean",
    body: "문학·비문학 지문을 함께 분석하며 독해 습관과 문법 기초를 다져요.",
  },
  {
    title: "영어",
    icon: "english",
    body: "어휘, 구문, 독해를 학년과 목표에 맞춰 단계별로 익혀요.",
  },
  {
    title: "사회",
    icon: "society",
    body: "교과 개념을 흐름으로 정리하고 자료 해석 문제에 대비해요.",
  },
  {
    title: "과학",
    icon: "science",
    body: "원리를 그림과 식으로 함께 그려 보며 탐구형 문제를 풀어요.",
  },
  {
    title: "제2외국어",
    icon: "language",
    body: "발음과 기초 문법부터 내신·수능 대비까지 차근차근 배워요.",
  },
  {
    title: "입시 컨설팅",
    icon: "admission",
    body: "서울대 선배와 학생부, 수능, 면접 준비 전략을 함께 세워요.",
  },
];
