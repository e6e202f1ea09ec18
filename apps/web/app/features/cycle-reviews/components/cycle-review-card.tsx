import { useMutation, useQuery } from "@apollo/client/react";
import {
  REVIEW_COMMENT_MAX,
  REVIEW_SCORE_MAX,
  REVIEW_SCORE_MIN,
  asksTutorChange,
  parseCycleReview,
} from "@seoltab/domain";
import { useId, useState } from "react";
import { errorMessage } from "../../../lib/graphql-errors";
import {
  CYCLE_REVIEWS,
  CYCLE_REVIEWS_CONTEXT,
  SUBMIT_CYCLE_REVIEW,
  type CycleReview,
} from "../api";
import "../cycle-reviews.css";

const SCORES = Array.from(
  { length: REVIEW_SCORE_MAX - REVIEW_SCORE_MIN + 1 },
  (_, i) => REVIEW_SCORE_MIN + i,
);

export const CYCLE_REVIEW_TEXT = {
  title: "수업 평가",
  chooseScore: "점수를 골라 주세요.",
  chooseChange: "선생님을 바꾸고 싶은지 골라 주세요.",
  thanks: "수업 평가를 보냈어요. 남겨 주셔서 고마워요.",
  tutorChange:
    "선생님을 바꾸고 싶다는 답을 운영팀에 전했어요. 담당 매니저가 곧 연락드려 새 선생님 찾기를 도와드릴게요.",
} as const;

/**
 * 수업 평가 (the lecture page, issue #14): when a cycle is due (after held lessons 4, 8, …) the
 * student or parent rates the tutor 0–10, writes a comment, answers "선생님을 바꾸고 싶어요?" and
 * says whether the review may be published (names masked). After the submit: a confirmation.
 * Shows nothing while no cycle is due. Errors are the server's Korean messages.
 */
export function CycleReviewCard({ lectureId }: { lectureId: string }) {
  const { data, refetch } = useQuery(CYCLE_REVIEWS, {
    context: CYCLE_REVIEWS_CONTEXT,
    variables: { lectureId },
    fetchPolicy: "network-only",
  });
  const [sent, setSent] = useState<CycleReview | null>(null);
  if (sent) return <Confirmation review={sent} />;
  const status = data?.cycleReviews;
  if (!status || status.dueCycle === null) return null;
  return (
    <ReviewForm
      key={status.dueCycle}
      lectureId={lectureId}
      cycle={status.dueCycle}
      held={status.heldLessons}
      onSent={(review) => {
        setSent(review);
        void refetch();
      }}
    />
  );
}

function Confirmation({ review }: { review: CycleReview }) {
  return (
    <section
      className="app-panel app-panel--left cycle-review"
      aria-labelledby="cycle-review-done"
      data-testid="cycle-review-done"
    >
      <h2 id="cycle-review-done">{CYCLE_REVIEW_TEXT.title}</h2>
      <p role="status">{CYCLE_REVIEW_TEXT.thanks}</p>
      <p>
        {review.cycle}회차 평가 · 10점 만점에 {review.score}점
        {review.publishConsent ? " · 공개 동의" : ""}
      </p>
      {asksTutorChange(review) ? <p>{CYCLE_REVIEW_TEXT.tutorChange}</p> : null}
    </section>
  );
}

function ReviewForm({
  lectureId,
  cycle,
  held,
  onSent,
}: {
  lectureId: string;
  cycle: number;
  held: number;
  onSent: (review: CycleReview) => void;
}) {
  const id = useId();
  const [score, setScore] = useState<number | null>(null);
  const [comment, setComment] = useState("");
  const [wantsTutorChange, setWantsTutorChange] = useState<boolean | null>(null);
  const [publishConsent, setPublishConsent] = useState(false);
  const [problems, setProblems] = useState<Partial<Record<string, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submit, { loading }] = useMutation(SUBMIT_CYCLE_REVIEW, {
    context: CYCLE_REVIEWS_CONTEXT,
  });

  /** A field's message goes once the person changes that field. */
  const clear = (field: string) => setProblems((p) => ({ ...p, [field]: undefined }));

  const onSubmit = () => {
    setFailure(null);
    const found: Record<string, string> = {};
    if (score === null) found.score = CYCLE_REVIEW_TEXT.chooseScore;
    if (wantsTutorChange === null) found.wantsTutorChange = CYCLE_REVIEW_TEXT.chooseChange;
    const parsed = parseCycleReview({
      cycle,
      score: score ?? 0,
      comment,
      wantsTutorChange: wantsTutorChange ?? false,
      publishConsent,
    });
    if (!parsed.ok) for (const p of parsed.problems) found[p.field] ??= p.message;
    setProblems(found);
    if (Object.keys(found).length > 0 || !parsed.ok) return;
    submit({ variables: { input: { lectureId, ...parsed.value } } }).then(
      (result) => {
        if (result.data) onSent(result.data.submitCycleReview);
      },
      (err: unknown) => setFailure(errorMessage(err)),
    );
  };

  const length = [...comment.trim()].length;
  return (
    <section
      className="app-panel app-panel--left cycle-review"
      aria-labelledby={`${id}-title`}
      data-testid="cycle-review"
    >
      <h2 id={`${id}-title`}>{CYCLE_REVIEW_TEXT.title}</h2>
      <p>
        지금까지 {held}번 수업했어요. {cycle}회차 수업은 어땠나요? 학생 본인이나 보호자가 한 번 남길
        수 있어요.
      </p>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <fieldset
          className="form-field cycle-review__fieldset"
          aria-describedby={problems.score ? `${id}-score-error` : undefined}
        >
          <legend className="form-field__label">
            선생님 수업을 0점부터 10점까지 점수로 매겨 주세요
          </legend>
          <div className="cycle-review__scores">
            {SCORES.map((n) => (
              <label key={n} className="cycle-review__score">
                <input
                  type="radio"
                  name={`${id}-score`}
                  value={n}
                  checked={score === n}
                  onChange={() => {
                    setScore(n);
                    clear("score");
                  }}
                />
                <span>{n}</span>
              </label>
            ))}
          </div>
          <p className="cycle-review__scale" aria-hidden="true">
            <span>0 전혀 아니에요</span>
            <span>10 아주 만족해요</span>
          </p>
          {problems.score ? (
            <p id={`${id}-score-error`} className="form-field__error">
              {problems.score}
            </p>
          ) : null}
        </fieldset>

        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-comment`}>
            한 줄 평 <span className="form-field__optional">(선택)</span>
          </label>
          <textarea
            id={`${id}-comment`}
            className="form-input"
            rows={3}
            maxLength={REVIEW_COMMENT_MAX}
            value={comment}
            aria-invalid={problems.comment ? true : undefined}
            aria-describedby={`${id}-comment-count${problems.comment ? ` ${id}-comment-error` : ""}`}
            onChange={(e) => {
              setComment(e.target.value);
              clear("comment");
            }}
          />
          <p id={`${id}-comment-count`} className="form-field__hint">
            {length.toLocaleString("ko-KR")} / {REVIEW_COMMENT_MAX.toLocaleString("ko-KR")}자
          </p>
          {problems.comment ? (
            <p id={`${id}-comment-error`} className="form-field__error">
              {problems.comment}
            </p>
          ) : null}
        </div>

        <fieldset
          className="form-field cycle-review__fieldset"
          aria-describedby={problems.wantsTutorChange ? `${id}-change-error` : undefined}
        >
          <legend className="form-field__label">선생님을 바꾸고 싶어요?</legend>
          <div className="segmented">
            <label className="segmented__option">
              <input
                type="radio"
                name={`${id}-change`}
                checked={wantsTutorChange === false}
                onChange={() => {
                  setWantsTutorChange(false);
                  clear("wantsTutorChange");
                }}
              />
              아니요, 계속 배울래요
            </label>
            <label className="segmented__option">
              <input
                type="radio"
                name={`${id}-change`}
                checked={wantsTutorChange === true}
                onChange={() => {
                  setWantsTutorChange(true);
                  clear("wantsTutorChange");
                }}
              />
              선생님을 바꾸고 싶어요
            </label>
          </div>
          {problems.wantsTutorChange ? (
            <p id={`${id}-change-error`} className="form-field__error">
              {problems.wantsTutorChange}
            </p>
          ) : null}
        </fieldset>

        <label className="checkbox-line">
          <input
            type="checkbox"
            checked={publishConsent}
            onChange={(e) => setPublishConsent(e.target.checked)}
          />
          <span>
            이 평가를 설탭 수강 후기로 공개해도 좋아요. (이름은 가려서 보여 주고, 운영팀이 확인한
            뒤에 올라가요.)
          </span>
        </label>

        {failure ? (
          <p className="form-field__error" role="alert">
            {failure}
          </p>
        ) : null}
        <button type="submit" className="btn btn--primary" disabled={loading}>
          {loading ? "보내는 중…" : "평가 보내기"}
        </button>
      </form>
    </section>
  );
}
