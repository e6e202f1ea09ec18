import { useMutation, useQuery } from "@apollo/client/react";
import { WEEKDAY_LABELS, type Weekday } from "@seoltab/domain";
import { useId, useState } from "react";
import { toast } from "react-toastify";
import { errorMessage } from "../../../lib/graphql-errors";
import { RECORD_LESSON, TUTOR_CONTEXT, TUTOR_LESSONS, type Lesson } from "../api";

const DAY_MS = 24 * 60 * 60 * 1000;

/** "11월 30일 (월) 18:00" from a lesson's Asia/Seoul wall clock. */
export function lessonWhen(lesson: Pick<Lesson, "seoulDate" | "seoulTime" | "weekday">): string {
  const [, month, day] = lesson.seoulDate.split("-").map(Number);
  return `${month}월 ${day}일 (${WEEKDAY_LABELS[lesson.weekday as Weekday] ?? ""}) ${lesson.seoulTime}`;
}

/**
 * 내 수업 일정 (the tutor, /_app/tutor): lessons of the past week and the next two, the ones that
 * started and are not recorded first: 수업 기록 with the minutes taught (at most the lesson's)
 * and a note for the parent (what was covered, homework).
 */
export function TutorLessons() {
  const [range] = useState(() => {
    const at = Date.now();
    return {
      now: at,
      from: new Date(at - 7 * DAY_MS).toISOString(),
      to: new Date(at + 14 * DAY_MS).toISOString(),
    };
  });
  const { data, error, refetch } = useQuery(TUTOR_LESSONS, {
    context: TUTOR_CONTEXT,
    variables: { from: range.from, to: range.to },
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
  const lessons = data?.myLessons ?? [];
  if (lessons.length === 0) return null;
  const now = range.now;
  const toRecord = lessons.filter(
    (l) => l.state !== "DONE" && l.state !== "CANCEL" && Date.parse(l.startsAt) <= now,
  );
  const rest = lessons.filter((l) => !toRecord.includes(l));
  return (
    <section
      className="app-panel app-panel--left"
      aria-labelledby="tutor-lessons-title"
      data-testid="tutor-lessons"
    >
      <h2 id="tutor-lessons-title">내 수업 일정</h2>
      {toRecord.length > 0 ? (
        <>
          <h3>기록할 수업 {toRecord.length}건</h3>
          <ul className="lesson-rows">
            {toRecord.map((lesson) => (
              <li key={lesson.id}>
                <RecordForm lesson={lesson} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <ul className="lesson-rows">
        {rest.map((lesson) => (
          <li key={lesson.id} className="lesson-row">
            <span>
              {lessonWhen(lesson)} · {lesson.studentName} · {lesson.lectureTitle}
            </span>
            <span className="tutor-badge">{lesson.stateLabel}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function RecordForm({ lesson }: { lesson: Lesson }) {
  const id = useId();
  const [minutes, setMinutes] = useState(String(lesson.minutes));
  const [note, setNote] = useState("");
  const [record, { loading }] = useMutation(RECORD_LESSON, { context: TUTOR_CONTEXT });
  return (
    <form
      className="tutor-card lesson-record"
      data-testid="record-lesson"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        const value = Number(minutes);
        if (!/^\d{1,3}$/.test(minutes) || value > lesson.minutes) {
          toast.error(`수업한 시간은 0~${lesson.minutes}분으로 적어 주세요.`);
          return;
        }
        void record({
          variables: {
            input: {
              lessonId: lesson.id,
              minutes: value,
              ...(note.trim() ? { note: note.trim() } : {}),
            },
          },
        }).then(
          () => toast.success("수업을 기록했어요. 학부모님께 메모가 보여요."),
          (err: unknown) => toast.error(errorMessage(err)),
        );
      }}
    >
      <p id={`${id}-title`} className="tutor-card__name">
        {lessonWhen(lesson)} · {lesson.studentName} · {lesson.lectureTitle}
      </p>
      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-minutes`}>
          수업한 시간 (분, 최대 {lesson.minutes})
        </label>
        <input
          id={`${id}-minutes`}
          className="form-input"
          inputMode="numeric"
          maxLength={3}
          value={minutes}
          onChange={(e) => setMinutes(e.target.value)}
        />
      </div>
      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-note`}>
          학부모님께 남길 메모 (배운 내용, 숙제)
        </label>
        <textarea
          id={`${id}-note`}
          className="form-input"
          rows={3}
          maxLength={1000}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </div>
      <button type="submit" className="btn btn--primary" disabled={loading}>
        {loading ? "기록하는 중…" : "수업 기록하기"}
      </button>
    </form>
  );
}
