import { lecturePrice, TWELVE_MONTH_DISCOUNT_PERCENT, type Won } from "@seoltab/domain";

/**
 * The 2026-27 winter-break lessons (/promotion/winter and its two sub-pages): dates, and monthly
 * fees per school level. Lessons are priced per month in won (주 2회 · 회당 60분 · 월 8회); the
 * price of a period is `lecturePrice(monthly, months)` of @seoltab/domain, so 12 months are 5 %
 * less, rounded down to the won (SPEC.md §5, §9). Tablets, books and delivery are chosen and
 * priced separately when enrolling.
 */

export const WINTER_2026 = {
  name: "2026-27 겨울방학 수업",
  /** Applications (상담 신청 and 수강 신청) for the winter lessons. */
  applyFrom: "2026-11-23",
  applyTo: "2026-12-31",
  /** The winter course: the first lesson in its first week, then 8 weeks of lessons in all. */
  lessonsFrom: "2026-12-28",
  lessonsTo: "2027-02-26",
  firstLessonBy: "2027-01-04",
  /** Months of the winter course (8 weeks, 16 lessons). */
  courseMonths: 2,
} as const satisfies Record<string, string | number>;

/** Lessons per month and their length, the basic composition of every plan. */
export const BASIC_PLAN = { perWeek: 2, minutes: 60, perMonth: 8 } as const;

export type WinterLevel = "elementary" | "middle" | "high" | "special";

export interface WinterProgram {
  level: WinterLevel;
  /** "초등", "중등", ... */
  label: string;
  audience: string;
  /** Monthly fee in won. */
  monthlyWon: Won;
  /** The page about this level, if it has its own. */
  href?: string;
}

export const WINTER_PROGRAMS: readonly WinterProgram[] = [
  {
    level: "elementary",
    label: "초등",
    audience: "초등 4학년 ~ 6학년",
    monthlyWon: 169_000,
    href: "/promotion/winter/basicschool",
  },
  { level: "middle", label: "중등", audience: "예비 중1 ~ 중3", monthlyWon: 199_000 },
  { level: "high", label: "고등", audience: "예비 고1 ~ 고3", monthlyWon: 219_000 },
  {
    level: "special",
    label: "특목고·자사고",
    audience: "특목고·자사고 재학생과 진학 예정자",
    monthlyWon: 239_000,
    href: "/promotion/winter/specialschool",
  },
];

export function winterProgram(level: WinterLevel): WinterProgram {
  const program = WINTER_PROGRAMS.find((p) => p.level === level);
  if (!program) throw new Error(`unknown winter level ${level}`);
  return program;
}

export interface FeeRow {
  /** "겨울방학 2개월" */
  label: string;
  /** What the period covers. */
  detail: string;
  months: number;
  /** Price of the period in won (lecturePrice). */
  totalWon: Won;
  /** Monthly fee × months, shown struck through when a discount applies. */
  listWon: Won;
}

/** Fee rows of a program: the 2-month winter course, 3 months, and 12 months (5 % off). */
export function feeRows(monthlyWon: Won): FeeRow[] {
  const row = (label: string, detail: string, months: number): FeeRow => ({
    label,
    detail,
    months,
    totalWon: lecturePrice(monthlyWon, months),
    listWon: monthlyWon * months,
  });
  return [
    row(
      `겨울방학 ${WINTER_2026.courseMonths}개월`,
      `방학 8주, 총 ${BASIC_PLAN.perMonth * WINTER_2026.courseMonths}회`,
      WINTER_2026.courseMonths,
    ),
    row("3개월", "방학과 새 학기 첫 달까지", 3),
    row("12개월", `12개월 수강료 합계에서 ${TWELVE_MONTH_DISCOUNT_PERCENT}% 할인`, 12),
  ];
}

/** "169,000원": won with thousands separators (the same in Node and every browser). */
export function formatWon(won: Won): string {
  return `${String(won).replace(/\B(?=(\d{3})+(?!\d))/g, ",")}원`;
}

const WEEKDAYS = "일월화수목금토";

/** "2026년 12월 28일(월)" for an Asia/Seoul calendar date "2026-12-28". */
export function formatKoreanDate(date: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const weekday = WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
  return `${y}년 ${m}월 ${d}일(${weekday})`;
}

/** "2026년 11월 23일(월) ~ 2027년 1월 10일(일)" */
export function formatPeriod(from: string, to: string): string {
  return `${formatKoreanDate(from)} ~ ${formatKoreanDate(to)}`;
}

/** Shared small print of the winter pages: what the fee includes and how it is charged. */
export const WINTER_NOTES: readonly string[] = [
  `수강료는 주 ${BASIC_PLAN.perWeek}회, 회당 ${BASIC_PLAN.minutes}분, 한 달 ${BASIC_PLAN.perMonth}회 수업 기준이에요.`,
  `12개월로 신청하면 12개월 수강료 합계(한 달 수강료 × 12)에서 ${TWELVE_MONTH_DISCOUNT_PERCENT}%를 할인해요(원 단위 미만은 버려요). 다른 기간에는 할인이 없어요.`,
  "태블릿, 교재, 헤드폰 대여는 수강 신청에서 고르며 요금이 따로 있어요. 가지고 있는 태블릿으로도 수업할 수 있어요.",
  "결제는 정기결제 카드, 현금, 가상계좌 중에서 고를 수 있어요.",
  "카드로 결제하고 1개월이 지나지 않았다면 화면에서 바로 환불을 신청할 수 있고, 그 뒤에는 고객센터에서 법정 환불 기준에 따라 도와드려요.",
];

/** The key dates of the winter lessons. */
export const WINTER_FACTS: readonly { term: string; detail: string }[] = [
  { term: "신청 기간", detail: formatPeriod(WINTER_2026.applyFrom, WINTER_2026.applyTo) },
  { term: "수업 기간", detail: formatPeriod(WINTER_2026.lessonsFrom, WINTER_2026.lessonsTo) },
  {
    term: "첫 수업",
    detail: `${formatKoreanDate(WINTER_2026.lessonsFrom)}부터 ${formatKoreanDate(WINTER_2026.firstLessonBy)} 사이에 시작`,
  },
  {
    term: "수업 구성",
    detail: `주 ${BASIC_PLAN.perWeek}회 · 회당 ${BASIC_PLAN.minutes}분, 8주 동안 총 ${BASIC_PLAN.perMonth * WINTER_2026.courseMonths}회`,
  },
];

/**
 * The winter admissions-coaching trial (/examination_event): one free 60-minute 1:1 session per
 * student, for students entering 고2 or 고3 in 2027.
 */
export const EXAM_EVENT_2026 = {
  applyFrom: "2026-12-01",
  applyTo: "2027-01-31",
  sessionsFrom: "2026-12-07",
  sessionsTo: "2027-02-12",
  minutes: 60,
} as const;
