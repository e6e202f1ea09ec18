import { useMutation, useQuery } from "@apollo/client/react";
import { useId, useState } from "react";
import { toast } from "react-toastify";
import { Pager } from "../../../components/ui/pager";
import { StaffGate } from "../../../components/ui/staff-gate";
import { errorMessage } from "../../../lib/graphql-errors";
import {
  CONSENTED_CYCLE_REVIEWS,
  CYCLE_REVIEWS_CONTEXT,
  PUBLISH_CYCLE_REVIEW,
  type StaffCycleReview,
} from "../api";
import "../cycle-reviews.css";

const FILTERS = [
  { value: "", label: "전체" },
  { value: "false", label: "게시 전" },
  { value: "true", label: "게시 중" },
] as const;

const dateText = (iso: string) =>
  new Date(iso).toLocaleDateString("ko-KR", { timeZone: "Asia/Seoul" });

/**
 * /_app/admin/reviews (staff, issue #14): the cycle reviews whose author agreed to publication,
 * newest first, 20 a page; 게시하기 puts one on /seoltab_review (names masked), 게시 내리기 takes
 * it down. Reviews without consent never appear here.
 */
export function AdminReviews() {
  return (
    <StaffGate notStaff="수강 후기 게시는 운영팀과 영업팀 계정에서만 할 수 있어요.">
      <ReviewQueue />
    </StaffGate>
  );
}

function ReviewQueue() {
  const id = useId();
  const [filter, setFilter] = useState<"" | "true" | "false">("false");
  const [page, setPage] = useState(1);
  const { data, error, loading, refetch } = useQuery(CONSENTED_CYCLE_REVIEWS, {
    context: CYCLE_REVIEWS_CONTEXT,
    variables: { page, published: filter === "" ? null : filter === "true" },
    fetchPolicy: "network-only",
  });
  const list = data?.consentedCycleReviews;
  return (
    <div className="tutor-workspace">
      <section className="app-panel app-panel--left" aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>수강 후기 게시</h1>
        <p>공개에 동의한 수업 평가만 보여요. 게시한 평가는 이름을 가려 수강 후기에 올라가요.</p>
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-filter`}>
            게시 상태
          </label>
          <select
            id={`${id}-filter`}
            className="form-input"
            value={filter}
            onChange={(e) => {
              setFilter(e.target.value as typeof filter);
              setPage(1);
            }}
          >
            {FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </div>
        {error ? <p role="alert">{errorMessage(error)}</p> : null}
        {loading && !list ? <p aria-busy="true">불러오는 중이에요…</p> : null}
        {list && list.data.length === 0 ? <p>해당하는 평가가 없어요.</p> : null}
        {list && list.data.length > 0 ? (
          <ul className="lesson-rows" data-testid="admin-reviews">
            {list.data.map((row) => (
              <ReviewRow key={row.review.id} row={row} onChanged={() => void refetch()} />
            ))}
          </ul>
        ) : null}
        {list && list.totalPages > 1 ? (
          <Pager
            kind="pages"
            page={page}
            hasNext={page < list.totalPages}
            onPage={setPage}
            label={`${list.currentPage} / ${list.totalPages}`}
          />
        ) : null}
      </section>
    </div>
  );
}

function ReviewRow({ row, onChanged }: { row: StaffCycleReview; onChanged: () => void }) {
  const [publish, { loading }] = useMutation(PUBLISH_CYCLE_REVIEW, {
    context: CYCLE_REVIEWS_CONTEXT,
  });
  const r = row.review;
  return (
    <li className="admin-reviews__row">
      <strong>
        10점 만점에 {r.score}점 · {r.subject} · {r.cycle}회차
        {r.published ? " · 게시 중" : ""}
      </strong>
      <p>{r.comment ?? "(한 줄 평 없음)"}</p>
      <p className="admin-reviews__meta">
        {row.studentName} 학생{r.authorRole === "PARENT" ? "의 보호자" : ""} ·{" "}
        {row.tutorName ?? "선생님 없음"} 선생님 · {row.lectureTitle} · {dateText(r.createdAt)}
        {r.wantsTutorChange ? " · 선생님 변경 희망" : ""}
      </p>
      <div>
        <button
          type="button"
          className={r.published ? "btn btn--secondary" : "btn btn--primary"}
          disabled={loading || (!r.published && !r.comment)}
          onClick={() => {
            void publish({ variables: { reviewId: r.id, published: !r.published } }).then(
              () => {
                toast.success(r.published ? "게시를 내렸어요." : "수강 후기에 게시했어요.");
                onChanged();
              },
              (err: unknown) => toast.error(errorMessage(err)),
            );
          }}
        >
          {r.published ? "게시 내리기" : "게시하기"}
        </button>
      </div>
    </li>
  );
}
