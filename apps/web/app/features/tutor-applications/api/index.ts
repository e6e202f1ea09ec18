/**
 * The tutor-applications operations of the workspace backend (docs/api/tutor-applications.md),
 * sent with `context: { clientName: "workspace" }` to /workspace/graphql, and the file calls of
 * the hub backend (uploads straight to S3 with a presigned POST when the server says so, else as
 * raw bytes; downloads with the Bearer token). Times are ISO 8601
 * UTC; weekly blocks are Asia/Seoul wall-clock HH:MM. The GraphQL operations are in
 * tutor-applications.workspace.graphql, typed from the published schema
 * (app/graphql/workspace.generated.ts, `npm run codegen`).
 */
import {
  DecideTutorApplicationDocument,
  MyTutorApplicationDocument,
  RecordBackgroundCheckDocument,
  SaveTutorResumeDocument,
  SignTutorAgreementDocument,
  SubmitTutorApplicationDocument,
  SubmitVoiceAnswerDocument,
  TutorApplicationDocument,
  TutorApplicationsDocument,
  UpdateTutorProfileDocument,
  type MyTutorApplicationQuery,
  type TutorApplicationsQuery,
  type TutorResumeInput,
} from "../../../graphql/workspace.generated";
import { REST_TIMEOUT_MS, type TutorFileKind } from "@seoltab/domain";
import { NETWORK_ERROR_MESSAGE, RestError, restBlob, restRequest } from "../../../lib/rest-client";
import { fetchTaxonomy, type TaxonomyEntry } from "../../../lib/taxonomy";

/** Routes an operation to the workspace backend (SPEC.md §7). */
export const WORKSPACE_CONTEXT = { clientName: "workspace" } as const;

export type TutorResumeData = TutorApplication["resume"];

export type TutorFile = TutorApplication["files"][number];

export type TutorTransition = TutorApplication["transitions"][number];

/**
 * A tutor's application as the workspace backend sends it (`state` a TutorApplicationState with
 * its Korean `stateLabel`; files' `kind` a TutorFileKind; weekly blocks Asia/Seoul HH:MM).
 */
export type TutorApplication = NonNullable<MyTutorApplicationQuery["myTutorApplication"]>;

export const MY_TUTOR_APPLICATION = MyTutorApplicationDocument;

/** saveTutorResume's input: a field left out keeps its value. */
export type { TutorResumeInput };

export const SAVE_TUTOR_RESUME = SaveTutorResumeDocument;

export const SUBMIT_TUTOR_APPLICATION = SubmitTutorApplicationDocument;

export const SUBMIT_VOICE_ANSWER = SubmitVoiceAnswerDocument;

export const SIGN_TUTOR_AGREEMENT = SignTutorAgreementDocument;

export const UPDATE_TUTOR_PROFILE = UpdateTutorProfileDocument;

export type TutorApplicationSummary = TutorApplicationsQuery["tutorApplications"]["items"][number];

export const TUTOR_APPLICATIONS = TutorApplicationsDocument;

export const TUTOR_APPLICATION = TutorApplicationDocument;

export const DECIDE_TUTOR_APPLICATION = DecideTutorApplicationDocument;

export const RECORD_BACKGROUND_CHECK = RecordBackgroundCheckDocument;

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
