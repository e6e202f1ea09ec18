import type { AdminReasonCode } from "@seoltab/domain/admin";
import { useId, useState } from "react";
import { cancelVbank, newActionKey, reissueVbank, remindVbank } from "../api";
import { errorText, seoulTime } from "../format";
import {
  VBANK_ACTION_LABELS,
  vbankActionsFor,
  vbankConfirmText,
  type VbankAction,
} from "../vbank-actions";
import { ConsoleError } from "./console-frame";
import { ReasonFields } from "./reason-fields";
import { useRootStore } from "../../../stores/root-store";

/** A virtual account awaiting deposit, as the queue and the payment page know it. */
export interface AwaitingVbank {
  PAYMENT_ID: number;
  IMP_UID: string | null;
  USER_NAME: string | null;
  PAID_PRICE: number;
}

/**
 * The actions on one virtual account awaiting deposit: remind (ADMIN, SALES_TEAM), re-issue and
 * cancel (ADMIN). Each asks for a reason and shows the amount in a confirm step before it is
 * sent (one idempotency key per open form).
 */
export function VbankActions({ row, onDone }: { row: AwaitingVbank; onDone: () => void }) {
  const id = useId();
  const role = useRootStore((s) => s.auth.data?.USER_TYPE ?? null);
  const offered = vbankActionsFor(role);
  const [action, setAction] = useState<VbankAction>(offered[0] ?? "REMIND");
  const [dueDays, setDueDays] = useState(3);
  const [code, setCode] = useState<AdminReasonCode>("CUSTOMER_REQUEST");
  const [words, setWords] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [key, setKey] = useState(newActionKey);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  if (offered.length === 0) return null;

  async function confirm() {
    setBusy(true);
    setError(null);
    const base = {
      IDEMPOTENCY_KEY: key,
      PAYMENT_ID: row.PAYMENT_ID,
      REASON_CODE: code,
      REASON: words,
    };
    try {
      if (action === "REMIND") {
        const r = await remindVbank(base);
        setDone(`입금 안내를 ${r.MESSAGES}명에게 보냈어요.`);
      } else if (action === "REISSUE") {
        const r = await reissueVbank({ ...base, IMP_UID: row.IMP_UID ?? "", DUE_DAYS: dueDays });
        const v = r.VIRTUAL_ACCOUNT;
        setDone(
          `새 가상계좌 ${v.BANK_NAME} ${v.ACCOUNT_NUMBER} (입금 기한 ${seoulTime(v.DUE_AT)})를 발급했어요.`,
        );
      } else {
        await cancelVbank(base);
        setDone("가상계좌와 주문을 취소했어요.");
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
        setError(null);
        setConfirming(true);
      }}
    >
      <label htmlFor={`${id}-action`}>가상계좌 작업</label>
      <select
        id={`${id}-action`}
        value={action}
        onChange={(e) => {
          setAction(e.target.value as VbankAction);
          setConfirming(false);
        }}
      >
        {offered.map((a) => (
          <option key={a} value={a}>
            {VBANK_ACTION_LABELS[a]}
          </option>
        ))}
      </select>
      {action === "REISSUE" ? (
        <>
          <label htmlFor={`${id}-days`}>새 입금 기한 (오늘부터 며칠 뒤 자정)</label>
          <select
            id={`${id}-days`}
            value={dueDays}
            onChange={(e) => setDueDays(Number(e.target.value))}
          >
            {[1, 2, 3, 5, 7, 14].map((d) => (
              <option key={d} value={d}>
                {d}일
              </option>
            ))}
          </select>
        </>
      ) : null}
      <ReasonFields code={code} words={words} onCode={setCode} onWords={setWords} />
      <ConsoleError message={error} />
      {done ? <p role="status">{done}</p> : null}
      {confirming ? (
        <div className="console-confirm" role="alertdialog" aria-label="가상계좌 작업 확인">
          <p>{vbankConfirmText(action, row, dueDays)}</p>
          <div className="console-actions">
            <button type="button" className="btn btn--primary" onClick={confirm} disabled={busy}>
              확정
            </button>
            <button
              type="button"
              className="btn btn--secondary"
              onClick={() => setConfirming(false)}
              disabled={busy}
            >
              닫기
            </button>
          </div>
        </div>
      ) : (
        <button type="submit" className="btn btn--primary" disabled={!words.trim()}>
          {VBANK_ACTION_LABELS[action]} 확인
        </button>
      )}
    </form>
  );
}
