import { useMutation } from "@apollo/client/react";
import { WEEKDAY_LABELS, type Weekday } from "@seoltab/domain";
import { daysInclusive } from "@seoltab/domain/lecture-changes";
import { seoulWallClock } from "@seoltab/domain/lessons";
import { useId, useState } from "react";
import { toast } from "react-toastify";
import { blocksText } from "../../../components/ui/weekly-blocks-editor";
import { errorMessage } from "../../../lib/graphql-errors";
import { RESPOND_TO_LECTURE_CHANGE, type LectureChange } from "../api";
import "../lecture-changes.css";

/** "11월 30일 (월) 18:00" of an ISO instant, Asia/Seoul. */
export function seoulWhen(iso: string): string {
  const wall = seoulWallClock(new Date(iso));
  return `${dateText(wall.date)} (${WEEKDAY_LABELS[wall.weekday as Weekday]}) ${wall.time}`;
}

/** "12월 1일" of a YYYY-MM-DD date. */
export function dateText(date: string): string {
  const [, month, day] = date.split("-").map(Number);
  return `${month}월 ${day}일`;
}

/** What a request asks, in one line of Korean. */
export function changeSummary(c: LectureChange): string {
  switch (c.kind) {
    case "MOVE_LESSON":
      return `${c.lessonStartsAt ? seoulWhen(c.lessonStartsAt) : "수업"} → ${
        c.proposedStartsAt ? seoulWhen(c.proposedStartsAt) : ""
      }${c.proposedMinutes ? ` (${c.proposedMinutes}분)` : ""}`;
    case "CHANGE_PLAN":
      return `${c.effectiveFrom ? dateText(c.effectiveFrom) : ""}부터 매주 ${blocksText(c.weeklyPlan)}`;
    case "PAUSE":
      return c.pauseFrom && c.pauseUntil
        ? `${dateText(c.pauseFrom)} ~ ${dateText(c.pauseUntil)} (${daysInclusive(c.pauseFrom, c.pauseUntil)}일) 쉬기`
        : "쉬기";
    case "CHANGE_TUTOR":
      return "다른 선생님으로 바꾸기";
    case "STOP":
      return "수업을 그만하고 환불 받기";
    default:
      // A kind this page does not know yet: the server's own label.
      return c.kindLabel;
  }
}

const SIDE_LABELS: Record<string, string> = {
  FAMILY: "학생·학부모",
  TUTOR: "선생님",
  STAFF: "운영팀",
};

/** "신청: 학생·학부모 김서연님 · 11월 24일 (화) 20:10" */
export function askedBy(c: LectureChange): string {
  const who = `${SIDE_LABELS[c.requestedSide] ?? c.requestedSide}${
    c.requestedByName ? ` ${c.requestedByName}님` : ""
  }`;
  return `신청: ${who} · ${seoulWhen(c.createdAt)}`;
}

/** Who answers a waiting request, as the family or tutor reads it. */
function waitingFor(c: LectureChange): string {
  if (c.decidedBy === "STAFF") return "운영팀이 확인하고 있어요.";
  return c.requestedSide === "TUTOR" ? "학생·학부모의 답을 기다려요." : "선생님의 답을 기다려요.";
}

const STATE_CLASS: Record<string, string> = {
  RECEIVED: "state-badge",
  ACCEPTED: "state-badge state-badge--success",
  DECLINED: "state-badge state-badge--danger",
  CANCELLED: "state-badge state-badge--muted",
};

/**
 * One request: kind, what it asks, who asked and when, its state (and the answer's note), and
 * what the caller may do now — 취소 (their own waiting request) or 수락/거절 with an optional note.
 * Errors are the server's message, said in place; the buttons stay to try again.
 */
export function ChangeRow({
  change,
  context,
  onDone,
  showLecture = false,
  refetchQueries = [],
}: {
  change: LectureChange;
  context: { clientName: string };
  onDone: () => void;
  showLecture?: boolean;
  /** Names of the page's queries an accepted change alters (the lessons, the lecture). */
  refetchQueries?: string[];
}) {
  const id = useId();
  const [note, setNote] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [respond, { loading }] = useMutation(RESPOND_TO_LECTURE_CHANGE, {
    context,
    refetchQueries,
  });
  const send = (decision: "ACCEPT" | "DECLINE" | "CANCEL") => {
    setProblem(null);
    void respond({
      variables: {
        input: {
          changeId: change.id,
          decision,
          ...(note.trim() && decision !== "CANCEL" ? { note: note.trim() } : {}),
        },
      },
    }).then(
      () => {
        toast.success(
          decision === "ACCEPT"
            ? "요청을 수락했어요."
            : decision === "DECLINE"
              ? "요청을 거절했어요."
              : "요청을 취소했어요.",
        );
        onDone();
      },
      (err: unknown) => setProblem(errorMessage(err)),
    );
  };
  const open = change.state === "RECEIVED";
  return (
    <article className="change-row" data-testid="lecture-change" aria-labelledby={`${id}-title`}>
      <p className="change-row__head">
        <strong id={`${id}-title`}>
          {change.kindLabel}
          {showLecture ? ` · ${change.lectureTitle} (수업 #${change.lectureId})` : ""}
        </strong>
        <span className={STATE_CLASS[change.state] ?? "state-badge"} data-testid="change-state">
          {change.stateLabel}
        </span>
        {change.late ? <span className="state-badge state-badge--danger">늦은 변경</span> : null}
      </p>
      <p data-testid="change-summary">{changeSummary(change)}</p>
      <p className="change-row__meta">{askedBy(change)}</p>
      {change.reason ? <p className="change-row__reason">이유: {change.reason}</p> : null}
      {open && !change.canRespond ? <p className="change-row__meta">{waitingFor(change)}</p> : null}
      {!open && change.decisionNote ? (
        <p className="change-row__reason">답변 메모: {change.decisionNote}</p>
      ) : null}
      {problem ? (
        <p className="form-alert form-alert--error" role="alert">
          {problem}
        </p>
      ) : null}
      {change.canRespond ? (
        <div className="change-row__answer">
          <label className="form-field__label" htmlFor={`${id}-note`}>
            답변 메모 (선택)
          </label>
          <textarea
            id={`${id}-note`}
            className="form-input"
            rows={2}
            maxLength={500}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
          <div className="change-row__buttons">
            <button
              type="button"
              className="btn btn--primary"
              disabled={loading}
              onClick={() => send("ACCEPT")}
            >
              수락
            </button>
            <button
              type="button"
              className="btn btn--secondary"
              disabled={loading}
              onClick={() => send("DECLINE")}
            >
              거절
            </button>
          </div>
        </div>
      ) : null}
      {change.canCancel && !change.canRespond ? (
        <div className="change-row__buttons">
          <button
            type="button"
            className="btn btn--ghost"
            disabled={loading}
            onClick={() => send("CANCEL")}
          >
            요청 취소
          </button>
        </div>
      ) : null}
    </article>
  );
}

/**
 * A list of requests (`.change-rows`), each a ChangeRow with the same context, refresh and
 * queries to refetch; nothing when the list is empty.
 */
export function ChangeRows({
  changes,
  context,
  onDone,
  refetchQueries = [],
}: {
  changes: readonly LectureChange[];
  context: { clientName: string };
  onDone: () => void;
  /** Names of the page's queries an accepted change alters (the lessons, the lecture). */
  refetchQueries?: string[];
}) {
  if (changes.length === 0) return null;
  return (
    <ul className="change-rows">
      {changes.map((c) => (
        <li key={c.id}>
          <ChangeRow change={c} context={context} onDone={onDone} refetchQueries={refetchQueries} />
        </li>
      ))}
    </ul>
  );
}
