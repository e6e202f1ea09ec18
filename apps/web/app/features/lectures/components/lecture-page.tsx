import { useQuery } from "@apollo/client/react";
import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import { toast } from "react-toastify";
import { blocksText } from "../../../components/ui/weekly-blocks-editor";
import { errorMessage } from "../../../lib/graphql-errors";
import { useSubjectOptions } from "../../../lib/taxonomy";
import { useRootStore } from "../../../stores/root-store";
import { LECTURE, LESSON_REQUEST, MATCHING_CONTEXT, cancelLessonRequest } from "../api";
import { LessonRequestFormPanel } from "./lesson-request-form";

const STATE_LABELS: Record<string, string> = {
  REGISTER: "수업 신청서 작성 필요",
  READY: "선생님 찾는 중",
  MATCHED: "선생님 매칭 완료",
  ACTIVE: "수업 중",
  REMATCH: "선생님 변경 중",
  REMATCH_B: "선생님 변경 중",
  NOPAY: "결제 대기",
  NOCARD: "결제 카드 등록 필요",
  FINISH: "수강 종료(환불)",
  AUTO_FINISH: "수강 종료",
  DONE: "수강 종료",
};

/**
 * /_app/lectures/:lectureId — one lecture for its family: the state, the lesson request form
 * while it is needed (a draft saved as typed), the submitted form with 신청 취소 before a tutor
 * is chosen, and `matching` (the search and the tutors to choose from, from the matching area).
 */
export function LecturePage({
  lectureId,
  matching,
}: {
  lectureId: string;
  matching: (props: { subjectName: (id: number) => string; onMatched: () => void }) => ReactNode;
}) {
  const auth = useRootStore((state) => state.auth);
  const signedIn = auth.flag && auth.data !== null;
  const subjects = useSubjectOptions();
  const lecture = useQuery(LECTURE, {
    context: MATCHING_CONTEXT,
    variables: { lectureId },
    fetchPolicy: "network-only",
    skip: !signedIn,
  });
  const request = useQuery(LESSON_REQUEST, {
    context: MATCHING_CONTEXT,
    variables: { lectureId },
    fetchPolicy: "network-only",
    skip: !signedIn,
  });
  const [cancelling, setCancelling] = useState(false);

  if (!signedIn) {
    return (
      <section className="app-panel">
        <h1>로그인이 필요해요</h1>
        <div className="app-panel__actions">
          <Link to="/sign_in" className="btn btn--primary btn--lg">
            로그인하기
          </Link>
        </div>
      </section>
    );
  }
  const error = lecture.error ?? request.error;
  if (error) {
    return (
      <section className="app-panel" role="alert">
        <h1>수업을 불러오지 못했어요</h1>
        <p>{errorMessage(error)}</p>
        <div className="app-panel__actions">
          <Link to="/_app" className="btn btn--primary btn--lg">
            내 학습 공간으로
          </Link>
        </div>
      </section>
    );
  }
  if (!lecture.data?.lecture || !request.data) {
    return (
      <section className="app-panel" aria-busy="true">
        <p>수업을 불러오는 중이에요…</p>
      </section>
    );
  }
  const l = lecture.data.lecture;
  const r = request.data.lessonRequest;
  const subjectName = (id: number) => subjects.find((s) => s.id === id)?.name ?? String(id);
  const refresh = () => {
    void lecture.refetch();
    void request.refetch();
  };

  return (
    <div className="tutor-workspace">
      <section className="app-panel app-panel--left" aria-labelledby="lecture-title">
        <h1 id="lecture-title">{l.title}</h1>
        <p className="tutor-status__state">
          <span className="tutor-badge" data-testid="lecture-state">
            {STATE_LABELS[l.state] ?? l.state}
          </span>
          <span className="tutor-status__attempt">{l.months}개월</span>
        </p>
        {l.state === "REMATCH" || l.state === "REMATCH_B" ? (
          <p data-testid="lecture-tutor">
            새 선생님을 찾고 있어요. 고르신 선생님과 시간이 정해지면 수업이 다시 잡혀요.
          </p>
        ) : l.tutorName ? (
          <p data-testid="lecture-tutor">
            <strong>담당 선생님</strong> {l.tutorName} 선생님 · 매주 {blocksText(l.weeklyPlan)}
          </p>
        ) : null}
        <div className="app-panel__actions app-panel__actions--left">
          <Link to="/_app" className="btn btn--ghost">
            내 학습 공간으로
          </Link>
        </div>
      </section>

      {l.state === "REGISTER" ? (
        <section className="app-panel app-panel--left">
          <LessonRequestFormPanel
            key={r.id ?? "new"}
            request={r}
            subjects={subjects}
            onSubmitted={refresh}
          />
        </section>
      ) : null}

      {r.state === "SUBMITTED" && l.state === "READY" ? (
        <section className="app-panel app-panel--left" aria-labelledby="request-summary-title">
          <h2 id="request-summary-title">보낸 신청서</h2>
          <p>
            {r.form.schoolName} ·{" "}
            {r.form.lectureSubjectId ? subjectName(r.form.lectureSubjectId) : ""} · 가능한 시간{" "}
            {blocksText(r.form.schedules)}
          </p>
          <button
            type="button"
            className="btn btn--secondary"
            disabled={cancelling}
            onClick={() => {
              if (!r.id) return;
              setCancelling(true);
              cancelLessonRequest(r.id)
                .then(
                  () => {
                    toast.success("수업 신청을 취소했어요. 신청서를 고쳐 다시 보낼 수 있어요.");
                    refresh();
                  },
                  (err: unknown) => toast.error(errorMessage(err)),
                )
                .finally(() => setCancelling(false));
            }}
          >
            신청 취소하고 고치기
          </button>
        </section>
      ) : null}

      {l.state !== "REGISTER" ? matching({ subjectName, onMatched: refresh }) : null}
    </div>
  );
}
