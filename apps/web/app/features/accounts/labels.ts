/**
 * Korean words of the accounts area (sign-in, join and the account pages): user types, lecture
 * states (SPEC.md §4), grades, dates in Asia/Seoul.
 */
import { GRADE_OPTIONS, SEOUL_TIME_ZONE, type LectureState, type UserType } from "@seoltab/domain";

/** Korean names of the user types (SPEC.md §6; DESIGN.md §3). */
export const USER_TYPE_LABELS: Record<UserType, string> = {
  STUDENT: "학생",
  TEACHER: "선생님",
  PARENT: "학부모",
  ADMIN: "운영자",
  SALES_TEAM: "영업팀",
};

/** SPEC.md §4 matching or lecture states, as a student or parent reads them. */
export const LECTURE_STATE_LABELS: Record<LectureState, string> = {
  READY: "선생님 찾는 중",
  REGISTER: "수업 신청서 작성 필요",
  MATCHED: "선생님 매칭 완료",
  ACTIVE: "수업 중",
  REMATCH: "선생님 변경 중",
  REMATCH_B: "선생님 변경 중",
  NOPAY: "결제 대기",
  NOCARD: "결제 카드 등록 필요",
  DONE: "수강 종료",
  AUTO_FINISH: "수강 종료",
  FINISH: "환불 완료",
};

/** The state in Korean; an unknown code is shown as it came. */
export function lectureStateLabel(state: string): string {
  return LECTURE_STATE_LABELS[state as LectureState] ?? state;
}

/** What the person can do about a state, when there is something (a way forward). */
export const LECTURE_STATE_HINTS: Partial<
  Record<LectureState, { text: string; to: string; link: string }>
> = {
  NOPAY: {
    text: "결제가 끝나면 선생님 매칭이 시작돼요.",
    to: "/_app/payments",
    link: "결제 내역 보기",
  },
  NOCARD: {
    text: "정기결제에 쓸 카드가 없어요.",
    to: "/_app/billing-card",
    link: "결제 카드 등록하기",
  },
};

/** "고등학교 2학년" for HIGH_2; the code itself when unknown. */
export function gradeLabel(grade: string): string {
  return GRADE_OPTIONS.find((o) => o.value === grade)?.label ?? grade;
}

const SEOUL_DATE = new Intl.DateTimeFormat("ko-KR", {
  timeZone: SEOUL_TIME_ZONE,
  year: "numeric",
  month: "long",
  day: "numeric",
});

/** "2026년 11월 21일" (Asia/Seoul) for an ISO 8601 instant; "" for none or an invalid one. */
export function seoulDate(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : SEOUL_DATE.format(date);
}

const SEOUL_DATE_TIME = new Intl.DateTimeFormat("ko-KR", {
  timeZone: SEOUL_TIME_ZONE,
  month: "long",
  day: "numeric",
  weekday: "short",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "11월 30일 (월) 18:00" (Asia/Seoul) for an ISO 8601 instant; "" for none or an invalid one. */
export function seoulDateTime(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : SEOUL_DATE_TIME.format(date);
}
