/**
 * The diagnosis part of `/diagnosis/graphql` (issue #20; docs/api/diagnosis.md). The web calls
 * it with credentials same-origin (SPEC.md §7). Every operation works for a guest (no
 * Authorization header) except myDiagnoses, claimDiagnosis and studentDiagnoses; a header that
 * is present must hold a valid token (else the usual UNAUTHORIZED / 003 / 012, so the client
 * refreshes). Times are ISO 8601 UTC. Answers never leave the server before the attempt is
 * submitted: DiagnosisQuestion has no answer field.
 */
import type { IResolvers, MercuriusContext } from "mercurius";
import {
  DIAGNOSIS_SUBJECT_LABELS,
  LEVEL_TEST_MINUTES,
  LESSON_TYPE_LABELS,
  SCHOOL_LEVEL_LABELS,
  START_LEVEL_DESCRIPTIONS,
  START_LEVEL_LABELS,
  UNIT_STANDING_LABELS,
  diagnosisNextSteps,
  type DiagnosisSubject,
  type LessonType,
  type SchoolLevel,
  type StartLevel,
  type UnitStanding,
} from "@seoltab/domain/diagnosis";
import { DIAGNOSIS_ITEMS, type LevelTest } from "@seoltab/domain/diagnosis-content";
import { bearerToken, requireGraphqlUser, type AuthUser } from "../accounts/accounts.public.ts";
import { parseId } from "../lectures/index.ts";
import type { DiagnosisAttemptRow } from "./diagnosis.repository.ts";
import {
  claimDiagnosis,
  diagnosisReport,
  diagnosisTests,
  myDiagnoses,
  resultOf,
  startDiagnosis,
  studentDiagnoses,
  submitDiagnosis,
  testOf,
  type DiagnosisDeps,
} from "./diagnosis.service.ts";

export const diagnosisSchema = /* GraphQL */ `
  "A level test: a fixed selection of a bank's items covering every unit. subject MATH, KOREAN or ENGLISH; schoolLevel MIDDLE or HIGH."
  type DiagnosisTest {
    id: ID!
    subject: String!
    subjectLabel: String!
    schoolLevel: String!
    schoolLevelLabel: String!
    title: String!
    "Units in teaching order."
    units: [String!]!
    itemCount: Int!
    "Suggested time in minutes (not enforced)."
    minutes: Int!
  }

  "An item as the taker sees it: no answer. choices are answered by 0-based index."
  type DiagnosisQuestion {
    id: ID!
    unit: String!
    passage: String
    question: String!
    choices: [String!]!
  }

  "A started attempt. attemptToken is given once: the browser keeps it (a guest's only key)."
  type DiagnosisAttempt {
    id: ID!
    attemptToken: String!
    test: DiagnosisTest!
    items: [DiagnosisQuestion!]!
    startedAt: String!
  }

  "A unit's score. standing STRONG (80 % or more), OK, or WEAK (under 50 %)."
  type DiagnosisUnitScore {
    unit: String!
    correct: Int!
    total: Int!
    percent: Int!
    standing: String!
    standingLabel: String!
  }

  "An item after submission: the choice made (null: skipped) and the right one."
  type DiagnosisItemResult {
    id: ID!
    unit: String!
    passage: String
    question: String!
    choices: [String!]!
    chosen: Int
    answer: Int!
    correct: Boolean!
  }

  "The next step: consultation with the subject chosen, or enrollment."
  type DiagnosisNextSteps {
    consultation: String!
    enrollment: String!
  }

  """
  The report a parent reads. startLevel FOUNDATION, CORE or ADVANCED; lessonType CONCEPT,
  BALANCED or PRACTICE. kept: the attempt is on an account.
  """
  type DiagnosisReport {
    id: ID!
    test: DiagnosisTest!
    correct: Int!
    total: Int!
    percent: Int!
    units: [DiagnosisUnitScore!]!
    strongUnits: [String!]!
    weakUnits: [String!]!
    startLevel: String!
    startLevelLabel: String!
    startLevelDescription: String!
    lessonType: String!
    lessonTypeLabel: String!
    nextSteps: DiagnosisNextSteps!
    items: [DiagnosisItemResult!]!
    startedAt: String!
    submittedAt: String!
    kept: Boolean!
    "The student's account number, when kept."
    userNo: Int
  }

  "One diagnosis in a list (myDiagnoses, studentDiagnoses)."
  type DiagnosisSummary {
    id: ID!
    test: DiagnosisTest!
    percent: Int!
    startLevel: String!
    startLevelLabel: String!
    weakUnits: [String!]!
    submittedAt: String!
    userNo: Int
  }

  input DiagnosisAnswerInput {
    itemId: ID!
    "0-based index of the chosen choice; null: skipped."
    choice: Int
  }

  input SubmitDiagnosisInput {
    attemptId: ID!
    "The token startDiagnosis gave (not needed when the attempt is the caller's account's)."
    attemptToken: String
    answers: [DiagnosisAnswerInput!]!
  }

  "A claimed attempt: now on the account userNo; submitted false until it is submitted."
  type DiagnosisClaim {
    id: ID!
    userNo: Int!
    submitted: Boolean!
  }

  input ClaimDiagnosisInput {
    attemptId: ID!
    attemptToken: String!
  }

  extend type Query {
    "The level tests of a subject and school level (guests too)."
    diagnosisTests(subject: String!, schoolLevel: String!): [DiagnosisTest!]!
    "The caller's submitted diagnoses, newest first (a parent's include their children's)."
    myDiagnoses: [DiagnosisSummary!]!
    "A submitted attempt's report: by its token while unclaimed, or by account access."
    diagnosisReport(id: ID!, attemptToken: String): DiagnosisReport!
    "The diagnoses of a lecture's student: its family, its tutor (once matched), staff."
    studentDiagnoses(lectureId: ID!): [DiagnosisSummary!]!
  }

  type Mutation {
    "Starts a level test (guests too): the items without answers and the attempt token."
    startDiagnosis(testId: ID!): DiagnosisAttempt!
    "Scores an attempt once; a second submission is refused and changes nothing."
    submitDiagnosis(input: SubmitDiagnosisInput!): DiagnosisReport!
    "Keeps a guest's attempt on the signed-in caller's account (after sign-in or join)."
    claimDiagnosis(input: ClaimDiagnosisInput!): DiagnosisClaim!
  }
`;

function testGraphql(test: LevelTest) {
  return {
    id: test.id,
    subject: test.subject,
    subjectLabel: DIAGNOSIS_SUBJECT_LABELS[test.subject],
    schoolLevel: test.schoolLevel,
    schoolLevelLabel: SCHOOL_LEVEL_LABELS[test.schoolLevel as SchoolLevel],
    title: test.title,
    units: test.units,
    itemCount: test.items.length,
    minutes: LEVEL_TEST_MINUTES,
  };
}

function summaryGraphql(row: DiagnosisAttemptRow) {
  const result = resultOf(row);
  return {
    id: String(row.id),
    test: testGraphql(testOf(row)),
    percent: result.percent,
    startLevel: result.startLevel,
    startLevelLabel: START_LEVEL_LABELS[result.startLevel as StartLevel],
    weakUnits: result.weakUnits,
    submittedAt: row.submittedAt?.toISOString() ?? row.startedAt.toISOString(),
    userNo: row.userId,
  };
}

/** The report of a submitted attempt. */
export function reportGraphql(row: DiagnosisAttemptRow) {
  const result = resultOf(row);
  const answers = row.answers ?? {};
  const correct = new Set(result.correctItemIds);
  return {
    ...summaryGraphql(row),
    correct: result.correct,
    total: result.total,
    units: result.units.map((u) => ({
      ...u,
      standingLabel: UNIT_STANDING_LABELS[u.standing as UnitStanding],
    })),
    strongUnits: result.strongUnits,
    startLevelDescription: START_LEVEL_DESCRIPTIONS[result.startLevel as StartLevel],
    lessonType: result.lessonType,
    lessonTypeLabel: LESSON_TYPE_LABELS[result.lessonType as LessonType],
    nextSteps: diagnosisNextSteps(row.subject as DiagnosisSubject),
    items: row.itemIds.flatMap((id) => {
      const item = DIAGNOSIS_ITEMS.get(id);
      if (!item) return [];
      return [
        {
          id: item.id,
          unit: item.unit,
          passage: item.passage ?? null,
          question: item.question,
          choices: item.choices,
          chosen: answers[id] ?? null,
          answer: item.answer,
          correct: correct.has(id),
        },
      ];
    }),
    startedAt: row.startedAt.toISOString(),
    kept: row.userId !== null,
  };
}

/** The caller when the request carries a token; null for a guest (no Authorization header). */
async function optionalCaller(ctx: MercuriusContext): Promise<AuthUser | null> {
  if (!bearerToken(ctx.reply.request)) return null;
  return requireGraphqlUser(ctx);
}

export function diagnosisResolvers(deps: DiagnosisDeps): IResolvers {
  return {
    Query: {
      diagnosisTests: (_root: unknown, args: { subject: string; schoolLevel: string }) =>
        diagnosisTests(args).map(testGraphql),
      myDiagnoses: async (_root: unknown, _args: unknown, ctx: MercuriusContext) => {
        const caller = await requireGraphqlUser(ctx);
        return (await myDiagnoses(deps, caller)).map(summaryGraphql);
      },
      diagnosisReport: async (
        _root: unknown,
        args: { id: string; attemptToken?: string | null },
        ctx: MercuriusContext,
      ) => reportGraphql(await diagnosisReport(deps, await optionalCaller(ctx), args)),
      studentDiagnoses: async (
        _root: unknown,
        args: { lectureId: string },
        ctx: MercuriusContext,
      ) => {
        const caller = await requireGraphqlUser(ctx);
        const rows = await studentDiagnoses(deps, caller, parseId(args.lectureId, "lectureId"));
        return rows.map(summaryGraphql);
      },
    },
    Mutation: {
      startDiagnosis: async (_root: unknown, args: { testId: string }, ctx: MercuriusContext) => {
        const started = await startDiagnosis(deps, await optionalCaller(ctx), args);
        return {
          id: String(started.row.id),
          attemptToken: started.attemptToken,
          test: testGraphql(started.test),
          items: started.test.items.map((item) => ({
            id: item.id,
            unit: item.unit,
            passage: item.passage ?? null,
            question: item.question,
            choices: item.choices,
          })),
          startedAt: started.row.startedAt.toISOString(),
        };
      },
      submitDiagnosis: async (
        _root: unknown,
        args: { input: Record<string, unknown> },
        ctx: MercuriusContext,
      ) => reportGraphql(await submitDiagnosis(deps, await optionalCaller(ctx), args.input)),
      claimDiagnosis: async (
        _root: unknown,
        args: { input: Record<string, unknown> },
        ctx: MercuriusContext,
      ) => {
        const caller = await requireGraphqlUser(ctx);
        const row = await claimDiagnosis(deps, caller, args.input);
        return {
          id: String(row.id),
          userNo: row.userId,
          submitted: row.state === "SUBMITTED",
        };
      },
    },
  };
}
