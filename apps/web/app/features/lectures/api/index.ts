/**
 * The lectures and lesson-request operations of the matching backend (docs/api/lectures.md,
 * docs/api/lesson-requests.md), sent with `context: { clientName: "matching" }` to
 * /matching/graphql, and the hub's /request-form calls. Weekly blocks are Asia/Seoul HH:MM.
 * The operations are in lectures.matching.graphql, typed from the published schema
 * (app/graphql/matching.generated.ts, `npm run codegen`).
 */
import {
  LectureDocument,
  LessonRequestDocument,
  MyLecturesDocument,
  SaveLessonRequestDocument,
  SearchSchoolsDocument,
  SubmitLessonRequestDocument,
  type LectureQuery,
  type LessonRequestInput,
  type LessonRequestQuery,
} from "../../../graphql/matching.generated";
import { restBlob, restRequest } from "../../../lib/rest-client";

/** Routes an operation to the matching backend (SPEC.md §7). */
export const MATCHING_CONTEXT = { clientName: "matching" } as const;

/** A lecture with its state history (`state`, `fromState`, `toState`: LectureState codes). */
export type Lecture = NonNullable<LectureQuery["lecture"]>;

export const LECTURE = LectureDocument;

export type LessonRequestForm = LessonRequest["form"];

/** A lesson request form (`state` DRAFT, SUBMITTED or CANCELLED). */
export type LessonRequest = LessonRequestQuery["lessonRequest"];

export const LESSON_REQUEST = LessonRequestDocument;

export type { LessonRequestInput };

export const SAVE_LESSON_REQUEST = SaveLessonRequestDocument;

export const SUBMIT_LESSON_REQUEST = SubmitLessonRequestDocument;

export const SEARCH_SCHOOLS = SearchSchoolsDocument;

/** PATCH /hub/request-form/cancel: withdraws a submitted form before a tutor is chosen. */
export function cancelLessonRequest(id: string): Promise<{ ID: number; STATE: string }> {
  return restRequest("hub", "/request-form/cancel", { method: "PATCH", body: { id: Number(id) } });
}

/** POST /hub/request-form/validation: whether a form can be written for the lecture line now. */
export function validateLessonRequest(lectureVtNo: number): Promise<{
  VALID: boolean;
  REASON_CODE: string | null;
  REASON: string | null;
  LECTURE_ID: number | null;
}> {
  return restRequest("hub", "/request-form/validation", { body: { lectureVtNo } });
}

export const MY_LECTURES = MyLecturesDocument;

/** POST /hub/request-form/files: a school record or grade card (PDF, JPG, PNG, 10 MB). */
export function uploadRequestFile(
  lectureId: string,
  kind: "SCHOOL_RECORD" | "GRADE_CARD",
  file: Blob,
): Promise<{ FILE: { ID: string; URL: string } }> {
  const query = new URLSearchParams({ lectureId, kind });
  return restRequest("hub", `/request-form/files?${query.toString()}`, { file });
}

/** The bytes of an attachment (`url` of LessonRequest.files). */
export function fetchRequestFile(url: string): Promise<Blob> {
  return restBlob("hub", url.replace(/^\/hub/, ""));
}
