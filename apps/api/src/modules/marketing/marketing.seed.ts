/**
 * Demo reviews for local mode (issue #6). Reviews are testimonials: in production they come only
 * from real students and parents (entered by staff), so they are seeded locally and never by a
 * migration. Author labels are already masked, as the site shows them.
 */
import { schema, type Database } from "@seoltab/db";

type DemoReview = Omit<typeof schema.reviews.$inferInsert, "id" | "published">;

const at = (iso: string) => new Date(`${iso}T10:00:00+09:00`);

export const DEMO_REVIEWS: readonly DemoReview[] = [
  {
    year: 2026,
    subject: "수학",
    authorLabel: "고2 김*준 학생",
    rating: 5,
    createdAt: at("2026-10-28"),
    title: "풀이를 같이 쓰니까 어디서 틀리는지 보여요",
    body: "예전에는 답만 맞추고 넘어갔는데 선생님이 제 필기를 실시간으로 보시면서 어느 줄에서 계산이 꼬였는지 바로 짚어 주세요. 모의고사 수학이 3등급에서 2등급으로 올랐어요.",
  },
  {
    year: 2026,
    subject: "수학",
    authorLabel: "중3 학부모",
    rating: 5,
    createdAt: at("2026-10-12"),
    title: "아이가 스스로 오답노트를 만들어요",
    body: "수업이 끝나면 선생님이 그날 틀린 문제를 정리하는 방법을 알려 주셔서 이제는 아이가 먼저 오답노트를 펴요. 학부모 계정으로 수업 내용을 확인할 수 있어 안심이 됩니다.",
  },
  {
    year: 2026,
    subject: "영어",
    authorLabel: "고1 이*은 학생",
    rating: 4,
    createdAt: at("2026-09-30"),
    title: "독해 순서가 잡혔어요",
    body: "지문을 처음부터 끝까지 해석하느라 시간이 모자랐는데, 선생님과 문단별 핵심 문장을 찾는 연습을 하면서 풀이 시간이 많이 줄었어요. 단어 시험은 조금 더 자주 봐 주셨으면 좋겠어요.",
  },
  {
    year: 2026,
    subject: "국어",
    authorLabel: "고3 박*현 학생",
    rating: 5,
    createdAt: at("2026-09-14"),
    title: "문학 선지 판단 기준이 생겼어요",
    body: "감으로 풀던 문학 문제를 선생님이 근거 문장에 밑줄 긋는 방식으로 바꿔 주셨어요. 수능 직전까지 같은 방식으로 복습했어요.",
  },
  {
    year: 2026,
    subject: "과학",
    authorLabel: "중2 학부모",
    rating: 5,
    createdAt: at("2026-08-21"),
    title: "통학 시간이 없어서 좋아요",
    body: "학원 오가는 시간이 없어진 만큼 아이가 복습을 해요. 태블릿 하나로 수업과 자료가 다 정리돼서 챙길 게 줄었어요.",
  },
  {
    year: 2026,
    subject: "사회",
    authorLabel: "고2 최*아 학생",
    rating: 4,
    createdAt: at("2026-07-30"),
    title: "개념 흐름을 그림으로 정리해 주세요",
    body: "통합사회 개념이 따로 놀았는데 선생님이 화면에 흐름도를 그려 주셔서 연결이 됐어요. 시험 전 주에 보충 수업 일정을 맞춰 주신 것도 감사했어요.",
  },
  {
    year: 2026,
    subject: "입시 컨설팅",
    authorLabel: "고3 학부모",
    rating: 5,
    createdAt: at("2026-07-02"),
    title: "학생부를 처음부터 다시 읽어 봤어요",
    body: "아이의 활동을 전공과 어떻게 연결할지 막막했는데, 선배 선생님이 학생부를 같이 읽으면서 빠진 부분을 정리해 주셨어요.",
  },
  {
    year: 2026,
    subject: "수학",
    authorLabel: "중1 정*우 학생",
    rating: 5,
    createdAt: at("2026-06-11"),
    title: "모르는 걸 물어보기 편해요",
    body: "학원에서는 질문을 잘 못 했는데 1:1이라 바로바로 물어봐요. 방정식 활용 문제가 이제 무섭지 않아요.",
  },
  {
    year: 2025,
    subject: "수학",
    authorLabel: "고1 학부모",
    rating: 5,
    createdAt: at("2025-12-18"),
    title: "12개월로 바꿨어요",
    body: "3개월 해 보고 아이가 만족해서 12개월로 신청했어요. 선생님이 바뀌지 않고 이어서 봐 주시는 게 가장 좋았습니다.",
  },
  {
    year: 2025,
    subject: "영어",
    authorLabel: "중2 한*진 학생",
    rating: 4,
    createdAt: at("2025-11-20"),
    title: "문법을 예문으로 외워요",
    body: "문법 용어만 외우던 걸 그만두고 선생님이 만들어 주신 예문으로 외우니 서술형 점수가 올랐어요.",
  },
  {
    year: 2025,
    subject: "국어",
    authorLabel: "중3 학부모",
    rating: 5,
    createdAt: at("2025-10-09"),
    title: "책 읽는 습관이 생겼어요",
    body: "수업 시간에 읽은 글을 아이가 저녁에 다시 설명해 줘요. 읽고 요약하는 습관이 생긴 게 가장 큰 변화예요.",
  },
  {
    year: 2025,
    subject: "과학",
    authorLabel: "고2 윤*서 학생",
    rating: 5,
    createdAt: at("2025-09-03"),
    title: "화학 계산 문제 정복",
    body: "몰 계산에서 매번 실수했는데 선생님이 단위부터 쓰게 하셔서 실수가 거의 없어졌어요.",
  },
  {
    year: 2025,
    subject: "제2외국어",
    authorLabel: "고2 서*린 학생",
    rating: 4,
    createdAt: at("2025-07-15"),
    title: "일본어 회화까지 연습했어요",
    body: "내신 대비와 함께 짧은 회화를 매 수업 연습했어요. 발음을 바로 고쳐 주셔서 좋았어요.",
  },
  {
    year: 2025,
    subject: "수학",
    authorLabel: "중2 학부모",
    rating: 5,
    createdAt: at("2025-05-27"),
    title: "수업 변경 신청이 간단해요",
    body: "아이 학원 일정이 바뀌어서 수업 시간을 바꿔야 했는데 신청하고 바로 조정됐어요.",
  },
  {
    year: 2024,
    subject: "수학",
    authorLabel: "고3 강*민 학생",
    rating: 5,
    createdAt: at("2024-11-30"),
    title: "킬러 문항 접근법을 배웠어요",
    body: "어려운 문제를 보면 손을 놓았는데, 조건을 하나씩 식으로 바꾸는 연습을 반복하면서 끝까지 붙잡게 됐어요.",
  },
  {
    year: 2024,
    subject: "영어",
    authorLabel: "고3 학부모",
    rating: 4,
    createdAt: at("2024-10-22"),
    title: "수능 영어 1등급",
    body: "꾸준히 모의고사를 같이 분석해 주신 덕분에 아이가 수능에서 1등급을 받았어요. 감사합니다.",
  },
];

/** Inserts the demo reviews, marked `sample` (shown as examples). Runs once per database. */
export async function seedDemoReviews(db: Database): Promise<void> {
  await db.insert(schema.reviews).values(DEMO_REVIEWS.map((r) => ({ ...r, sample: true })));
}
