import { useMutation, useQuery } from "@apollo/client/react";
import { useState } from "react";
import { formatWon } from "../../../content/promotions";
import { useModalStore } from "../../../stores/modal-store";
import { PAYMENT_CONTEXT } from "../api/graphql";
import { CANCEL_SUBSCRIPTION, SUBSCRIPTIONS, type Subscription } from "../api/subscriptions";
import { lastPaidDay, seoulDotDate } from "@seoltab/domain";
import { NETWORK_ERROR_MESSAGE, serverMessage } from "../messages";

const STATUS_LABELS: Record<string, string> = {
  ACTIVE: "자동 결제 중",
  PAST_DUE: "결제 실패로 멈춤",
  CANCELLED: "해지됨",
};

const CANCEL_REASON_LABELS: Record<string, string> = {
  REFUNDED: "환불로 해지",
  USER_REQUEST: "직접 해지",
  STAFF: "고객센터에서 해지",
};

/** "2026.12.23" (Asia/Seoul) of an ISO instant. */
function seoulDate(iso: string): string {
  return seoulDotDate(new Date(iso));
}

/** The last day paid for, "2027.01.22", of a period whose exclusive end is `iso`. */
function lastDay(iso: string): string {
  return lastPaidDay(new Date(iso));
}

/**
 * 자동 결제 (issue #11 item 1): each monthly renewal of the student `userId` with its status,
 * amount, next charge (while renewing), last charge and the last day paid for, and
 * "자동 결제 해지" behind a confirmation. The outcome stays on the page (role=status), not only
 * in a toast; `onChanged` runs after a cancellation (the home reloads LECTURE_INFO, whose next
 * charge date goes). Nothing is shown when the student has no renewals.
 */
export function SubscriptionsPanel({
  userId,
  onChanged,
}: {
  userId: number;
  onChanged?: () => void;
}) {
  const { data, error, refetch } = useQuery(SUBSCRIPTIONS, {
    variables: { userId },
    context: PAYMENT_CONTEXT,
    fetchPolicy: "cache-and-network",
  });
  const list = data?.subscriptions ?? [];
  if (error && list.length === 0) {
    return (
      <section className="app-panel app-panel--left" aria-labelledby="subscriptions-title">
        <h2 id="subscriptions-title">자동 결제</h2>
        <div role="alert" className="pay-error">
          <p>{serverMessage(error) ?? NETWORK_ERROR_MESSAGE}</p>
          <button type="button" className="btn btn--secondary" onClick={() => void refetch()}>
            다시 시도
          </button>
        </div>
      </section>
    );
  }
  if (list.length === 0) return null;
  return (
    <section className="app-panel app-panel--left" aria-labelledby="subscriptions-title">
      <h2 id="subscriptions-title">자동 결제</h2>
      <ul className="lesson-list">
        {list.map((s) => (
          <li key={s.id} className="lesson-list__item">
            <SubscriptionCard subscription={s} onChanged={onChanged} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function SubscriptionCard({
  subscription: s,
  onChanged,
}: {
  subscription: Subscription;
  onChanged?: () => void;
}) {
  const openConfirm = useModalStore((m) => m.openConfirm);
  const [cancel, { loading }] = useMutation(CANCEL_SUBSCRIPTION, { context: PAYMENT_CONTEXT });
  const [outcome, setOutcome] = useState<{ kind: "done" | "error"; text: string } | null>(null);
  const renewing = s.status === "ACTIVE" || s.status === "PAST_DUE";
  const titleId = `subscription-${s.id}`;

  const onCancel = async () => {
    const confirmed = await openConfirm({
      title: "자동 결제를 해지할까요?",
      message: `${s.nextChargeAt ? `${seoulDate(s.nextChargeAt)}부터 ` : ""}더 결제되지 않아요. 이미 결제한 수업은 ${lastDay(s.paidUntil)}까지 이용할 수 있어요. 해지한 뒤 다시 이용하려면 새로 수강 신청해 주세요.`,
      confirmText: "해지하기",
      cancelText: "계속 이용하기",
    });
    if (!confirmed) return;
    try {
      const { data } = await cancel({ variables: { id: s.id } });
      if (!data) throw new Error("no data");
      setOutcome({ kind: "done", text: data.cancelSubscription.message });
      onChanged?.();
    } catch (error) {
      setOutcome({ kind: "error", text: serverMessage(error) ?? NETWORK_ERROR_MESSAGE });
    }
  };

  return (
    <article className="lesson-card" aria-labelledby={titleId}>
      <div className="lesson-card__top">
        <h3 id={titleId} className="lesson-card__title">
          {s.name}
        </h3>
        <span
          className={`lesson-state ${s.status === "ACTIVE" ? "lesson-state--active" : s.status === "PAST_DUE" ? "lesson-state--nopay" : "lesson-state--done"}`}
          data-testid="subscription-status"
        >
          {STATUS_LABELS[s.status] ?? s.status}
        </span>
      </div>
      <dl className="lesson-card__facts">
        <div>
          <dt>매달 결제 금액</dt>
          <dd>{formatWon(s.renewalAmount)}</dd>
        </div>
        {s.nextChargeAt ? (
          <div>
            <dt>다음 결제일</dt>
            <dd data-testid="subscription-next">{seoulDate(s.nextChargeAt)}</dd>
          </div>
        ) : null}
        {s.lastChargedAt ? (
          <div>
            <dt>마지막 결제일</dt>
            <dd data-testid="subscription-last">{seoulDate(s.lastChargedAt)}</dd>
          </div>
        ) : null}
        <div>
          <dt>이용 가능</dt>
          <dd>{lastDay(s.paidUntil)}까지</dd>
        </div>
        {s.status === "CANCELLED" && s.cancelledAt ? (
          <div>
            <dt>해지일</dt>
            <dd>
              {seoulDate(s.cancelledAt)}
              {s.cancelReason ? ` (${CANCEL_REASON_LABELS[s.cancelReason] ?? "해지"})` : ""}
            </dd>
          </div>
        ) : null}
      </dl>
      {outcome ? (
        <p
          role={outcome.kind === "error" ? "alert" : "status"}
          className={outcome.kind === "error" ? "pay-error" : "lesson-card__hint"}
          data-testid="subscription-outcome"
        >
          {outcome.text}
        </p>
      ) : null}
      {renewing ? (
        <div className="app-panel__actions app-panel__actions--left">
          <button
            type="button"
            className="btn btn--secondary"
            disabled={loading}
            aria-describedby={titleId}
            onClick={() => void onCancel()}
          >
            {loading ? "해지하는 중…" : "자동 결제 해지"}
          </button>
        </div>
      ) : null}
    </article>
  );
}
