import { useQuery } from "@apollo/client/react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { errorMessage } from "../../../lib/graphql-errors";
import { MATCHING_CONTEXT, MY_LECTURES } from "../api";

/** States in which a family is still on the way to the first lesson. */
const IN_PROGRESS = ["REGISTER", "READY", "MATCHED"];

/**
 * The student's lectures on the way to the first lesson (/home_pre_member): each with the way to
 * its page, and `offers` (the matching area's progress and tutors to choose, given by the route).
 */
export function LecturesInProgress({
  userId,
  offers,
}: {
  userId: number;
  offers: (lectureId: string) => ReactNode;
}) {
  const { data, error } = useQuery(MY_LECTURES, {
    context: MATCHING_CONTEXT,
    variables: { userId },
    fetchPolicy: "network-only",
  });
  if (error) return <p role="alert">{errorMessage(error)}</p>;
  const lectures = (data?.myLectures ?? []).filter((l) => IN_PROGRESS.includes(l.state));
  if (lectures.length === 0) return null;
  return (
    <div className="tutor-workspace" data-testid="lectures-in-progress">
      {lectures.map((lecture) => (
        <section key={lecture.id} className="app-panel app-panel--left" aria-label={lecture.title}>
          <h2>{lecture.title}</h2>
          {lecture.state === "REGISTER" ? (
            <p>수업 신청서를 보내 주시면 선생님을 찾기 시작해요.</p>
          ) : null}
          <div className="app-panel__actions app-panel__actions--left">
            <Link to={`/_app/lectures/${lecture.id}`} className="btn btn--secondary">
              {lecture.state === "REGISTER" ? "수업 신청서 쓰기" : "수업 자세히 보기"}
            </Link>
          </div>
          {lecture.state !== "REGISTER" ? offers(lecture.id) : null}
        </section>
      ))}
    </div>
  );
}
