/**
 * The tutor-applications part of the `/workspace/graphql` backend (issue #12;
 * docs/api/tutor-applications.md). The tutor's side: myTutorApplication, saveTutorResume,
 * submitTutorApplication, submitVoiceAnswer, signTutorAgreement, updateTutorProfile,
 * deleteTutorApplication. Staff: tutorApplications, tutorApplication, decideTutorApplication,
 * recordBackgroundCheck. Every field needs a Bearer token; errors carry
 * `extensions.classification` and `code` like the payment backend.
 */
import type { IResolvers, MercuriusContext } from "mercurius";
import {
  BACKGROUND_CHECK_KINDS,
  TUTOR_APPLICATION_STATE_LABELS,
  TUTOR_APPLICATION_STATES,
  activationBlockers,
  maskTutorName,
  matchabilityProblems,
  resumeSubmitProblems,
  tutorAgreementDocument,
  formatSeoulDate,
  type TutorApplicationState,
} from "@seoltab/domain";
import { AppError } from "../../errors.ts";
import { requireGraphqlUser } from "../accounts/accounts.public.ts";
import {
  activationFacts,
  decide,
  deleteApplication,
  getApplication,
  getMyApplication,
  listQueue,
  nextActionOf,
  recordCheck,
  saveResume,
  signAgreement,
  submitApplication,
  submitVoiceAnswer,
  updateProfile,
  type RequestInfo,
  type TutorApplicationView,
  type TutorApplicationsDeps,
} from "./tutor-applications.service.ts";

export const tutorApplicationsSchema = /* GraphQL */ `
  "Tutor application states (docs/api/tutor-applications.md has the moves)."
  enum TutorApplicationState {
    ${TUTOR_APPLICATION_STATES.join("\n    ")}
  }

  """
  A staff decision: an action (APPROVE, REJECT, PAUSE, RESUME, END) resolved by the current
  state, or the target state itself. A step cannot be skipped.
  """
  enum TutorApplicationDecision {
    APPROVE
    REJECT
    PAUSE
    RESUME
    END
    DOCUMENTS_OK
    NOGOOD
    GPASS
    NPASS
    CONTRACT
    ACTIVE
    PAUSED
    ENDED
  }

  "SEX_OFFENSE (청소년성보호법 §56) or CHILD_ABUSE (아동복지법 §29-3)."
  enum BackgroundCheckKind {
    ${BACKGROUND_CHECK_KINDS.join("\n    ")}
  }

  "REQUESTED (asked of the police), CLEAR (no record) or FOUND (a record: may not teach)."
  enum BackgroundCheckResult {
    REQUESTED
    CLEAR
    FOUND
  }

  "A weekly time block, Asia/Seoul wall clock: day MON..SUN, start and end HH:MM, end by 22:00."
  type WeeklyTimeBlock {
    day: String!
    start: String!
    end: String!
  }

  input WeeklyTimeBlockInput {
    day: String!
    start: String!
    end: String!
  }

  """
  SPEC.md §3 tutor resume. universityStatus ENROLLED | LEAVE | GRADUATED (default ENROLLED);
  wifiRouter OLD | NEW (default OLD); opt-ins default true; pushSwitches default
  [normal, night, ad, ad-sms, ad-email]; subjects are INGANG TERM_TAXONOMY_IDs; classTypes
  SMART | BASIC.
  """
  type TutorResume {
    name: String
    phone: String
    phoneVerified: Boolean!
    birthYear: Int
    highSchoolType: String
    universityStatus: String!
    enterYear: Int
    university: String
    major: String
    subjects: [Int!]!
    availableTimes: [WeeklyTimeBlock!]!
    classTypes: [String!]!
    zonecode: String
    address: String
    addressDetail: String
    wifiRouter: String!
    bio: String
    privacyOptIn: Boolean!
    marketingOptIn: Boolean!
    pushSwitches: [String!]!
    backgroundCheckConsent: Boolean!
  }

  """
  A draft: a field left out keeps its value, null clears it (back to its default). A new phone
  needs phoneVerificationToken from /main/verification/verify_code with PURPOSE TUTOR_RESUME.
  """
  input TutorResumeInput {
    name: String
    phoneVerificationToken: String
    birthYear: Int
    highSchoolType: String
    universityStatus: String
    enterYear: Int
    university: String
    major: String
    subjects: [Int!]
    availableTimes: [WeeklyTimeBlockInput!]
    classTypes: [String!]
    zonecode: String
    address: String
    addressDetail: String
    wifiRouter: String
    bio: String
    privacyOptIn: Boolean
    marketingOptIn: Boolean
    pushSwitches: [String!]
    backgroundCheckConsent: Boolean
  }

  "An uploaded file: ENROLLMENT_PROOF or VOICE_ANSWER. url needs the Bearer token. Times ISO 8601 UTC."
  type TutorApplicationFile {
    id: ID!
    kind: String!
    contentType: String!
    sizeBytes: Int!
    durationSeconds: Int
    createdAt: String!
    url: String!
  }

  "One move of the application: who (USER, ADMIN, SALES_TEAM, AUTO), why; score for staff only."
  type TutorApplicationTransition {
    fromState: TutorApplicationState
    toState: TutorApplicationState!
    initiator: String!
    reason: String
    score: Int
    attempt: Int!
    createdAt: String!
  }

  type BackgroundCheck {
    kind: BackgroundCheckKind!
    label: String!
    result: BackgroundCheckResult!
    requestedAt: String!
    resultAt: String
    reference: String
  }

  type AgreementSection {
    heading: String!
    paragraphs: [String!]!
  }

  "The tutor agreement: the signed one, or the current text to sign."
  type TutorAgreement {
    version: String!
    title: String!
    sections: [AgreementSection!]!
    text: String!
    signedAt: String
    signerName: String
  }

  "What a family sees of a tutor before a match: no phone, no full name."
  type TutorProfileCard {
    tutorId: Int!
    maskedName: String!
    university: String
    major: String
    universityStatus: String!
    subjects: [Int!]!
    classTypes: [String!]!
    bio: String
  }

  type FieldProblem {
    field: String!
    message: String!
  }

  type TutorApplication {
    id: ID!
    userId: Int!
    "The account's name and email (staff and the applicant)."
    accountName: String!
    email: String!
    state: TutorApplicationState!
    stateLabel: String!
    attempt: Int!
    resume: TutorResume!
    files: [TutorApplicationFile!]!
    transitions: [TutorApplicationTransition!]!
    backgroundChecks: [BackgroundCheck!]!
    agreement: TutorAgreement
    submittedAt: String
    stateChangedAt: String!
    "Earliest re-application after NOGOOD / NPASS."
    reapplyAfter: String
    "What staff said at the last decision."
    lastReason: String
    nextAction: String!
    nextActionDeadline: String
    "The applicant's step has waited too long (flagged to staff, reminded once)."
    stalled: Boolean!
    remindedAt: String
    matchingAvailable: Boolean!
    universityStatusConfirmedAt: String
    "Why the resume cannot be submitted yet (empty when it can)."
    submitProblems: [FieldProblem!]!
    "Why the tutor cannot be ACTIVE yet (empty when everything is on file)."
    activationBlockers: [String!]!
    "Why the tutor cannot take a new student now (empty when they can)."
    matchabilityProblems: [String!]!
    profileCard: TutorProfileCard!
  }

  type TutorApplicationSummary {
    id: ID!
    userId: Int!
    accountName: String!
    email: String!
    state: TutorApplicationState!
    stateLabel: String!
    attempt: Int!
    university: String
    major: String
    stateChangedAt: String!
    "Whole days in the current state."
    ageDays: Int!
    stalled: Boolean!
  }

  type TutorApplicationPage {
    items: [TutorApplicationSummary!]!
    totalCount: Int!
    page: Int!
    pageSize: Int!
  }

  input DecideTutorApplicationInput {
    applicationId: ID!
    decision: TutorApplicationDecision!
    "Shown to the applicant; required for REJECT, PAUSE, END. At most 500 characters."
    reason: String
    "Rubric score of the step, 0-100."
    score: Int
  }

  input RecordBackgroundCheckInput {
    applicationId: ID!
    kind: BackgroundCheckKind!
    result: BackgroundCheckResult!
    "When the check was requested (ISO 8601); default now."
    requestedAt: String
    "The reply's reference number (never an identity number)."
    reference: String
  }

  input SignTutorAgreementInput {
    signerName: String!
    agreed: Boolean!
  }

  input UpdateTutorProfileInput {
    matchingAvailable: Boolean
    "Re-confirms the university status for this term."
    universityStatus: String
    subjects: [Int!]
    availableTimes: [WeeklyTimeBlockInput!]
    classTypes: [String!]
  }

  extend type Query {
    "The signed-in tutor's application (created as JOIN on first visit)."
    myTutorApplication: TutorApplication!
    "Staff: the queue, oldest first; state narrows it; page from 1 (20 per page)."
    tutorApplications(state: TutorApplicationState, page: Int = 1): TutorApplicationPage!
    "Staff: one application, or null."
    tutorApplication(applicationId: ID!): TutorApplication
  }

  "The first area on the workspace backend defines Mutation; later areas extend it."
  type Mutation {
    saveTutorResume(input: TutorResumeInput!): TutorApplication!
    submitTutorApplication: TutorApplication!
    submitVoiceAnswer: TutorApplication!
    signTutorAgreement(input: SignTutorAgreementInput!): TutorApplication!
    updateTutorProfile(input: UpdateTutorProfileInput!): TutorApplication!
    deleteTutorApplication(applicationId: ID!): Boolean!
    decideTutorApplication(input: DecideTutorApplicationInput!): TutorApplication!
    recordBackgroundCheck(input: RecordBackgroundCheckInput!): TutorApplication!
  }
`;

/** The path of a file's bytes (GET, Bearer token; tutor-applications.routes.ts). */
export function fileUrl(fileId: number): string {
  return `/hub/tutor-application/files/${fileId}`;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** A view as the GraphQL TutorApplication. */
export function applicationGraphql(view: TutorApplicationView) {
  const { row, resume } = view;
  const state = row.state as TutorApplicationState;
  const next = nextActionOf(state, row.stateChangedAt, row.reapplyAfter);
  const facts = activationFacts(view);
  const agreementDoc = view.agreement
    ? {
        version: view.agreement.textVersion,
        ...view.agreement.signedDocument,
        signedAt: view.agreement.signedAt.toISOString(),
        signerName: view.agreement.signerName,
      }
    : {
        ...tutorAgreementDocument({
          tutorName: resume.name ?? view.account.name,
          date: formatSeoulDate(view.now),
        }),
        signedAt: null,
        signerName: null,
      };
  return {
    id: String(row.id),
    userId: row.userId,
    accountName: view.account.name,
    email: view.account.email,
    state,
    stateLabel: TUTOR_APPLICATION_STATE_LABELS[state],
    attempt: row.attempt,
    resume,
    files: view.files.map((f) => ({
      id: String(f.id),
      kind: f.kind,
      contentType: f.contentType,
      sizeBytes: f.sizeBytes,
      durationSeconds: f.durationSeconds,
      createdAt: f.createdAt.toISOString(),
      url: fileUrl(f.id),
    })),
    transitions: view.transitions.map((tr) => ({
      fromState: tr.fromState,
      toState: tr.toState,
      initiator: tr.initiator,
      reason: tr.reason,
      score: view.staffView ? tr.score : null,
      attempt: tr.attempt,
      createdAt: tr.createdAt.toISOString(),
    })),
    backgroundChecks: view.checks.map((c) => ({
      kind: c.kind,
      label:
        c.kind === "SEX_OFFENSE"
          ? "성범죄 경력 조회"
          : c.kind === "CHILD_ABUSE"
            ? "아동학대 관련 범죄 경력 조회"
            : c.kind,
      result: c.result,
      requestedAt: c.requestedAt.toISOString(),
      resultAt: iso(c.resultAt),
      reference: view.staffView ? c.reference : null,
    })),
    agreement: state === "CONTRACT" || view.agreement ? agreementDoc : null,
    submittedAt: iso(row.submittedAt),
    stateChangedAt: row.stateChangedAt.toISOString(),
    reapplyAfter: iso(row.reapplyAfter),
    lastReason: row.lastReason,
    nextAction: next.text,
    nextActionDeadline: iso(next.deadline),
    stalled: row.stalledAt !== null,
    remindedAt: iso(row.remindedAt),
    matchingAvailable: row.matchingAvailable,
    universityStatusConfirmedAt: iso(row.universityStatusConfirmedAt),
    submitProblems: ["JOIN", "NOGOOD", "NPASS"].includes(state)
      ? resumeSubmitProblems(resume, { hasEnrollmentProof: facts.hasEnrollmentProof }, view.now)
      : [],
    activationBlockers: activationBlockers(facts),
    matchabilityProblems: matchabilityProblems(
      {
        state,
        matchingAvailable: row.matchingAvailable,
        universityStatus: resume.universityStatus,
        universityStatusConfirmedAt: row.universityStatusConfirmedAt,
      },
      view.now,
    ),
    profileCard: {
      tutorId: row.userId,
      maskedName: maskTutorName(resume.name ?? view.account.name),
      university: resume.university,
      major: resume.major,
      universityStatus: resume.universityStatus,
      subjects: resume.subjects,
      classTypes: resume.classTypes,
      bio: resume.bio,
    },
  };
}

function requestOf(ctx: MercuriusContext): RequestInfo {
  const request = ctx.reply.request;
  const agent = request.headers["user-agent"];
  return {
    ip: request.ip ?? null,
    userAgent: typeof agent === "string" ? agent : null,
    requestId: request.id ?? null,
  };
}

function parseApplicationId(value: unknown): number {
  const id = typeof value === "number" ? value : Number(value);
  if (!Number.isSafeInteger(id) || id <= 0 || !/^\d+$/.test(String(value))) {
    throw new AppError("validation", "validation_failed", "applicationId 는 양의 정수여야 해요.", [
      { field: "applicationId", message: "양의 정수여야 해요." },
    ]);
  }
  return id;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function tutorApplicationsResolvers(deps: TutorApplicationsDeps): IResolvers {
  return {
    Query: {
      myTutorApplication: async (_root: unknown, _args: unknown, ctx: MercuriusContext) => {
        const caller = await requireGraphqlUser(ctx);
        return applicationGraphql(await getMyApplication(deps, caller));
      },
      tutorApplications: async (
        _root: unknown,
        args: { state?: TutorApplicationState | null; page?: number | null },
        ctx: MercuriusContext,
      ) => {
        const caller = await requireGraphqlUser(ctx);
        const page = args.page ?? 1;
        if (!Number.isInteger(page) || page < 1 || page > 10_000) {
          throw new AppError("validation", "validation_failed", "page 는 1 이상이어야 해요.", [
            { field: "page", message: "1 이상의 정수여야 해요." },
          ]);
        }
        const result = await listQueue(deps, caller, { state: args.state ?? null, page });
        return {
          items: result.rows.map((r) => {
            const resume = r.resume as { university?: string | null; major?: string | null };
            return {
              id: String(r.id),
              userId: r.userId,
              accountName: r.accountName,
              email: r.email,
              state: r.state,
              stateLabel: TUTOR_APPLICATION_STATE_LABELS[r.state as TutorApplicationState],
              attempt: r.attempt,
              university: resume.university ?? null,
              major: resume.major ?? null,
              stateChangedAt: r.stateChangedAt.toISOString(),
              ageDays: Math.floor((result.now.getTime() - r.stateChangedAt.getTime()) / DAY_MS),
              stalled: r.stalledAt !== null,
            };
          }),
          totalCount: result.total,
          page: result.page,
          pageSize: result.pageSize,
        };
      },
      tutorApplication: async (
        _root: unknown,
        args: { applicationId: string },
        ctx: MercuriusContext,
      ) => {
        const caller = await requireGraphqlUser(ctx);
        const view = await getApplication(deps, caller, parseApplicationId(args.applicationId));
        return view ? applicationGraphql(view) : null;
      },
    },
    Mutation: {
      saveTutorResume: async (_root: unknown, args: { input: unknown }, ctx: MercuriusContext) => {
        const caller = await requireGraphqlUser(ctx);
        return applicationGraphql(await saveResume(deps, caller, args.input));
      },
      submitTutorApplication: async (_root: unknown, _args: unknown, ctx: MercuriusContext) => {
        const caller = await requireGraphqlUser(ctx);
        return applicationGraphql(await submitApplication(deps, caller));
      },
      submitVoiceAnswer: async (_root: unknown, _args: unknown, ctx: MercuriusContext) => {
        const caller = await requireGraphqlUser(ctx);
        return applicationGraphql(await submitVoiceAnswer(deps, caller));
      },
      signTutorAgreement: async (
        _root: unknown,
        args: { input: { signerName: string; agreed: boolean } },
        ctx: MercuriusContext,
      ) => {
        const caller = await requireGraphqlUser(ctx);
        return applicationGraphql(await signAgreement(deps, caller, args.input, requestOf(ctx)));
      },
      updateTutorProfile: async (
        _root: unknown,
        args: { input: unknown },
        ctx: MercuriusContext,
      ) => {
        const caller = await requireGraphqlUser(ctx);
        return applicationGraphql(await updateProfile(deps, caller, args.input));
      },
      deleteTutorApplication: async (
        _root: unknown,
        args: { applicationId: string },
        ctx: MercuriusContext,
      ) => {
        const caller = await requireGraphqlUser(ctx);
        await deleteApplication(
          deps,
          caller,
          parseApplicationId(args.applicationId),
          requestOf(ctx),
        );
        return true;
      },
      decideTutorApplication: async (
        _root: unknown,
        args: { input: Record<string, unknown> },
        ctx: MercuriusContext,
      ) => {
        const caller = await requireGraphqlUser(ctx);
        const input = {
          ...args.input,
          applicationId: parseApplicationId(args.input.applicationId),
        };
        return applicationGraphql(await decide(deps, caller, input, requestOf(ctx)));
      },
      recordBackgroundCheck: async (
        _root: unknown,
        args: { input: Record<string, unknown> },
        ctx: MercuriusContext,
      ) => {
        const caller = await requireGraphqlUser(ctx);
        const input = {
          ...args.input,
          applicationId: parseApplicationId(args.input.applicationId),
        };
        return applicationGraphql(await recordCheck(deps, caller, input, requestOf(ctx)));
      },
    },
  };
}
