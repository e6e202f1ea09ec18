import type { ReactNode } from "react";
import type { DiagnosisReport } from "../api";

const SEOUL_DATE = new Intl.DateTimeFormat("ko-KR", {
  timeZone: "Asia/Seoul",
  year: "numeric",
  month: "long",
  day: "numeric",
});

/** "2026년 11월 24일" (Asia/Seoul) of an ISO instant. */
export function seoulDate(iso: string): string {
  return SEOUL_DATE.format(new Date(iso));
}

/**
 * The diagnosis report a parent reads (issue #20): the score, the suggested start level and
 * lesson type, strong and weak units, each unit's result, the next step (consultation with the
 * subject chosen, or the enrollment form with it preselected) and, folded, every item with the answer. Plain links (the
 * page may be a prerendered one without React Router's client data).
 */
export function DiagnosisReportView({
  report,
  headingId,
  headingRef,
  extra,
}: {
  report: DiagnosisReport;
  headingId: string;
  headingRef?: React.Ref<HTMLHeadingElement>;
  /** Shown under the next steps (e.g. "sign in to keep this result"). */
  extra?: ReactNode;
}) {
  const subject = report.test.subjectLabel;
  return (
    <article className="diag-report" aria-labelledby={headingId} data-testid="diagnosis-report">
      <header className="diag-report__head">
        <p className="diag-report__eyebrow">
          {report.test.title} · {seoulDate(report.submittedAt)}
        </p>
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="diag-report__title">
          {subject} 진단 결과: {report.total}문항 중 {report.correct}문항 정답 ({report.percent}
          점)
        </h2>
      </header>

      <div className="diag-report__summary">
        <section className="diag-card diag-card--level" aria-labelledby={`${headingId}-level`}>
          <h3 id={`${headingId}-level`}>추천 시작 레벨</h3>
          <p className="diag-card__big" data-testid="start-level">
            {report.startLevelLabel}
          </p>
          <p>{report.startLevelDescription}</p>
          <p className="diag-card__lesson">
            <strong>추천 수업</strong> {report.lessonTypeLabel}
          </p>
        </section>
        <section className="diag-card" aria-labelledby={`${headingId}-strong`}>
          <h3 id={`${headingId}-strong`}>잘하는 단원</h3>
          {report.strongUnits.length > 0 ? (
            <ul className="diag-tags" data-testid="strong-units">
              {report.strongUnits.map((u) => (
                <li key={u} className="diag-tag diag-tag--strong">
                  {u}
                </li>
              ))}
            </ul>
          ) : (
            <p>아직 80% 이상 맞힌 단원이 없어요. 기초부터 함께 다져요.</p>
          )}
          <h3 id={`${headingId}-weak`}>보완할 단원</h3>
          {report.weakUnits.length > 0 ? (
            <ul className="diag-tags" data-testid="weak-units">
              {report.weakUnits.map((u) => (
                <li key={u} className="diag-tag diag-tag--weak">
                  {u}
                </li>
              ))}
            </ul>
          ) : (
            <p>절반 넘게 틀린 단원이 없어요.</p>
          )}
        </section>
      </div>

      <section aria-labelledby={`${headingId}-units`}>
        <h3 id={`${headingId}-units`} className="diag-report__sub">
          단원별 결과
        </h3>
        <ul className="diag-units">
          {report.units.map((u) => (
            <li key={u.unit} className={`diag-unit diag-unit--${u.standing.toLowerCase()}`}>
              <span className="diag-unit__name">{u.unit}</span>
              <span className="diag-unit__bar" aria-hidden="true">
                <span style={{ width: `${u.percent}%` }} />
              </span>
              <span className="diag-unit__score">
                {u.correct}/{u.total} · {u.standingLabel}
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section className="diag-next" aria-labelledby={`${headingId}-next`}>
        <h3 id={`${headingId}-next`} className="diag-report__sub">
          다음 단계
        </h3>
        <p>
          결과를 바탕으로 선생님이 첫 달 수업 계획을 세워 드려요. 상담이나 수강 신청을 시작하면{" "}
          {subject} 과목이 골라진 채로 시작해요.
        </p>
        <div className="diag-next__actions">
          <a className="btn btn--primary btn--lg" href={report.nextSteps.consultation}>
            {subject} 상담 신청하기
          </a>
          <a className="btn btn--secondary btn--lg" href={report.nextSteps.enrollment}>
            {subject} 수강 신청하기
          </a>
        </div>
        {extra}
      </section>

      <details className="diag-items">
        <summary>문항별 정답 보기</summary>
        <ol>
          {report.items.map((item) => (
            <li key={item.id} className="diag-items__item">
              <p>
                <span className="diag-items__unit">{item.unit}</span> {item.question}
              </p>
              <p className={item.correct ? "diag-ok" : "diag-no"}>
                {item.correct ? "정답" : "오답"} · 고른 답:{" "}
                {item.chosen === null ? "건너뜀" : item.choices[item.chosen]} · 정답:{" "}
                {item.choices[item.answer]}
              </p>
            </li>
          ))}
        </ol>
      </details>
    </article>
  );
}
