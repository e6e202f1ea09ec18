/**
 * The choices of the consultation form and their Korean labels (docs/api/consultations.md).
 * Grades come from packages/domain; the other wire values are the api's
 * (apps/api consultations.constants.ts).
 */
import { GRADE_OPTIONS, type Grade } from "@seoltab/domain";

export const APPLICANT_TYPE_OPTIONS = [
  { value: "PARENT", label: "학부모", hint: "자녀의 수업을 알아보고 있어요" },
  { value: "STUDENT", label: "학생", hint: "제가 직접 수업을 들을 거예요" },
] as const;
export type ApplicantType = (typeof APPLICANT_TYPE_OPTIONS)[number]["value"];

/** The join form's grade list (GRADE wire values, packages/domain). */
export { GRADE_OPTIONS, type Grade };

/** Elementary students apply through a parent (under 14: the guardian consents). */
export function isGuardianOnlyGrade(grade: string): boolean {
  return grade.startsWith("ELEMENTARY_");
}

/** The subjects, sent as shown. */
export const SUBJECT_OPTIONS = [
  "수학",
  "국어",
  "영어",
  "사회",
  "과학",
  "제2외국어",
  "입시 컨설팅",
] as const;
export type Subject = (typeof SUBJECT_OPTIONS)[number];

/** When to call back (Asia/Seoul). */
export const PREFERRED_TIME_OPTIONS = [
  { value: "WEEKDAY_AFTERNOON", label: "평일 오후", hint: "오후 1시~6시" },
  { value: "WEEKDAY_EVENING", label: "평일 저녁", hint: "오후 6시~9시" },
  { value: "WEEKEND", label: "주말", hint: "오전 10시~오후 6시" },
  { value: "ANYTIME", label: "언제든 괜찮아요", hint: "위 시간 중 아무 때나" },
] as const;
export type PreferredTime = (typeof PREFERRED_TIME_OPTIONS)[number]["value"];

/** Request statuses and their labels for staff. */
export const STATUS_LABELS = {
  RECEIVED: "접수",
  CONTACTED: "연락 완료",
  CLOSED: "종료",
} as const;
export type ConsultationStatus = keyof typeof STATUS_LABELS;

/** The allowed status changes (the api's transition table) and their button labels. */
export const NEXT_STATUSES: Record<ConsultationStatus, readonly ConsultationStatus[]> = {
  RECEIVED: ["CONTACTED", "CLOSED"],
  CONTACTED: ["CLOSED"],
  CLOSED: [],
};

export const STATUS_ACTION_LABELS: Record<Exclude<ConsultationStatus, "RECEIVED">, string> = {
  CONTACTED: "연락 완료 처리",
  CLOSED: "상담 종료 처리",
};

const GRADE_LABELS: Record<string, string> = Object.fromEntries(
  GRADE_OPTIONS.map((o) => [o.value, o.label]),
);
const TIME_LABELS: Record<string, string> = Object.fromEntries(
  PREFERRED_TIME_OPTIONS.map((o) => [o.value, `${o.label} (${o.hint})`]),
);
const APPLICANT_LABELS: Record<string, string> = Object.fromEntries(
  APPLICANT_TYPE_OPTIONS.map((o) => [o.value, o.label]),
);

/** "중학교 2학년"; an unknown code as it is. */
export const gradeLabel = (value: string) => GRADE_LABELS[value] ?? value;
/** "평일 저녁 (오후 6시~9시)"; an unknown code as it is. */
export const preferredTimeLabel = (value: string) => TIME_LABELS[value] ?? value;
/** "학부모" / "학생"; an unknown code as it is. */
export const applicantTypeLabel = (value: string) => APPLICANT_LABELS[value] ?? value;

/** Free-text limits, in characters (the api's). */
export const MAX_NAME_LENGTH = 50;
export const MAX_PREFERRED_TIME_NOTE_LENGTH = 200;
export const MAX_MEMO_LENGTH = 500;
export const MAX_UTM_VALUE_LENGTH = 200;
