import { useQuery } from "@apollo/client/react";
import { Link } from "react-router";
import { DIAGNOSIS_CONTEXT, STUDENT_DIAGNOSES } from "../app-api";
import { seoulDate } from "./diagnosis-report-view";

/**
 * 학생의 AI 학습 진단 on a lecture's page (issue #20): the student's diagnoses for the family,
 * the matched tutor and staff, each linking to its report. Shows nothing while there are none
 * or when they cannot be read.
 */
export function StudentDiagnoses({ lectureId }: { lectureId: string }) {
  const { data } = useQuery(STUDENT_DIAGNOSES, {
    variables: { lectureId },
    context: DIAGNOSIS_CONTEXT,
  });
  const list = data?.studentDiagnoses ?? [];
  if (list.length === 0) return null;
  return (
    <section className="app-panel app-panel--left" aria-labelledby="student-diagnoses-title">
      <h2 id="student-diagnoses-title">학생의 AI 학습 진단</h2>
      <ul className="diag-list">
        {list.map((d) => (
          <li key={d.id}>
            <Link to={`/_app/diagnoses/${d.id}`} className="diag-list__link">
              <span className="diag-list__title">
                {d.test.title} · {d.percent}점
              </span>
              <span className="diag-list__meta">
                {seoulDate(d.submittedAt)} · 추천 시작 레벨 {d.startLevelLabel}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
