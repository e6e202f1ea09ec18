/**
 * The lectures and lesson-request operations of the matching backend (docs/api/lectures.md,
 * docs/api/lesson-requests.md), sent with `context: { clientName: "matching" }` to
 * /matching/graphql, and the hub's /request-form calls. Weekly blocks are Asia/Seoul HH:MM.
 */
import { gql, type TypedDocumentNode } from "@apollo/client";
import type { LectureState, WeeklyTimeBlock } from "@seoltab/domain";
import { restBlob, restRequest } from "../../lib/rest-client";

/** Routes an operation to the matching backend (SPEC.md §7). */
export const MATCHING_CONTEXT = { clientName: "matching" } as const;

export interface Lecture {
  id: string;
  userId: number;
  lectureVtNo: number;
  title: string;
  months: number;
  state: LectureState;
  tutorName: string | null;
  tutorId: number | null;
  weeklyPlan: WeeklyTimeBlock[] | null;
  matchedAt: string | null;
  createdAt: string;
  transitions: {
    fromState: LectureState | null;
    toState: LectureState;
    reason: string | null;
    createdAt: string;
  }[];
}

const LECTURE_FIELDS = `
  id userId lectureVtNo title months state tutorName tutorId weeklyPlan { day start end } matchedAt
  createdAt transitions { fromState toState reason createdAt }
`;

export const LECTURE: TypedDocumentNode<{ lecture: Lecture | null }, { lectureId: string }> = gql`
  query Lecture($lectureId: ID!) {
    lecture(lectureId: $lectureId) { ${LECTURE_FIELDS} }
  }
`;

export interface LessonRequestForm {
  schoolName: string | null;
  gradeCode: string | null;
  curriculum: string | null;
  major: string | null;
  lectureSubjectId: number | null;
  weakTypes: string[];
  tutorPreferenceTypes: string[];
  lessonStartType: string;
  lessonStartDate: string | null;
  schedules: WeeklyTimeBlock[];
  howHeard: string | null;
  promotionType: string;
  friendCode: string | null;
  hopeDepartment: string | null;
  hopeMajor: string | null;
  hopeUniversity: string | null;
  allGrades: { grade: string; terms: number[] }[];
  memo: string | null;
}

export interface LessonRequest {
  id: string | null;
  lectureId: string;
  userId: number;
  state: "DRAFT" | "SUBMITTED" | "CANCELLED";
  form: LessonRequestForm;
  submittedAt: string | null;
  submitProblems: { field: string; message: string }[];
  files: { id: string; kind: string; contentType: string; sizeBytes: number; url: string }[];
}

const REQUEST_FIELDS = `
  id lectureId userId state submittedAt submitProblems { field message }
  files { id kind contentType sizeBytes url }
  form {
    schoolName gradeCode curriculum major lectureSubjectId weakTypes tutorPreferenceTypes
    lessonStartType lessonStartDate schedules { day start end } howHeard promotionType friendCode
    hopeDepartment hopeMajor hopeUniversity allGrades { grade terms } memo
  }
`;

export const LESSON_REQUEST: TypedDocumentNode<
  { lessonRequest: LessonRequest },
  { lectureId: string }
> = gql`
  query LessonRequest($lectureId: ID!) {
    lessonRequest(lectureId: $lectureId) { ${REQUEST_FIELDS} }
  }
`;

export type LessonRequestInput = Partial<Omit<LessonRequestForm, "allGrades">> & {
  lectureId: string;
  allGrades?: { grade: string; terms: number[] }[];
};

export const SAVE_LESSON_REQUEST: TypedDocumentNode<
  { saveLessonRequest: LessonRequest },
  { input: LessonRequestInput }
> = gql`
  mutation SaveLessonRequest($input: LessonRequestInput!) {
    saveLessonRequest(input: $input) { ${REQUEST_FIELDS} }
  }
`;

export const SUBMIT_LESSON_REQUEST: TypedDocumentNode<
  { submitLessonRequest: LessonRequest },
  { lectureId: string }
> = gql`
  mutation SubmitLessonRequest($lectureId: ID!) {
    submitLessonRequest(lectureId: $lectureId) { ${REQUEST_FIELDS} }
  }
`;

export const SEARCH_SCHOOLS: TypedDocumentNode<
  { searchSchools: { name: string; level: string; region: string }[] },
  { query: string }
> = gql`
  query SearchSchools($query: String!) {
    searchSchools(query: $query) {
      name
      level
      region
    }
  }
`;

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

export const MY_LECTURES: TypedDocumentNode<
  { myLectures: Pick<Lecture, "id" | "title" | "state" | "tutorName">[] },
  { userId?: number | null }
> = gql`
  query MyLectures($userId: Int) {
    myLectures(userId: $userId) {
      id
      title
      state
      tutorName
    }
  }
`;

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
