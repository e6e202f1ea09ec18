import { halfOf } from "@seoltab/domain/admin";
import { useCallback, useEffect, useId, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { paymentPage, refundPayment, type PaymentPage } from "../api";
import { METHOD_LABELS, seoulTime, stateLabel, won } from "../format";
import { restErrorText } from "../../../lib/rest-errors";
import { ConsoleActionFields, ConsoleConfirmStep, useConsoleAction } from "./console-action";
import { ConsoleError, ConsoleFrame } from "./console-frame";
import {
  EMPTY_REFUND_ACCOUNT,
  RefundAccountFields,
  refundAccountProblem,
} from "./refund-account-fields";
import { VbankActions } from "./vbank-actions";

type Item = PaymentPage["ITEMS"][number];

const isOpen = (i: Item) =>
  (i.STATE === "PAID" || i.STATE === "REFUND_REQUEST_FAILED") && i.PAID_PRICE > i.REFUNDED_AMOUNT;

function RefundForm({ page, onDone }: { page: PaymentPage; onDone: (message: string) => void }) {
  const id = useId();
  const open = page.ITEMS.filter(isOpen);
  const [selected, setSelected] = useState<number[]>(open.map((i) => i.PAYMENT_ITEM_ID));
  const remaining = Math.min(
    page.ITEMS.filter((i) => selected.includes(i.PAYMENT_ITEM_ID)).reduce(
      (s, i) => s + i.PAID_PRICE - i.REFUNDED_AMOUNT,
      0,
    ),
    page.PAYMENT.BALANCE,
  );
  const [amount, setAmount] = useState(
    String(Math.min(page.QUOTE?.REFUNDABLE_AMOUNT ?? 0, remaining)),
  );
  const act = useConsoleAction({ reasonCode: "CUSTOMER_REQUEST", onDone });
  const [account, setAccount] = useState(EMPTY_REFUND_ACCOUNT);
  const isCard = page.PAYMENT.PAYMENT_METHOD === "BILLING_CARD";
  // After a staff transfer the gateway's balance differs from ours: the rest goes by BANK too.
  const transferredBefore = page.REFUNDS.some(
    (r) =>
      r.REFUND_ACCOUNT?.TRANSFER === "STAFF" && (r.STATE === "REFUNDED" || r.STATE === "PENDING"),
  );
  const [channel, setChannel] = useState<"CARD" | "BANK">(
    isCard && !transferredBefore ? "CARD" : "BANK",
  );
  const staffTransfer = isCard && channel === "BANK";
  const needsAccount = (page.QUOTE?.REFUND_ACCOUNT_REQUIRED ?? false) || staffTransfer;
  const value = Number(amount);

  function review(e: FormEvent) {
    e.preventDefault();
    act.fail(null);
    if (!Number.isInteger(value) || value < 1)
      return act.fail("환불 금액을 1원 이상으로 입력해 주세요.");
    if (value > remaining)
      return act.fail(`환불 금액이 남은 결제 금액(${won(remaining)})보다 커요.`);
    if (selected.length === 0) return act.fail("환불할 항목을 골라 주세요.");
    const accountProblem = needsAccount ? refundAccountProblem(account) : null;
    if (accountProblem) return act.fail(accountProblem);
    act.review();
  }

  const confirm = () =>
    act.send(async (base) => {
      const result = await refundPayment({
        ...base,
        PAYMENT_ID: page.PAYMENT.PAYMENT_ID,
        PAYMENT_ITEM_IDS: selected,
        AMOUNT: value,
        ...(isCard ? { CHANNEL: channel } : {}),
        ...(needsAccount ? { REFUND_ACCOUNT: account } : {}),
      });
      return `${won(value)}을 환불했어요. 환불 누적 ${won(result.AFTER.REFUNDED_AMOUNT)} · ${stateLabel(result.AFTER.STATE)}`;
    });

  return (
    <form className="console-form" onSubmit={review} aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>환불하기</h3>
      <fieldset className="console-filter">
        <legend>환불할 항목</legend>
        {open.map((i) => (
          <label key={i.PAYMENT_ITEM_ID} className="console-chip">
            <input
              type="checkbox"
              checked={selected.includes(i.PAYMENT_ITEM_ID)}
              onChange={() =>
                setSelected((s) =>
                  s.includes(i.PAYMENT_ITEM_ID)
                    ? s.filter((x) => x !== i.PAYMENT_ITEM_ID)
                    : [...s, i.PAYMENT_ITEM_ID],
                )
              }
            />
            {i.NAME} ({won(i.PAID_PRICE - i.REFUNDED_AMOUNT)})
          </label>
        ))}
      </fieldset>
      <label htmlFor={`${id}-amount`}>환불 금액 (원, 최대 {won(remaining)})</label>
      <div className="console-search__row">
        <input
          id={`${id}-amount`}
          inputMode="numeric"
          value={amount}
          onChange={(e) => setAmount(e.target.value.replace(/\D/g, ""))}
        />
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => setAmount(String(halfOf(remaining)))}
        >
          절반
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => setAmount(String(remaining))}
        >
          전액
        </button>
      </div>
      {isCard ? (
        <fieldset className="console-filter">
          <legend>환불 수단</legend>
          <label className="console-chip">
            <input
              type="radio"
              name={`${id}-channel`}
              checked={channel === "CARD"}
              disabled={transferredBefore}
              onChange={() => setChannel("CARD")}
            />
            카드 취소(CARD)
          </label>
          <label className="console-chip">
            <input
              type="radio"
              name={`${id}-channel`}
              checked={channel === "BANK"}
              onChange={() => setChannel("BANK")}
            />
            계좌 이체(BANK) — 카드 만료·해지 등
          </label>
        </fieldset>
      ) : null}
      <p className="staff-hint">
        환불 수단:{" "}
        {staffTransfer
          ? "직원이 계좌로 직접 이체(BANK)"
          : page.QUOTE?.CHANNEL === "BANK"
            ? "계좌 입금(BANK)"
            : "카드 취소(CARD)"}{" "}
        · 법정 환불액 {won(page.QUOTE?.REFUNDABLE_AMOUNT ?? 0)} — {page.QUOTE?.EXPLANATION}
        {transferredBefore
          ? " 이 결제는 계좌 이체로 환불한 적이 있어 남은 금액도 계좌로 환불해요."
          : ""}
      </p>
      {needsAccount ? <RefundAccountFields value={account} onChange={setAccount} /> : null}
      <ConsoleActionFields action={act} />
      <ConsoleConfirmStep
        action={act}
        onConfirm={() => void confirm()}
        submitLabel="환불 금액 확인"
        confirmLabel="환불 확정"
      >
        <strong>{won(value)}</strong>을 환불할까요? (결제 잔액 {won(page.PAYMENT.BALANCE)} →{" "}
        {won(page.PAYMENT.BALANCE - value)})
        {staffTransfer
          ? ` 카드 취소 대신 ${account.HOLDER}님 계좌(은행 ${account.BANK_CODE})로 직접 이체한 뒤 확정해 주세요.`
          : ""}
      </ConsoleConfirmStep>
    </form>
  );
}

function PaymentBody({ paymentId }: { paymentId: number }) {
  const [page, setPage] = useState<PaymentPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const load = useCallback(() => {
    paymentPage(paymentId)
      .then(setPage)
      .catch((e: unknown) => setError(restErrorText(e)));
  }, [paymentId]);
  useEffect(load, [load]);
  if (!page) return <ConsoleError message={error} />;
  const p = page.PAYMENT;
  const refund = page.ACTIONS.find((a) => a.ACTION === "REFUND");
  return (
    <>
      <section className="staff-section" aria-labelledby="payment-h">
        <h2 id="payment-h">
          결제 #{p.PAYMENT_ID} {p.NAME} <span className="console-state">{stateLabel(p.STATE)}</span>
        </h2>
        <dl className="console-dl">
          <dt>학생</dt>
          <dd>
            <Link to={`/_app/admin/families/${page.USER.USER_NO}`}>
              {page.USER.USER_NAME} (#{page.USER.USER_NO})
            </Link>
          </dd>
          <dt>결제 수단</dt>
          <dd>
            {METHOD_LABELS[p.PAYMENT_METHOD] ?? p.PAYMENT_METHOD}
            {page.CARD ? ` · ${page.CARD.COMPANY} ${page.CARD.NUMBER ?? ""}` : ""}
          </dd>
          <dt>결제 금액</dt>
          <dd>
            {won(p.PAID_PRICE)} (상품 {won(p.PRODUCTS_PRICE)} − 할인 {won(p.DISCOUNTED_VALUE)})
          </dd>
          <dt>환불 누적 / 잔액</dt>
          <dd>
            {won(p.REFUNDED_AMOUNT)} / <strong>{won(p.BALANCE)}</strong>
          </dd>
          <dt>imp_uid</dt>
          <dd className="staff-mono">{p.IMP_UID ?? "—"}</dd>
          <dt>주문 번호</dt>
          <dd className="staff-mono">{p.MERCHANT_UID}</dd>
          <dt>결제 시각</dt>
          <dd>{seoulTime(p.COMPLETED_AT ?? p.CREATED_AT)}</dd>
          {p.RECEIPT_URL ? (
            <>
              <dt>영수증</dt>
              <dd>
                <a href={p.RECEIPT_URL} target="_blank" rel="noreferrer">
                  영수증 보기
                </a>
              </dd>
            </>
          ) : null}
          {p.MEMO ? (
            <>
              <dt>메모</dt>
              <dd>{p.MEMO}</dd>
            </>
          ) : null}
        </dl>
      </section>
      {p.PAYMENT_METHOD === "VBANK" && p.STATE === "READY" && p.VIRTUAL_ACCOUNT ? (
        <section className="staff-section" aria-labelledby="vbank-h">
          <h2 id="vbank-h">입금 대기 가상계좌</h2>
          <p className="console-card__meta">
            {p.VIRTUAL_ACCOUNT.bankName} {p.VIRTUAL_ACCOUNT.accountNumber} (예금주{" "}
            {p.VIRTUAL_ACCOUNT.holder}) · 입금 기한 {seoulTime(p.VIRTUAL_ACCOUNT.dueAt)} ·{" "}
            {won(p.PAID_PRICE)}
          </p>
          <VbankActions
            row={{
              PAYMENT_ID: p.PAYMENT_ID,
              IMP_UID: p.IMP_UID,
              USER_NAME: page.USER.USER_NAME,
              PAID_PRICE: p.PAID_PRICE,
            }}
            onDone={load}
          />
        </section>
      ) : null}
      <section className="staff-section" aria-labelledby="items-h">
        <h2 id="items-h">결제 항목</h2>
        <ul className="staff-list">
          {page.ITEMS.map((i) => (
            <li key={i.PAYMENT_ITEM_ID} className="console-card">
              <p className="console-card__title">
                {i.NAME} <span className="console-state">{stateLabel(i.STATE)}</span>
              </p>
              <p className="console-card__meta">
                {i.ITEM_KIND} · {i.MONTHS}개월 · 결제 {won(i.PAID_PRICE)} · 환불{" "}
                {won(i.REFUNDED_AMOUNT)}
              </p>
            </li>
          ))}
        </ul>
      </section>
      <section className="staff-section" aria-labelledby="refund-h">
        <h2 id="refund-h">환불</h2>
        {done ? (
          <p className="staff-done" role="status">
            {done}
          </p>
        ) : null}
        {page.REFUNDS.length === 0 ? <p className="console-empty">환불 요청이 없어요.</p> : null}
        <ul className="staff-list">
          {page.REFUNDS.map((r) => (
            <li key={r.REFUND_REQUEST_ID} className="console-card">
              <p className="console-card__title">
                환불 #{r.REFUND_REQUEST_ID} {won(r.AMOUNT)} ({r.CHANNEL}){" "}
                <span className="console-state">{stateLabel(r.STATE)}</span>
              </p>
              <p className="console-card__meta">
                {seoulTime(r.CREATED_AT)} · 사유: {r.REASON}
                {r.NOTE ? ` · 처리 메모: ${r.NOTE}` : ""}
              </p>
              {r.REFUND_ACCOUNT ? (
                <p className="console-card__meta">
                  {r.REFUND_ACCOUNT.TRANSFER === "STAFF" ? "직원 계좌 이체" : "환불 계좌"}: 은행{" "}
                  {r.REFUND_ACCOUNT.BANK_CODE} {r.REFUND_ACCOUNT.ACCOUNT_NUMBER} (
                  {r.REFUND_ACCOUNT.HOLDER})
                </p>
              ) : null}
            </li>
          ))}
        </ul>
        {refund?.ALLOWED ? (
          <RefundForm
            key={p.REFUNDED_AMOUNT}
            page={page}
            onDone={(m) => {
              setDone(m);
              load();
            }}
          />
        ) : (
          <p className="staff-hint">{refund?.WHY}</p>
        )}
      </section>
      <section className="staff-section" aria-labelledby="history-h">
        <h2 id="history-h">상태 기록</h2>
        <ol className="console-timeline">
          {page.HISTORY.map((h, n) => (
            <li key={n} className="console-timeline__item">
              <span className="console-kind">
                {h.PAYMENT_ITEM_ID ? `항목 #${h.PAYMENT_ITEM_ID}` : "결제"}
              </span>
              <time dateTime={h.AT}>{seoulTime(h.AT)}</time>
              <p className="console-timeline__title">
                {stateLabel(h.FROM)} → {stateLabel(h.TO)} · {h.INITIATOR}
              </p>
              {h.REASON ? <p className="console-timeline__detail">{h.REASON}</p> : null}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}

/** /_app/admin/payments/:paymentId — the payment page (issue 16). */
export function PaymentView({ paymentId }: { paymentId: number }) {
  return (
    <ConsoleFrame title="결제 정보">
      <PaymentBody paymentId={paymentId} />
    </ConsoleFrame>
  );
}
