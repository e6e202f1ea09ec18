/**
 * The lessons operations (docs/api/lessons.md): the tutor's on `/workspace/graphql`
 * (myLessons, recordLesson), the family's on `/matching/graphql` (myLessons with userId,
 * lessonLedger). Times ISO 8601 UTC with the Asia/Seoul wall clock beside them. The operations
 * are in lessons.<backend>.graphql (the calendar feed ones go to both: lessons.matching+workspace),
 * typed from the published schemas (app/graphql/*.generated.ts, `npm run codegen`).
 */
import {
  CreateCalendarFeedDocument,
  FamilyLessonsDocument,
  LessonLedgerDocument,
  RevokeCalendarFeedDocument,
  type FamilyLessonsQuery,
} from "../../../graphql/matching.generated";
import { RecordLessonDocument, TutorLessonsDocument } from "../../../graphql/workspace.generated";

export const TUTOR_CONTEXT = { clientName: "workspace" } as const;
export const FAMILY_CONTEXT = { clientName: "matching" } as const;

/**
 * One lesson as both backends send it (`state` RESERVATION, TUTORING, DONE or CANCEL with its
 * Korean `stateLabel`; `seoulDate`/`seoulTime`/`weekday` the Asia/Seoul wall clock).
 */
export type Lesson = FamilyLessonsQuery["myLessons"][number];

export const TUTOR_LESSONS = TutorLessonsDocument;

export const FAMILY_LESSONS = FamilyLessonsDocument;

export const RECORD_LESSON = RecordLessonDocument;

export const LESSON_LEDGER = LessonLedgerDocument;

export const CREATE_CALENDAR_FEED = CreateCalendarFeedDocument;

export const REVOKE_CALENDAR_FEED = RevokeCalendarFeedDocument;
