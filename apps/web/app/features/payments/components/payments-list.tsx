import { useApolloClient } from "@apollo/client/react";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { payerFailureMessage } from "@seoltab/domain";
import { formatWon } from "../../../content/promotions";
import {
  PAYMENTS_PAGE_SIZE,
  PAYMENT_CONTEXT,
  USER_PAYMENTS,
  type PaymentSummary,
  type UserPaymentsPage,
} from "../api/graphql";
import {
  groupAccountNumber,
  paymentMethodLabel,
  paymentStateLabel,
  seoulDateTime,
} from "../format";
import { NETWORK_ERROR_MESSAGE, serverMessage } from "../messages";

interface ListState {
  payments: PaymentSummary[];
  hasNextPage: boolean;
  endCursor: string | null;
}

/** The list of one student (`key`: userId, null for the default). */
interface ListView {
  key: number | null;
  list: ListState | null;
  loading: boolean;
  error: string | null;
}

const emptyView = (key: number | null): ListView => ({
  key,
  list: null,
  loading: true,
  error: null,
});

/** Payment states whose remaining items may be refunded (SPEC.md §4 set two). */
const REFUNDABLE_STATES = new Set(["PAID", "PARTIALLY_REFUNDED"]);

/** Where the refund of payment `id` is asked for. */
export function refundPath(id: string): string {
  return `/_app/payments/${encodeURIComponent(id)}/refund`;
}

/**
 * 내 결제 내역 (`query userPayments`, payment backend): newest first, 20 at a time, 더 보기 for
 * the next page (keyset cursor). `userId`: one student's payments (a parent's chosen child);
 * without it the signed-in student's own (a parent: all their children's). Each payment shows
 * its state in Korean, method, time (Asia/Seoul), amounts (the refunded amount once refunded),
 * the failure reason, the receipt link, and 환불 요청 while something is left to refund (a
 * refund being checked says so instead).
 */
export function PaymentsList({
  userId,
  intro,
}: {
  userId?: number;
  /** Shown under the heading (e.g. a parent's child switcher). */
  intro?: ReactNode;
} = {}) {
  const client = useApolloClient();
  // The list is for one `userId`; while another one's list loads, nothing stale is shown.
  const key = userId ?? null;
  const [view, setView] = useState<ListView>(() => emptyView(key));
  const wanted = useRef(key);
  const current = view.key === key ? view : emptyView(key);
  const { list, loading, error } = current;

  const fetchPage = useCallback(
    async (after: string | null): Promise<UserPaymentsPage> => {
      const { data } = await client.query({
        query: USER_PAYMENTS,
        variables: {
          first: PAYMENTS_PAGE_SIZE,
          ...(after ? { after } : {}),
          ...(userId !== undefined ? { userId } : {}),
        },
        context: PAYMENT_CONTEXT,
      });
      if (!data) throw new Error("no data");
      return data.userPayments;
    },
    [client, userId],
  );

  const settle = useCallback(
    (forKey: number | null, after: string | null, page: Promise<UserPaymentsPage>) => {
      page.then(
        (result) => {
          if (wanted.current !== forKey) return;
          setView((previous) => {
            const kept = previous.key === forKey ? previous.list : null;
            return {
              key: forKey,
              list: {
                payments: after && kept ? [...kept.payments, ...result.payments] : result.payments,
                hasNextPage: result.hasNextPage,
                endCursor: result.endCursor,
              },
              loading: false,
              error: null,
            };
          });
        },
        (e: unknown) => {
          if (wanted.current !== forKey) return;
          setView((previous) => ({
            key: forKey,
            list: previous.key === forKey ? previous.list : null,
            loading: false,
            error: serverMessage(e) ?? NETWORK_ERROR_MESSAGE,
          }));
        },
      );
    },
    [],
  );

  useEffect(() => {
    wanted.current = key;
    settle(key, null, fetchPage(null));
  }, [key, fetchPage, settle]);

  const load = (after: string | null) => {
    setView({ ...current, loading: true });
    settle(key, after, fetchPage(after));
  };

  return (
    <section className="pay-history" aria-labelledby="payments-title">
      <h1 id="payments-title" className="pay-page__title">
        내 결제 내역
      </h1>
      {intro}
      {list && list.payments.length === 0 ? (
        <div className="app-panel">
          <p>아직 결제한 내역이 없어요.</p>
          <div className="app-panel__actions">
            <Link to="/_app/enrollment" className="btn btn--primary btn--lg">
              수강 신청하기
            </Link>
          </div>
        </div>
      ) : null}
      {list && list.payments.length > 0 ? (
        <ul className="pay-history__list">
          {list.payments.map((p) => (
            <li key={p.id} className="pay-history__item">
              <PaymentRow payment={p} />
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <div role="alert" className="pay-error">
          <p>{error}</p>
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => load(list?.endCursor ?? null)}
          >
            다시 시도
          </button>
        </div>
      ) : null}
      {loading ? (
        <p role="status" className="pay-muted">
          결제 내역을 불러오는 중이에요…
        </p>
      ) : null}
      {list?.hasNextPage && !loading && !error ? (
        <div className="pay-actions pay-actions--center">
          <button
            type="button"
            className="btn btn--secondary btn--lg"
            onClick={() => load(list.endCursor)}
          >
            더 보기
          </button>
        </div>
      ) : null}
    </section>
  );
}

/**
 * The time a row shows: when it was paid; for a failed attempt when it was tried (it never gets
 * a payment time); "결제 전" while it waits (a virtual account, an answer still coming).
 */
export function paymentTime(p: Pick<PaymentSummary, "state" | "completedAt" | "createdAt">) {
  if (p.completedAt) return seoulDateTime(p.completedAt);
  if (p.state === "FAILED" && p.createdAt) return `${seoulDateTime(p.createdAt)} 시도`;
  return "결제 전";
}

function PaymentRow({ payment: p }: { payment: PaymentSummary }) {
  const items = p.items ?? [];
  const checking = items.some((i) => i.state === "REFUND_REQUESTED");
  const refundable =
    REFUNDABLE_STATES.has(p.state) &&
    !checking &&
    (items.length === 0 ||
      items.some(
        (i) => i.state == null || i.state === "PAID" || i.state === "REFUND_REQUEST_FAILED",
      ));
  return (
    <article className="pay-history__card" aria-labelledby={`payment-${p.id}`}>
      <div className="pay-history__top">
        <span className={`pay-state pay-state--${p.state.toLowerCase()}`}>
          {paymentStateLabel(p.state, p.paymentMethod)}
        </span>
        <span className="pay-history__date">{paymentTime(p)}</span>
      </div>
      <h2 id={`payment-${p.id}`} className="pay-history__name">
        {p.name}
      </h2>
      <dl className="price-list price-list--compact">
        <div className="price-list__row">
          <dt>결제 수단</dt>
          <dd>{paymentMethodLabel(p.paymentMethod)}</dd>
        </div>
        {p.discountedValue > 0 ? (
          <div className="price-list__row price-list__row--discount">
            <dt>할인</dt>
            <dd>−{formatWon(p.discountedValue)}</dd>
          </div>
        ) : null}
        <div className="price-list__row price-list__row--total">
          <dt>결제 금액</dt>
          <dd>{formatWon(p.paidPrice)}</dd>
        </div>
        {p.refundedAmount > 0 ? (
          <div className="price-list__row">
            <dt>환불 금액</dt>
            <dd>{formatWon(p.refundedAmount)}</dd>
          </div>
        ) : null}
      </dl>
      {p.state === "READY" && p.paymentMethod === "VBANK" && p.virtualAccount ? (
        <dl
          className="price-list price-list--compact pay-history__vbank"
          aria-label="입금 계좌"
          data-testid="payments-vbank"
        >
          <div className="price-list__row">
            <dt>입금 계좌</dt>
            <dd>
              {p.virtualAccount.bankName}{" "}
              <span className="pay-vbank__number">
                {groupAccountNumber(p.virtualAccount.accountNumber, p.virtualAccount.bankName)}
              </span>
            </dd>
          </div>
          <div className="price-list__row">
            <dt>입금 기한</dt>
            <dd>{seoulDateTime(p.virtualAccount.dueAt)}까지</dd>
          </div>
        </dl>
      ) : null}
      {checking ? (
        <p className="pay-history__note" data-testid="refund-checking">
          환불 요청을 확인하고 있어요. 담당자가 확인한 뒤 안내해 드려요.
        </p>
      ) : null}
      {p.state === "FAILED" && p.failReason ? (
        <p className="pay-history__fail">실패 사유: {payerFailureMessage(p.failReason)}</p>
      ) : null}
      <p className="pay-history__links">
        <Link to={`/payment_finish?paymentId=${encodeURIComponent(p.id)}`}>
          상세 보기<span className="visually-hidden"> · {p.name}</span>
        </Link>
        {p.receiptUrl ? (
          <a href={p.receiptUrl} target="_blank" rel="noopener noreferrer">
            영수증<span className="visually-hidden"> · {p.name} (새 창)</span>
          </a>
        ) : null}
        {refundable ? (
          <Link to={refundPath(p.id)} className="pay-history__refund">
            환불 요청<span className="visually-hidden"> · {p.name}</span>
          </Link>
        ) : null}
      </p>
    </article>
  );
}
