import { useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent } from "react";
import {
  DIAGNOSIS_SUBJECTS,
  DIAGNOSIS_SUBJECT_LABELS,
  SCHOOL_LEVEL_LABELS,
  type DiagnosisSubject,
  type SchoolLevel,
} from "@seoltab/domain/diagnosis";
import {
  DiagnosisApiError,
  fetchDiagnosisReport,
  fetchDiagnosisTests,
  startDiagnosisAttempt,
  submitDiagnosisAttempt,
} from "../api";
import {
  addPendingAttempt,
  readPendingAttempts,
  removePendingAttempt,
  type PendingAttempt,
} from "../pending";
import type { DiagnosisAttempt, DiagnosisReport } from "../api";
import { DiagnosisReportView } from "./diagnosis-report-view";

const LEVELS: SchoolLevel[] = ["MIDDLE", "HIGH"];

/** Nothing to subscribe to: only "rendered in the browser yet?" is asked. */
const noSubscription = () => () => {};

type Phase =
  | { kind: "choose" }
  | { kind: "answering"; attempt: DiagnosisAttempt; index: number }
  | { kind: "report"; report: DiagnosisReport };

function messageOf(error: unknown): string {
  return error instanceof DiagnosisApiError
    ? error.message
    : "진단을 불러오지 못했어요. 잠시 후 다시 시도해 주세요.";
}

/**
 * The level test on /ai_diagnosis (issue #20): choose subject and school level, answer the
 * items one screen at a time (skipping allowed), submit, read the report. Works for guests:
 * the attempt token is kept in this browser (pending.ts) and the result is claimed for the
 * account after sign-in or join. Phone first: one item per screen, big choices.
 */
export function DiagnosisFlow() {
  const baseId = useId();
  const [subject, setSubject] = useState<DiagnosisSubject>("MATH");
  const [level, setLevel] = useState<SchoolLevel>("MIDDLE");
  const [phase, setPhase] = useState<Phase>({ kind: "choose" });
  const [answers, setAnswers] = useState<Record<string, number>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The newest attempt this browser took as a guest (read after hydration: storage is the
  // browser's), offered again as "최근에 푼 진단 결과 보기".
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const [, setForgotten] = useState(0);
  const recent = hydrated ? (readPendingAttempts()[0] ?? null) : null;
  const questionHeading = useRef<HTMLHeadingElement>(null);
  const reportHeading = useRef<HTMLHeadingElement>(null);

  const index = phase.kind === "answering" ? phase.index : -1;
  useEffect(() => {
    if (phase.kind === "answering") questionHeading.current?.focus();
    if (phase.kind === "report") reportHeading.current?.focus();
  }, [phase.kind, index]);

  const start = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const [test] = await fetchDiagnosisTests(subject, level);
      if (!test) throw new DiagnosisApiError("이 과목과 학년의 진단을 준비하고 있어요.");
      const attempt = await startDiagnosisAttempt(test.id);
      addPendingAttempt({ id: attempt.id, token: attempt.attemptToken });
      setAnswers({});
      setPhase({ kind: "answering", attempt, index: 0 });
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  const openRecent = async (attempt: PendingAttempt) => {
    setBusy(true);
    setError(null);
    try {
      setPhase({ kind: "report", report: await fetchDiagnosisReport(attempt.id, attempt.token) });
    } catch (e) {
      if (e instanceof DiagnosisApiError && e.code === "diagnosis_not_found") {
        // Claimed by an account since, or gone: the account's page lists it.
        removePendingAttempt(attempt.id);
        setForgotten((n) => n + 1);
      }
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  const submit = async (attempt: DiagnosisAttempt) => {
    setBusy(true);
    setError(null);
    try {
      const report = await submitDiagnosisAttempt({
        attemptId: attempt.id,
        attemptToken: attempt.attemptToken,
        answers: attempt.items.map((item) => ({
          itemId: item.id,
          choice: answers[item.id] ?? null,
        })),
      });
      if (report.kept) removePendingAttempt(attempt.id);
      setPhase({ kind: "report", report });
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  const restart = () => {
    setPhase({ kind: "choose" });
    setAnswers({});
    setError(null);
  };

  const errorBox = error ? (
    <p className="diag-error" role="alert">
      {error}
    </p>
  ) : null;

  if (phase.kind === "report") {
    const { report } = phase;
    return (
      <div className="diag">
        <DiagnosisReportView
          report={report}
          headingId={`${baseId}-report`}
          headingRef={reportHeading}
          extra={
            report.kept ? (
              <p className="diag-keep">
                이 결과는 계정에 저장됐어요. <a href="/_app">마이페이지</a>에서 다시 볼 수 있어요.
              </p>
            ) : (
              <div className="diag-keep" data-testid="keep-result">
                <p>
                  <strong>결과를 계정에 저장하세요.</strong> 로그인하거나 회원가입하면 이 결과가
                  학생 계정에 저장되고, 매칭된 선생님도 함께 볼 수 있어요.
                </p>
                <div className="diag-next__actions">
                  <a className="btn btn--primary" href="/sign_in">
                    로그인하고 결과 저장하기
                  </a>
                  <a className="btn btn--ghost" href="/JoinPage">
                    회원가입
                  </a>
                </div>
              </div>
            )
          }
        />
        <button type="button" className="btn btn--ghost diag-restart" onClick={restart}>
          다른 과목 진단하기
        </button>
      </div>
    );
  }

  if (phase.kind === "answering") {
    const { attempt } = phase;
    const item = attempt.items[phase.index]!;
    const total = attempt.items.length;
    const last = phase.index === total - 1;
    const chosen = answers[item.id];
    const unanswered = attempt.items.filter((i) => answers[i.id] === undefined).length;
    const go = (to: number) => setPhase({ kind: "answering", attempt, index: to });
    return (
      <div className="diag">
        <div className="diag-progress">
          <span>
            {attempt.test.title} · <strong>{phase.index + 1}</strong> / {total}
          </span>
          <progress max={total} value={phase.index + 1} aria-label="진행도" />
        </div>
        <form
          className="diag-question"
          onSubmit={(e) => {
            e.preventDefault();
            if (last) void submit(attempt);
            else go(phase.index + 1);
          }}
        >
          <fieldset>
            <legend className="diag-question__legend">
              <span className="diag-question__unit">{item.unit}</span>
              <h3 ref={questionHeading} tabIndex={-1} className="diag-question__title">
                {phase.index + 1}. {item.question}
              </h3>
            </legend>
            {item.passage ? (
              <blockquote className="diag-question__passage">{item.passage}</blockquote>
            ) : null}
            <div className="diag-choices">
              {item.choices.map((choice, i) => (
                <label key={i} className="diag-choice">
                  <input
                    type="radio"
                    name={`${baseId}-${item.id}`}
                    value={i}
                    checked={chosen === i}
                    onChange={() => setAnswers((a) => ({ ...a, [item.id]: i }))}
                  />
                  <span className="diag-choice__no" aria-hidden="true">
                    {i + 1}
                  </span>
                  <span>{choice}</span>
                </label>
              ))}
            </div>
          </fieldset>
          {errorBox}
          {last && unanswered > 0 ? (
            <p className="diag-hint">
              답하지 않은 문항 {unanswered}개는 틀린 것으로 채점돼요. 돌아가서 풀어도 괜찮아요.
            </p>
          ) : null}
          <div className="diag-nav">
            <button
              type="button"
              className="btn btn--ghost"
              disabled={phase.index === 0 || busy}
              onClick={() => go(phase.index - 1)}
            >
              이전
            </button>
            <button type="submit" className="btn btn--primary" disabled={busy}>
              {last
                ? busy
                  ? "채점하는 중…"
                  : "제출하고 결과 보기"
                : chosen === undefined
                  ? "건너뛰기"
                  : "다음"}
            </button>
          </div>
        </form>
      </div>
    );
  }

  return (
    <form className="diag diag-start" onSubmit={(e) => void start(e)}>
      <fieldset className="diag-start__group">
        <legend>과목</legend>
        <div className="diag-segment">
          {DIAGNOSIS_SUBJECTS.map((s) => (
            <label key={s} className="diag-segment__option">
              <input
                type="radio"
                name={`${baseId}-subject`}
                value={s}
                checked={subject === s}
                onChange={() => setSubject(s)}
              />
              <span>{DIAGNOSIS_SUBJECT_LABELS[s]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="diag-start__group">
        <legend>학년</legend>
        <div className="diag-segment">
          {LEVELS.map((l) => (
            <label key={l} className="diag-segment__option">
              <input
                type="radio"
                name={`${baseId}-level`}
                value={l}
                checked={level === l}
                onChange={() => setLevel(l)}
              />
              <span>{SCHOOL_LEVEL_LABELS[l]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <p className="diag-hint">
        단원마다 2문항씩 모두 10문항이에요. 15분 정도 걸리고, 로그인하지 않아도 풀 수 있어요.
      </p>
      {errorBox}
      <button type="submit" className="btn btn--primary btn--lg" disabled={busy}>
        {busy ? "문항을 불러오는 중…" : "진단 시작하기"}
      </button>
      {recent ? (
        <button
          type="button"
          className="btn btn--ghost"
          disabled={busy}
          onClick={() => void openRecent(recent)}
        >
          최근에 푼 진단 결과 보기
        </button>
      ) : null}
    </form>
  );
}
