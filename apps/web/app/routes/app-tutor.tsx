import { CalendarSubscribe } from "../features/lessons/components/calendar";
import { TutorLectureChanges } from "../features/lecture-changes/components/tutor-lecture-changes";
import { TutorLessons } from "../features/lessons/components/tutor-lessons";
import { TutorSuggestions } from "../features/matching/components/tutor-suggestions";
import { TutorWorkspace } from "../features/tutor-applications/components/tutor-workspace";
import { useRootStore } from "../stores/root-store";
import "../styles/accounts.css";
import "../features/tutor-applications/tutor-applications.css";
import "../features/lectures/lectures.css";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/app-tutor";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    pageTitle("선생님 지원"),
    "설탭 선생님 지원서와 지원 현황, 선생님 프로필을 관리하는 페이지예요.",
  );

/**
 * /_app/tutor (inside the app shell): the tutor's application from the resume to ACTIVE and
 * the profile after it (docs/api/tutor-applications.md), and the lesson suggestions staff sent
 * (docs/api/matching.md).
 */
export default function AppTutor() {
  const auth = useRootStore((state) => state.auth);
  const tutor = auth.flag && auth.data?.USER_TYPE === "TEACHER";
  return (
    <>
      <TutorWorkspace />
      {tutor ? (
        <div className="tutor-workspace tutor-workspace--more">
          <TutorLessons />
          <TutorLectureChanges />
          <TutorSuggestions />
          <CalendarSubscribe who="tutor" />
        </div>
      ) : null}
    </>
  );
}
