/**
 * Messages (issue #17, docs/api/messages.md): each person's consent choices for advertising
 * messages (`messageConsents`, `setMessageConsent` on `/matching/graphql` for students, parents
 * and staff, `/workspace/graphql` for tutors), and staff's view of the outbox (`messageOutbox`
 * on `/matching/graphql`, 50 a page, newest first). Times are ISO 8601 UTC, shown in Asia/Seoul.
 * The operations are in messages.<backend>.graphql (the consent ones go to both backends:
 * messages.matching+workspace), typed from the published schemas (`npm run codegen`).
 */
import {
  MessageConsentsDocument,
  MessageOutboxDocument,
  SetMessageConsentDocument,
  type MessageConsentsQuery,
  type MessageOutboxQuery,
  type MessageOutboxQueryVariables,
} from "../../../graphql/matching.generated";
import { WEEKDAY_LABELS, type UserType } from "@seoltab/domain";
import { CONSENT_KINDS, type ConsentKind } from "@seoltab/domain/messages";
import { seoulWallClock } from "@seoltab/domain/lessons";

/** Families and staff. */
export const MATCHING_CONTEXT = { clientName: "matching" } as const;
/** Tutors. */
export const WORKSPACE_CONTEXT = { clientName: "workspace" } as const;

/** The backend a person's own consent goes to: tutors (TEACHER) workspace, everyone else matching. */
export function consentContext(userType: UserType | string | null | undefined) {
  return userType === "TEACHER" ? WORKSPACE_CONTEXT : MATCHING_CONTEXT;
}

export { CONSENT_KINDS, type ConsentKind };

/** One standing choice; `at` is the time of the newest entry, null when never chosen. */
/**
 * One standing choice (`kind` one of CONSENT_KINDS); `at` is the time of the newest entry, null
 * when never chosen; `needsReconfirm`: granted more than 2 years ago, counts as none until
 * confirmed again (정보통신망법 §50).
 */
export type MessageConsent = MessageConsentsQuery["messageConsents"][number];

/** What each switch says, in the order shown. */
export const CONSENT_LABELS: Record<ConsentKind, string> = {
  MARKETING_SMS: "광고성 문자",
  MARKETING_EMAIL: "광고성 이메일",
  MARKETING_PUSH: "앱 푸시 광고",
  NIGHT: "야간(21시~8시) 광고 수신",
};

/** The line under each switch: what it covers. */
export const CONSENT_HINTS: Record<ConsentKind, string> = {
  MARKETING_SMS: "이벤트·혜택 소식을 문자와 카카오 알림톡으로 받아요.",
  MARKETING_EMAIL: "이벤트·혜택 소식을 이메일로 받아요.",
  MARKETING_PUSH: "이벤트·혜택 소식을 앱 알림으로 받아요.",
  NIGHT: "동의하지 않으면 밤 9시부터 아침 8시 사이에는 광고를 보내지 않아요.",
};

export const MESSAGE_CONSENTS = MessageConsentsDocument;

/** Records one choice (append-only ledger, source PROFILE); answers every choice. */
export const SET_MESSAGE_CONSENT = SetMessageConsentDocument;

/** Outbox states, in the order of the filter. */
export const OUTBOX_STATES = ["PENDING", "SENDING", "SENT", "FAILED", "CANCELLED"] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

export const OUTBOX_STATE_LABELS: Record<OutboxState, string> = {
  PENDING: "보낼 예정",
  SENDING: "보내는 중",
  SENT: "보냄",
  FAILED: "실패",
  CANCELLED: "취소",
};

/** Recipient roles as the outbox writes them. */
export const RECIPIENT_ROLE_LABELS: Record<string, string> = {
  STUDENT: "학생",
  PARENT: "학부모",
  TEACHER: "선생님",
};

export const CHANNEL_LABELS: Record<string, string> = {
  ALIMTALK: "알림톡",
  SMS: "문자",
  LMS: "장문 문자",
};

/** Rows a page of the outbox holds (the server's page size). */
export const OUTBOX_PAGE_SIZE = 50;

export type OutboxMessage = MessageOutboxQuery["messageOutbox"][number];

/** The outbox query's variables (`state` one of OUTBOX_STATES). */
export type OutboxFilter = MessageOutboxQueryVariables;

/** Staff: the outbox, newest first, 50 a page; errors forbidden `staff_only`, validation `page`. */
export const MESSAGE_OUTBOX = MessageOutboxDocument;

/** "2026년 11월 24일" of an ISO instant, Asia/Seoul. */
export function seoulDateText(iso: string): string {
  const [year, month, day] = seoulWallClock(new Date(iso)).date.split("-").map(Number);
  return `${year}년 ${month}월 ${day}일`;
}

/** "2026. 11. 30. (월) 18:00" of an ISO instant, Asia/Seoul. */
export function seoulDateTimeText(iso: string): string {
  const wall = seoulWallClock(new Date(iso));
  const [year, month, day] = wall.date.split("-");
  return `${year}. ${month}. ${day}. (${WEEKDAY_LABELS[wall.weekday]}) ${wall.time}`;
}
