/**
 * Lecture change requests (issue #14, docs/api/lecture-changes.md): the family's change form of a
 * lecture through the phoenix REST call `GET /serverless/lectureChangeForm/student/{id}` (SPEC.md
 * §7, serverless base, no credentials), and the rest on GraphQL — `/matching/graphql` for
 * families and staff, `/workspace/graphql` for tutors. Times are ISO 8601 UTC; dates
 * (effectiveFrom, pauseFrom, pauseUntil) and weekly blocks are Asia/Seoul.
 */
import { gql, type TypedDocumentNode } from "@apollo/client";
import type { WeeklyTimeBlock } from "@seoltab/domain";
import {
  LECTURE_CHANGE_KIND_LABELS,
  LECTURE_CHANGE_STATE_LABELS,
  type ChangeSide,
  type LectureChangeDecision,
  type LectureChangeKind,
  type LectureChangeState,
} from "@seoltab/domain/lecture-changes";
import { seoulWallClock } from "@seoltab/domain/lessons";
import { restRequest } from "../../lib/rest-client";

/** Families and staff (SPEC.md §7). */
export const FAMILY_CONTEXT = { clientName: "matching" } as const;
/** Tutors. */
export const TUTOR_CONTEXT = { clientName: "workspace" } as const;

export interface LectureChange {
  id: string;
  lectureId: string;
  lectureTitle: string;
  kind: LectureChangeKind;
  kindLabel: string;
  state: LectureChangeState;
  stateLabel: string;
  requestedSide: "FAMILY" | "TUTOR" | "STAFF";
  requestedByName: string | null;
  decidedBy: "OTHER_SIDE" | "STAFF";
  lessonId: string | null;
  lessonStartsAt: string | null;
  proposedStartsAt: string | null;
  proposedMinutes: number | null;
  weeklyPlan: WeeklyTimeBlock[] | null;
  effectiveFrom: string | null;
  pauseFrom: string | null;
  pauseUntil: string | null;
  reason: string | null;
  late: boolean;
  decidedSide: string | null;
  decidedAt: string | null;
  decisionNote: string | null;
  createdAt: string;
  canRespond: boolean;
  canCancel: boolean;
}

const CHANGE_FIELDS = `
  id lectureId lectureTitle kind kindLabel state stateLabel requestedSide requestedByName decidedBy
  lessonId lessonStartsAt proposedStartsAt proposedMinutes weeklyPlan { day start end }
  effectiveFrom pauseFrom pauseUntil reason late decidedSide decidedAt decisionNote createdAt
  canRespond canCancel
`;

/** One upcoming lesson of the form, with its Asia/Seoul wall clock. */
export interface UpcomingLesson {
  id: string;
  startsAt: string;
  seoulDate: string;
  seoulTime: string;
  weekday: string;
  minutes: number;
}

export interface KindOption {
  kind: LectureChangeKind;
  label: string;
  allowed: boolean;
  reason: string | null;
  decidedBy: "OTHER_SIDE" | "STAFF";
}

/** The change form of a lecture, the same from REST (family) or GraphQL (tutor). */
export interface ChangeForm {
  lectureId: string;
  lectureTitle: string;
  lectureState: string;
  tutorName: string | null;
  side: ChangeSide;
  weeklyPlan: WeeklyTimeBlock[];
  pausedDays: number;
  upcomingLessons: UpcomingLesson[];
  kinds: KindOption[];
}

/** The phoenix answer (docs/api/lecture-changes.md "Phoenix"). */
interface RestChangeForm {
  LECTURE_ID: number;
  LECTURE_TITLE: string;
  LECTURE_STATE: string;
  TUTOR_NAME: string | null;
  SIDE: ChangeSide;
  WEEKLY_PLAN: WeeklyTimeBlock[];
  PAUSED_DAYS: number;
  UPCOMING_LESSONS: { ID: number; STARTS_AT: string; MINUTES: number; STATE: string }[];
  KINDS: {
    KIND: LectureChangeKind;
    LABEL: string;
    ALLOWED: boolean;
    REASON: string | null;
    DECIDED_BY: "OTHER_SIDE" | "STAFF";
  }[];
}

/**
 * GET /serverless/lectureChangeForm/student/{lectureId}: the family's change form (which kinds
 * may be asked now and why not, the weekly plan, the next four weeks' lessons).
 * @throws RestError with the server's message (403 `not_your_lecture`, 400 a bad id)
 */
export async function fetchChangeForm(lectureId: string): Promise<ChangeForm> {
  const r = await restRequest<RestChangeForm>(
    "serverless",
    `/lectureChangeForm/student/${encodeURIComponent(lectureId)}`,
    { method: "GET" },
  );
  return {
    lectureId: String(r.LECTURE_ID),
    lectureTitle: r.LECTURE_TITLE,
    lectureState: r.LECTURE_STATE,
    tutorName: r.TUTOR_NAME,
    side: r.SIDE,
    weeklyPlan: r.WEEKLY_PLAN,
    pausedDays: r.PAUSED_DAYS,
    upcomingLessons: r.UPCOMING_LESSONS.map((l) => {
      const wall = seoulWallClock(new Date(l.STARTS_AT));
      return {
        id: String(l.ID),
        startsAt: l.STARTS_AT,
        seoulDate: wall.date,
        seoulTime: wall.time,
        weekday: wall.weekday,
        minutes: l.MINUTES,
      };
    }),
    kinds: r.KINDS.map((k) => ({
      kind: k.KIND,
      label: k.LABEL,
      allowed: k.ALLOWED,
      reason: k.REASON,
      decidedBy: k.DECIDED_BY,
    })),
  };
}

/** The tutor's change form (workspace GraphQL; the same shape). */
export const LECTURE_CHANGE_FORM: TypedDocumentNode<
  { lectureChangeForm: ChangeForm & { openRequests: LectureChange[] } },
  { lectureId: string }
> = gql`
  query LectureChangeForm($lectureId: ID!) {
    lectureChangeForm(lectureId: $lectureId) {
      lectureId lectureTitle lectureState tutorName side weeklyPlan { day start end } pausedDays
      upcomingLessons { id startsAt seoulDate seoulTime weekday minutes }
      kinds { kind label allowed reason decidedBy }
      openRequests { ${CHANGE_FIELDS} }
    }
  }
`;

/** The lecture's requests, newest first. */
export const LECTURE_CHANGES: TypedDocumentNode<
  { lectureChanges: LectureChange[] },
  { lectureId: string }
> = gql`
  query LectureChanges($lectureId: ID!) {
    lectureChanges(lectureId: $lectureId) { ${CHANGE_FIELDS} }
  }
`;

/** The payment a lecture was bought with (for 수업 그만하기 → the refund page). */
export const LECTURE_PAYMENT: TypedDocumentNode<
  { lecture: { id: string; paymentId: string } | null },
  { lectureId: string }
> = gql`
  query LectureOfChange($lectureId: ID!) {
    lecture(lectureId: $lectureId) {
      id
      paymentId
    }
  }
`;

export interface LectureChangeInput {
  lectureId: string;
  kind: LectureChangeKind;
  lessonId?: string;
  newStartsAt?: string;
  minutes?: number;
  weeklyPlan?: WeeklyTimeBlock[];
  effectiveFrom?: string;
  pauseFrom?: string;
  pauseUntil?: string;
  reason?: string;
}

export const REQUEST_LECTURE_CHANGE: TypedDocumentNode<
  { requestLectureChange: LectureChange },
  { input: LectureChangeInput }
> = gql`
  mutation RequestLectureChange($input: LectureChangeInput!) {
    requestLectureChange(input: $input) { ${CHANGE_FIELDS} }
  }
`;

export const RESPOND_TO_LECTURE_CHANGE: TypedDocumentNode<
  { respondToLectureChange: LectureChange },
  { input: { changeId: string; decision: LectureChangeDecision; note?: string } }
> = gql`
  mutation RespondToLectureChange($input: RespondToLectureChangeInput!) {
    respondToLectureChange(input: $input) { ${CHANGE_FIELDS} }
  }
`;

export interface LectureChangeQueuePage {
  items: { tutorLateChanges: number; change: LectureChange }[];
  total: number;
  page: number;
  pageSize: number;
}

/** Staff: requests in `state` (default RECEIVED), oldest first, 20 a page. */
export const LECTURE_CHANGE_QUEUE: TypedDocumentNode<
  { lectureChangeQueue: LectureChangeQueuePage },
  { state: LectureChangeState; page: number }
> = gql`
  query LectureChangeQueue($state: String, $page: Int) {
    lectureChangeQueue(state: $state, page: $page) {
      items { tutorLateChanges change { ${CHANGE_FIELDS} } }
      total
      page
      pageSize
    }
  }
`;

export { LECTURE_CHANGE_KIND_LABELS, LECTURE_CHANGE_STATE_LABELS };
