import { useMutation, useQuery } from "@apollo/client/react";
import {
  BACKGROUND_CHECK_KINDS,
  BACKGROUND_CHECK_LABELS,
  HIGH_SCHOOL_TYPE_LABELS,
  TUTOR_APPLICATION_STATES,
  TUTOR_APPLICATION_STATE_LABELS,
  TUTOR_DECISIONS,
  UNIVERSITY_STATUS_LABELS,
  nextTutorApplicationState,
  type BackgroundCheckKind,
  type BackgroundCheckResult,
  type HighSchoolType,
  type TutorApplicationState,
  type TutorDecisionAction,
} from "@seoltab/domain";
import { useId, useState } from "react";
import { toast } from "react-toastify";
import { Pager } from "../../../components/ui/pager";
import { StaffGate } from "../../../components/ui/staff-gate";
import { blocksText } from "../../../components/ui/weekly-blocks-editor";
import { errorMessage } from "../../../lib/graphql-errors";
import {
  DECIDE_TUTOR_APPLICATION,
  RECORD_BACKGROUND_CHECK,
  TUTOR_APPLICATION,
  TUTOR_APPLICATIONS,
  WORKSPACE_CONTEXT,
  type TutorApplication,
} from "../api";
import { FileLine } from "./files";
import { seoulDate } from "./tutor-workspace";

const DECISION_LABELS: Record<TutorDecisionAction, string> = {
  APPROVE: "통과",
  REJECT: "불합격",
  PAUSE: "활동 중지",
  RESUME: "활동 재개",
  END: "활동 종료",
};
const RESULT_LABELS: Record<BackgroundCheckResult, string> = {
  REQUESTED: "조회 요청함",
  CLEAR: "경력 없음",
  FOUND: "경력 있음",
};

/** The decisions staff can take in `state`, with the state each leads to. */
export function decisionsFor(state: TutorApplicationState) {
  return TUTOR_DECISIONS.flatMap((decision) => {
    const to = nextTutorApplicationState(state, decision);
    return to ? [{ decision, to }] : [];
  }).filter((d, i, all) => all.findIndex((o) => o.to === d.to) === i);
}

/**
 * /_app/admin/tutor-applications (staff): the queue by state and age (stalled steps flagged),
 * and one applicant's resume, documents, voice answer (playable), record checks, history with
 * rubric scores, and the decision for the current step.
 */
export function StaffTutorApplications() {
  return (
    <StaffGate
      notStaff="선생님 지원서 심사는 운영팀과 영업팀 계정에서만 열 수 있어요."
      signedOut="선생님 지원서는 운영팀 계정으로 로그인한 뒤에 볼 수 있어요."
    >
      <StaffQueue />
    </StaffGate>
  );
}

function StaffQueue() {
  const id = useId();
  const [state, setState] = useState<TutorApplicationState | "">("");
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string | null>(null);
  const { data, loading, error, refetch } = useQuery(TUTOR_APPLICATIONS, {
    context: WORKSPACE_CONTEXT,
    variables: { state: state || null, page },
    fetchPolicy: "network-only",
  });
  const list = data?.tutorApplications;
  const pages = list ? Math.max(1, Math.ceil(list.totalCount / list.pageSize)) : 1;
  return (
    <div className="tutor-admin">
      <section className="app-panel app-panel--left" aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>선생님 지원서</h1>
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-state`}>
            단계
          </label>
          <select
            id={`${id}-state`}
            className="form-input"
            value={state}
            onChange={(e) => {
              setState(e.target.value as TutorApplicationState | "");
              setPage(1);
            }}
          >
            <option value="">전체</option>
            {TUTOR_APPLICATION_STATES.map((s) => (
              <option key={s} value={s}>
                {TUTOR_APPLICATION_STATE_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        {error ? (
          <div role="alert" className="form-alert form-alert--error">
            {errorMessage(error)}{" "}
            <button type="button" className="btn btn--ghost" onClick={() => void refetch()}>
              다시 시도
            </button>
          </div>
        ) : null}
        {loading && !list ? <p aria-busy="true">불러오는 중…</p> : null}
        {list ? (
          <>
            <p className="form-field__hint">{list.totalCount}명 · 오래 기다린 순</p>
            <ul className="tutor-queue" data-testid="tutor-queue">
              {list.items.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    className={`tutor-queue__item${selected === item.id ? " is-selected" : ""}`}
                    aria-pressed={selected === item.id}
                    onClick={() => setSelected(item.id)}
                  >
                    <span className="tutor-queue__name">
                      {item.accountName} <span className="tutor-queue__email">{item.email}</span>
                    </span>
                    <span className="tutor-queue__meta">
                      <span className={`tutor-badge tutor-badge--${item.state.toLowerCase()}`}>
                        {item.stateLabel}
                      </span>{" "}
                      {item.university ?? "대학 미입력"} · {item.ageDays}일째
                      {item.attempt > 1 ? ` · ${item.attempt}번째 지원` : ""}
                      {item.stalled ? (
                        <strong className="tutor-queue__stalled"> · 멈춤</strong>
                      ) : null}
                    </span>
                  </button>
                </li>
              ))}
              {list.items.length === 0 ? <li>이 단계의 지원서가 없어요.</li> : null}
            </ul>
            {pages > 1 ? (
              <Pager
                kind="pages"
                page={page}
                hasNext={page < pages}
                onPage={setPage}
                label={`${page} / ${pages}`}
              />
            ) : null}
          </>
        ) : null}
      </section>
      {selected ? (
        <ApplicationDetail
          key={selected}
          applicationId={selected}
          onChanged={() => void refetch()}
        />
      ) : null}
    </div>
  );
}

function ApplicationDetail({
  applicationId,
  onChanged,
}: {
  applicationId: string;
  onChanged: () => void;
}) {
  const { data, loading, error, refetch } = useQuery(TUTOR_APPLICATION, {
    context: WORKSPACE_CONTEXT,
    variables: { applicationId },
    fetchPolicy: "network-only",
  });
  if (loading && !data)
    return (
      <section className="app-panel" aria-busy="true">
        불러오는 중…
      </section>
    );
  if (error || !data?.tutorApplication) {
    return (
      <section className="app-panel" role="alert">
        <p>{error ? errorMessage(error) : "지원서를 찾을 수 없어요."}</p>
        <button type="button" className="btn btn--ghost" onClick={() => void refetch()}>
          다시 시도
        </button>
      </section>
    );
  }
  const app = data.tutorApplication;
  const r = app.resume;
  return (
    <section
      className="app-panel app-panel--left tutor-detail"
      aria-labelledby="tutor-detail-title"
      data-testid="tutor-detail"
    >
      <h2 id="tutor-detail-title">
        {app.accountName} <span className="tutor-badge">{app.stateLabel}</span>
      </h2>
      <dl className="profile-list">
        <Row label="이메일">{app.email}</Row>
        <Row label="휴대폰">
          {r.phone ? `${r.phone}${r.phoneVerified ? " (인증됨)" : ""}` : "-"}
        </Row>
        <Row label="태어난 해">{r.birthYear ?? "-"}</Row>
        <Row label="고등학교">
          {r.highSchoolType ? HIGH_SCHOOL_TYPE_LABELS[r.highSchoolType as HighSchoolType] : "-"}
        </Row>
        <Row label="대학">
          {r.university ?? "-"} {r.major ?? ""} (
          {UNIVERSITY_STATUS_LABELS[r.universityStatus as "ENROLLED"]}, {r.enterYear ?? "-"}학번)
        </Row>
        <Row label="수업 시간">{blocksText(r.availableTimes) || "-"}</Row>
        <Row label="주소">
          {[r.zonecode, r.address, r.addressDetail].filter(Boolean).join(" ") || "-"}
        </Row>
        <Row label="경력 조회 동의">{r.backgroundCheckConsent ? "동의" : "미동의"}</Row>
      </dl>
      {r.bio ? <p className="tutor-card__bio">{r.bio}</p> : null}

      <h3>파일</h3>
      <ul className="tutor-files">
        {app.files.map((f) => (
          <FileLine key={f.id} file={f} />
        ))}
        {app.files.length === 0 ? <li>올린 파일이 없어요.</li> : null}
      </ul>

      <BackgroundChecks app={app} onChanged={onChanged} />

      {app.activationBlockers.length > 0 && ["CONTRACT", "GPASS", "PAUSED"].includes(app.state) ? (
        <ul className="form-alert form-alert--info" data-testid="activation-blockers">
          {app.activationBlockers.map((b) => (
            <li key={b}>{b}</li>
          ))}
        </ul>
      ) : null}

      <Decision app={app} onChanged={onChanged} />

      <h3>진행 기록</h3>
      <ol className="tutor-history__list">
        {app.transitions.map((tr) => (
          <li key={`${tr.createdAt}-${tr.toState}`}>
            {seoulDate(tr.createdAt)} {TUTOR_APPLICATION_STATE_LABELS[tr.toState]} ({tr.initiator})
            {tr.score !== null ? ` · ${tr.score}점` : ""}
            {tr.reason ? ` — ${tr.reason}` : ""}
          </li>
        ))}
      </ol>
    </section>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="profile-list__row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function BackgroundChecks({ app, onChanged }: { app: TutorApplication; onChanged: () => void }) {
  const id = useId();
  const [kind, setKind] = useState<BackgroundCheckKind>("SEX_OFFENSE");
  const [result, setResult] = useState<BackgroundCheckResult>("CLEAR");
  const [reference, setReference] = useState("");
  const [record, { loading }] = useMutation(RECORD_BACKGROUND_CHECK, {
    context: WORKSPACE_CONTEXT,
  });
  return (
    <div className="tutor-checks">
      <h3>경력 조회</h3>
      <ul>
        {BACKGROUND_CHECK_KINDS.map((k) => {
          const check = app.backgroundChecks.find((c) => c.kind === k);
          return (
            <li key={k} data-testid={`check-${k}`}>
              {BACKGROUND_CHECK_LABELS[k]}:{" "}
              {check
                ? `${RESULT_LABELS[check.result]}${check.reference ? ` (${check.reference})` : ""}`
                : "기록 없음"}
            </li>
          );
        })}
      </ul>
      <form
        className="tutor-checks__form"
        onSubmit={(e) => {
          e.preventDefault();
          record({
            variables: {
              input: {
                applicationId: app.id,
                kind,
                result,
                ...(reference.trim() ? { reference: reference.trim() } : {}),
              },
            },
          }).then(
            () => {
              toast.success("경력 조회 결과를 기록했어요.");
              setReference("");
              onChanged();
            },
            (err: unknown) => toast.error(errorMessage(err)),
          );
        }}
      >
        <label className="visually-hidden" htmlFor={`${id}-kind`}>
          조회 종류
        </label>
        <select
          id={`${id}-kind`}
          className="form-input"
          value={kind}
          onChange={(e) => setKind(e.target.value as BackgroundCheckKind)}
        >
          {BACKGROUND_CHECK_KINDS.map((k) => (
            <option key={k} value={k}>
              {BACKGROUND_CHECK_LABELS[k]}
            </option>
          ))}
        </select>
        <label className="visually-hidden" htmlFor={`${id}-result`}>
          결과
        </label>
        <select
          id={`${id}-result`}
          className="form-input"
          value={result}
          onChange={(e) => setResult(e.target.value as BackgroundCheckResult)}
        >
          {(["REQUESTED", "CLEAR", "FOUND"] as const).map((v) => (
            <option key={v} value={v}>
              {RESULT_LABELS[v]}
            </option>
          ))}
        </select>
        <label className="visually-hidden" htmlFor={`${id}-ref`}>
          회신 번호
        </label>
        <input
          id={`${id}-ref`}
          className="form-input"
          placeholder="회신 번호 (주민등록번호 금지)"
          maxLength={100}
          value={reference}
          onChange={(e) => setReference(e.target.value)}
        />
        <button type="submit" className="btn btn--secondary" disabled={loading}>
          기록하기
        </button>
      </form>
    </div>
  );
}

function Decision({ app, onChanged }: { app: TutorApplication; onChanged: () => void }) {
  const id = useId();
  const options = decisionsFor(app.state);
  const [decision, setDecision] = useState<string>(options[0]?.decision ?? "");
  const [score, setScore] = useState("");
  const [reason, setReason] = useState("");
  const [decide, { loading }] = useMutation(DECIDE_TUTOR_APPLICATION, {
    context: WORKSPACE_CONTEXT,
  });
  if (options.length === 0) {
    return <p className="form-field__hint">지금 단계는 지원자가 할 일을 기다리고 있어요.</p>;
  }
  const current = options.find((o) => o.decision === decision) ?? options[0]!;
  return (
    <form
      className="tutor-decision"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        const points = score.trim() === "" ? undefined : Number(score);
        if (points !== undefined && (!Number.isInteger(points) || points < 0 || points > 100)) {
          toast.error("점수는 0~100 사이의 정수로 적어 주세요.");
          return;
        }
        decide({
          variables: {
            input: {
              applicationId: app.id,
              decision: current.decision,
              ...(reason.trim() ? { reason: reason.trim() } : {}),
              ...(points !== undefined ? { score: points } : {}),
            },
          },
        }).then(
          () => {
            toast.success(`${TUTOR_APPLICATION_STATE_LABELS[current.to]}(으)로 바꿨어요.`);
            setReason("");
            setScore("");
            onChanged();
          },
          (err: unknown) => toast.error(errorMessage(err)),
        );
      }}
    >
      <h3 id={`${id}-title`}>심사</h3>
      <div className="tutor-choices" role="radiogroup" aria-label="결정">
        {options.map((o) => (
          <label key={o.decision} className="checkbox-line">
            <input
              type="radio"
              name={`${id}-decision`}
              value={o.decision}
              checked={current.decision === o.decision}
              onChange={() => setDecision(o.decision)}
            />
            <span>
              {DECISION_LABELS[o.decision]} → {TUTOR_APPLICATION_STATE_LABELS[o.to]}
            </span>
          </label>
        ))}
      </div>
      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-score`}>
          평가 점수 (0~100, 선택)
        </label>
        <input
          id={`${id}-score`}
          className="form-input"
          inputMode="numeric"
          maxLength={3}
          value={score}
          onChange={(e) => setScore(e.target.value)}
        />
      </div>
      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-reason`}>
          지원자에게 보일 메모 (불합격·중지·종료는 필수)
        </label>
        <textarea
          id={`${id}-reason`}
          className="form-input"
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      <button type="submit" className="btn btn--primary btn--lg" disabled={loading}>
        {loading ? "저장하는 중…" : "결정 저장"}
      </button>
    </form>
  );
}
