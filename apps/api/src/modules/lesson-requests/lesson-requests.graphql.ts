/**
 * The lesson-requests part of `/matching/graphql` (issue #13; docs/api/lesson-requests.md):
 * lessonRequest, saveLessonRequest, submitLessonRequest, searchSchools. This part defines the
 * backend's Mutation type (the matching part extends it).
 */
import type { IResolvers, MercuriusContext } from "mercurius";
import { TERM_SUBJECTS, searchSchools } from "@seoltab/domain";
import { AppError } from "../../errors.ts";
import { requireGraphqlUser } from "../accounts/accounts.public.ts";
import { parseId } from "../lectures/index.ts";
import {
  getRequest,
  saveRequest,
  submitRequest,
  type LessonRequestsDeps,
  type RequestView,
} from "./lesson-requests.service.ts";

export const lessonRequestsSchema = /* GraphQL */ `
  type FieldProblem {
    field: String!
    message: String!
  }

  "A school of the bundled list; level MIDDLE or HIGH."
  type School {
    name: String!
    level: String!
    region: String!
  }

  "One grade's term numbers in the order KOREAN, MATH, ENGLISH, SOCIAL, SCIENCE; -1 = not given."
  type GradeTerms {
    grade: String!
    terms: [Int!]!
  }

  """
  SPEC.md §3 lesson request. Defaults: lessonStartType FAST, promotionType none-event, every term
  number -1. gradeCode E1..H3; lectureSubjectId an INGANG TERM_TAXONOMY_ID; schedules Asia/Seoul.
  """
  type LessonRequestForm {
    schoolName: String
    gradeCode: String
    curriculum: String
    major: String
    lectureSubjectId: Int
    weakTypes: [String!]!
    tutorPreferenceTypes: [String!]!
    lessonStartType: String!
    lessonStartDate: String
    schedules: [WeeklyTimeBlock!]!
    howHeard: String
    promotionType: String!
    friendCode: String
    hopeDepartment: String
    hopeMajor: String
    hopeUniversity: String
    allGrades: [GradeTerms!]!
    memo: String
  }

  "An attachment of the form: SCHOOL_RECORD or GRADE_CARD; url needs the Bearer token."
  type LessonRequestFile {
    id: ID!
    kind: String!
    contentType: String!
    sizeBytes: Int!
    createdAt: String!
    url: String!
  }

  "The form of a lecture: DRAFT (id null until first saved), SUBMITTED or CANCELLED."
  type LessonRequest {
    id: ID
    lectureId: ID!
    userId: Int!
    state: String!
    form: LessonRequestForm!
    submittedAt: String
    cancelledAt: String
    "What keeps it from being submitted (empty when it can be)."
    submitProblems: [FieldProblem!]!
    files: [LessonRequestFile!]!
  }

  input WeeklyTimeBlockInput {
    day: String!
    start: String!
    end: String!
  }

  input GradeTermsInput {
    grade: String!
    terms: [Int!]!
  }

  "A draft: a field left out keeps its value, null resets it. userId: the child (a parent or staff)."
  input LessonRequestInput {
    lectureId: ID!
    userId: Int
    schoolName: String
    gradeCode: String
    curriculum: String
    major: String
    lectureSubjectId: Int
    weakTypes: [String!]
    tutorPreferenceTypes: [String!]
    lessonStartType: String
    lessonStartDate: String
    schedules: [WeeklyTimeBlockInput!]
    howHeard: String
    promotionType: String
    friendCode: String
    hopeDepartment: String
    hopeMajor: String
    hopeUniversity: String
    allGrades: [GradeTermsInput!]
    memo: String
  }

  extend type Query {
    lessonRequest(lectureId: ID!): LessonRequest!
    "Schools whose name contains query (at most 20)."
    searchSchools(query: String!): [School!]!
  }

  type Mutation {
    saveLessonRequest(input: LessonRequestInput!): LessonRequest!
    submitLessonRequest(lectureId: ID!): LessonRequest!
  }
`;

/** A view as the GraphQL LessonRequest. */
export function requestGraphql(view: RequestView) {
  return {
    id: view.request ? String(view.request.id) : null,
    lectureId: String(view.lecture.id),
    userId: view.lecture.userId,
    state: view.request?.state ?? "DRAFT",
    form: {
      ...view.form,
      allGrades: view.form.allGrades.map((g) => ({
        grade: g.grade,
        terms: TERM_SUBJECTS.map((s) => g.terms[s] ?? -1),
      })),
    },
    submittedAt: view.request?.submittedAt?.toISOString() ?? null,
    cancelledAt: view.request?.cancelledAt?.toISOString() ?? null,
    submitProblems: view.request?.state === "SUBMITTED" ? [] : view.problems,
    files: view.files.map((f) => ({
      id: String(f.id),
      kind: f.kind,
      contentType: f.contentType,
      sizeBytes: f.sizeBytes,
      createdAt: f.createdAt.toISOString(),
      url: `/hub/request-form/files/${f.id}`,
    })),
  };
}

export function lessonRequestsResolvers(deps: LessonRequestsDeps): IResolvers {
  return {
    Query: {
      lessonRequest: async (_root: unknown, args: { lectureId: string }, ctx: MercuriusContext) => {
        const caller = await requireGraphqlUser(ctx);
        return requestGraphql(await getRequest(deps, caller, parseId(args.lectureId, "lectureId")));
      },
      searchSchools: async (_root: unknown, args: { query: string }, ctx: MercuriusContext) => {
        await requireGraphqlUser(ctx);
        if (args.query.length > 40) {
          throw new AppError(
            "validation",
            "validation_failed",
            "학교 이름은 40자까지 찾을 수 있어요.",
          );
        }
        return searchSchools(args.query);
      },
    },
    Mutation: {
      saveLessonRequest: async (
        _root: unknown,
        args: { input: Record<string, unknown> },
        ctx: MercuriusContext,
      ) => {
        const caller = await requireGraphqlUser(ctx);
        const input = { ...args.input, lectureId: parseId(args.input.lectureId, "lectureId") };
        return requestGraphql(await saveRequest(deps, caller, input));
      },
      submitLessonRequest: async (
        _root: unknown,
        args: { lectureId: string },
        ctx: MercuriusContext,
      ) => {
        const caller = await requireGraphqlUser(ctx);
        return requestGraphql(
          await submitRequest(deps, caller, parseId(args.lectureId, "lectureId")),
        );
      },
    },
  };
}
