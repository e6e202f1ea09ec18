import { useId, useState } from "react";
import { cancelVbank, reissueVbank, remindVbank } from "../api";
import { seoulTime } from "../format";
import {
  VBANK_ACTION_LABELS,
  vbankActionsFor,
  vbankConfirmText,
  type VbankAction,
} from "../vbank-actions";
import { ConsoleActionFields, ConsoleConfirmStep, useConsoleAction } from "./console-action";
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
 * sent (useConsoleAction: one idempotency key per attempt).
 */
export function VbankActions({ row, onDone }: { row: AwaitingVbank; onDone: () => void }) {
  const id = useId();
  const role = useRootStore((s) => s.auth.data?.USER_TYPE ?? null);
  const offered = vbankActionsFor(role);
  const [action, setAction] = useState<VbankAction>(offered[0] ?? "REMIND");
  const [dueDays, setDueDays] = useState(3);
  const act = useConsoleAction({ reasonCode: "CUSTOMER_REQUEST", onDone });
  if (offered.length === 0) return null;

  const confirm = () =>
    act.send(async (base) => {
      const body = { ...base, PAYMENT_ID: row.PAYMENT_ID };
      if (action === "REMIND") {
        const r = await remindVbank(body);
        return `입금 안내를 ${r.MESSAGES}명에게 보냈어요.`;
      }
      if (action === "REISSUE") {
        const r = await reissueVbank({ ...body, IMP_UID: row.IMP_UID ?? "", DUE_DAYS: dueDays });
        const v = r.VIRTUAL_ACCOUNT;
        return `새 가상계좌 ${v.BANK_NAME} ${v.ACCOUNT_NUMBER} (입금 기한 ${seoulTime(v.DUE_AT)})를 발급했어요.`;
      }
      await cancelVbank(body);
      return "가상계좌와 주문을 취소했어요.";
    });

  return (
    <form
      className="console-form"
      onSubmit={(e) => {
        e.preventDefault();
        act.review();
      }}
    >
      <label htmlFor={`${id}-action`}>가상계좌 작업</label>
      <select
        id={`${id}-action`}
        value={action}
        onChange={(e) => {
          setAction(e.target.value as VbankAction);
          act.close();
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
      <ConsoleActionFields action={act} showDone />
      <ConsoleConfirmStep
        action={act}
        onConfirm={() => void confirm()}
        dialogLabel="가상계좌 작업 확인"
        submitLabel={`${VBANK_ACTION_LABELS[action]} 확인`}
        cancelLabel="닫기"
      >
        {vbankConfirmText(action, row, dueDays)}
      </ConsoleConfirmStep>
    </form>
  );
}
