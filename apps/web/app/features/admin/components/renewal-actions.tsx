import { useState } from "react";
import { markRenewal, rescheduleRenewal, retryRenewal, type QueuesPage } from "../api";
import {
  RENEWAL_ACTION_LABELS,
  renewalConfirmText,
  seoulMorningIso,
  type RenewalAction,
} from "../renewal-actions";
import { ConsoleActionFields, ConsoleConfirmStep, useConsoleAction } from "./console-action";

type FailedRenewal = QueuesPage["FAILED_RENEWALS"][number];

/**
 * The actions on one failed renewal (ADMIN): retry now, change date, mark NOCARD / NOPAY; each
 * asks for a reason and shows the amount in a confirm step before it is sent (useConsoleAction:
 * one idempotency key per attempt).
 */
export function RenewalActions({ row, onDone }: { row: FailedRenewal; onDone: () => void }) {
  const [action, setAction] = useState<RenewalAction>("RETRY");
  const [date, setDate] = useState("");
  const act = useConsoleAction({ reasonCode: "CARD_ISSUE", onDone });

  const confirm = () =>
    act.send(async (base) => {
      const body = { ...base, SUBSCRIPTION_ID: row.SUBSCRIPTION_ID };
      if (action === "RETRY") {
        const r = await retryRenewal({ ...body, FAILED_ATTEMPTS: row.FAILED_ATTEMPTS });
        return r.PAYMENT.STATE === "PAID"
          ? "결제됐어요."
          : r.PAYMENT.STATE === "FAILED"
            ? `결제되지 않았어요: ${r.PAYMENT.FAIL_REASON ?? ""}`
            : "결제 결과를 확인하고 있어요.";
      }
      if (action === "RESCHEDULE") {
        await rescheduleRenewal({ ...body, NEXT_CHARGE_AT: seoulMorningIso(date)! });
        return "다음 결제일을 바꿨어요.";
      }
      const r = await markRenewal({ ...body, STATE: action });
      return `수업 ${r.LECTURES.length}개를 ${action}로 표시했어요.`;
    });

  return (
    <form
      className="console-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (action === "RESCHEDULE" && !seoulMorningIso(date)) {
          act.fail("새 결제일을 골라 주세요.");
          return;
        }
        act.review();
      }}
    >
      <label htmlFor={`renewal-action-${row.SUBSCRIPTION_ID}`}>작업</label>
      <select
        id={`renewal-action-${row.SUBSCRIPTION_ID}`}
        value={action}
        onChange={(e) => {
          setAction(e.target.value as RenewalAction);
          act.close();
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
      <ConsoleActionFields action={act} showDone />
      <ConsoleConfirmStep
        action={act}
        onConfirm={() => void confirm()}
        dialogLabel="작업 확인"
        submitLabel={`${RENEWAL_ACTION_LABELS[action]} 확인`}
      >
        {renewalConfirmText(action, row, date)}
      </ConsoleConfirmStep>
    </form>
  );
}
