import { useApolloClient, useQuery } from "@apollo/client/react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { errorCode, errorMessage } from "../../../lib/graphql-errors";
import { CLAIM_DIAGNOSIS, DIAGNOSIS_CONTEXT, MY_DIAGNOSES } from "../app-api";
import { readPendingAttempts, removePendingAttempt } from "../pending";
import { seoulDate } from "./diagnosis-report-view";

/**
 * 나의 진단 on the /_app home (issue #20): first keeps on this account the attempts this
 * browser took as a guest (claimDiagnosis; one that cannot be claimed — another account's, or
 * unknown — is forgotten), then lists the account's diagnoses (a parent's include
 * their children's) with a link to each report.
 */
export function MyDiagnoses() {
  const client = useApolloClient();
  const [claiming, setClaiming] = useState(() => readPendingAttempts().length > 0);
  useEffect(() => {
    const pending = readPendingAttempts();
    if (pending.length === 0) return;
    let live = true;
    void (async () => {
      for (const attempt of pending) {
        try {
          await client.mutate({
            mutation: CLAIM_DIAGNOSIS,
            variables: { input: { attemptId: attempt.id, attemptToken: attempt.token } },
            context: DIAGNOSIS_CONTEXT,
          });
          removePendingAttempt(attempt.id);
        } catch (error) {
          // Not this account's to keep (another account's, or gone): forget it. Any other
          // failure (network, a refused session) keeps it for the next visit.
          if (errorCode(error) === "diagnosis_not_found") removePendingAttempt(attempt.id);
        }
      }
      if (live) setClaiming(false);
    })();
    return () => {
      live = false;
    };
  }, [client]);

  const { data, error, loading } = useQuery(MY_DIAGNOSES, {
    context: DIAGNOSIS_CONTEXT,
    skip: claiming,
  });
  const list = data?.myDiagnoses ?? [];
  return (
    <section className="app-panel app-panel--left" aria-labelledby="diagnoses-title">
      <h2 id="diagnoses-title">나의 진단</h2>
      {error ? (
        <p role="alert">{errorMessage(error)}</p>
      ) : claiming || loading ? (
        <p>진단 결과를 불러오는 중이에요…</p>
      ) : list.length === 0 ? (
        <p>
          아직 받은 진단이 없어요. <a href="/ai_diagnosis#diagnosis-start">AI 학습 진단</a>에서 10분
          정도면 단원별 결과를 받아 볼 수 있어요.
        </p>
      ) : (
        <ul className="diag-list" data-testid="my-diagnoses">
          {list.map((d) => (
            <li key={d.id}>
              <Link to={`/_app/diagnoses/${d.id}`} className="diag-list__link">
                <span className="diag-list__title">
                  {d.test.title} · {d.percent}점
                </span>
                <span className="diag-list__meta">
                  {seoulDate(d.submittedAt)} · 추천 시작 레벨 {d.startLevelLabel}
                  {d.weakUnits.length > 0 ? ` · 보완할 단원 ${d.weakUnits.join(", ")}` : ""}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
