import { useQuery } from "@apollo/client/react";
import type { LectureChangeKind } from "@seoltab/domain/lecture-changes";
import { useState } from "react";
import { toast } from "react-toastify";
import { blocksText } from "../../../components/ui/weekly-blocks-editor";
import { errorMessage } from "../../../lib/graphql-errors";
import { TUTOR_LESSONS } from "../../lessons/api";
import { LECTURE_CHANGE_FORM, TUTOR_CONTEXT, changeKindOf } from "../api";
import { ChangeRows } from "./change-row";
import { ChangeRequestForm } from "./change-request-form";

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a tutor may ask from this section. */
const TUTOR_KINDS: readonly LectureChangeKind[] = ["MOVE_LESSON", "CHANGE_PLAN"];

/** The tutor's page queries an accepted change alters. */
const TUTOR_REFETCH = ["TutorLessons"];

/**
 * 수업 변경 요청 (the tutor, /_app/tutor beside 내 수업 일정): per lecture with lessons in the
 * next four weeks, the requests waiting for the tutor (수락/거절 with an optional note) and the
 * tutor's own waiting ones (취소), and a way to ask to move one lesson or change the weekly plan
 * (a reason is always required; inside 24 hours it counts as a late change).
 */
export function TutorLectureChanges() {
  const [range] = useState(() => {
    const at = Date.now();
    return {
      from: new Date(at - DAY_MS).toISOString(),
      to: new Date(at + 28 * DAY_MS).toISOString(),
    };
  });
  const { data, error, refetch } = useQuery(TUTOR_LESSONS, {
    context: TUTOR_CONTEXT,
    variables: range,
    fetchPolicy: "network-only",
  });
  if (error) {
    return (
      <section className="app-panel app-panel--left" role="alert">
        <h2>수업 변경 요청</h2>
        <p>{errorMessage(error)}</p>
        <button type="button" className="btn btn--secondary" onClick={() => void refetch()}>
          다시 시도
        </button>
      </section>
    );
  }
  const lectures = new Map<string, { title: string; studentName: string }>();
  for (const l of data?.myLessons ?? []) {
    if (!lectures.has(l.lectureId)) {
      lectures.set(l.lectureId, { title: l.lectureTitle, studentName: l.studentName });
    }
  }
  if (lectures.size === 0) return null;
  return (
    <section
      className="app-panel app-panel--left"
      aria-labelledby="tutor-changes-title"
      data-testid="tutor-lecture-changes"
    >
      <h2 id="tutor-changes-title">수업 변경 요청</h2>
      <p className="form-field__hint">
        수업을 옮기거나 요일·시간을 바꿀 때는 이유를 꼭 적어 주세요. 수업 24시간 안의 변경은 늦은
        변경으로 기록돼요.
      </p>
      <ul className="change-rows">
        {[...lectures.entries()].map(([lectureId, l]) => (
          <li key={lectureId}>
            <TutorLectureCard lectureId={lectureId} title={l.title} studentName={l.studentName} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function TutorLectureCard({
  lectureId,
  title,
  studentName,
}: {
  lectureId: string;
  title: string;
  studentName: string;
}) {
  const [chosen, setChosen] = useState<LectureChangeKind | null>(null);
  const { data, error, refetch } = useQuery(LECTURE_CHANGE_FORM, {
    context: TUTOR_CONTEXT,
    variables: { lectureId },
    fetchPolicy: "network-only",
  });
  const refresh = () => void refetch();
  if (error) {
    return (
      <div className="tutor-card" role="alert">
        <p className="tutor-card__name">
          {studentName} · {title}
        </p>
        <p>{errorMessage(error)}</p>
        <button type="button" className="btn btn--secondary" onClick={refresh}>
          다시 시도
        </button>
      </div>
    );
  }
  const form = data?.lectureChangeForm;
  if (!form) return null;
  const waiting = form.openRequests.filter((c) => c.canRespond);
  const mine = form.openRequests.filter((c) => !c.canRespond);
  const kinds = form.kinds.filter((k) => TUTOR_KINDS.some((t) => t === k.kind));
  return (
    <div
      className="tutor-card change-card"
      data-testid="tutor-lecture"
      aria-label={`${studentName} · ${title}`}
    >
      <p className="tutor-card__name">
        {studentName} · {title}
      </p>
      {form.weeklyPlan.length > 0 ? <p>매주 {blocksText(form.weeklyPlan)}</p> : null}
      {waiting.length > 0 ? (
        <>
          <p>
            <strong>답이 필요한 요청 {waiting.length}건</strong>
          </p>
          <ChangeRows
            changes={waiting}
            context={TUTOR_CONTEXT}
            onDone={refresh}
            refetchQueries={TUTOR_REFETCH}
          />
        </>
      ) : null}
      <ChangeRows changes={mine} context={TUTOR_CONTEXT} onDone={refresh} />
      {chosen ? (
        <ChangeRequestForm
          key={chosen}
          form={form}
          kind={chosen}
          context={TUTOR_CONTEXT}
          onClose={() => setChosen(null)}
          onDone={(change) => {
            toast.success(
              change.late
                ? "변경 요청을 보냈어요. 수업 24시간 안의 변경이라 늦은 변경으로 기록돼요."
                : "변경 요청을 보냈어요. 학생·학부모가 수락하면 바뀌어요.",
            );
            setChosen(null);
            refresh();
          }}
        />
      ) : (
        <ul className="change-kinds change-kinds--inline" aria-label="변경 요청하기">
          {kinds.map((k) => (
            <li key={k.kind}>
              <button
                type="button"
                className="btn btn--secondary"
                disabled={!k.allowed}
                onClick={() => setChosen(changeKindOf(k.kind))}
              >
                {k.label}
              </button>
              {k.reason ? <p className="change-kinds__reason">{k.reason}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
