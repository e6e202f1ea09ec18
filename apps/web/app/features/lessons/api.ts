/**
 * The lessons operations (docs/api/lessons.md): the tutor's on `/workspace/graphql`
 * (myLessons, recordLesson), the family's on `/matching/graphql` (myLessons with userId,
 * lessonLedger). Times ISO 8601 UTC with the Asia/Seoul wall clock beside them.
 */
import { gql, type TypedDocumentNode } from "@apollo/client";

export const TUTOR_CONTEXT = { clientName: "workspace" } as const;
export const FAMILY_CONTEXT = { clientName: "matching" } as const;

export interface Lesson {
  id: string;
  lectureId: string;
  lectureTitle: string;
  studentName: string;
  tutorName: string | null;
  startsAt: string;
  endsAt: string;
  seoulDate: string;
  seoulTime: string;
  weekday: string;
  minutes: number;
  state: "RESERVATION" | "TUTORING" | "DONE" | "CANCEL";
  stateLabel: string;
  heldMinutes: number | null;
  note: string | null;
}

const FIELDS = `id lectureId lectureTitle studentName tutorName startsAt endsAt seoulDate seoulTime weekday minutes state stateLabel heldMinutes note`;

export const TUTOR_LESSONS: TypedDocumentNode<
  { myLessons: Lesson[] },
  { from: string; to: string }
> = gql`
  query TutorLessons($from: String!, $to: String!) {
    myLessons(from: $from, to: $to) { ${FIELDS} }
  }
`;

export const FAMILY_LESSONS: TypedDocumentNode<
  { myLessons: Lesson[] },
  { from: string; to: string; userId?: number | null }
> = gql`
  query FamilyLessons($from: String!, $to: String!, $userId: Int) {
    myLessons(from: $from, to: $to, userId: $userId) { ${FIELDS} }
  }
`;

export const RECORD_LESSON: TypedDocumentNode<
  { recordLesson: Lesson },
  { input: { lessonId: string; minutes: number; note?: string } }
> = gql`
  mutation RecordLesson($input: RecordLessonInput!) {
    recordLesson(input: $input) { ${FIELDS} }
  }
`;

export const LESSON_LEDGER: TypedDocumentNode<
  {
    lessonLedger: {
      lectureId: string;
      held: number;
      heldMinutes: number;
      cancelled: number;
      upcoming: number;
      lessons: Lesson[];
    };
  },
  { lectureId: string }
> = gql`
  query LessonLedger($lectureId: ID!) {
    lessonLedger(lectureId: $lectureId) { lectureId held heldMinutes cancelled upcoming lessons { ${FIELDS} } }
  }
`;

export const CREATE_CALENDAR_FEED: TypedDocumentNode<
  { createCalendarFeed: { path: string } },
  Record<string, never>
> = gql`
  mutation CreateCalendarFeed {
    createCalendarFeed {
      path
    }
  }
`;

export const REVOKE_CALENDAR_FEED: TypedDocumentNode<
  { revokeCalendarFeed: boolean },
  Record<string, never>
> = gql`
  mutation RevokeCalendarFeed {
    revokeCalendarFeed
  }
`;
