/**
 * The matching operations of `/matching/graphql` (docs/api/matching.md): the family's offers and
 * choice, the tutor's suggestions, the staff queue. Weekly blocks are Asia/Seoul HH:MM. The
 * operations are in matching.matching.graphql, typed from the published schema
 * (app/graphql/matching.generated.ts, `npm run codegen`).
 */
import {
  ChooseTutorDocument,
  MatchingCandidatesDocument,
  MatchingOffersDocument,
  MatchingsDocument,
  MySuggestionsDocument,
  RespondToSuggestionDocument,
  SuggestTutorDocument,
  type MatchingOffersQuery,
  type MatchingsQuery,
  type MySuggestionsQuery,
} from "../../../graphql/matching.generated";

export { MATCHING_CONTEXT } from "../../lectures/api";

/** A tutor as a family sees them before choosing (masked name). */
export type TutorCard = MatchingOffers["offers"][number]["tutor"];

/** The family's matching page: `stage` FORM_NEEDED, LOOKING, ACCEPTED, MATCHED or CLOSED. */
export type MatchingOffers = MatchingOffersQuery["matchingOffers"];

export const MATCHING_OFFERS = MatchingOffersDocument;

export const CHOOSE_TUTOR = ChooseTutorDocument;

export type Suggestion = MySuggestionsQuery["mySuggestions"][number];

export const MY_SUGGESTIONS = MySuggestionsDocument;

export const RESPOND_TO_SUGGESTION = RespondToSuggestionDocument;

export type StaffSuggestion = Matching["suggestions"][number];

export type Matching = MatchingsQuery["matchings"]["items"][number];

export const MATCHINGS = MatchingsDocument;

export const MATCHING_CANDIDATES = MatchingCandidatesDocument;

export const SUGGEST_TUTOR = SuggestTutorDocument;
