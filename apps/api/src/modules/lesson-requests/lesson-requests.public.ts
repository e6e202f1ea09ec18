/**
 * What other areas may use of the lesson-requests area (issue #13): the form of a lecture, and
 * the events it emits when a form is submitted or withdrawn.
 */
import type { LectureRow } from "../lectures/lectures.public.ts";
import type { LessonRequestRow } from "./lesson-requests.repository.ts";

export { findRequestByLecture, type LessonRequestRow } from "./lesson-requests.repository.ts";
export { formOf } from "./lesson-requests.service.ts";

/** `lesson-request.submitted` / `.cancelled`: emitted in the transaction that changed it. */
export interface LessonRequestEvent {
  request: LessonRequestRow;
  lecture: LectureRow;
  at: Date;
}

declare module "../../platform/events.ts" {
  interface DomainEvents {
    "lesson-request.submitted": LessonRequestEvent;
    "lesson-request.cancelled": LessonRequestEvent;
  }
}
