import { useMutation, useQuery } from "@apollo/client/react";
import {
  TUTOR_PREFERENCE_LABELS,
  WEAK_TYPE_LABELS,
  type TutorPreferenceType,
  type WeakType,
  type WeeklyTimeBlock,
} from "@seoltab/domain";
import { useId, useState } from "react";
import { toast } from "react-toastify";
import { blocksText, plainBlocks } from "../../../components/ui/weekly-blocks-editor";
import { errorMessage } from "../../../lib/graphql-errors";
import { MATCHING_CONTEXT, MY_SUGGESTIONS, RESPOND_TO_SUGGESTION, type Suggestion } from "../api";

const STATE_LABELS: Record<string, string> = {
  SUGGESTED: "답변 필요",
  ACCEPTED: "수락함 · 학부모님 선택 대기",
  REFUSED: "거절함",
  EXPIRED: "시간 지남",
  CHOSEN: "매칭 완료",
  CLOSED: "다른 선생님으로 정해짐",
};

const TIME = new Intl.DateTimeFormat("ko-KR", {
  timeZone: "Asia/Seoul",
  month: "numeric",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/**
 * 받은 수업 제안 (the tutor's side of matching): each suggestion with what the family asked for
 * (no contact details), answered before it expires (24 h): accept with the slots the tutor can
 * teach (inside the student's times) or refuse with a reason.
 */
export function TutorSuggestions() {
  const { data, error, refetch } = useQuery(MY_SUGGESTIONS, {
    context: MATCHING_CONTEXT,
    fetchPolicy: "network-only",
  });
  if (error) {
    return (
      <section className="app-panel app-panel--left" role="alert">
        <p>{errorMessage(error)}</p>
        <button type="button" className="btn btn--secondary" onClick={() => void refetch()}>
          다시 시도
        </button>
      </section>
    );
  }
  const list = data?.mySuggestions ?? [];
  if (list.length === 0) return null;
  return (
    <section
      className="app-panel app-panel--left"
      aria-labelledby="suggestions-title"
      data-testid="suggestions"
    >
      <h2 id="suggestions-title">받은 수업 제안</h2>
      <ul className="suggestion-list">
        {list.map((s) => (
          <li key={s.id}>
            <SuggestionCard suggestion={s} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function SuggestionCard({ suggestion: s }: { suggestion: Suggestion }) {
  const id = useId();
  const [slots, setSlots] = useState<WeeklyTimeBlock[]>(() => plainBlocks(s.schedules));
  const [reason, setReason] = useState("");
  const [respond, { loading }] = useMutation(RESPOND_TO_SUGGESTION, { context: MATCHING_CONTEXT });
  const key = (b: WeeklyTimeBlock) => `${b.day}-${b.start}-${b.end}`;
  const answer = (accept: boolean) =>
    void respond({
      variables: {
        input: accept
          ? { suggestionId: s.id, accept, slots: plainBlocks(slots) }
          : { suggestionId: s.id, accept, refusedReason: reason.trim() },
      },
    }).then(
      () => toast.success(accept ? "수업 제안을 수락했어요." : "수업 제안을 거절했어요."),
      (err: unknown) => toast.error(errorMessage(err)),
    );
  return (
    <article className="tutor-card" aria-labelledby={`${id}-title`} data-testid="suggestion">
      <h3 id={`${id}-title`} className="tutor-card__name">
        {s.lectureTitle} · {s.studentName} 학생
      </h3>
      <p>
        <span className="tutor-badge">{STATE_LABELS[s.state] ?? s.state}</span>
      </p>
      <p>
        {s.schoolName} {s.gradeCode} · 가능한 시간 {blocksText(s.schedules)}
      </p>
      {s.weakTypes.length > 0 ? (
        <p>
          어려워하는 부분: {s.weakTypes.map((w) => WEAK_TYPE_LABELS[w as WeakType] ?? w).join(", ")}
        </p>
      ) : null}
      {s.tutorPreferenceTypes.length > 0 ? (
        <p>
          원하는 선생님:{" "}
          {s.tutorPreferenceTypes
            .map((p) => TUTOR_PREFERENCE_LABELS[p as TutorPreferenceType] ?? p)
            .join(", ")}
        </p>
      ) : null}
      {s.memo ? <p className="tutor-card__bio">{s.memo}</p> : null}
      {s.state === "SUGGESTED" ? (
        <>
          <p className="form-field__hint">{TIME.format(new Date(s.expiresAt))}까지 답해 주세요.</p>
          <fieldset className="offer__slots">
            <legend>수업할 수 있는 시간</legend>
            {plainBlocks(s.schedules).map((slot) => (
              <label key={key(slot)} className="checkbox-line">
                <input
                  type="checkbox"
                  checked={slots.some((x) => key(x) === key(slot))}
                  onChange={(e) =>
                    setSlots(
                      e.target.checked
                        ? [...slots, slot]
                        : slots.filter((x) => key(x) !== key(slot)),
                    )
                  }
                />
                <span>{blocksText([slot])}</span>
              </label>
            ))}
          </fieldset>
          <button
            type="button"
            className="btn btn--primary"
            disabled={loading || slots.length === 0}
            onClick={() => answer(true)}
          >
            수락하기
          </button>
          <div className="form-field">
            <label className="form-field__label" htmlFor={`${id}-reason`}>
              거절 이유
            </label>
            <input
              id={`${id}-reason`}
              className="form-input"
              maxLength={300}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </div>
          <button
            type="button"
            className="btn btn--secondary"
            disabled={loading || reason.trim() === ""}
            onClick={() => answer(false)}
          >
            거절하기
          </button>
        </>
      ) : s.slots ? (
        <p>수락한 시간: {blocksText(s.slots)}</p>
      ) : s.refusedReason ? (
        <p>거절 이유: {s.refusedReason}</p>
      ) : null}
    </article>
  );
}
