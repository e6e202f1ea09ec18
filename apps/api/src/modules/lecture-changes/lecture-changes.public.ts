/**
 * What other areas may use of the lecture-changes area (issue #14), and the events it emits when
 * an accepted change moves lessons (messages replace the reminders in the same transaction).
 */
import type { LessonRow } from "../lessons/lessons.public.ts";

export type { LectureChangeRow } from "./lecture-changes.repository.ts";

/** `lesson.moved`: an accepted MOVE_LESSON; `lesson` has its new times, `from` the old start. */
export interface LessonMovedEvent {
  lesson: LessonRow;
  from: Date;
  at: Date;
}

/** `lecture-lessons.changed`: a new plan or a pause cancelled or added lessons of a lecture. */
export interface LectureLessonsChangedEvent {
  lectureId: number;
  kind: "CHANGE_PLAN" | "PAUSE";
  at: Date;
}

declare module "../../platform/events.ts" {
  interface DomainEvents {
    "lesson.moved": LessonMovedEvent;
    "lecture-lessons.changed": LectureLessonsChangedEvent;
  }
}
