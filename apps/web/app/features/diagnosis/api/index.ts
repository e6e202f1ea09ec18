/**
 * The /ai_diagnosis page's calls to `/diagnosis/graphql` (issue #20; docs/api/diagnosis.md):
 * diagnosisTests, startDiagnosis, submitDiagnosis, diagnosisReport, the operations of
 * diagnosis.diagnosis.graphql sent as their generated strings. Credentials same-origin
 * (SPEC.md §7). Plain `fetch`, no GraphQL client: the page is prerendered and its bundle stays
 * free of Apollo (app/bundle-boundary.test.ts); the app's pages use Apollo (app-api.ts).
 *
 * A signed-in visitor's access token goes along, so the attempt is theirs from the start; a
 * token the server no longer accepts is dropped and the call is made again as a guest (the
 * attempt is then claimed after the next sign-in, see pending.ts).
 */
import {
  DiagnosisReportDocument,
  DiagnosisTestsDocument,
  StartDiagnosisDocument,
  SubmitDiagnosisDocument,
  type DiagnosisQuestionFieldsFragment,
  type DiagnosisReportFieldsFragment,
  type DiagnosisSummaryFieldsFragment,
  type DiagnosisTestFieldsFragment,
  type StartDiagnosisMutation,
  type SubmitDiagnosisInput,
  type TypedDocumentString,
} from "../../../graphql/diagnosis.generated";
import { bearer, graphqlBearerToken } from "../../../lib/credentials";

/**
 * The shapes the web reads, as the operations in diagnosis.diagnosis.graphql ask for them
 * (generated from the published schema, docs/api/diagnosis.graphql). `subject`, `schoolLevel`
 * and a unit's `standing` are the schema's strings (MATH | KOREAN | ENGLISH, MIDDLE | HIGH,
 * STRONG | OK | WEAK); `submittedAt` is ISO 8601 UTC; `minutes` the suggested minutes.
 */
export type DiagnosisTest = DiagnosisTestFieldsFragment;
/** An item before submission: no answer. */
export type DiagnosisQuestion = DiagnosisQuestionFieldsFragment;
export type DiagnosisAttempt = StartDiagnosisMutation["startDiagnosis"];
export type DiagnosisReport = DiagnosisReportFieldsFragment;
export type DiagnosisSummary = DiagnosisSummaryFieldsFragment;

export const DIAGNOSIS_GRAPHQL_URL = "/diagnosis/graphql";

/** A failed call: the server's Korean message (or the network one) and its code. */
export class DiagnosisApiError extends Error {
  override name = "DiagnosisApiError";
  constructor(
    message: string,
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

const NETWORK_MESSAGE = "연결이 원활하지 않아요. 잠시 후 다시 시도해 주세요.";

interface GraphqlBody {
  data?: Record<string, unknown> | null;
  errors?: { message?: string; extensions?: { classification?: string; code?: string } }[];
}

async function post(query: string, variables: unknown, token: string | null) {
  let response: Response;
  try {
    response = await fetch(DIAGNOSIS_GRAPHQL_URL, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json",
        ...(token ? { authorization: bearer(token) } : {}),
      },
      body: JSON.stringify({ query, variables }),
      credentials: "same-origin",
    });
  } catch {
    throw new DiagnosisApiError(NETWORK_MESSAGE);
  }
  const body = (await response.json().catch(() => null)) as GraphqlBody | null;
  return body;
}

/**
 * Sends one generated operation with its variables; the signed-in visitor's token goes along,
 * and a token the server refuses (UNAUTHORIZED, 003, 012) is dropped and the call made again
 * as a guest. Answers the operation's `data` (trusted to match the published schema).
 * @throws DiagnosisApiError with the server's first error (message and code) or the network
 * message
 */
async function diagnosisCall<Result, Variables>(
  document: TypedDocumentString<Result, Variables>,
  variables: Variables,
): Promise<Result> {
  const query = document.toString();
  const token = graphqlBearerToken();
  let body = await post(query, variables, token);
  const first = body?.errors?.[0]?.extensions;
  if (
    token &&
    first &&
    (first.classification === "UNAUTHORIZED" || first.code === "003" || first.code === "012")
  ) {
    // A stale session: go on as a guest rather than stop the diagnosis.
    body = await post(query, variables, null);
  }
  if (!body) throw new DiagnosisApiError(NETWORK_MESSAGE);
  const error = body.errors?.[0];
  if (error) {
    throw new DiagnosisApiError(
      error.message?.trim() || NETWORK_MESSAGE,
      error.extensions?.code ?? null,
    );
  }
  if (!body.data) throw new DiagnosisApiError(NETWORK_MESSAGE);
  return body.data as Result;
}

/** The level tests of a subject (MATH | KOREAN | ENGLISH) and school level (MIDDLE | HIGH). */
export async function fetchDiagnosisTests(
  subject: string,
  schoolLevel: string,
): Promise<DiagnosisTest[]> {
  const data = await diagnosisCall(DiagnosisTestsDocument, { s: subject, l: schoolLevel });
  return data.diagnosisTests;
}

/** Starts a test: the items without answers and the attempt token (given once). */
export async function startDiagnosisAttempt(testId: string): Promise<DiagnosisAttempt> {
  const data = await diagnosisCall(StartDiagnosisDocument, { id: testId });
  return data.startDiagnosis;
}

/** Scores an attempt once (a choice is a 0-based index, null: skipped). */
export async function submitDiagnosisAttempt(
  input: SubmitDiagnosisInput & { attemptToken: string },
): Promise<DiagnosisReport> {
  const data = await diagnosisCall(SubmitDiagnosisDocument, { i: input });
  return data.submitDiagnosis;
}

/** A submitted attempt's report, by its attempt token while no account has claimed it. */
export async function fetchDiagnosisReport(
  id: string,
  attemptToken: string,
): Promise<DiagnosisReport> {
  const data = await diagnosisCall(DiagnosisReportDocument, { id, t: attemptToken });
  return data.diagnosisReport;
}
