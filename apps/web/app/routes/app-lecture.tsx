import { useParams } from "react-router";
import { LecturePage } from "../features/lectures/components/lecture-page";
import { CycleReviewCard } from "../features/cycle-reviews/components/cycle-review-card";
import { LectureChanges } from "../features/lecture-changes/components/lecture-changes";
import { LectureLessons } from "../features/lessons/components/lecture-lessons";
import { OffersPanel } from "../features/matching/components/offers";
import { StudentDiagnoses } from "../features/diagnosis/components/student-diagnoses";
import "../features/diagnosis/diagnosis.css";
import "../styles/accounts.css";
import "../features/tutor-applications/tutor-applications.css";
import "../features/lectures/lectures.css";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/app-lecture";

export const meta: Route.MetaFunction = () =>
  pageMeta(pageTitle("내 수업"), "수업 신청서와 선생님 매칭 현황을 확인하는 페이지예요.");

/**
 * /_app/lectures/:lectureId (inside the app shell): a lecture's request form and the search for
 * its tutor (docs/api/lectures.md, docs/api/matching.md).
 */
export default function AppLecture() {
  const { lectureId = "" } = useParams();
  return (
    <LecturePage
      key={lectureId}
      lectureId={lectureId}
      matching={({ subjectName, onMatched }) => (
        <>
          <CycleReviewCard lectureId={lectureId} />
          <LectureLessons lectureId={lectureId} />
          <LectureChanges lectureId={lectureId} />
          <StudentDiagnoses lectureId={lectureId} />
          <OffersPanel lectureId={lectureId} subjectName={subjectName} onMatched={onMatched} />
        </>
      )}
    />
  );
}
