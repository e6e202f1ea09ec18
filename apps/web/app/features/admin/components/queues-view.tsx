import { mayPerform } from "@seoltab/domain/admin";
import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { queuesPage, type QueuesPage } from "../api";
import { seoulTime, won } from "../format";
import { restErrorText } from "../../../lib/rest-errors";
import { ConsoleError, ConsoleFrame } from "./console-frame";
import { QueueCards } from "./console-home";
import { RenewalActions } from "./renewal-actions";
import { VbankActions } from "./vbank-actions";
import { ExportButton } from "./export-button";
import { useRootStore } from "../../../stores/root-store";

function QueuesBody() {
  const [data, setData] = useState<QueuesPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const auth = useRootStore((s) => s.auth);
  const mayRetry = auth.data ? mayPerform(auth.data.USER_TYPE, "renewal.retry") : false;
  const mayExport = auth.data ? mayPerform(auth.data.USER_TYPE, "export") : false;
  const load = useCallback(() => {
    queuesPage()
      .then(setData)
      .catch((e: unknown) => setError(restErrorText(e)));
  }, []);
  useEffect(load, [load]);
  return (
    <>
      <ConsoleError message={error} />
      <QueueCards data={data} />
      <section className="staff-section" aria-labelledby="renewals-h">
        <h2 id="renewals-h">정기결제 실패</h2>
        {mayExport ? <ExportButton list="FAILED_RENEWALS" onError={setError} /> : null}
        {data && data.FAILED_RENEWALS.length === 0 ? (
          <p className="console-empty">없어요.</p>
        ) : null}
        <ul className="staff-list">
          {(data?.FAILED_RENEWALS ?? []).map((r) => (
            <li key={r.SUBSCRIPTION_ID} className="console-card">
              <Link to={`/_app/admin/families/${r.USER_NO}`} className="console-card__title">
                {r.USER_NAME} · {r.NAME}
              </Link>
              <p className="console-card__meta">
                정기결제 #{r.SUBSCRIPTION_ID} · {r.STATUS} · 실패 {r.FAILED_ATTEMPTS}회 · 다음 시도{" "}
                {seoulTime(r.NEXT_CHARGE_AT)} · {won(r.RENEWAL_AMOUNT)}
              </p>
              {mayRetry ? <RenewalActions row={r} onDone={load} /> : null}
            </li>
          ))}
        </ul>
      </section>
      <section className="staff-section" aria-labelledby="vbanks-h">
        <h2 id="vbanks-h">입금 대기 가상계좌 (기한 순)</h2>
        {mayExport ? <ExportButton list="AWAITING_DEPOSITS" onError={setError} /> : null}
        {data && data.AWAITING_DEPOSITS.length === 0 ? (
          <p className="console-empty">없어요.</p>
        ) : null}
        <ul className="staff-list">
          {(data?.AWAITING_DEPOSITS ?? []).map((d) => (
            <li key={d.PAYMENT_ID} className="console-card">
              <Link to={`/_app/admin/payments/${d.PAYMENT_ID}`} className="console-card__title">
                {d.USER_NAME} · {d.NAME}
              </Link>
              <p className="console-card__meta">
                결제 #{d.PAYMENT_ID} · {won(d.PAID_PRICE)} · {d.BANK_NAME ?? ""} · 입금 기한{" "}
                {seoulTime(d.DUE_AT)}
              </p>
              <VbankActions row={d} onDone={load} />
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

/** /_app/admin/queues — every built-in queue with its count and the two payment lists. */
export function QueuesView() {
  return (
    <ConsoleFrame title="대기열">
      <QueuesBody />
    </ConsoleFrame>
  );
}
