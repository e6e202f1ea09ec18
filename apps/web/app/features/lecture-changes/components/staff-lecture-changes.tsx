import { useQuery } from "@apollo/client/react";
import {
  LECTURE_CHANGE_STATES,
  LECTURE_CHANGE_STATE_LABELS,
  type LectureChangeState,
} from "@seoltab/domain/lecture-changes";
import { useId, useState } from "react";
import { Link } from "react-router";
import { errorMessage } from "../../../lib/graphql-errors";
import { FAMILY_CONTEXT, LECTURE_CHANGE_QUEUE } from "../api";
import { ChangeRow } from "./change-row";

/**
 * /_app/admin/lecture-changes (staff; docs/api/lecture-changes.md): the requests by state
 * (default 접수, the waiting ones), oldest first, 20 a page; each with its kind, lecture, who
 * asked, the late flag and the tutor's count of late changes, and 수락/거절 with a note.
 */
export function StaffLectureChanges() {
  const id = useId();
  const [state, setState] = useState<LectureChangeState>("RECEIVED");
  const [page, setPage] = useState(1);
  const { data, error, loading, refetch } = useQuery(LECTURE_CHANGE_QUEUE, {
    context: FAMILY_CONTEXT,
    variables: { state, page },
    fetchPolicy: "network-only",
  });
  const result = data?.lectureChangeQueue;
  const pages = result ? Math.max(1, Math.ceil(result.total / result.pageSize)) : 1;
  return (
    <div className="tutor-workspace">
      <section
        className="app-panel app-panel--left"
        aria-labelledby={`${id}-title`}
        data-testid="staff-lecture-changes"
      >
        <h1 id={`${id}-title`}>수업 변경 요청</h1>
        <p className="form-field__hint">
          오래된 요청부터 보여요. 선생님 변경·쉬기·그만하기는 운영팀이 정하고, 수업 옮기기와 시간표
          변경은 상대방이 답하지 않을 때 운영팀이 정할 수 있어요.
        </p>
        <div className="form-field change-filter">
          <label className="form-field__label" htmlFor={`${id}-state`}>
            상태
          </label>
          <select
            id={`${id}-state`}
            className="form-input"
            value={state}
            onChange={(e) => {
              setState(e.target.value as LectureChangeState);
              setPage(1);
            }}
          >
            {LECTURE_CHANGE_STATES.map((s) => (
              <option key={s} value={s}>
                {LECTURE_CHANGE_STATE_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        {error ? (
          <div role="alert">
            <p>{errorMessage(error)}</p>
            <div className="change-row__buttons">
              <button type="button" className="btn btn--secondary" onClick={() => void refetch()}>
                다시 시도
              </button>
              <Link to="/_app" className="btn btn--ghost">
                내 학습 공간으로
              </Link>
            </div>
          </div>
        ) : null}
        {!error && result ? (
          <>
            <p data-testid="queue-total">
              {LECTURE_CHANGE_STATE_LABELS[state]} {result.total}건
            </p>
            {result.items.length === 0 ? <p>요청이 없어요.</p> : null}
            <ul className="change-rows">
              {result.items.map(({ change, tutorLateChanges }) => (
                <li key={change.id} className="change-queue-item">
                  <p className="change-row__meta" data-testid="tutor-late-changes">
                    담당 선생님의 늦은 변경 {tutorLateChanges}회
                  </p>
                  <ChangeRow
                    change={change}
                    context={FAMILY_CONTEXT}
                    onDone={() => void refetch()}
                    showLecture
                  />
                </li>
              ))}
            </ul>
            {pages > 1 ? (
              <nav className="change-row__buttons" aria-label="페이지">
                <button
                  type="button"
                  className="btn btn--secondary"
                  disabled={page <= 1 || loading}
                  onClick={() => setPage(page - 1)}
                >
                  이전
                </button>
                <span>
                  {page} / {pages}
                </span>
                <button
                  type="button"
                  className="btn btn--secondary"
                  disabled={page >= pages || loading}
                  onClick={() => setPage(page + 1)}
                >
                  다음
                </button>
              </nav>
            ) : null}
          </>
        ) : null}
        {!error && !result ? <p aria-busy="true">불러오는 중이에요…</p> : null}
      </section>
    </div>
  );
}
