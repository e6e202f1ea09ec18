import { useQuery } from "@apollo/client/react";
import { Link, useParams } from "react-router";
import { DIAGNOSIS_CONTEXT, DIAGNOSIS_REPORT } from "../features/diagnosis/app-api";
import { DiagnosisReportView } from "../features/diagnosis/components/diagnosis-report-view";
import "../features/diagnosis/diagnosis.css";
import { errorMessage } from "../lib/graphql-errors";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/app-diagnosis";

export const meta: Route.MetaFunction = () =>
  pageMeta(pageTitle("진단 리포트"), "AI 학습 진단의 단원별 결과와 추천 시작 레벨이에요.");

/**
 * /_app/diagnoses/:diagnosisId (inside the app shell): one diagnosis report, for the student,
 * a linked parent, the matched tutor and staff (docs/api/diagnosis.md). Another person's or an
 * unknown id reads "not found".
 */
export default function AppDiagnosis() {
  const { diagnosisId = "" } = useParams();
  const { data, error, loading } = useQuery(DIAGNOSIS_REPORT, {
    variables: { id: diagnosisId },
    context: DIAGNOSIS_CONTEXT,
  });
  return (
    <div className="app-panel app-panel--left diag">
      <p>
        <Link to="/_app">← 마이페이지</Link>
      </p>
      {error ? (
        <p role="alert">{errorMessage(error)}</p>
      ) : loading || !data ? (
        <p>진단 리포트를 불러오는 중이에요…</p>
      ) : (
        <DiagnosisReportView report={data.diagnosisReport} headingId="app-diagnosis-report" />
      )}
    </div>
  );
}
