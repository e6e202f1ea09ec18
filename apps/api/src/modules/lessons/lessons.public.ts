/**
 * What other areas may use of the lessons area (issue 14): the lesson ledger of paid lecture
 * lines, for the refund quote (modules/index.ts hands it to refunds); reading a lecture's lessons
 * and the writes an accepted lecture change makes (move one lesson, a new plan from a date on, a
 * pause) — each keeps a lesson's RECURRENCE-ID.
 */
export { lessonLedgersOfLines, type LineLessonLedger } from "./lessons.ledger.ts";
export {
  findLessonById,
  findLessonsOfLecture,
  findPlannedLessonsBetween,
  type LessonRow,
} from "./lessons.repository.ts";
export { busyAround, moveLesson, pauseLessons, replanLessons } from "./lessons.service.ts";
export { lessonsGraphql } from "./lessons.graphql.ts";
export { countHeldLessons } from "./lessons.cycle.ts";

import type { LessonRow as LessonRowOfEvent } from "./lessons.repository.ts";

/** `lesson.recorded`: the tutor recorded a held lesson (minutes and the note for the parent). */
export interface LessonRecordedEvent {
  lesson: LessonRowOfEvent;
  at: Date;
}

declare module "../../platform/events.ts" {
  interface DomainEvents {
    "lesson.recorded": LessonRecordedEvent;
  }
}
