/**
 * The matching operations of `/matching/graphql` (docs/api/matching.md): the family's offers and
 * choice, the tutor's suggestions, the staff queue. Weekly blocks are Asia/Seoul HH:MM.
 */
import { gql, type TypedDocumentNode } from "@apollo/client";
import type { WeeklyTimeBlock } from "@seoltab/domain";

export { MATCHING_CONTEXT } from "../lectures/api";

export interface TutorCard {
  tutorId: number;
  maskedName: string;
  university: string | null;
  major: string | null;
  subjects: number[];
  classTypes: string[];
  bio: string | null;
}

export interface MatchingOffers {
  lectureId: string;
  stage: "FORM_NEEDED" | "LOOKING" | "ACCEPTED" | "MATCHED" | "CLOSED";
  text: string;
  offers: {
    id: string;
    tutor: TutorCard;
    reasons: string[];
    slots: WeeklyTimeBlock[];
    acceptedAt: string | null;
  }[];
}

const CARD = `tutorId maskedName university major subjects classTypes bio`;

export const MATCHING_OFFERS: TypedDocumentNode<
  { matchingOffers: MatchingOffers },
  { lectureId: string }
> = gql`
  query MatchingOffers($lectureId: ID!) {
    matchingOffers(lectureId: $lectureId) {
      lectureId stage text
      offers { id tutor { ${CARD} } reasons slots { day start end } acceptedAt }
    }
  }
`;

export const CHOOSE_TUTOR: TypedDocumentNode<
  { chooseTutor: { id: string; state: string; tutorName: string | null } },
  { offerId: string; weeklyPlan: WeeklyTimeBlock[] }
> = gql`
  mutation ChooseTutor($offerId: ID!, $weeklyPlan: [WeeklyTimeBlockInput!]!) {
    chooseTutor(offerId: $offerId, weeklyPlan: $weeklyPlan) {
      id
      state
      tutorName
    }
  }
`;

export interface Suggestion {
  id: string;
  state: string;
  lectureTitle: string;
  studentName: string;
  gradeCode: string | null;
  schoolName: string | null;
  lectureSubjectId: number | null;
  schedules: WeeklyTimeBlock[];
  weakTypes: string[];
  tutorPreferenceTypes: string[];
  lessonStartType: string;
  lessonStartDate: string | null;
  memo: string | null;
  reasons: string[];
  slots: WeeklyTimeBlock[] | null;
  refusedReason: string | null;
  suggestedAt: string;
  expiresAt: string;
}

const SUGGESTION_FIELDS = `
  id state lectureTitle studentName gradeCode schoolName lectureSubjectId schedules { day start end }
  weakTypes tutorPreferenceTypes lessonStartType lessonStartDate memo reasons slots { day start end }
  refusedReason suggestedAt expiresAt
`;

export const MY_SUGGESTIONS: TypedDocumentNode<
  { mySuggestions: Suggestion[] },
  Record<string, never>
> = gql`
  query MySuggestions {
    mySuggestions { ${SUGGESTION_FIELDS} }
  }
`;

export const RESPOND_TO_SUGGESTION: TypedDocumentNode<
  { respondToSuggestion: Suggestion },
  {
    input: {
      suggestionId: string;
      accept: boolean;
      slots?: WeeklyTimeBlock[];
      refusedReason?: string;
    };
  }
> = gql`
  mutation RespondToSuggestion($input: RespondToSuggestionInput!) {
    respondToSuggestion(input: $input) { ${SUGGESTION_FIELDS} }
  }
`;

export interface StaffSuggestion {
  id: string;
  tutorId: number;
  tutorName: string;
  state: string;
  score: number;
  reasons: string[];
  slots: WeeklyTimeBlock[] | null;
  refusedReason: string | null;
  suggestedAt: string;
  expiresAt: string;
  answeredAt: string | null;
}

export interface Matching {
  id: string;
  lectureId: string;
  type: string;
  state: string;
  lectureTitle: string;
  studentName: string;
  schoolName: string | null;
  gradeCode: string | null;
  lectureSubjectId: number | null;
  schedules: WeeklyTimeBlock[];
  tutorPreferenceTypes: string[];
  weakTypes: string[];
  memo: string | null;
  openedAt: string;
  ageHours: number;
  suggestions: StaffSuggestion[];
}

const MATCHING_FIELDS = `
  id lectureId type state lectureTitle studentName schoolName gradeCode lectureSubjectId
  schedules { day start end } tutorPreferenceTypes weakTypes memo openedAt ageHours
  suggestions { id tutorId tutorName state score reasons slots { day start end } refusedReason suggestedAt expiresAt answeredAt }
`;

export const MATCHINGS: TypedDocumentNode<
  { matchings: { items: Matching[]; totalCount: number; page: number; pageSize: number } },
  { state?: string | null; page?: number }
> = gql`
  query Matchings($state: String, $page: Int) {
    matchings(state: $state, page: $page) { items { ${MATCHING_FIELDS} } totalCount page pageSize }
  }
`;

export const MATCHING_CANDIDATES: TypedDocumentNode<
  {
    matchingCandidates: {
      tutorId: number;
      tutorName: string;
      card: TutorCard;
      score: number;
      overlapMinutes: number;
      reasons: string[];
      commonBlocks: WeeklyTimeBlock[];
    }[];
  },
  { matchingId: string }
> = gql`
  query MatchingCandidates($matchingId: ID!) {
    matchingCandidates(matchingId: $matchingId) {
      tutorId tutorName card { ${CARD} } score overlapMinutes reasons commonBlocks { day start end }
    }
  }
`;

export const SUGGEST_TUTOR: TypedDocumentNode<
  { suggestTutor: StaffSuggestion },
  { matchingId: string; tutorId: number }
> = gql`
  mutation SuggestTutor($matchingId: ID!, $tutorId: Int!) {
    suggestTutor(matchingId: $matchingId, tutorId: $tutorId) {
      id
      tutorId
      tutorName
      state
      score
      reasons
    }
  }
`;
