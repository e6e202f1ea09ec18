/**
 * 설BTI, the study-type quiz of /seolbti: six questions on two axes (how a student plans, and
 * how they learn), three questions per axis; the majority answer of each axis gives one of four
 * types. A self-reflection tool, not a test: no type is better than another.
 */
export type PlanStyle = "plan" | "burst";
export type LearnStyle = "concept" | "practice";

export interface SeolbtiQuestion {
  id: string;
  axis: "plan" | "learn";
  question: string;
  /** First option: "plan" or "concept"; second: "burst" or "practice". */
  options: readonly [string, string];
}

export const SEOLBTI_QUESTIONS: readonly SeolbtiQuestion[] = [
  {
    id: "q1",
    axis: "plan",
    question: "시험 2주 전, 나는?",
    options: ["과목별로 날짜를 나눠 계획표부터 만든다", "그날그날 급한 과목부터 집중해서 한다"],
  },
  {
    id: "q2",
    axis: "learn",
    question: "새 단원을 시작할 때 나는?",
    options: ["교과서 개념 설명부터 꼼꼼히 읽는다", "예제 문제부터 풀어 본다"],
  },
  {
    id: "q3",
    axis: "plan",
    question: "공부가 가장 잘될 때는?",
    options: ["매일 정해진 시간에 조금씩 할 때", "한번 시작해서 몇 시간 몰아서 할 때"],
  },
  {
    id: "q4",
    axis: "learn",
    question: "문제를 틀렸을 때 나는?",
    options: ["왜 틀렸는지 원리를 다시 찾아본다", "비슷한 문제를 더 풀어 본다"],
  },
  {
    id: "q5",
    axis: "plan",
    question: "숙제가 생기면 나는?",
    options: ["받은 날 나눠서 조금씩 한다", "마감 전에 한 번에 집중해서 끝낸다"],
  },
  {
    id: "q6",
    axis: "learn",
    question: "공부하다 가장 뿌듯한 순간은?",
    options: ["'왜 그럴까?'를 알게 됐을 때", "어려운 문제를 끝까지 풀어냈을 때"],
  },
];

export interface SeolbtiType {
  code: `${PlanStyle}-${LearnStyle}`;
  name: string;
  summary: string;
  strength: string;
  watchOut: string;
  /** How lessons with a tutor suit this type. */
  lessonTip: string;
}

export const SEOLBTI_TYPES: readonly SeolbtiType[] = [
  {
    code: "plan-concept",
    name: "차근차근 설계자형",
    summary: "원리를 이해하고 계획대로 하나씩 쌓아 가는 학생이에요.",
    strength: "개념이 탄탄해서 처음 보는 문제도 원리부터 풀어 가요.",
    watchOut: "개념 정리에 시간을 많이 써서 문제 풀이 연습이 모자랄 수 있어요.",
    lessonTip: "선생님과 개념 정리 시간과 문제 풀이 시간을 미리 나눠 계획해 보세요.",
  },
  {
    code: "plan-practice",
    name: "꾸준한 훈련가형",
    summary: "정한 분량의 문제를 매일 풀며 실력을 쌓는 학생이에요.",
    strength: "꾸준함이 강점이라 시험 전에 벼락치기할 일이 적어요.",
    watchOut: "유형을 외워 풀다 보면 조금 다른 문제에서 막힐 수 있어요.",
    lessonTip: "틀린 문제마다 '왜 이 풀이를 골랐는지' 선생님에게 설명해 보세요.",
  },
  {
    code: "burst-concept",
    name: "깊이 파는 탐험가형",
    summary: "궁금한 것이 생기면 몰입해서 끝까지 파고드는 학생이에요.",
    strength: "한번 빠져들면 깊이 이해해서 오래 기억해요.",
    watchOut: "관심 없는 단원은 미루기 쉬워 과목 사이에 차이가 생길 수 있어요.",
    lessonTip: "선생님과 함께 주마다 꼭 할 분량을 작게 정하고 수업에서 확인해 보세요.",
  },
  {
    code: "burst-practice",
    name: "몰입하는 승부사형",
    summary: "마감이 다가오면 짧은 시간에 몰아서 집중하는 학생이에요.",
    strength: "집중력이 좋아 짧은 시간에 많은 문제를 풀어내요.",
    watchOut: "몰아서 하다 보니 복습 없이 넘어간 부분이 시험에서 드러날 수 있어요.",
    lessonTip: "수업마다 지난 내용을 짧게 다시 풀어 보는 시간을 넣어 달라고 해 보세요.",
  },
];

/** Answers by question id: 0 for the first option, 1 for the second. */
export type SeolbtiAnswers = Readonly<Record<string, 0 | 1>>;

/**
 * The type for a full set of answers: on each axis, the side chosen at least twice of three.
 * @throws Error when a question is unanswered
 */
export function seolbtiType(answers: SeolbtiAnswers): SeolbtiType {
  const firstChoices = { plan: 0, learn: 0 };
  for (const q of SEOLBTI_QUESTIONS) {
    const answer = answers[q.id];
    if (answer === undefined) throw new Error(`unanswered: ${q.id}`);
    if (answer === 0) firstChoices[q.axis] += 1;
  }
  const perAxis = SEOLBTI_QUESTIONS.length / 2;
  const plan: PlanStyle = firstChoices.plan * 2 > perAxis ? "plan" : "burst";
  const learn: LearnStyle = firstChoices.learn * 2 > perAxis ? "concept" : "practice";
  const type = SEOLBTI_TYPES.find((t) => t.code === `${plan}-${learn}`);
  if (!type) throw new Error(`no type ${plan}-${learn}`);
  return type;
}
