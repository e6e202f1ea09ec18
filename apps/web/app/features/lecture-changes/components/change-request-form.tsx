import { useMutation } from "@apollo/client/react";
import type { WeeklyTimeBlock } from "@seoltab/domain";
import {
  LECTURE_CHANGE_KIND_LABELS,
  PAUSE_LIMIT,
  daysInclusive,
  seoulInstant,
  type LectureChangeKind,
} from "@seoltab/domain/lecture-changes";
import { seoulWallClock } from "@seoltab/domain/lessons";
import { useId, useState, type FormEvent } from "react";
import { WeeklyBlocksEditor, plainBlocks } from "../../../components/ui/weekly-blocks-editor";
import { errorMessage } from "../../../lib/graphql-errors";
import {
  REQUEST_LECTURE_CHANGE,
  type ChangeForm,
  type LectureChange,
  type LectureChangeInput,
} from "../api";
import { seoulWhen } from "./change-row";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The Seoul date `days` days from now (an instant plus whole days, read on the Seoul clock). */
function seoulDateIn(days: number): string {
  return seoulWallClock(new Date(Date.now() + days * DAY_MS)).date;
}

const HINTS: Record<LectureChangeKind, string> = {
  MOVE_LESSON: "옮길 수업과 새 날짜·시간을 골라 주세요. 상대방이 수락하면 바뀌어요.",
  CHANGE_PLAN: "고른 날부터 매주 이 시간에 수업해요. 상대방이 수락하면 바뀌어요.",
  CHANGE_TUTOR: "운영팀이 확인한 뒤 새 선생님을 찾아 드려요. 지금까지의 수업 기록은 그대로 남아요.",
  PAUSE: `첫날과 마지막 날 모두 쉬어요. 한 번에 ${PAUSE_LIMIT.maxDays}일까지, 쉰 만큼 수강 기간이 늘어나요. 운영팀이 확인해요.`,
  STOP: "운영팀이 확인한 뒤 환불 절차로 안내해 드려요.",
};

/**
 * The form of one kind of change: a lesson and a new Seoul date and time (MOVE_LESSON), weekly
 * blocks and the first day (CHANGE_PLAN), the first and last day (PAUSE), and a reason (required
 * for CHANGE_TUTOR, STOP, and always for a tutor). The server's message is said above the
 * buttons; 닫기 goes back to the kinds.
 */
export function ChangeRequestForm({
  form,
  kind,
  context,
  onDone,
  onClose,
}: {
  form: ChangeForm;
  kind: LectureChangeKind;
  context: { clientName: string };
  onDone: (change: LectureChange) => void;
  onClose: () => void;
}) {
  const id = useId();
  const tutor = form.side === "TUTOR";
  const reasonRequired = tutor || kind === "CHANGE_TUTOR" || kind === "STOP";
  const [lessonId, setLessonId] = useState(form.upcomingLessons[0]?.id ?? "");
  const lesson = form.upcomingLessons.find((l) => l.id === lessonId);
  const [date, setDate] = useState(lesson?.seoulDate ?? seoulDateIn(1));
  const [time, setTime] = useState(lesson?.seoulTime ?? "18:00");
  const [plan, setPlan] = useState<WeeklyTimeBlock[]>(() => plainBlocks(form.weeklyPlan));
  const [effectiveFrom, setEffectiveFrom] = useState(() => seoulDateIn(7));
  const [pauseFrom, setPauseFrom] = useState(() => seoulDateIn(7));
  const [pauseUntil, setPauseUntil] = useState(() => seoulDateIn(13));
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [request, { loading }] = useMutation(REQUEST_LECTURE_CHANGE, { context });

  const pauseDays =
    /^\d{4}-\d{2}-\d{2}$/.test(pauseFrom) && /^\d{4}-\d{2}-\d{2}$/.test(pauseUntil)
      ? daysInclusive(pauseFrom, pauseUntil)
      : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    const input: LectureChangeInput = { lectureId: form.lectureId, kind };
    if (kind === "MOVE_LESSON") {
      if (!lesson) return setProblem("옮길 수업을 골라 주세요.");
      try {
        input.newStartsAt = seoulInstant(date, time).toISOString();
      } catch {
        return setProblem("새 날짜와 시간을 다시 확인해 주세요.");
      }
      input.lessonId = lesson.id;
      input.minutes = lesson.minutes;
    } else if (kind === "CHANGE_PLAN") {
      input.weeklyPlan = plan;
      input.effectiveFrom = effectiveFrom;
    } else if (kind === "PAUSE") {
      input.pauseFrom = pauseFrom;
      input.pauseUntil = pauseUntil;
    }
    if (reason.trim()) input.reason = reason.trim();
    else if (reasonRequired) return setProblem("이유를 적어 주세요.");
    void request({ variables: { input } }).then(
      (result) => {
        if (result.data) onDone(result.data.requestLectureChange);
      },
      (err: unknown) => setProblem(errorMessage(err)),
    );
  };

  return (
    <form
      className="change-form"
      data-testid="change-form"
      aria-labelledby={`${id}-title`}
      onSubmit={submit}
      noValidate
    >
      <h3 id={`${id}-title`}>{LECTURE_CHANGE_KIND_LABELS[kind]}</h3>
      <p className="form-field__hint">{HINTS[kind]}</p>

      {kind === "MOVE_LESSON" ? (
        <>
          <div className="form-field">
            <label className="form-field__label" htmlFor={`${id}-lesson`}>
              옮길 수업
            </label>
            <select
              id={`${id}-lesson`}
              className="form-input"
              value={lessonId}
              onChange={(e) => {
                setLessonId(e.target.value);
                const next = form.upcomingLessons.find((l) => l.id === e.target.value);
                if (next) {
                  setDate(next.seoulDate);
                  setTime(next.seoulTime);
                }
              }}
            >
              {form.upcomingLessons.map((l) => (
                <option key={l.id} value={l.id}>
                  {seoulWhen(l.startsAt)} · {l.minutes}분
                </option>
              ))}
            </select>
          </div>
          <div className="change-form__pair">
            <div className="form-field">
              <label className="form-field__label" htmlFor={`${id}-date`}>
                새 날짜
              </label>
              <input
                id={`${id}-date`}
                type="date"
                className="form-input"
                min={seoulDateIn(0)}
                value={date}
                onChange={(e) => setDate(e.target.value)}
              />
            </div>
            <div className="form-field">
              <label className="form-field__label" htmlFor={`${id}-time`}>
                새 시작 시간 (한국 시간)
              </label>
              <input
                id={`${id}-time`}
                type="time"
                step={600}
                className="form-input"
                value={time}
                onChange={(e) => setTime(e.target.value)}
              />
            </div>
          </div>
        </>
      ) : null}

      {kind === "CHANGE_PLAN" ? (
        <>
          <WeeklyBlocksEditor value={plan} onChange={setPlan} legend="새 요일·시간" />
          <div className="form-field">
            <label className="form-field__label" htmlFor={`${id}-from`}>
              바뀐 시간표를 시작할 날
            </label>
            <input
              id={`${id}-from`}
              type="date"
              className="form-input"
              min={seoulDateIn(1)}
              value={effectiveFrom}
              onChange={(e) => setEffectiveFrom(e.target.value)}
            />
          </div>
        </>
      ) : null}

      {kind === "PAUSE" ? (
        <>
          <div className="change-form__pair">
            <div className="form-field">
              <label className="form-field__label" htmlFor={`${id}-pause-from`}>
                쉬기 시작하는 날
              </label>
              <input
                id={`${id}-pause-from`}
                type="date"
                className="form-input"
                min={seoulDateIn(1)}
                value={pauseFrom}
                onChange={(e) => setPauseFrom(e.target.value)}
              />
            </div>
            <div className="form-field">
              <label className="form-field__label" htmlFor={`${id}-pause-until`}>
                마지막으로 쉬는 날
              </label>
              <input
                id={`${id}-pause-until`}
                type="date"
                className="form-input"
                min={pauseFrom}
                value={pauseUntil}
                onChange={(e) => setPauseUntil(e.target.value)}
              />
            </div>
          </div>
          {pauseDays !== null && pauseDays > 0 ? (
            <p className="form-field__hint">
              {pauseDays}일 쉬어요. 지금까지 쉰 날: {form.pausedDays}일
            </p>
          ) : null}
        </>
      ) : null}

      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-reason`}>
          {reasonRequired ? "이유 (꼭 적어 주세요)" : "이유 (선택)"}
        </label>
        <textarea
          id={`${id}-reason`}
          className="form-input"
          rows={3}
          maxLength={500}
          required={reasonRequired}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>

      {problem ? (
        <p className="form-alert form-alert--error" role="alert" data-testid="change-problem">
          {problem}
        </p>
      ) : null}
      <div className="change-row__buttons">
        <button type="submit" className="btn btn--primary" disabled={loading}>
          {loading ? "보내는 중…" : "변경 요청 보내기"}
        </button>
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          닫기
        </button>
      </div>
    </form>
  );
}
