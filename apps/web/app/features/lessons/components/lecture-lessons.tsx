import { useQuery } from "@apollo/client/react";
import { useState } from "react";
import { errorMessage } from "../../../lib/graphql-errors";
import { FAMILY_CONTEXT, LESSON_LEDGER } from "../api";
import { lessonWhen } from "./tutor-lessons";

/**
 * 수업 기록 (the family, on the lecture page): the ledger (held, minutes, cancelled, upcoming) and
 * each lesson, the held ones with the tutor's note, the next ones planned.
 */
export function LectureLessons({ lectureId }: { lectureId: string }) {
  const [now] = useState(() => Date.now());
  const { data, error } = useQuery(LESSON_LEDGER, {
    context: FAMILY_CONTEXT,
    variables: { lectureId },
    fetchPolicy: "network-only",
  });
  if (error) return <p role="alert">{errorMessage(error)}</p>;
  const ledger = data?.lessonLedger;
  if (!ledger || ledger.lessons.length === 0) return null;
  const held = ledger.lessons.filter((l) => l.state === "DONE").reverse();
  const planned = ledger.lessons.filter((l) => l.state === "RESERVATION" || l.state === "TUTORING");
  const waiting = planned.filter((l) => Date.parse(l.startsAt) <= now);
  const upcoming = planned.filter((l) => Date.parse(l.startsAt) > now).slice(0, 8);
  return (
    <section
      className="app-panel app-panel--left"
      aria-labelledby="lecture-lessons-title"
      data-testid="lecture-lessons"
    >
      <h2 id="lecture-lessons-title">수업 기록</h2>
      <p data-testid="lesson-ledger">
        지금까지 {ledger.held}회 ({ledger.heldMinutes}분) 수업했어요 · 취소 {ledger.cancelled}회 ·
        예정 {ledger.upcoming}회
      </p>
      {held.length > 0 ? (
        <ul className="lesson-rows">
          {held.map((lesson) => (
            <li key={lesson.id} className="lesson-row lesson-row--held">
              <strong>
                {lessonWhen(lesson)} · {lesson.heldMinutes}분
              </strong>
              {lesson.note ? <span data-testid="lesson-note">{lesson.note}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {waiting.length > 0 ? (
        <ul className="lesson-rows">
          {waiting.map((lesson) => (
            <li key={lesson.id} className="lesson-row">
              {lessonWhen(lesson)} · 선생님 기록 대기
            </li>
          ))}
        </ul>
      ) : null}
      {upcoming.length > 0 ? (
        <>
          <h3>다가오는 수업</h3>
          <ul className="lesson-rows">
            {upcoming.map((lesson) => (
              <li key={lesson.id} className="lesson-row">
                {lessonWhen(lesson)} · {lesson.minutes}분
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
