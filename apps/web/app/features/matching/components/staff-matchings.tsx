import { useMutation, useQuery } from "@apollo/client/react";
import {
  TUTOR_PREFERENCE_LABELS,
  WEAK_TYPE_LABELS,
  type TutorPreferenceType,
  type WeakType,
} from "@seoltab/domain";
import { useId, useState } from "react";
import { toast } from "react-toastify";
import { StaffGate } from "../../../components/ui/staff-gate";
import { blocksText } from "../../../components/ui/weekly-blocks-editor";
import { errorMessage } from "../../../lib/graphql-errors";
import {
  MATCHING_CANDIDATES,
  MATCHING_CONTEXT,
  MATCHINGS,
  SUGGEST_TUTOR,
  type Matching,
} from "../api";

const SUGGESTION_LABELS: Record<string, string> = {
  SUGGESTED: "답변 대기",
  ACCEPTED: "수락",
  REFUSED: "거절",
  EXPIRED: "시간 지남",
  CHOSEN: "선택됨",
  CLOSED: "닫힘",
};
const MATCHING_STATE_LABELS: Record<string, string> = {
  OPEN: "진행 중",
  MATCHED: "매칭 완료",
  CLOSED: "닫힘",
};

/**
 * /_app/admin/matchings (staff): matchings by age (oldest first), each with the request, the
 * suggestions and their answers; 후보 보기 ranks the matchable tutors with the reasons, and
 * 제안하기 sends one a suggestion (24 h to answer).
 */
export function StaffMatchings() {
  return (
    <StaffGate notStaff="선생님 매칭은 운영팀과 영업팀 계정에서만 열 수 있어요.">
      <Queue />
    </StaffGate>
  );
}

function Queue() {
  const id = useId();
  const [state, setState] = useState("OPEN");
  const { data, error, loading, refetch } = useQuery(MATCHINGS, {
    context: MATCHING_CONTEXT,
    variables: { state: state || null, page: 1 },
    fetchPolicy: "network-only",
  });
  const list = data?.matchings;
  return (
    <div className="tutor-workspace">
      <section className="app-panel app-panel--left" aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>선생님 매칭</h1>
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-state`}>
            상태
          </label>
          <select
            id={`${id}-state`}
            className="form-input"
            value={state}
            onChange={(e) => setState(e.target.value)}
          >
            <option value="OPEN">진행 중</option>
            <option value="MATCHED">매칭 완료</option>
            <option value="CLOSED">닫힘</option>
            <option value="">전체</option>
          </select>
        </div>
        {error ? (
          <p role="alert" className="form-alert form-alert--error">
            {errorMessage(error)}
          </p>
        ) : null}
        {loading && !list ? <p aria-busy="true">불러오는 중…</p> : null}
        {list ? <p className="form-field__hint">{list.totalCount}건 · 오래 기다린 순</p> : null}
      </section>
      {list ? (
        <ul className="matching-list" data-testid="matching-queue">
          {list.items.map((m) => (
            <li key={m.id}>
              <MatchingCard matching={m} onChanged={() => void refetch()} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function MatchingCard({ matching: m, onChanged }: { matching: Matching; onChanged: () => void }) {
  const id = useId();
  const [showCandidates, setShowCandidates] = useState(false);
  return (
    <article
      className="app-panel app-panel--left"
      aria-labelledby={`${id}-title`}
      data-testid="matching"
    >
      <h2 id={`${id}-title`}>
        {m.studentName} · {m.lectureTitle}{" "}
        <span className="tutor-badge">{MATCHING_STATE_LABELS[m.state] ?? m.state}</span>
      </h2>
      <p>
        {m.schoolName ?? "학교 미입력"} {m.gradeCode ?? ""} · {m.ageHours}시간째 · 가능한 시간{" "}
        {blocksText(m.schedules)}
      </p>
      {m.tutorPreferenceTypes.length > 0 ? (
        <p>
          원하는 선생님:{" "}
          {m.tutorPreferenceTypes
            .map((p) => TUTOR_PREFERENCE_LABELS[p as TutorPreferenceType] ?? p)
            .join(", ")}
        </p>
      ) : null}
      {m.weakTypes.length > 0 ? (
        <p>
          어려워하는 부분: {m.weakTypes.map((w) => WEAK_TYPE_LABELS[w as WeakType] ?? w).join(", ")}
        </p>
      ) : null}
      {m.memo ? <p className="tutor-card__bio">{m.memo}</p> : null}
      <h3>제안</h3>
      {m.suggestions.length === 0 ? <p>아직 제안한 선생님이 없어요.</p> : null}
      <ul>
        {m.suggestions.map((s) => (
          <li key={s.id} data-testid="staff-suggestion">
            {s.tutorName} — {SUGGESTION_LABELS[s.state] ?? s.state}
            {s.slots ? ` (${blocksText(s.slots)})` : ""}
            {s.refusedReason ? ` · 이유: ${s.refusedReason}` : ""}
          </li>
        ))}
      </ul>
      {m.state === "OPEN" ? (
        <button
          type="button"
          className="btn btn--secondary"
          aria-expanded={showCandidates}
          onClick={() => setShowCandidates(!showCandidates)}
        >
          {showCandidates ? "후보 닫기" : "후보 보기"}
        </button>
      ) : null}
      {showCandidates ? <Candidates matchingId={m.id} onChanged={onChanged} /> : null}
    </article>
  );
}

function Candidates({ matchingId, onChanged }: { matchingId: string; onChanged: () => void }) {
  const { data, error, refetch } = useQuery(MATCHING_CANDIDATES, {
    context: MATCHING_CONTEXT,
    variables: { matchingId },
    fetchPolicy: "network-only",
  });
  const [suggest, { loading }] = useMutation(SUGGEST_TUTOR, { context: MATCHING_CONTEXT });
  if (error) return <p role="alert">{errorMessage(error)}</p>;
  if (!data) return <p aria-busy="true">후보를 찾는 중…</p>;
  if (data.matchingCandidates.length === 0) {
    return <p>과목과 시간이 맞는 활동 중인 선생님이 없어요.</p>;
  }
  return (
    <ol className="offer-list" data-testid="candidates">
      {data.matchingCandidates.map((c) => (
        <li key={c.tutorId} className="tutor-card">
          <p className="tutor-card__name">
            {c.tutorName} ({c.card.university} {c.card.major}) · {c.score}점
          </p>
          <ul className="offer__reasons">
            {c.reasons.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
          <p>겹치는 시간: {blocksText(c.commonBlocks)}</p>
          <button
            type="button"
            className="btn btn--primary"
            disabled={loading}
            onClick={() =>
              void suggest({ variables: { matchingId, tutorId: c.tutorId } }).then(
                () => {
                  toast.success(`${c.tutorName} 선생님에게 제안했어요.`);
                  void refetch();
                  onChanged();
                },
                (err: unknown) => toast.error(errorMessage(err)),
              )
            }
          >
            제안하기
          </button>
        </li>
      ))}
    </ol>
  );
}
