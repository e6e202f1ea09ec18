/**
 * Wire values, limits and Korean messages of the consultation funnel (issue #6 "The consultation
 * funnel"; docs/api/consultations.md). The statuses and their transition table are in
 * packages/domain `consultations.ts` (issue #10); the form's lists are still kept here, and the
 * web form keeps the same lists in app/features/consultations/options.ts, until they move there
 * too. Durations in ms.
 */
import { canTransition, type Initiator } from "@seoltab/domain";
import { CONSULTATION_TRANSITIONS, type ConsultationStatus } from "@seoltab/domain/consultations";
import { GRADES } from "../accounts/accounts.public.ts";

/** Who fills in the form. */
export const APPLICANT_TYPES = ["PARENT", "STUDENT"] as const;
export type ApplicantType = (typeof APPLICANT_TYPES)[number];

/**
 * School grades: the join form's list (ELEMENTARY_1 … ELEMENTARY_6, MIDDLE_1 … MIDDLE_3,
 * HIGH_1 … HIGH_3, GRADUATE = 졸업생/N수생), so a request and a later account speak alike.
 */
export const CONSULTATION_GRADES = GRADES;
export type ConsultationGrade = (typeof CONSULTATION_GRADES)[number];

/** Elementary grades: a student this young applies through a parent (PIPA art. 22-2, under 14). */
export const GUARDIAN_ONLY_GRADES: readonly ConsultationGrade[] = CONSULTATION_GRADES.filter((g) =>
  g.startsWith("ELEMENTARY_"),
);

/** The subjects of the service (SPEC.md introduction), sent and stored as shown. */
export const CONSULTATION_SUBJECTS = [
  "수학",
  "국어",
  "영어",
  "사회",
  "과학",
  "제2외국어",
  "입시 컨설팅",
] as const;
export type ConsultationSubject = (typeof CONSULTATION_SUBJECTS)[number];

/**
 * When to call back (Asia/Seoul): weekdays 13-18 h, weekdays 18-21 h, weekends 10-18 h, or any
 * of these. A free-text note (PREFERRED_TIME_NOTE) may narrow it down.
 */
export const PREFERRED_TIMES = [
  "WEEKDAY_AFTERNOON",
  "WEEKDAY_EVENING",
  "WEEKEND",
  "ANYTIME",
] as const;
export type PreferredTime = (typeof PREFERRED_TIMES)[number];

/**
 * Life cycle of a request and its transition table: packages/domain consultations.ts (issue #10),
 * re-exported here under the names this area used.
 */
export {
  CONSULTATION_STATUSES,
  CONSULTATION_TRANSITIONS as STATUS_TRANSITIONS,
  type ConsultationStatus,
} from "@seoltab/domain/consultations";

/** True when a request in `from` may move to `to` (CONSULTATION_TRANSITIONS). */
export function canChangeStatus(from: ConsultationStatus, to: ConsultationStatus): boolean {
  return canTransition(CONSULTATION_TRANSITIONS, from, to);
}

/** Staff user types who may read and handle requests, and their audit initiator. */
export const CONSULTATION_STAFF: Readonly<Record<string, Initiator>> = {
  ADMIN: "ADMIN",
  SALES_TEAM: "SALES_TEAM",
};

/** Lengths of the free-text fields, in characters. */
export const MAX_NAME_LENGTH = 50;
export const MAX_PREFERRED_TIME_NOTE_LENGTH = 200;
export const MAX_MEMO_LENGTH = 500;
export const MAX_UTM_VALUE_LENGTH = 200;

/** Submissions (POST /main/consultation_request) per client address within the window. */
export const REQUESTS_PER_ADDRESS = 20;
/** The window of that limit: one hour. */
export const REQUESTS_WINDOW_MS = 60 * 60 * 1000;

/**
 * How long a request is kept: one year from the day it was made (the 보유 기간 shown on the
 * form). Older requests are deleted when a new one is stored.
 */
export const RETENTION_MS = 365 * 24 * 60 * 60 * 1000;

/** Staff list page size: default and largest. */
export const LIST_PAGE_SIZE_DEFAULT = 20;
export const LIST_PAGE_SIZE_MAX = 100;

/** Korean messages of the area (the person can act on each). */
export const CONSULTATION_MESSAGES = {
  received: "상담 신청이 접수되었어요.",
  statusChanged: "상담 상태를 바꿨어요.",
  applicantType: "신청하시는 분을 학부모 또는 학생 중에서 골라 주세요.",
  name: "이름을 한글 또는 영문 50자 이내로 입력해 주세요.",
  grade: "학년을 골라 주세요.",
  guardianRequired: "초등학생은 보호자(학부모)가 신청해 주세요.",
  subject: "상담 과목을 골라 주세요.",
  phone: "휴대폰 번호(010으로 시작하는 숫자)를 입력해 주세요.",
  token: "휴대폰 인증을 먼저 완료해 주세요.",
  preferredTime: "연락받기 편한 시간대를 골라 주세요.",
  preferredTimeNote: `희망 연락 시간 메모는 ${MAX_PREFERRED_TIME_NOTE_LENGTH}자까지 입력할 수 있어요.`,
  memo: `문의 내용은 ${MAX_MEMO_LENGTH}자까지 입력할 수 있어요.`,
  controlCharacters: "입력할 수 없는 문자가 들어 있어요. 내용을 확인해 주세요.",
  privacy: "개인정보 수집·이용에 동의해야 상담을 신청할 수 있어요.",
  utm: `유입 경로 값은 ${MAX_UTM_VALUE_LENGTH}자까지 보낼 수 있어요.`,
  utmShape: `유입 경로(UTM)는 utm_campaign, utm_content, utm_medium, utm_source, utm_term 값만 각 ${MAX_UTM_VALUE_LENGTH}자까지 보낼 수 있어요.`,
  verificationMismatch:
    "인증한 휴대폰 번호와 입력한 번호가 달라요. 입력한 번호로 휴대폰 인증을 다시 해 주세요.",
  tooManyRequests: "상담 신청이 너무 많아요. 1시간 뒤에 다시 시도하거나 고객센터로 연락해 주세요.",
  notFound: "상담 신청을 찾을 수 없어요. 목록을 새로 고쳐 주세요.",
  invalidTransition:
    "지금 상태에서는 이 상태로 바꿀 수 없어요. 목록을 새로 고친 뒤 다시 시도해 주세요.",
  status: "상태 값이 올바르지 않아요.",
  date: "날짜를 YYYY-MM-DD 형식의 실제 날짜로 입력해 주세요.",
  dateRange: "시작일이 종료일보다 늦어요. 기간을 다시 골라 주세요.",
  cursor: "목록 위치 정보가 올바르지 않아요. 목록을 처음부터 다시 불러와 주세요.",
  limit: `한 번에 1~${LIST_PAGE_SIZE_MAX}건까지 볼 수 있어요.`,
  requestId: "상담 신청 번호가 올바르지 않아요.",
} as const;
