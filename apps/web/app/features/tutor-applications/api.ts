/**
 * The tutor-applications operations of the workspace backend (docs/api/tutor-applications.md),
 * sent with `context: { clientName: "workspace" }` to /workspace/graphql, and the file calls of
 * the hub backend (uploads straight to S3 with a presigned POST when the server says so, else as
 * raw bytes; downloads with the Bearer token). Times are ISO 8601
 * UTC; weekly blocks are Asia/Seoul wall-clock HH:MM.
 */
import { gql, type TypedDocumentNode } from "@apollo/client";
import {
  REST_TIMEOUT_MS,
  type BackgroundCheckKind,
  type BackgroundCheckResult,
  type TutorApplicationState,
  type TutorFileKind,
  type WeeklyTimeBlock,
} from "@seoltab/domain";
import { NETWORK_ERROR_MESSAGE, RestError, restBlob, restRequest } from "../../lib/rest-client";
import { fetchTaxonomy, type TaxonomyEntry } from "../../lib/taxonomy";

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
 * Where a file goes (POST /hub/tutor-application/files/target): straight to the S3 bucket with a
 * presigned POST, or DIRECT (the raw upload to the hub) when the server keeps files on its disk.
 */
export type UploadTarget =
  | { MODE: "DIRECT" }
  | {
      MODE: "PRESIGNED_POST";
      URL: string;
      FIELDS: Record<string, string>;
      KEY: string;
      MAX_BYTES: number;
      EXPIRES_AT: string;
    };

/** Shown when the bucket refuses or cannot be reached (its answers are English XML). */
const STORAGE_MESSAGES = {
  tooLarge: "파일은 10MB까지 올릴 수 있어요.",
  failed: "파일을 올리지 못했어요. 잠시 후 다시 시도해 주세요.",
} as const;

/**
 * Posts `file` to the bucket as the presigned form (FIELDS first, then `file`), without
 * credentials or the Bearer token: the form's policy is the permission.
 * @throws RestError `file_too_large` (EntityTooLarge) or `storage_upload_failed`
 */
async function postToStorage(
  target: Extract<UploadTarget, { MODE: "PRESIGNED_POST" }>,
  file: Blob,
) {
  if (file.size > target.MAX_BYTES) {
    throw new RestError({
      message: STORAGE_MESSAGES.tooLarge,
      status: 0,
      errorCode: "file_too_large",
    });
  }
  const form = new FormData();
  for (const [name, value] of Object.entries(target.FIELDS)) form.append(name, value);
  form.append("file", file);
  let response: Response;
  try {
    response = await fetch(target.URL, {
      method: "POST",
      body: form,
      credentials: "omit",
      signal: AbortSignal.timeout(REST_TIMEOUT_MS * 6),
    });
  } catch {
    throw new RestError({ message: NETWORK_ERROR_MESSAGE, status: 0, errorCode: "network_error" });
  }
  if (response.ok) return;
  const text = await response.text().catch(() => "");
  const tooLarge = /<Code>EntityTooLarge<\/Code>/.test(text);
  throw new RestError({
    message: tooLarge ? STORAGE_MESSAGES.tooLarge : STORAGE_MESSAGES.failed,
    status: response.status,
    errorCode: tooLarge ? "file_too_large" : "storage_upload_failed",
  });
}

/**
 * Uploads a file of an application: asks the hub for the target first; with S3 posts the form
 * to the bucket and confirms the key (POST /hub/tutor-application/files/confirm: the server
 * reads the file back and checks its bytes); on disk sends the bytes as the body of
 * POST /hub/tutor-application/files. Either way the server decides the type by the bytes.
 * @throws RestError with the server's Korean message (wrong type, over 10 MB, too long, ...)
 */
export async function uploadTutorFile(
  kind: TutorFileKind,
  file: Blob,
  durationSeconds?: number,
): Promise<UploadedFile> {
  const target = await restRequest<UploadTarget>("hub", "/tutor-application/files/target", {
    body: { kind },
  });
  if (target.MODE === "PRESIGNED_POST") {
    await postToStorage(target, file);
    const confirmed = await restRequest<{ FILE: UploadedFile }>(
      "hub",
      "/tutor-application/files/confirm",
      {
        body: {
          kind,
          key: target.KEY,
          ...(durationSeconds !== undefined ? { durationSeconds } : {}),
        },
      },
    );
    return confirmed.FILE;
  }
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
export type { TaxonomyEntry };

/**
 * The subject taxonomy the resume's subjects come from (lib/taxonomy.ts: the one getTaxonomy
 * call of the page, shared with the other subject lists).
 */
export async function fetchSubjects(): Promise<TaxonomyEntry[]> {
  return (await fetchTaxonomy()).RESULT_TAXONOMIES;
}
