import { Link } from "react-router";
import type { StudentInfoState } from "../api/student-info";
import { LECTURE_STATE_HINTS, lectureStateLabel, seoulDate, seoulDateTime } from "../labels";
import type { Lesson } from "../lessons";
import type { LectureState } from "@seoltab/domain";

/**
 * 내 수업: the lectures of LECTURE_INFO (docs/api/accounts.md) with their title, months, state
 * in Korean, paid period and next monthly charge in Asia/Seoul. `state` comes from
 * useStudentInfo; a failure offers 다시 시도, no lectures offer 수강 신청.
 */
export function MyLessons({
  state,
  retry,
  headingId = "lessons-title",
  title = "내 수업",
}: {
  state: StudentInfoState;
  retry: () => void;
  headingId?: string;
  title?: string;
}) {
  return (
    <section
      className="app-panel app-panel--left account-lessons"
      aria-labelledby={headingId}
      aria-busy={state.status === "loading" || undefined}
    >
      <h2 id={headingId}>{title}</h2>
      {state.status === "loading" ? (
        <p role="status">수업 정보를 불러오는 중이에요…</p>
      ) : state.status === "error" ? (
        <div role="alert" className="pay-error">
          <p>{state.message}</p>
          <button type="button" className="btn btn--secondary" onClick={retry}>
            다시 시도
          </button>
        </div>
      ) : state.lessons.length === 0 ? (
        <>
          <p>아직 수강 중인 수업이 없어요.</p>
          <div className="app-panel__actions app-panel__actions--left">
            <Link to="/_app/enrollment" className="btn btn--primary">
              수강 신청하기
            </Link>
          </div>
        </>
      ) : (
        <ul className="lesson-list">
          {state.lessons.map((lesson) => (
            <li key={lesson.LECTURE_NO} className="lesson-list__item">
              <LessonCard lesson={lesson} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function LessonCard({ lesson }: { lesson: Lesson }) {
  const hint = LECTURE_STATE_HINTS[lesson.STATE as LectureState];
  const start = seoulDate(lesson.START_AT);
  const end = seoulDate(lesson.END_AT);
  const next = seoulDate(lesson.NEXT_CHARGE_AT);
  const nextLesson = seoulDateTime(lesson.NEXT_LESSON_AT);
  return (
    <article className="lesson-card" aria-labelledby={`lesson-${lesson.LECTURE_NO}`}>
      <div className="lesson-card__top">
        <h3 id={`lesson-${lesson.LECTURE_NO}`} className="lesson-card__title">
          {lesson.TITLE}
        </h3>
        <span className={`lesson-state lesson-state--${lesson.STATE.toLowerCase()}`}>
          {lectureStateLabel(lesson.STATE)}
        </span>
      </div>
      <dl className="lesson-card__facts">
        <div>
          <dt>수강 기간</dt>
          <dd>{lesson.MONTHS}개월</dd>
        </div>
        {start && end ? (
          <div>
            <dt>이용 기간</dt>
            <dd>
              {start} ~ {end}
            </dd>
          </div>
        ) : null}
        {nextLesson ? (
          <div>
            <dt>다음 수업</dt>
            <dd data-testid="lesson-next">{nextLesson}</dd>
          </div>
        ) : null}
        {next ? (
          <div>
            <dt>다음 결제일</dt>
            <dd>{next}</dd>
          </div>
        ) : null}
      </dl>
      {lesson.TUTOR_NAME ? (
        <p className="lesson-card__tutor" data-testid="lesson-tutor">
          담당 선생님: {lesson.TUTOR_NAME} 선생님
        </p>
      ) : null}
      {hint ? (
        <p className="lesson-card__hint">
          {hint.text} <Link to={hint.to}>{hint.link}</Link>
        </p>
      ) : null}
      {lesson.LECTURE_ID ? (
        <div className="app-panel__actions app-panel__actions--left">
          <Link
            to={`/_app/lectures/${lesson.LECTURE_ID}`}
            className={lesson.STATE === "REGISTER" ? "btn btn--primary" : "btn btn--secondary"}
          >
            {lesson.STATE === "REGISTER"
              ? "수업 신청서 쓰기"
              : lesson.STATE === "READY"
                ? "매칭 현황 보기"
                : "수업 자세히 보기"}
          </Link>
        </div>
      ) : null}
    </article>
  );
}
