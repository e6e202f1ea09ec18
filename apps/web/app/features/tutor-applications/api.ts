/**
 * The tutor-applications operations of the workspace backend (docs/api/tutor-applications.md),
 * sent with `context: { clientName: "workspace" }` to /workspace/graphql, and the file calls of
 * the hub backend (uploads as raw bytes, downloads with the Bearer token). Times are ISO 8601
 * UTC; weekly blocks are Asia/Seoul wall-clock HH:MM.
 */
import { gql, type TypedDocumentNode } from "@apollo/client";
import type {
  BackgroundCheckKind,
  BackgroundCheckResult,
  TutorApplicationState,
  TutorFileKind,
  WeeklyTimeBlock,
} from "@seoltab/domain";
import { restBlob, restRequest } from "../../lib/rest-client";

/** Routes an operation to the workspace backend (SPEC.md §7). */
export const WORKSPACE_CONTEXT = { clientName: "workspace" } as const;

export interface TutorResumeData {
  name: string | null;
  phone: string | null;
  phoneVerified: boolean;
  birthYear: number | null;
  highSchoolType: string | null;
  universityStatus: string;
  enterYear: number | null;
  university: string | null;
  major: string | null;
  subjects: number[];
  availableTimes: WeeklyTimeBlock[];
  classTypes: string[];
  zonecode: string | null;
  address: string | null;
  addressDetail: string | null;
  wifiRouter: string;
  bio: string | null;
  privacyOptIn: boolean;
  marketingOptIn: boolean;
  pushSwitches: string[];
  backgroundCheckConsent: boolean;
}

export interface TutorFile {
  id: string;
  kind: TutorFileKind;
  contentType: string;
  sizeBytes: number;
  durationSeconds: number | null;
  createdAt: string;
  url: string;
}

export interface TutorTransition {
  fromState: TutorApplicationState | null;
  toState: TutorApplicationState;
  initiator: string;
  reason: string | null;
  score: number | null;
  attempt: number;
  createdAt: string;
}

export interface TutorApplication {
  id: string;
  userId: number;
  accountName: string;
  email: string;
  state: TutorApplicationState;
  stateLabel: string;
  attempt: number;
  resume: TutorResumeData;
  files: TutorFile[];
  transitions: TutorTransition[];
  backgroundChecks: {
    kind: BackgroundCheckKind;
    label: string;
    result: BackgroundCheckResult;
    requestedAt: string;
    resultAt: string | null;
    reference: string | null;
  }[];
  agreement: {
    version: string;
    title: string;
    sections: { heading: string; paragraphs: string[] }[];
    text: string;
    signedAt: string | null;
    signerName: string | null;
  } | null;
  submittedAt: string | null;
  stateChangedAt: string;
  reapplyAfter: string | null;
  lastReason: string | null;
  nextAction: string;
  nextActionDeadline: string | null;
  stalled: boolean;
  remindedAt: string | null;
  matchingAvailable: boolean;
  universityStatusConfirmedAt: string | null;
  submitProblems: { field: string; message: string }[];
  activationBlockers: string[];
  matchabilityProblems: string[];
  profileCard: {
    tutorId: number;
    maskedName: string;
    university: string | null;
    major: string | null;
    universityStatus: string;
    subjects: number[];
    classTypes: string[];
    bio: string | null;
  };
}

const APPLICATION_FIELDS = `
  id userId accountName email state stateLabel attempt
  resume {
    name phone phoneVerified birthYear highSchoolType universityStatus enterYear university major
    subjects availableTimes { day start end } classTypes zonecode address addressDetail wifiRouter
    bio privacyOptIn marketingOptIn pushSwitches backgroundCheckConsent
  }
  files { id kind contentType sizeBytes durationSeconds createdAt url }
  transitions { fromState toState initiator reason score attempt createdAt }
  backgroundChecks { kind label result requestedAt resultAt reference }
  agreement { version title sections { heading paragraphs } text signedAt signerName }
  submittedAt stateChangedAt reapplyAfter lastReason nextAction nextActionDeadline stalled remindedAt
  matchingAvailable universityStatusConfirmedAt
  submitProblems { field message }
  activationBlockers matchabilityProblems
  profileCard { tutorId maskedName university major universityStatus subjects classTypes bio }
`;

export const MY_TUTOR_APPLICATION: TypedDocumentNode<
  { myTutorApplication: TutorApplication },
  Record<string, never>
> = gql`
  query MyTutorApplication {
    myTutorApplication { ${APPLICATION_FIELDS} }
  }
`;

/** saveTutorResume's input: a field left out keeps its value. */
export type TutorResumeInput = Partial<Omit<TutorResumeData, "phone" | "phoneVerified">> & {
  phoneVerificationToken?: string;
};

export const SAVE_TUTOR_RESUME: TypedDocumentNode<
  { saveTutorResume: TutorApplication },
  { input: TutorResumeInput }
> = gql`
  mutation SaveTutorResume($input: TutorResumeInput!) {
    saveTutorResume(input: $input) { ${APPLICATION_FIELDS} }
  }
`;

export const SUBMIT_TUTOR_APPLICATION: TypedDocumentNode<
  { submitTutorApplication: TutorApplication },
  Record<string, never>
> = gql`
  mutation SubmitTutorApplication {
    submitTutorApplication { ${APPLICATION_FIELDS} }
  }
`;

export const SUBMIT_VOICE_ANSWER: TypedDocumentNode<
  { submitVoiceAnswer: TutorApplication },
  Record<string, never>
> = gql`
  mutation SubmitVoiceAnswer {
    submitVoiceAnswer { ${APPLICATION_FIELDS} }
  }
`;

export const SIGN_TUTOR_AGREEMENT: TypedDocumentNode<
  { signTutorAgreement: TutorApplication },
  { input: { signerName: string; agreed: boolean } }
> = gql`
  mutation SignTutorAgreement($input: SignTutorAgreementInput!) {
    signTutorAgreement(input: $input) { ${APPLICATION_FIELDS} }
  }
`;

export const UPDATE_TUTOR_PROFILE: TypedDocumentNode<
  { updateTutorProfile: TutorApplication },
  {
    input: {
      matchingAvailable?: boolean;
      universityStatus?: string;
      subjects?: number[];
      availableTimes?: WeeklyTimeBlock[];
      classTypes?: string[];
    };
  }
> = gql`
  mutation UpdateTutorProfile($input: UpdateTutorProfileInput!) {
    updateTutorProfile(input: $input) { ${APPLICATION_FIELDS} }
  }
`;

export interface TutorApplicationSummary {
  id: string;
  userId: number;
  accountName: string;
  email: string;
  state: TutorApplicationState;
  stateLabel: string;
  attempt: number;
  university: string | null;
  major: string | null;
  stateChangedAt: string;
  ageDays: number;
  stalled: boolean;
}

export const TUTOR_APPLICATIONS: TypedDocumentNode<
  {
    tutorApplications: {
      items: TutorApplicationSummary[];
      totalCount: number;
      page: number;
      pageSize: number;
    };
  },
  { state?: TutorApplicationState | null; page?: number }
> = gql`
  query TutorApplications($state: TutorApplicationState, $page: Int) {
    tutorApplications(state: $state, page: $page) {
      items {
        id
        userId
        accountName
        email
        state
        stateLabel
        attempt
        university
        major
        stateChangedAt
        ageDays
        stalled
      }
      totalCount
      page
      pageSize
    }
  }
`;

export const TUTOR_APPLICATION: TypedDocumentNode<
  { tutorApplication: TutorApplication | null },
  { applicationId: string }
> = gql`
  query TutorApplication($applicationId: ID!) {
    tutorApplication(applicationId: $applicationId) { ${APPLICATION_FIELDS} }
  }
`;

export const DECIDE_TUTOR_APPLICATION: TypedDocumentNode<
  { decideTutorApplication: TutorApplication },
  { input: { applicationId: string; decision: string; reason?: string; score?: number } }
> = gql`
  mutation DecideTutorApplication($input: DecideTutorApplicationInput!) {
    decideTutorApplication(input: $input) { ${APPLICATION_FIELDS} }
  }
`;

export const RECORD_BACKGROUND_CHECK: TypedDocumentNode<
  { recordBackgroundCheck: TutorApplication },
  {
    input: {
      applicationId: string;
      kind: BackgroundCheckKind;
      result: BackgroundCheckResult;
      reference?: string;
    };
  }
> = gql`
  mutation RecordBackgroundCheck($input: RecordBackgroundCheckInput!) {
    recordBackgroundCheck(input: $input) { ${APPLICATION_FIELDS} }
  }
`;

/** The uploaded file as the hub answers it. */
export interface UploadedFile {
  ID: string;
  KIND: TutorFileKind;
  CONTENT_TYPE: string;
  SIZE_BYTES: number;
  DURATION_SECONDS: number | null;
  URL: string;
}

/**
 * POST /hub/tutor-application/files: the file's bytes as the body (the server checks them).
 * @throws RestError with the server's Korean message (wrong type, over 10 MB, too long, ...)
 */
export async function uploadTutorFile(
  kind: TutorFileKind,
  file: Blob,
  durationSeconds?: number,
): Promise<UploadedFile> {
  const query = new URLSearchParams({ kind });
  if (durationSeconds !== undefined) query.set("durationSeconds", String(durationSeconds));
  const response = await restRequest<{ FILE: UploadedFile }>(
    "hub",
    `/tutor-application/files?${query.toString()}`,
    { file },
  );
  return response.FILE;
}

/** The bytes of an uploaded file (`url` of TutorFile), for the applicant and staff. */
export function fetchTutorFile(url: string): Promise<Blob> {
  return restBlob("hub", url.replace(/^\/hub/, ""));
}

/** One INGANG taxonomy entry (POST /main/getTaxonomy). */
export interface TaxonomyEntry {
  NAME: string;
  DEPTH: number;
  TERM_TAXONOMY_ID: number;
  PARENT: number;
}

/** The subject taxonomy the resume's subjects come from. */
export async function fetchSubjects(): Promise<TaxonomyEntry[]> {
  const response = await restRequest<{ RESULT_TAXONOMIES: TaxonomyEntry[] }>(
    "main",
    "/getTaxonomy",
    { body: { TAXONOMY: "INGANG" }, auth: false },
  );
  return response.RESULT_TAXONOMIES;
}
