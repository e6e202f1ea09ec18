/**
 * The app's diagnosis operations through the one GraphQL client (clientName "diagnosis",
 * credentials same-origin: SPEC.md §7): myDiagnoses, diagnosisReport and claimDiagnosis
 * (docs/api/diagnosis.md).
 */
import { gql, type TypedDocumentNode } from "@apollo/client";
import {
  REPORT_FIELDS,
  SUMMARY_FIELDS,
  type DiagnosisReport,
  type DiagnosisSummary,
} from "./types";

export const DIAGNOSIS_CONTEXT = { clientName: "diagnosis" } as const;

export const MY_DIAGNOSES: TypedDocumentNode<{ myDiagnoses: DiagnosisSummary[] }> = gql`
  query MyDiagnoses {
    myDiagnoses { ${SUMMARY_FIELDS} }
  }
`;

export const DIAGNOSIS_REPORT: TypedDocumentNode<
  { diagnosisReport: DiagnosisReport },
  { id: string }
> = gql`
  query AppDiagnosisReport($id: ID!) {
    diagnosisReport(id: $id) { ${REPORT_FIELDS} }
  }
`;

export const CLAIM_DIAGNOSIS: TypedDocumentNode<
  { claimDiagnosis: { id: string; userNo: number; submitted: boolean } },
  { input: { attemptId: string; attemptToken: string } }
> = gql`
  mutation ClaimDiagnosis($input: ClaimDiagnosisInput!) {
    claimDiagnosis(input: $input) {
      id
      userNo
      submitted
    }
  }
`;
