import type { AdminReasonCode } from "@seoltab/domain/admin";
import { useState } from "react";
import {
  markRenewal,
  newActionKey,
  rescheduleRenewal,
  retryRenewal,
  type QueuesPage,
} from "../api";
import { errorText } from "../format";
import {
  RENEWAL_ACTION_LABELS,
  renewalConfirmText,
  seoulMorningIso,
  type RenewalAction,
} from "../renewal-actions";
import { ConsoleError } from "./console-frame";
import { ReasonFields } from "./reason-fields";

type FailedRenewal = QueuesPage["FAILED_RENEWALS"][number];

/**
 * The actions on one failed renewal (ADMIN): retry now, change date, mark NOCARD / NOPAY; each
 * asks for a reason and shows the amount in a confirm step before it is sent (one idempotency
 * key per open form).
 */
export function RenewalActions({ row, onDone }: { row: FailedRenewal; onDone: () => void }) {
  const [action, setAction] = useState<RenewalAction>("RETRY");
  const [date, setDate] = useState("");
  const [code, setCode] = useState<AdminReasonCode>("CARD_ISSUE");
  const [words, setWords] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [key, setKey] = useState(newActionKey);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function confirm() {
    setBusy(true);
    setError(null);
    const base = {
      IDEMPOTENCY_KEY: key,
      SUBSCRIPTION_ID: row.SUBSCRIPTION_ID,
      REASON_CODE: code,
      REASON: words,
    };
    try {
      if (action === "RETRY") {
        const r = await retryRenewal({ ...base, FAILED_ATTEMPTS: row.FAILED_ATTEMPTS });
        setDone(
          r.PAYMENT.STATE === "PAID"
            ? "결제됐어요."
            : r.PAYMENT.STATE === "FAILED"
              ? `결제되지 않았어요: ${r.PAYMENT.FAIL_REASON ?? ""}`
              : "결제 결과를 확인하고 있어요.",
        );
      } else if (action === "RESCHEDULE") {
        await rescheduleRenewal({ ...base, NEXT_CHARGE_AT: seoulMorningIso(date)! });
        setDone("다음 결제일을 바꿨어요.");
      } else {
        const r = await markRenewal({ ...base, STATE: action });
        setDone(`수업 ${r.LECTURES.length}개를 ${action}로 표시했어요.`);
      }
      setConfirming(false);
      setKey(newActionKey());
      onDone();
    } catch (err) {
      setError(errorText(err));
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="console-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (action === "RESCHEDULE" && !seoulMorningIso(date)) {
          setError("새 결제일을 골라 주세요.");
          return;
        }
        setError(null);
        setConfirming(true);
      }}
    >
      <label htmlFor={`renewal-action-${row.SUBSCRIPTION_ID}`}>작업</label>
      <select
        id={`renewal-action-${row.SUBSCRIPTION_ID}`}
        value={action}
        onChange={(e) => {
          setAction(e.target.value as RenewalAction);
          setConfirming(false);
        }}
      >
        {(Object.keys(RENEWAL_ACTION_LABELS) as RenewalAction[]).map((a) => (
          <option key={a} value={a}>
            {RENEWAL_ACTION_LABELS[a]}
          </option>
        ))}
      </select>
      {action === "RESCHEDULE" ? (
        <>
          <label htmlFor={`renewal-date-${row.SUBSCRIPTION_ID}`}>새 결제일 (오전 10시)</label>
          <input
            id={`renewal-date-${row.SUBSCRIPTION_ID}`}
            type="date"
            value={date}
            onChange={(e) => setDate(e.target.value)}
          />
        </>
      ) : null}
      <ReasonFields code={code} words={words} onCode={setCode} onWords={setWords} />
      <ConsoleError message={error} />
      {done ? <p role="status">{done}</p> : null}
      {confirming ? (
        <div className="console-confirm" role="alertdialog" aria-label="작업 확인">
          <p>{renewalConfirmText(action, row, date)}</p>
          <div className="console-actions">
            <button type="button" className="btn btn--primary" onClick={confirm} disabled={busy}>
              확정
            </button>
            <button
              type="button"
              className="btn btn--secondary"
              onClick={() => setConfirming(false)}
            >
              취소
            </button>
          </div>
        </div>
      ) : (
        <button type="submit" className="btn btn--primary" disabled={!words.trim()}>
          {RENEWAL_ACTION_LABELS[action]} 확인
        </button>
      )}
    </form>
  );
}
