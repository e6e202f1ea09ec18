/**
 * Lecture change requests (issue #14, docs/api/lecture-changes.md): the family's change form of a
 * lecture through the phoenix REST call `GET /serverless/lectureChangeForm/student/{id}` (SPEC.md
 * §7, serverless base, no credentials), and the rest on GraphQL — `/matching/graphql` for
 * families and staff, `/workspace/graphql` for tutors. Times are ISO 8601 UTC; dates
 * (effectiveFrom, pauseFrom, pauseUntil) and weekly blocks are Asia/Seoul. The GraphQL
 * operations are in lecture-changes.<backend>.graphql (request and respond go to both backends),
 * typed from the published schemas (app/graphql/*.generated.ts, `npm run codegen`).
 */
import {
  LectureChangeQueueDocument,
  LectureChangesDocument,
  LectureOfChangeDocument,
  RequestLectureChangeDocument,
  RespondToLectureChangeDocument,
  type LectureChangeInput,
  type LectureChangeQueueQuery,
  type LectureChangesQuery,
} from "../../../graphql/matching.generated";
import {
  LectureChangeFormDocument,
  type LectureChangeFormQuery,
} from "../../../graphql/workspace.generated";
import type { WeeklyTimeBlock } from "@seoltab/domain";
import {
  LECTURE_CHANGE_KINDS,
  LECTURE_CHANGE_KIND_LABELS,
  LECTURE_CHANGE_STATE_LABELS,
  type ChangeSide,
  type LectureChangeKind,
} from "@seoltab/domain/lecture-changes";
import { seoulWallClock } from "@seoltab/domain/lessons";
import { restRequest } from "../../../lib/rest-client";

/** Families and staff (SPEC.md §7). */
export const FAMILY_CONTEXT = { clientName: "matching" } as const;
/** Tutors. */
export const TUTOR_CONTEXT = { clientName: "workspace" } as const;

/**
 * One change request (`kind` a LectureChangeKind, `state` a LectureChangeState, `requestedSide`
 * FAMILY, TUTOR or STAFF, `decidedBy` OTHER_SIDE or STAFF, with their Korean labels).
 */
export type LectureChange = LectureChangesQuery["lectureChanges"][number];

/** One upcoming lesson of the form, with its Asia/Seoul wall clock. */
export type UpcomingLesson = ChangeForm["upcomingLessons"][number];

export type KindOption = ChangeForm["kinds"][number];

/** A kind as the server names it, as the web's LectureChangeKind; null for one it does not know. */
export function changeKindOf(kind: string): LectureChangeKind | null {
  return LECTURE_CHANGE_KINDS.find((k) => k === kind) ?? null;
}

/** The change form of a lecture, the same from REST (family) or GraphQL (tutor). */
export type ChangeForm = Omit<LectureChangeFormQuery["lectureChangeForm"], "openRequests">;

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
export const LECTURE_CHANGE_FORM = LectureChangeFormDocument;

/** The lecture's requests, newest first. */
export const LECTURE_CHANGES = LectureChangesDocument;

/** The payment a lecture was bought with (for 수업 그만하기 → the refund page). */
export const LECTURE_PAYMENT = LectureOfChangeDocument;

export type { LectureChangeInput };

export const REQUEST_LECTURE_CHANGE = RequestLectureChangeDocument;

export const RESPOND_TO_LECTURE_CHANGE = RespondToLectureChangeDocument;

export type LectureChangeQueuePage = LectureChangeQueueQuery["lectureChangeQueue"];

/** Staff: requests in `state` (default RECEIVED), oldest first, 20 a page. */
export const LECTURE_CHANGE_QUEUE = LectureChangeQueueDocument;

export { LECTURE_CHANGE_KIND_LABELS, LECTURE_CHANGE_STATE_LABELS };
