import { useEffect, useState } from "react";
import { Link } from "react-router";
import { validateLessonRequest } from "../api";

/**
 * Right after payment (/payment_finish): "now tell us about the student" — for each paid lecture
 * line whose form can be written now (hub /request-form/validation), a way to the lesson request
 * form. Nothing is shown for lines that cannot (already submitted, unpaid).
 */
export function LessonRequestCallout({ lectureLineIds }: { lectureLineIds: number[] }) {
  const [lectureIds, setLectureIds] = useState<number[]>([]);
  const key = lectureLineIds.join(",");
  useEffect(() => {
    let live = true;
    Promise.all(
      key
        .split(",")
        .filter(Boolean)
        .map((line) => validateLessonRequest(Number(line)).catch(() => null)),
    ).then((results) => {
      if (!live) return;
      setLectureIds(results.flatMap((r) => (r?.VALID && r.LECTURE_ID ? [r.LECTURE_ID] : [])));
    });
    return () => {
      live = false;
    };
  }, [key]);
  if (lectureIds.length === 0) return null;
  return (
    <section
      className="app-panel app-panel--left"
      aria-labelledby="request-callout-title"
      data-testid="request-callout"
    >
      <h2 id="request-callout-title">이제 학생에 대해 알려 주세요</h2>
      <p>
        수업 신청서를 보내 주시면 담당 매니저가 학생에게 맞는 선생님을 찾기 시작해요. 쓰다가 나가도
        자동으로 저장돼요.
      </p>
      <div className="app-panel__actions app-panel__actions--left">
        {lectureIds.map((id, index) => (
          <Link key={id} to={`/_app/lectures/${id}`} className="btn btn--primary btn--lg">
            수업 신청서 쓰기{lectureIds.length > 1 ? ` ${index + 1}` : ""}
          </Link>
        ))}
      </div>
    </section>
  );
}
