/**
 * The matching part of `/matching/graphql` (issue #13; docs/api/matching.md). Family:
 * matchingOffers, chooseTutor. Tutor: mySuggestions, respondToSuggestion. Staff: matchings,
 * matching, matchingCandidates, suggestTutor. Operation names are fixed by the issue.
 */
import type { IResolvers, MercuriusContext } from "mercurius";
import type { Database } from "@seoltab/db";
import { MATCHING_STATES, maskTutorName, type WeeklyTimeBlock } from "@seoltab/domain";
import { AppError } from "../../errors.ts";
import { findUserById, requireGraphqlUser } from "../accounts/accounts.public.ts";
import { lectureGraphql, parseId } from "../lectures/index.ts";
import type { MatchableTutor } from "../tutor-applications/tutor-applications.public.ts";
import type { SuggestionRow } from "./matching.repository.ts";
import {
  MATCHING_PAGE_SIZE,
  candidates,
  chooseTutor,
  getMatching,
  listMatchings,
  mySuggestions,
  offers,
  respond,
  suggestTutor,
  type MatchingDeps,
  type MatchingSummary,
} from "./matching.service.ts";

export const matchingSchema = /* GraphQL */ `
  "What a family sees of a tutor: masked name, university, major, subjects, class types, bio."
  type TutorCard {
    tutorId: Int!
    maskedName: String!
    university: String
    major: String
    subjects: [Int!]!
    classTypes: [String!]!
    bio: String
  }

  "An accepted suggestion the family may choose: the tutor, why, and the slots they can teach."
  type MatchingOffer {
    id: ID!
    tutor: TutorCard!
    reasons: [String!]!
    slots: [WeeklyTimeBlock!]!
    acceptedAt: String
  }

  """
  Where the search stands: stage FORM_NEEDED | LOOKING | ACCEPTED | MATCHED | CLOSED, the Korean
  sentence for the parent, and up to 3 accepted tutors (best first).
  """
  type MatchingOffers {
    lectureId: ID!
    stage: String!
    text: String!
    offers: [MatchingOffer!]!
  }

  "A suggestion as its tutor sees it: the request without the family's contact details."
  type Suggestion {
    id: ID!
    "SUGGESTED, ACCEPTED, REFUSED, EXPIRED, CHOSEN or CLOSED."
    state: String!
    lectureTitle: String!
    studentName: String!
    gradeCode: String
    schoolName: String
    lectureSubjectId: Int
    schedules: [WeeklyTimeBlock!]!
    weakTypes: [String!]!
    tutorPreferenceTypes: [String!]!
    lessonStartType: String!
    lessonStartDate: String
    memo: String
    reasons: [String!]!
    slots: [WeeklyTimeBlock!]
    refusedReason: String
    suggestedAt: String!
    expiresAt: String!
    answeredAt: String
  }

  "A ranked tutor for a matching (staff): score, weekly overlap in minutes, the reasons."
  type MatchingCandidate {
    tutorId: Int!
    tutorName: String!
    card: TutorCard!
    score: Float!
    overlapMinutes: Int!
    reasons: [String!]!
    commonBlocks: [WeeklyTimeBlock!]!
  }

  "A suggestion as staff see it."
  type StaffSuggestion {
    id: ID!
    tutorId: Int!
    tutorName: String!
    state: String!
    score: Float!
    reasons: [String!]!
    slots: [WeeklyTimeBlock!]
    refusedReason: String
    suggestedAt: String!
    expiresAt: String!
    answeredAt: String
  }

  "A matching (staff): the lecture, the request's essentials and every suggestion."
  type Matching {
    id: ID!
    lectureId: ID!
    "NEW or TEACHER_CHANGE."
    type: String!
    "OPEN, MATCHED or CLOSED."
    state: String!
    lectureTitle: String!
    studentName: String!
    schoolName: String
    gradeCode: String
    lectureSubjectId: Int
    schedules: [WeeklyTimeBlock!]!
    tutorPreferenceTypes: [String!]!
    weakTypes: [String!]!
    memo: String
    managerUserId: Int
    openedAt: String!
    "Whole hours since it opened."
    ageHours: Int!
    suggestions: [StaffSuggestion!]!
  }

  type MatchingPage {
    items: [Matching!]!
    totalCount: Int!
    page: Int!
    pageSize: Int!
  }

  input RespondToSuggestionInput {
    suggestionId: ID!
    accept: Boolean!
    "Accepting: the weekly slots the tutor can teach, inside the student's schedules."
    slots: [WeeklyTimeBlockInput!]
    "Refusing: why (shown to staff)."
    refusedReason: String
  }

  extend type Query {
    matchingOffers(lectureId: ID!): MatchingOffers!
    mySuggestions: [Suggestion!]!
    "Staff: the queue, oldest first; state OPEN | MATCHED | CLOSED; 20 per page."
    matchings(state: String, page: Int = 1): MatchingPage!
    matching(matchingId: ID!): Matching
    matchingCandidates(matchingId: ID!): [MatchingCandidate!]!
  }

  extend type Mutation {
    "Picks an accepted offer with a weekly plan inside its slots; the lecture goes MATCHED."
    chooseTutor(offerId: ID!, weeklyPlan: [WeeklyTimeBlockInput!]!): Lecture!
    respondToSuggestion(input: RespondToSuggestionInput!): Suggestion!
    suggestTutor(matchingId: ID!, tutorId: Int!): StaffSuggestion!
  }
`;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

function cardOf(tutor: MatchableTutor | null, tutorId: number) {
  return tutor
    ? tutor.card
    : {
        tutorId,
        maskedName: maskTutorName(null),
        university: null,
        major: null,
        subjects: [],
        classTypes: [],
        bio: null,
      };
}

type TutorSuggestion = Awaited<ReturnType<typeof mySuggestions>>[number];

function suggestionGraphql({ suggestion: s, lecture, form, studentName }: TutorSuggestion) {
  return {
    id: String(s.id),
    state: s.state,
    lectureTitle: lecture.title,
    studentName: maskTutorName(studentName),
    gradeCode: form.gradeCode,
    schoolName: form.schoolName,
    lectureSubjectId: form.lectureSubjectId,
    schedules: form.schedules,
    weakTypes: form.weakTypes,
    tutorPreferenceTypes: form.tutorPreferenceTypes,
    lessonStartType: form.lessonStartType,
    lessonStartDate: form.lessonStartDate,
    memo: form.memo,
    reasons: s.reasons,
    slots: s.slots,
    refusedReason: s.refusedReason,
    suggestedAt: s.suggestedAt.toISOString(),
    expiresAt: s.expiresAt.toISOString(),
    answeredAt: iso(s.answeredAt),
  };
}

function staffSuggestion(s: SuggestionRow, tutorName: string) {
  return {
    id: String(s.id),
    tutorId: s.tutorUserId,
    tutorName,
    state: s.state,
    score: s.score,
    reasons: s.reasons,
    slots: s.slots,
    refusedReason: s.refusedReason,
    suggestedAt: s.suggestedAt.toISOString(),
    expiresAt: s.expiresAt.toISOString(),
    answeredAt: iso(s.answeredAt),
  };
}

async function matchingGraphql(db: Database, m: MatchingSummary, now: Date) {
  const names = new Map<number, string>();
  for (const s of m.suggestions) {
    if (!names.has(s.tutorUserId))
      names.set(s.tutorUserId, (await findUserById(db, s.tutorUserId))?.name ?? "");
  }
  return {
    id: String(m.matching.id),
    lectureId: String(m.lecture.id),
    type: m.matching.type,
    state: m.matching.state,
    lectureTitle: m.lecture.title,
    studentName: m.studentName,
    schoolName: m.form.schoolName,
    gradeCode: m.form.gradeCode,
    lectureSubjectId: m.form.lectureSubjectId,
    schedules: m.form.schedules,
    tutorPreferenceTypes: m.form.tutorPreferenceTypes,
    weakTypes: m.form.weakTypes,
    memo: m.form.memo,
    managerUserId: m.matching.managerUserId,
    openedAt: m.matching.openedAt.toISOString(),
    ageHours: Math.floor((now.getTime() - m.matching.openedAt.getTime()) / 3_600_000),
    suggestions: m.suggestions.map((s) => staffSuggestion(s, names.get(s.tutorUserId) ?? "")),
  };
}

function blocksOf(value: unknown, field: string): WeeklyTimeBlock[] {
  if (!Array.isArray(value)) return [];
  return value.map((b: { day?: unknown; start?: unknown; end?: unknown }) => {
    if (typeof b.day !== "string" || typeof b.start !== "string" || typeof b.end !== "string") {
      throw new AppError("validation", "validation_failed", `${field} 의 시간을 확인해 주세요.`);
    }
    return { day: b.day as WeeklyTimeBlock["day"], start: b.start, end: b.end };
  });
}

function requestIdOf(ctx: MercuriusContext): string | null {
  return ctx.reply.request.id ?? null;
}

export function matchingResolvers(deps: MatchingDeps): IResolvers {
  return {
    Query: {
      matchingOffers: async (
        _root: unknown,
        args: { lectureId: string },
        ctx: MercuriusContext,
      ) => {
        const caller = await requireGraphqlUser(ctx);
        const result = await offers(deps, caller, parseId(args.lectureId, "lectureId"));
        return {
          lectureId: String(result.lecture.id),
          stage: result.stage,
          text: result.text,
          offers: result.offers.map(({ suggestion, tutor }) => ({
            id: String(suggestion.id),
            tutor: cardOf(tutor, suggestion.tutorUserId),
            reasons: suggestion.reasons,
            slots: suggestion.slots ?? [],
            acceptedAt: iso(suggestion.answeredAt),
          })),
        };
      },
      mySuggestions: async (_root: unknown, _args: unknown, ctx: MercuriusContext) => {
        const caller = await requireGraphqlUser(ctx);
        return (await mySuggestions(deps, caller)).map(suggestionGraphql);
      },
      matchings: async (
        _root: unknown,
        args: { state?: string | null; page?: number | null },
        ctx: MercuriusContext,
      ) => {
        const caller = await requireGraphqlUser(ctx);
        const page = args.page ?? 1;
        if (!Number.isInteger(page) || page < 1 || page > 10_000) {
          throw new AppError("validation", "validation_failed", "page 는 1 이상이어야 해요.");
        }
        if (args.state && !(MATCHING_STATES as readonly string[]).includes(args.state)) {
          throw new AppError(
            "validation",
            "validation_failed",
            "state 는 OPEN, MATCHED, CLOSED 중 하나예요.",
          );
        }
        const result = await listMatchings(deps, caller, { state: args.state ?? null, page });
        return {
          items: await Promise.all(
            result.items.map((m) => matchingGraphql(deps.db, m, result.now)),
          ),
          totalCount: result.total,
          page,
          pageSize: MATCHING_PAGE_SIZE,
        };
      },
      matching: async (_root: unknown, args: { matchingId: string }, ctx: MercuriusContext) => {
        const caller = await requireGraphqlUser(ctx);
        const m = await getMatching(deps, caller, parseId(args.matchingId, "matchingId"));
        return m ? matchingGraphql(deps.db, m, deps.clock.now()) : null;
      },
      matchingCandidates: async (
        _root: unknown,
        args: { matchingId: string },
        ctx: MercuriusContext,
      ) => {
        const caller = await requireGraphqlUser(ctx);
        const ranked = await candidates(deps, caller, parseId(args.matchingId, "matchingId"));
        return Promise.all(
          ranked.map(async (c) => ({
            tutorId: c.tutorId,
            tutorName: (await findUserById(deps.db, c.tutorId))?.name ?? "",
            card: c.tutor.card,
            score: c.score,
            overlapMinutes: c.overlapMinutes,
            reasons: c.reasons,
            commonBlocks: c.commonBlocks,
          })),
        );
      },
    },
    Mutation: {
      chooseTutor: async (
        _root: unknown,
        args: { offerId: string; weeklyPlan: unknown },
        ctx: MercuriusContext,
      ) => {
        const caller = await requireGraphqlUser(ctx);
        const lecture = await chooseTutor(
          deps,
          caller,
          parseId(args.offerId, "offerId"),
          blocksOf(args.weeklyPlan, "weeklyPlan"),
          requestIdOf(ctx),
        );
        return lectureGraphql(deps.db, lecture);
      },
      respondToSuggestion: async (
        _root: unknown,
        args: {
          input: {
            suggestionId: string;
            accept: boolean;
            slots?: unknown;
            refusedReason?: string | null;
          };
        },
        ctx: MercuriusContext,
      ) => {
        const caller = await requireGraphqlUser(ctx);
        const s = await respond(deps, caller, {
          suggestionId: parseId(args.input.suggestionId, "suggestionId"),
          accept: args.input.accept,
          slots: args.input.slots == null ? null : blocksOf(args.input.slots, "slots"),
          refusedReason: args.input.refusedReason ?? null,
        });
        const mine = (await mySuggestions(deps, caller)).find((x) => x.suggestion.id === s.id)!;
        return suggestionGraphql(mine);
      },
      suggestTutor: async (
        _root: unknown,
        args: { matchingId: string; tutorId: number },
        ctx: MercuriusContext,
      ) => {
        const caller = await requireGraphqlUser(ctx);
        const s = await suggestTutor(
          deps,
          caller,
          parseId(args.matchingId, "matchingId"),
          args.tutorId,
          requestIdOf(ctx),
        );
        return staffSuggestion(s, (await findUserById(deps.db, s.tutorUserId))?.name ?? "");
      },
    },
  };
}
