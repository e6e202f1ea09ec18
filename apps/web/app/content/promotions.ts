import {
  winterCourseItem,
  winterCoursePrice,
  WINTER_COURSE_MONTHS,
  type CatalogItem,
  type Won,
  type WinterSchoolLevel,
} from "@seoltab/domain";

/**
 * The 2026-27 winter-break lessons (/promotion/winter and its two sub-pages): dates, and the
 * winter course per school level. Every price here is the catalog's (decision 017): the
 * course items come from WINTER_COURSE_ITEMS of @seoltab/domain, the module migration 0011 seeds
 * the store with (apps/api winter-course.test.ts proves Lecture_StoreItems serves exactly it),
 * and the course price is `winterCoursePrice`, checkout's own pricing. A page's button leads to
 * /guest_enrollment?item=<id>, the product chosen. Tablets, books and delivery are chosen and
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
  /** Months the winter course is billed as (8 weeks, 16 lessons). */
  courseMonths: WINTER_COURSE_MONTHS,
} as const satisfies Record<string, string | number>;

/** Lessons per month and their length, the basic composition of every plan. */
export const BASIC_PLAN = { perWeek: 2, minutes: 60, perMonth: 8 } as const;

export type WinterLevel = "elementary" | "middle" | "high" | "special";

const SCHOOL_LEVEL: Record<WinterLevel, WinterSchoolLevel> = {
  elementary: "PRIMARY",
  middle: "MIDDLE",
  high: "HIGH",
  special: "SPECIAL",
};

export interface WinterProgram {
  level: WinterLevel;
  /** "초등", "중등", ... */
  label: string;
  audience: string;
  /** The catalog item sold for this level (Lecture_StoreItems id 21-24). */
  item: CatalogItem;
  /** The catalog's monthly fee in won (the item's salePrice). */
  monthlyWon: Won;
  /** What checkout charges for the whole 8-week course, won. */
  courseWon: Won;
  /** Enrollment with this course chosen. */
  enrollHref: string;
  /** The page about this level, if it has its own. */
  href?: string;
}

function program(
  level: WinterLevel,
  label: string,
  audience: string,
  href?: string,
): WinterProgram {
  const item = winterCourseItem(SCHOOL_LEVEL[level]);
  return {
    level,
    label,
    audience,
    item,
    monthlyWon: item.salePrice,
    courseWon: winterCoursePrice(item),
    enrollHref: `/guest_enrollment?item=${item.id}`,
    ...(href ? { href } : {}),
  };
}

export const WINTER_PROGRAMS: readonly WinterProgram[] = [
  program("elementary", "초등", "초등 4학년 ~ 6학년", "/promotion/winter/basicschool"),
  program("middle", "중등", "예비 중1 ~ 중3"),
  program("high", "고등", "예비 고1 ~ 고3"),
  program(
    "special",
    "특목고·자사고",
    "특목고·자사고 재학생과 진학 예정자",
    "/promotion/winter/specialschool",
  ),
];

export function winterProgram(level: WinterLevel): WinterProgram {
  const found = WINTER_PROGRAMS.find((p) => p.level === level);
  if (!found) throw new Error(`unknown winter level ${level}`);
  return found;
}

export interface FeeRow {
  /** "겨울방학 8주" */
  label: string;
  /** What the period covers. */
  detail: string;
  months: number;
  /** What checkout charges for it, won. */
  totalWon: Won;
  /** List price (basePrice × months), shown struck through when higher. */
  listWon: Won;
}

/**
 * Fee rows of a program: the one product sold, the 8-week course. (Longer periods are sold by
 * subject on /guest_enrollment at the catalog's subject prices, not at these level prices.)
 */
export function feeRows(p: WinterProgram): FeeRow[] {
  return [
    {
      label: "겨울방학 8주",
      detail: `주 ${BASIC_PLAN.perWeek}회 · 회당 ${BASIC_PLAN.minutes}분, 총 ${BASIC_PLAN.perMonth * p.item.months}회 (${p.item.months}개월)`,
      months: p.item.months,
      totalWon: p.courseWon,
      listWon: p.item.basePrice * p.item.months,
    },
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
  `겨울방학 8주 과정은 ${WINTER_COURSE_MONTHS}개월 수강료를 한 번만 결제해요. 방학이 끝난 뒤 매월 자동으로 결제되지 않아요.`,
  "과목은 첫 상담에서 학생에게 맞춰 정해요.",
  "태블릿, 교재, 헤드폰 대여는 수강 신청에서 고르며 요금이 따로 있어요. 가지고 있는 태블릿으로도 수업할 수 있어요.",
  "결제는 수강 신청 후 결제 화면에서 등록한 카드, 일회성 카드 결제(5만 원 이상 할부 가능), 가상계좌 입금 중에서 골라요.",
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
