/**
 * The app's diagnosis operations through the one GraphQL client (clientName "diagnosis",
 * credentials same-origin: SPEC.md §7): myDiagnoses, diagnosisReport, studentDiagnoses and
 * claimDiagnosis (docs/api/diagnosis.md), from api/diagnosis.diagnosis.graphql. This backend's
 * generated documents are strings (the /ai_diagnosis page sends them by `fetch`, codegen.ts);
 * Apollo takes them parsed, with the generated result and variable types.
 */
import { gql, type TypedDocumentNode } from "@apollo/client";
import {
  AppDiagnosisReportDocument,
  ClaimDiagnosisDocument,
  MyDiagnosesDocument,
  StudentDiagnosesDocument,
  type TypedDocumentString,
} from "../../graphql/diagnosis.generated";

export const DIAGNOSIS_CONTEXT = { clientName: "diagnosis" } as const;

/** A generated operation string as the typed document node Apollo sends (parsed once here). */
function apolloDocument<Result, Variables>(
  document: TypedDocumentString<Result, Variables>,
): TypedDocumentNode<Result, Variables> {
  return gql(document.toString()) as TypedDocumentNode<Result, Variables>;
}

export const MY_DIAGNOSES = apolloDocument(MyDiagnosesDocument);
export const DIAGNOSIS_REPORT = apolloDocument(AppDiagnosisReportDocument);
export const STUDENT_DIAGNOSES = apolloDocument(StudentDiagnosesDocument);
export const CLAIM_DIAGNOSIS = apolloDocument(ClaimDiagnosisDocument);
