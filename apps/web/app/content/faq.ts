/**
 * Frequently asked questions by category: the static copy of the `/marketing/graphql` FAQ
 * (packages/db/migrations/0004_faq_content.sql; faq.test.ts keeps the two in sync).
 * /seoltab_faq_st is prerendered from this copy and refreshed from the backend in the browser
 * (app/islands/faq.ts), where staff may have edited it; the landing page shows a few questions
 * from it.
 */
export interface FaqItem {
  id: string;
  question: string;
  answer: string;
}

export interface FaqCategory {
  category: string;
  items: readonly FaqItem[];
}

export const FAQ_CATEGORIES: readonly FaqCategory[] = [
  {
    category: "수업",
    items: [
      {
        id: "1",
        question: "수업은 어떻게 진행되나요?",
        answer:
          "태블릿으로 서울대 선생님과 실시간 1:1로 수업해요. 선생님과 같은 화면을 보면서 함께 필기하고, 풀이 과정을 바로 확인하고 고칠 수 있어요.",
      },
      {
        id: "2",
        question: "수업 횟수와 시간은 어떻게 되나요?",
        answer:
          "기본 수업은 주 2회, 회당 60분으로 한 달에 총 8회 진행해요. 수업 요일과 시간은 상담에서 학생 일정에 맞춰 정해요.",
      },
      {
        id: "3",
        question: "수강 기간은 어떻게 정하나요?",
        answer:
          "기본 수강 기간은 3개월이에요. 12개월로 신청하면 수강료가 5% 할인돼요. 신청 화면에서 기간별 금액을 미리 확인할 수 있어요.",
      },
      {
        id: "4",
        question: "무료 체험 수업이 있나요?",
        answer:
          "상담을 신청하면 레벨 진단과 함께 체험 수업 일정을 안내해 드려요. 체험 후 수강 여부를 정하시면 돼요.",
      },
    ],
  },
  {
    category: "선생님",
    items: [
      {
        id: "5",
        question: "선생님은 어떤 분들인가요?",
        answer:
          "서울대학교 재학생과 졸업생 선생님이에요. 재학·졸업 증빙을 확인한 뒤에 수업을 맡겨요.",
      },
      {
        id: "6",
        question: "수업 중에 선생님이나 시간을 바꿀 수 있나요?",
        answer:
          "네. 학생과 학부모 모두 수업 변경 신청으로 선생님이나 수업 시간 변경을 요청할 수 있어요.",
      },
    ],
  },
  {
    category: "태블릿",
    items: [
      {
        id: "7",
        question: "태블릿이 없어도 수강할 수 있나요?",
        answer:
          "네. 수강 신청 단계에서 태블릿 옵션을 함께 고를 수 있어요. 이미 가지고 있는 태블릿으로 수업을 듣는 것도 가능해요.",
      },
      {
        id: "8",
        question: "태블릿은 언제 받을 수 있나요?",
        answer:
          "결제가 끝나면 입력하신 주소로 배송해 드려요. 배송 일정은 결제 완료 화면과 문자로 안내해 드려요.",
      },
    ],
  },
  {
    category: "결제·환불",
    items: [
      {
        id: "9",
        question: "결제는 어떤 방법으로 하나요?",
        answer:
          "수강 신청 후 결제 화면에서 등록한 결제 카드(정기결제), 일회성 카드 결제, 가상계좌 입금 중에서 골라요. 정기결제는 수강 기간이 끝나면 매달 자동으로 결제돼요. 결제 카드는 학부모 계정에서 등록하고 바꿀 수 있어요.",
      },
      {
        id: "10",
        question: "무이자 할부가 되나요?",
        answer: "카드사별 무이자 할부 개월 수를 결제 화면에서 확인할 수 있어요.",
      },
      {
        id: "11",
        question: "환불은 어떻게 하나요?",
        answer:
          "카드로 결제하고 1개월이 지나지 않았다면 화면에서 바로 환불을 신청할 수 있어요. 1개월이 지났거나 가상계좌로 결제했다면 고객센터에서 법정 환불 기준에 따라 남은 기간만큼 계산해 돌려드려요.",
      },
    ],
  },
  {
    category: "학부모",
    items: [
      {
        id: "12",
        question: "학부모도 따로 확인할 수 있나요?",
        answer:
          "네. 학부모 로그인으로 결제 카드 등록, 계약서 서명, 결제와 계약 내역 확인을 할 수 있어요.",
      },
      {
        id: "13",
        question: "자녀가 여러 명이면 어떻게 하나요?",
        answer:
          "학부모 계정 하나에 자녀 계정을 여러 개 연결할 수 있어요. 화면에서 자녀를 바꿔 가며 확인하면 돼요.",
      },
    ],
  },
];

/** Every question, in display order. */
export const FAQ_ITEMS: readonly FaqItem[] = FAQ_CATEGORIES.flatMap((c) => c.items);

/** The questions the landing page shows (ids of FAQ_ITEMS). */
const HOME_FAQ_IDS = ["1", "4", "7", "11"];

/** The landing page's FAQ teaser: lessons, free trial, tablet, refund. */
export const HOME_FAQ_ITEMS: readonly FaqItem[] = HOME_FAQ_IDS.flatMap((id) =>
  FAQ_ITEMS.filter((item) => item.id === id),
);
