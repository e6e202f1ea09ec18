import { mayPerform } from "@seoltab/domain/admin";
import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { useRootStore } from "../../../stores/root-store";
import { decideRefund, refundQueue, type QueuedRefund } from "../api";
import { seoulTime, stateLabel, won } from "../format";
import { restErrorText } from "../../../lib/rest-errors";
import { ConsoleActionFields, ConsoleConfirmStep, useConsoleAction } from "./console-action";
import { ConsoleError, ConsoleFrame } from "./console-frame";
import {
  EMPTY_REFUND_ACCOUNT,
  RefundAccountFields,
  refundAccountProblem,
} from "./refund-account-fields";

function Decision({ request, onDone }: { request: QueuedRefund; onDone: (m: string) => void }) {
  const [decision, setDecision] = useState<"APPROVE" | "REJECT">("APPROVE");
  const remaining = Math.min(
    request.ITEMS.reduce((s, i) => s + i.PAID_PRICE - i.REFUNDED_AMOUNT, 0),
    request.PAID_PRICE - request.REFUNDED_AMOUNT,
  );
  const [amount, setAmount] = useState(String(Math.min(request.AMOUNT, remaining)));
  const act = useConsoleAction({ reasonCode: "LEGAL_REFUND", onDone });
  // A card refund paid to a bank account instead (card expired or closed): a staff transfer.
  const [toBank, setToBank] = useState(false);
  const [account, setAccount] = useState(EMPTY_REFUND_ACCOUNT);
  const staffTransfer = decision === "APPROVE" && request.CHANNEL === "CARD" && toBank;
  const value = Number(amount);

  const confirm = () =>
    act.send(async (base) => {
      const r = await decideRefund({
        ...base,
        REFUND_REQUEST_ID: request.REFUND_REQUEST_ID,
        DECISION: decision,
        ...(decision === "APPROVE" ? { AMOUNT: value } : {}),
        ...(staffTransfer ? { CHANNEL: "BANK" as const, REFUND_ACCOUNT: account } : {}),
      });
      return `환불 #${r.REFUND_REQUEST.REFUND_REQUEST_ID}: ${stateLabel(r.REFUND_REQUEST.STATE)}`;
    });

  return (
    <form
      className="console-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (decision === "APPROVE" && (!(value >= 1) || value > remaining)) {
          act.fail(`환불 금액은 1원부터 ${won(remaining)}까지예요.`);
          return;
        }
        const accountProblem = staffTransfer ? refundAccountProblem(account) : null;
        if (accountProblem) return act.fail(accountProblem);
        act.review();
      }}
    >
      <fieldset className="console-filter">
        <legend>결정</legend>
        <label className="console-chip">
          <input
            type="radio"
            checked={decision === "APPROVE"}
            onChange={() => setDecision("APPROVE")}
          />
          승인
        </label>
        <label className="console-chip">
          <input
            type="radio"
            checked={decision === "REJECT"}
            onChange={() => {
              setDecision("REJECT");
              act.reason.onCode("POLICY_WINDOW_PASSED");
            }}
          />
          거절
        </label>
      </fieldset>
      {decision === "APPROVE" ? (
        <>
          <label htmlFor={`amount-${request.REFUND_REQUEST_ID}`}>
            환불 금액 (원, 최대 {won(remaining)})
          </label>
          <input
            id={`amount-${request.REFUND_REQUEST_ID}`}
            inputMode="numeric"
            value={amount}
            onChange={(e) => setAmount(e.target.value.replace(/\D/g, ""))}
          />
          {request.CHANNEL === "CARD" ? (
            <label className="console-chip">
              <input
                type="checkbox"
                checked={toBank}
                onChange={(e) => setToBank(e.target.checked)}
              />
              카드 대신 계좌로 이체 (카드 만료·해지)
            </label>
          ) : null}
          {staffTransfer ? <RefundAccountFields value={account} onChange={setAccount} /> : null}
        </>
      ) : null}
      <ConsoleActionFields action={act} />
      <ConsoleConfirmStep
        action={act}
        onConfirm={() => void confirm()}
        dialogLabel="결정 확인"
        submitLabel={decision === "APPROVE" ? "환불 금액 확인" : "거절 확인"}
      >
        {decision === "APPROVE" ? (
          <>
            <strong>{won(value)}</strong>을{" "}
            {staffTransfer
              ? `${account.HOLDER}님 계좌(은행 ${account.BANK_CODE})로 직접 이체한 뒤`
              : request.CHANNEL === "BANK"
                ? "계좌로"
                : "카드로"}{" "}
            환불할까요?
          </>
        ) : (
          "이 환불 요청을 거절할까요? 사유가 가족에게 보여요."
        )}
      </ConsoleConfirmStep>
    </form>
  );
}

function QueueBody() {
  const auth = useRootStore((s) => s.auth);
  const mayDecide = auth.data ? mayPerform(auth.data.USER_TYPE, "refund.decide") : false;
  const [rows, setRows] = useState<QueuedRefund[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const load = useCallback(() => {
    refundQueue()
      .then((r) => setRows(r.REFUND_REQUESTS))
      .catch((e: unknown) => setError(restErrorText(e)));
  }, []);
  useEffect(load, [load]);
  return (
    <section className="staff-section" aria-label="환불 요청 (운영팀 검토 먼저, 오래된 순)">
      <ConsoleError message={error} />
      {done ? (
        <p className="staff-done" role="status">
          {done}
        </p>
      ) : null}
      {rows && rows.length === 0 ? (
        <p className="console-empty">결정할 환불 요청이 없어요.</p>
      ) : null}
      <ol className="staff-list">
        {(rows ?? []).map((r) => (
          <li key={r.REFUND_REQUEST_ID} className="console-card">
            <p className="console-card__title">
              <Link to={`/_app/admin/payments/${r.PAYMENT_ID}`}>
                환불 #{r.REFUND_REQUEST_ID} · {r.PAYMENT_NAME}
              </Link>{" "}
              <span className="console-state">{stateLabel(r.STATE)}</span>
            </p>
            <p className="console-card__meta">
              {r.USER_NAME} · 요청 {seoulTime(r.CREATED_AT)} · 법정 환불액 {won(r.AMOUNT)} ({r.RULE}
              ) · {r.CHANNEL}
              {r.BLOCKED_REASONS.length > 0 ? ` · ${r.BLOCKED_REASONS.join(", ")}` : ""}
            </p>
            <p className="console-card__meta">사유: {r.REASON}</p>
            <ul className="console-card__why" aria-label="항목">
              {r.ITEMS.map((i) => (
                <li key={i.PAYMENT_ITEM_ID}>
                  {i.NAME} {won(i.PAID_PRICE - i.REFUNDED_AMOUNT)}
                </li>
              ))}
            </ul>
            {r.STATE === "STAFF_REVIEW" && mayDecide ? (
              <Decision
                request={r}
                onDone={(m) => {
                  setDone(m);
                  load();
                }}
              />
            ) : r.STATE === "STAFF_REVIEW" ? (
              <p className="staff-hint">환불 결정은 관리자(ADMIN)만 할 수 있어요.</p>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** /_app/admin/refunds — the refund decision queue (issue 16). */
export function RefundQueue() {
  return (
    <ConsoleFrame title="환불 결정">
      <QueueBody />
    </ConsoleFrame>
  );
}
