import { useQuery } from "@apollo/client/react";
import { useEffect, useRef, useState } from "react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { orderFigures, payerFailureMessage } from "@seoltab/domain";
import { formatWon } from "../../../content/promotions";
import { PAYMENT, PAYMENT_CONTEXT, type PaymentDetail } from "../api/graphql";
import {
  accountDigits,
  cardQuotaLabel,
  groupAccountNumber,
  paymentMethodLabel,
  paymentStateLabel,
  seoulDateTime,
} from "../format";
import { NETWORK_ERROR_MESSAGE, serverMessage } from "../messages";

/**
 * The signing page of this payment's contract (not another unsigned one), for the student the
 * payment was for.
 */
export function signContractPath(userId: number | undefined, paymentId?: string): string {
  const query = new URLSearchParams();
  if (userId) query.set("userId", String(userId));
  if (paymentId) query.set("paymentId", paymentId);
  const q = query.toString();
  return `/_app/contracts/sign${q ? `?${q}` : ""}`;
}

/** How often, and how many times, a payment still READY after a card charge is asked again. */
export const CONFIRM_POLL_MS = 2_000;
export const CONFIRM_POLL_TIMES = 5;

/**
 * How a virtual account awaiting its deposit is asked again: first after 5 s, each wait 1.5 times
 * the last, at most 60 s; never while the page is hidden (asked again when it is shown).
 */
export const DEPOSIT_POLL_MS = 5_000;
export const DEPOSIT_POLL_MAX_MS = 60_000;

/** The wait before the `n`-th (0-based) deposit check. */
export function depositPollDelay(n: number, first: number = DEPOSIT_POLL_MS): number {
  return Math.min(DEPOSIT_POLL_MAX_MS, Math.round(first * 1.5 ** n));
}

/** True while the document is shown (a hidden tab or a phone's locked screen: false). */
function usePageVisible(): boolean {
  const [visible, setVisible] = useState(
    () => typeof document === "undefined" || document.visibilityState !== "hidden",
  );
  useEffect(() => {
    const update = () => setVisible(document.visibilityState !== "hidden");
    document.addEventListener("visibilitychange", update);
    return () => document.removeEventListener("visibilitychange", update);
  }, []);
  return visible;
}

function Links({ retry = false }: { retry?: boolean }) {
  return (
    <div className="pay-actions pay-actions--center">
      {retry ? (
        <Link to="/_app/checkout" className="btn btn--primary btn--lg">
          다시 결제하기
        </Link>
      ) : null}
      <Link
        to="/_app/payments"
        className={`btn ${retry ? "btn--secondary" : "btn--primary"} btn--lg`}
      >
        내 결제 내역
      </Link>
      <Link to="/_app" className="btn btn--secondary btn--lg">
        홈으로
      </Link>
    </div>
  );
}

/**
 * The receipt of /payment_finish?paymentId= (`query payment(id)`, payment backend): order name,
 * items, amounts, method, paid time in Asia/Seoul, the receipt link, and for a virtual account
 * its bank, number, holder and due date. A card payment still READY (the gateway answered late,
 * HTTP 202) shows 결제 확인 중 and is asked again every 2 s, 5 times.
 */
export function PaymentResult({
  paymentId,
  pollMs = CONFIRM_POLL_MS,
  depositPollMs = DEPOSIT_POLL_MS,
  afterPaid,
}: {
  paymentId: string | null;
  /**
   * Shown under a PAID receipt with the paid lecture lines' ids (the lecture area's "now tell us
   * about the student", given by the route so this feature does not import it).
   */
  afterPaid?: (lectureLineIds: number[]) => ReactNode;
  /** Wait between confirmations, ms (tests shorten it). */
  pollMs?: number;
  /** First wait between deposit checks of a virtual account, ms (tests shorten it). */
  depositPollMs?: number;
}) {
  const [polls, setPolls] = useState(0);
  const { data, previousData, loading, error, refetch } = useQuery(PAYMENT, {
    variables: { id: paymentId ?? "" },
    context: PAYMENT_CONTEXT,
    skip: !paymentId,
    notifyOnNetworkStatusChange: true,
  });
  // A check that fails (network) keeps what was shown; the next one tries again.
  const payment = data?.payment ?? (error ? previousData?.payment : null) ?? null;
  const confirming =
    payment?.state === "READY" && payment.paymentMethod !== "VBANK" && polls < CONFIRM_POLL_TIMES;

  useEffect(() => {
    if (!confirming) return;
    const timer = window.setTimeout(() => {
      setPolls((n) => n + 1);
      void refetch().catch(() => undefined);
    }, pollMs);
    return () => window.clearTimeout(timer);
  }, [confirming, polls, refetch, pollMs]);

  // A virtual account awaiting its deposit: asked again with backoff while the page is shown,
  // so the page turns 결제 완료 in place once the bank's deposit is notified.
  const visible = usePageVisible();
  const [depositPolls, setDepositPolls] = useState(0);
  const awaitingDeposit =
    payment?.state === "READY" && payment.paymentMethod === "VBANK" && !!payment.virtualAccount;
  useEffect(() => {
    if (!awaitingDeposit || !visible) return;
    const timer = window.setTimeout(
      () => {
        setDepositPolls((n) => n + 1);
        void refetch().catch(() => undefined);
      },
      depositPollDelay(depositPolls, depositPollMs),
    );
    return () => window.clearTimeout(timer);
  }, [awaitingDeposit, visible, depositPolls, refetch, depositPollMs]);
  // Coming back to the page asks at once, then backs off again from the start.
  const wasVisible = useRef(visible);
  // Seen waiting for the deposit on this page: its payment is announced when it comes.
  const [sawAwaiting, setSawAwaiting] = useState(false);
  if (awaitingDeposit && !sawAwaiting) setSawAwaiting(true);
  useEffect(() => {
    if (visible && !wasVisible.current && awaitingDeposit) {
      setDepositPolls(0);
      void refetch().catch(() => undefined);
    }
    wasVisible.current = visible;
  }, [visible, awaitingDeposit, refetch]);

  if (!paymentId || (!loading && !error && !payment)) {
    return (
      <section className="app-panel" aria-labelledby="finish-title">
        <h1 id="finish-title">결제 정보를 찾을 수 없어요</h1>
        <p>결제 내역에서 결제를 확인해 주세요.</p>
        <Links />
      </section>
    );
  }
  if (error && !payment) {
    return (
      <section className="app-panel" aria-labelledby="finish-title">
        <h1 id="finish-title">결제 정보를 불러오지 못했어요</h1>
        <p role="alert">{serverMessage(error) ?? NETWORK_ERROR_MESSAGE}</p>
        <div className="pay-actions pay-actions--center">
          <button
            type="button"
            className="btn btn--primary btn--lg"
            onClick={() => void refetch().catch(() => undefined)}
          >
            다시 시도
          </button>
        </div>
        <Links />
      </section>
    );
  }
  if (!payment) {
    return (
      <section className="app-panel" aria-labelledby="finish-title" aria-busy="true">
        <h1 id="finish-title">결제 결과를 불러오는 중이에요</h1>
        <p role="status">잠시만 기다려 주세요.</p>
      </section>
    );
  }
  return (
    <>
      <Receipt
        payment={payment}
        confirming={confirming}
        depositArrived={sawAwaiting && payment.state === "PAID"}
      />
      {payment.state === "PAID" && afterPaid
        ? afterPaid(payment.items.filter((i) => i.itemKind === "LECTURE").map((i) => Number(i.id)))
        : null}
    </>
  );
}

function headline(payment: PaymentDetail, confirming: boolean): { title: string; lead: string } {
  switch (payment.state) {
    case "PAID":
      return {
        title: "결제가 완료되었어요",
        lead: "선생님 매칭을 준비하고 있어요. 곧 연락드릴게요.",
      };
    case "READY":
      if (payment.paymentMethod === "VBANK") {
        return {
          title: "가상계좌가 발급되었어요",
          lead: "입금 기한 안에 아래 계좌로 결제 금액을 입금해 주세요.",
        };
      }
      return confirming
        ? {
            title: "결제 확인 중",
            lead: "카드사의 결제 결과를 확인하고 있어요. 잠시만 기다려 주세요.",
          }
        : {
            title: "결제 확인이 늦어지고 있어요",
            lead: "결과가 확인되면 결제 내역에 바로 보여요. 같은 결제는 두 번 청구되지 않아요.",
          };
    case "FAILED":
      return {
        title: "결제하지 못했어요",
        lead: payerFailureMessage(payment.failReason, "다른 결제 수단으로 다시 시도해 주세요."),
      };
    default:
      return { title: paymentStateLabel(payment.state, payment.paymentMethod), lead: "" };
  }
}

/** Copies the account's digits; says 복사했어요 (or how to copy by hand) where it was pressed. */
function CopyAccountButton({ digits }: { digits: string }) {
  const [said, setSaid] = useState("");
  useEffect(() => {
    if (!said) return;
    const timer = window.setTimeout(() => setSaid(""), 3_000);
    return () => window.clearTimeout(timer);
  }, [said]);
  const copy = async () => {
    const ok = await copyText(digits);
    setSaid(ok ? "복사했어요" : "복사하지 못했어요. 계좌번호를 길게 눌러 복사해 주세요.");
  };
  return (
    <span className="pay-vbank__copy">
      <button
        type="button"
        className="btn btn--secondary pay-vbank__copy-button"
        onClick={() => void copy()}
      >
        계좌번호 복사
      </button>
      <span className="pay-vbank__copied" role="status" aria-live="polite">
        {said}
      </span>
    </span>
  );
}

/** The Clipboard API, or a selected off-screen text area and execCommand where it is missing. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (permissions, an insecure origin): try the old way.
  }
  try {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand("copy");
    area.remove();
    return ok;
  } catch {
    return false;
  }
}

/**
 * The receipt's figures as the checkout showed them (OrderSummary): 정가, 할인 · 기본 할인가, 할인 ·
 * each policy, 결제 금액, from the stored lines (packages/domain orderFigures). A payment without
 * lines shows its own totals.
 */
function Figures({ payment }: { payment: PaymentDetail }) {
  const lines = payment.items.map((i) => ({
    listPrice: i.listPrice ?? i.salePrice,
    salePrice: i.salePrice,
    policies: i.policies ?? (i.policyPrice > 0 ? [{ name: "할인", amount: i.policyPrice }] : []),
    paidPrice: i.paidPrice,
  }));
  const f =
    lines.length > 0
      ? orderFigures(lines)
      : {
          listPrice: payment.productsPrice,
          listReduction: 0,
          policies:
            payment.discountedValue > 0 ? [{ name: "할인", amount: payment.discountedValue }] : [],
          paidPrice: payment.paidPrice,
        };
  return (
    <dl className="price-list">
      <div className="price-list__row">
        <dt>정가</dt>
        <dd data-testid="finish-list-price">{formatWon(f.listPrice)}</dd>
      </div>
      {f.listReduction > 0 ? (
        <div className="price-list__row price-list__row--discount">
          <dt>할인 · 기본 할인가</dt>
          <dd>−{formatWon(f.listReduction)}</dd>
        </div>
      ) : null}
      {f.policies.map((p) => (
        <div key={p.name} className="price-list__row price-list__row--discount">
          <dt>{p.name === "할인" ? "할인" : `할인 · ${p.name}`}</dt>
          <dd>−{formatWon(p.amount)}</dd>
        </div>
      ))}
      <div className="price-list__row price-list__row--total">
        <dt>결제 금액</dt>
        <dd data-testid="finish-paid-price">{formatWon(payment.paidPrice)}</dd>
      </div>
      {payment.refundedAmount > 0 ? (
        <div className="price-list__row">
          <dt>환불 금액</dt>
          <dd>{formatWon(payment.refundedAmount)}</dd>
        </div>
      ) : null}
    </dl>
  );
}

function Receipt({
  payment,
  confirming,
  depositArrived,
}: {
  payment: PaymentDetail;
  confirming: boolean;
  depositArrived: boolean;
}) {
  const { title, lead } = headline(payment, confirming);
  const account = payment.virtualAccount;
  const cardPayment = payment.paymentMethod === "BILLING_CARD";
  return (
    <section
      className="pay-receipt"
      aria-labelledby="finish-title"
      aria-busy={confirming || undefined}
    >
      <div className="pay-receipt__head">
        <p className={`pay-state pay-state--${payment.state.toLowerCase()}`}>
          {paymentStateLabel(payment.state, payment.paymentMethod)}
        </p>
        <h1 id="finish-title" className="pay-receipt__title">
          {title}
        </h1>
        {lead ? (
          <p className="pay-receipt__lead" role={confirming ? "status" : undefined}>
            {lead}
          </p>
        ) : null}
        <p className="visually-hidden" role="status" data-testid="finish-deposit-status">
          {depositArrived ? "입금이 확인되어 결제가 완료되었어요." : ""}
        </p>
      </div>

      {account && payment.state === "READY" ? (
        <dl className="price-list pay-vbank" aria-label="입금 계좌">
          <div className="price-list__row">
            <dt>은행</dt>
            <dd>{account.bankName}</dd>
          </div>
          <div className="price-list__row">
            <dt>계좌번호</dt>
            <dd className="pay-vbank__number-cell">
              <span className="pay-vbank__number" data-testid="vbank-account-number">
                {groupAccountNumber(account.accountNumber, account.bankName)}
              </span>
              <CopyAccountButton digits={accountDigits(account.accountNumber)} />
            </dd>
          </div>
          <div className="price-list__row">
            <dt>예금주</dt>
            <dd>{account.holder}</dd>
          </div>
          <div className="price-list__row">
            <dt>입금 기한</dt>
            <dd>{seoulDateTime(account.dueAt)}까지</dd>
          </div>
        </dl>
      ) : null}

      <dl className="price-list">
        <div className="price-list__row">
          <dt>주문명</dt>
          <dd>{payment.name}</dd>
        </div>
        <div className="price-list__row">
          <dt>결제 수단</dt>
          <dd>
            {paymentMethodLabel(payment.paymentMethod)}
            {cardPayment ? ` · ${cardQuotaLabel(payment.cardQuota)}` : ""}
          </dd>
        </div>
        <div className="price-list__row">
          <dt>{payment.completedAt ? "결제 시각" : "신청 시각"}</dt>
          <dd>{seoulDateTime(payment.completedAt ?? payment.createdAt)}</dd>
        </div>
      </dl>

      {payment.items.length > 0 ? (
        <ul className="pay-lines" aria-label="결제 항목">
          {payment.items.map((item) => (
            <li key={item.id} className="pay-lines__item">
              <span className="pay-lines__title">{item.name}</span>
              <span className="pay-lines__meta">{lineMeta(item)}</span>
              <span className="pay-lines__price">
                {item.listPrice > item.paidPrice && item.paidPrice > 0 ? (
                  <del className="price-list__list-price">
                    <span className="visually-hidden">정가 </span>
                    {formatWon(item.listPrice)}
                  </del>
                ) : null}{" "}
                {item.itemKind === "DEVICE" && item.salePrice === 0
                  ? "무료 대여"
                  : formatWon(item.paidPrice)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}

      <Figures payment={payment} />

      {payment.receiptUrl ? (
        <p className="pay-receipt__link">
          <a href={payment.receiptUrl} target="_blank" rel="noopener noreferrer">
            영수증 보기<span className="visually-hidden"> (새 창)</span>
          </a>
        </p>
      ) : null}
      {payment.state === "PAID" ? (
        <div className="pay-sign" data-testid="finish-sign-contract">
          <p>
            <strong>수강 계약서에 서명해 주세요.</strong> 결제한 수업과 태블릿, 환불 기준이 담긴
            계약서예요.
          </p>
          <Link to={signContractPath(payment.userId, payment.id)} className="btn btn--primary">
            계약서 서명하기
          </Link>
        </div>
      ) : null}
      {payment.state === "PAID" ? (
        <p className="pay-receipt__link">
          <Link to="/home_pre_member">수업 시작까지 남은 단계 보기</Link>
        </p>
      ) : null}
      <Links retry={payment.state === "FAILED"} />
    </section>
  );
}

/**
 * What a receipt line counts (issue #18): months of lessons, devices, copies of a book; a
 * digital content is marked as such and a delivery fee counts nothing.
 */
function lineMeta(item: { itemKind: string; months: number; quantity: number }): string {
  switch (item.itemKind) {
    case "LECTURE":
      return `${item.months}개월`;
    case "DEVICE":
      return `${item.quantity}대`;
    case "SEOLTAB_BOOK":
      return `${item.quantity}권`;
    case "CONTENTS":
      return "디지털";
    case "DELIVERY_FEE":
      return "";
    default:
      return `${item.quantity}개`;
  }
}
