/**
 * The /ai_diagnosis page's calls to `/diagnosis/graphql` (issue #20; docs/api/diagnosis.md):
 * diagnosisTests, startDiagnosis, submitDiagnosis, diagnosisReport. Credentials same-origin
 * (SPEC.md §7). Plain `fetch`, no GraphQL client: the page is prerendered and its bundle stays
 * free of Apollo (app/bundle-boundary.test.ts); the app's pages use Apollo (app-api.ts).
 *
 * A signed-in visitor's access token goes along, so the attempt is theirs from the start; a
 * token the server no longer accepts is dropped and the call is made again as a guest (the
 * attempt is then claimed after the next sign-in, see pending.ts).
 */
import { graphqlBearerToken, bearer } from "../../lib/credentials";
import {
  QUESTION_FIELDS,
  REPORT_FIELDS,
  TEST_FIELDS,
  type DiagnosisAttempt,
  type DiagnosisReport,
  type DiagnosisTest,
} from "./types";

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

async function post(query: string, variables: Record<string, unknown>, token: string | null) {
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

async function diagnosisCall(
  query: string,
  variables: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
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
  return body.data;
}

export async function fetchDiagnosisTests(
  subject: string,
  schoolLevel: string,
): Promise<DiagnosisTest[]> {
  const data = await diagnosisCall(
    `query DiagnosisTests($s: String!, $l: String!) { diagnosisTests(subject: $s, schoolLevel: $l) { ${TEST_FIELDS} } }`,
    { s: subject, l: schoolLevel },
  );
  return data.diagnosisTests as DiagnosisTest[];
}

export async function startDiagnosisAttempt(testId: string): Promise<DiagnosisAttempt> {
  const data = await diagnosisCall(
    `mutation StartDiagnosis($id: ID!) { startDiagnosis(testId: $id) { id attemptToken test { ${TEST_FIELDS} } items { ${QUESTION_FIELDS} } } }`,
    { id: testId },
  );
  return data.startDiagnosis as DiagnosisAttempt;
}

export async function submitDiagnosisAttempt(input: {
  attemptId: string;
  attemptToken: string;
  answers: { itemId: string; choice: number | null }[];
}): Promise<DiagnosisReport> {
  const data = await diagnosisCall(
    `mutation SubmitDiagnosis($i: SubmitDiagnosisInput!) { submitDiagnosis(input: $i) { ${REPORT_FIELDS} } }`,
    { i: input },
  );
  return data.submitDiagnosis as DiagnosisReport;
}

export async function fetchDiagnosisReport(
  id: string,
  attemptToken: string,
): Promise<DiagnosisReport> {
  const data = await diagnosisCall(
    `query DiagnosisReport($id: ID!, $t: String) { diagnosisReport(id: $id, attemptToken: $t) { ${REPORT_FIELDS} } }`,
    { id, t: attemptToken },
  );
  return data.diagnosisReport as DiagnosisReport;
}
