import { useMutation, useQuery } from "@apollo/client/react";
import { useState } from "react";
import { toast } from "react-toastify";
import { errorMessage } from "../../../lib/graphql-errors";
import {
  CREATE_CALENDAR_FEED,
  FAMILY_CONTEXT,
  FAMILY_LESSONS,
  REVOKE_CALENDAR_FEED,
  TUTOR_CONTEXT,
} from "../api";
import { lessonWhen } from "./tutor-lessons";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * 이번 주 수업 (the app home): the student's lessons of the next 7 days (a parent: the chosen
 * child's), with the tutor and what was recorded.
 */
export function WeekLessons({ userId }: { userId: number }) {
  const [range] = useState(() => {
    const at = Date.now();
    return {
      from: new Date(at - DAY_MS / 2).toISOString(),
      to: new Date(at + 7 * DAY_MS).toISOString(),
    };
  });
  const { data, error } = useQuery(FAMILY_LESSONS, {
    context: FAMILY_CONTEXT,
    variables: { ...range, userId },
    fetchPolicy: "network-only",
  });
  if (error) return null;
  const lessons = (data?.myLessons ?? []).filter((l) => l.state !== "CANCEL");
  if (lessons.length === 0) return null;
  return (
    <section
      className="app-panel app-panel--left"
      aria-labelledby="week-lessons-title"
      data-testid="week-lessons"
    >
      <h2 id="week-lessons-title">이번 주 수업</h2>
      <ul className="lesson-rows">
        {lessons.map((l) => (
          <li key={l.id} className="lesson-row">
            <span>
              {lessonWhen(l)} · {l.lectureTitle}
              {l.tutorName ? ` · ${l.tutorName} 선생님` : ""}
            </span>
            <span className="tutor-badge">{l.stateLabel}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * 캘린더 구독: a private iCalendar URL of the person's lessons for any calendar app (shown once;
 * a new one replaces the old, 구독 끊기 revokes it). `who`: the tutor's lessons (workspace) or
 * the family's (matching).
 */
export function CalendarSubscribe({ who }: { who: "tutor" | "family" }) {
  const context = who === "tutor" ? TUTOR_CONTEXT : FAMILY_CONTEXT;
  const [url, setUrl] = useState<string | null>(null);
  const [create, creating] = useMutation(CREATE_CALENDAR_FEED, { context });
  const [revoke, revoking] = useMutation(REVOKE_CALENDAR_FEED, { context });
  return (
    <section
      className="app-panel app-panel--left"
      aria-labelledby={`calendar-${who}-title`}
      data-testid="calendar-feed"
    >
      <h2 id={`calendar-${who}-title`}>캘린더 구독</h2>
      <p>
        수업 일정을 휴대폰이나 컴퓨터의 캘린더 앱에서 볼 수 있어요. 주소는 나만 알고 있어야 해요.
      </p>
      {url ? (
        <p className="calendar-url">
          <code data-testid="calendar-url">{url}</code>
        </p>
      ) : null}
      <div className="app-panel__actions app-panel__actions--left">
        <button
          type="button"
          className="btn btn--secondary"
          disabled={creating.loading}
          onClick={() =>
            void create().then(
              (r) => {
                const path = r.data?.createCalendarFeed.path;
                if (path) setUrl(`${window.location.origin}${path}`);
                toast.success("새 캘린더 주소를 만들었어요. 예전 주소는 더 이상 쓸 수 없어요.");
              },
              (err: unknown) => toast.error(errorMessage(err)),
            )
          }
        >
          {url ? "새 주소 만들기" : "캘린더 주소 만들기"}
        </button>
        <button
          type="button"
          className="btn btn--ghost"
          disabled={revoking.loading}
          onClick={() =>
            void revoke().then(
              () => {
                setUrl(null);
                toast.success("캘린더 구독을 끊었어요.");
              },
              (err: unknown) => toast.error(errorMessage(err)),
            )
          }
        >
          구독 끊기
        </button>
      </div>
    </section>
  );
}
