import { useQuery } from "@apollo/client/react";
import type { LectureChangeKind } from "@seoltab/domain/lecture-changes";
import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { toast } from "react-toastify";
import { blocksText } from "../../../components/ui/weekly-blocks-editor";
import { errorMessage } from "../../../lib/graphql-errors";
import {
  FAMILY_CONTEXT,
  LECTURE_CHANGES,
  LECTURE_PAYMENT,
  changeKindOf,
  fetchChangeForm,
  type ChangeForm,
} from "../api";
import { ChangeRows } from "./change-row";
import { ChangeRequestForm } from "./change-request-form";

/** Lecture states in which the section is shown (running, or looking for a new tutor). */
const SHOWN_STATES = new Set(["MATCHED", "ACTIVE", "REMATCH", "REMATCH_B"]);

type FormState =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; form: ChangeForm };

/** The lecture page's queries an answer may change (its state, its lessons). */
const FAMILY_REFETCH = ["Lecture", "LessonLedger"];

/** The refund page of the payment a lecture was bought with. */
export function refundPathOf(paymentId: string): string {
  return `/_app/payments/${encodeURIComponent(paymentId)}/refund`;
}

/**
 * 수업 변경 (the family, on the lecture page; docs/api/lecture-changes.md): the change form from
 * the phoenix call (which kinds may be asked now, a disabled one with its Korean reason), a form
 * per kind, and the requests — waiting ones first, with 취소 for their own and 수락/거절 for a
 * tutor's — and the past ones with their state. After asking to stop, a link to the refund page
 * of the lecture's payment. Every error is the server's message with 다시 시도.
 */
export function LectureChanges({ lectureId }: { lectureId: string }) {
  const [formState, setFormState] = useState<FormState>({ status: "loading" });
  const [chosen, setChosen] = useState<LectureChangeKind | null>(null);
  const [reload, setReload] = useState(0);
  const changes = useQuery(LECTURE_CHANGES, {
    context: FAMILY_CONTEXT,
    variables: { lectureId },
    fetchPolicy: "network-only",
  });
  const payment = useQuery(LECTURE_PAYMENT, {
    context: FAMILY_CONTEXT,
    variables: { lectureId },
  });

  useEffect(() => {
    let live = true;
    fetchChangeForm(lectureId).then(
      (form) => live && setFormState({ status: "ready", form }),
      (err: unknown) => live && setFormState({ status: "error", message: errorMessage(err) }),
    );
    return () => {
      live = false;
    };
  }, [lectureId, reload]);

  const refresh = useCallback(() => {
    setReload((n) => n + 1);
    void changes.refetch();
  }, [changes]);

  if (formState.status === "error" || changes.error) {
    return (
      <section className="app-panel app-panel--left" role="alert" data-testid="lecture-changes">
        <h2>수업 변경</h2>
        <p>{formState.status === "error" ? formState.message : errorMessage(changes.error)}</p>
        <div className="change-row__buttons">
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => {
              setFormState({ status: "loading" });
              refresh();
            }}
          >
            다시 시도
          </button>
          <Link to="/_app" className="btn btn--ghost">
            내 학습 공간으로
          </Link>
        </div>
      </section>
    );
  }
  if (formState.status === "loading" || !changes.data) return null;
  const form = formState.form;
  const all = changes.data.lectureChanges;
  if (!SHOWN_STATES.has(form.lectureState) && all.length === 0) return null;
  const open = all.filter((c) => c.state === "RECEIVED");
  const past = all.filter((c) => c.state !== "RECEIVED");
  const paymentId = payment.data?.lecture?.paymentId ?? null;
  const stopAsked = all.some(
    (c) => c.kind === "STOP" && c.state !== "DECLINED" && c.state !== "CANCELLED",
  );
  const rematching = form.lectureState === "REMATCH" || form.lectureState === "REMATCH_B";

  return (
    <section
      className="app-panel app-panel--left"
      aria-labelledby="lecture-changes-title"
      data-testid="lecture-changes"
    >
      <h2 id="lecture-changes-title">수업 변경</h2>
      {rematching ? (
        <p className="form-alert form-alert--info" data-testid="rematching">
          선생님 변경 중이에요. 운영팀이 새 선생님을 찾고 있어요. 지금까지의 수업 기록은 그대로
          남아요.
        </p>
      ) : null}
      {form.weeklyPlan.length > 0 ? (
        <p>
          지금 시간표: 매주 {blocksText(form.weeklyPlan)}
          {form.tutorName && !rematching ? ` · ${form.tutorName} 선생님` : ""}
        </p>
      ) : null}

      {stopAsked && paymentId ? (
        <p className="form-alert form-alert--info" data-testid="stop-refund">
          수업 그만하기를 신청했어요. 환불 금액을 확인하고 환불을 요청해 주세요.{" "}
          <Link to={refundPathOf(paymentId)}>환불 신청하러 가기</Link>
        </p>
      ) : null}

      {chosen ? (
        <ChangeRequestForm
          key={chosen}
          form={form}
          kind={chosen}
          context={FAMILY_CONTEXT}
          onClose={() => setChosen(null)}
          onDone={(change) => {
            toast.success(
              change.decidedBy === "STAFF"
                ? "변경 요청을 보냈어요. 운영팀이 확인해요."
                : "변경 요청을 보냈어요. 선생님이 수락하면 바뀌어요.",
            );
            setChosen(null);
            refresh();
          }}
        />
      ) : (
        <ul className="change-kinds" aria-label="바꿀 수 있는 것">
          {form.kinds.map((k) => (
            <li key={k.kind}>
              <button
                type="button"
                className="btn btn--secondary btn--block"
                disabled={!k.allowed}
                aria-describedby={k.reason ? `change-kind-${k.kind}` : undefined}
                onClick={() => setChosen(changeKindOf(k.kind))}
              >
                {k.label}
              </button>
              {k.reason ? (
                <p id={`change-kind-${k.kind}`} className="change-kinds__reason">
                  {k.reason}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}

      {open.length > 0 ? (
        <>
          <h3>답을 기다리는 요청</h3>
          <ChangeRows
            changes={open}
            context={FAMILY_CONTEXT}
            onDone={refresh}
            refetchQueries={FAMILY_REFETCH}
          />
        </>
      ) : null}
      {past.length > 0 ? (
        <>
          <h3>지난 요청</h3>
          <ChangeRows
            changes={past}
            context={FAMILY_CONTEXT}
            onDone={refresh}
            refetchQueries={FAMILY_REFETCH}
          />
        </>
      ) : null}
    </section>
  );
}
