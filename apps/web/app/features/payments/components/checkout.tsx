import { useQuery } from "@apollo/client/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { allowedCardQuotas, type PricedOrder } from "@seoltab/domain";
import { useEffect, useEffectEvent, useMemo, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "react-toastify";
import { formatWon } from "../../../content/promotions";
import { isRestError } from "../../../lib/rest-client";
import {
  payOnetime,
  subscribePayment,
  type CheckoutItem,
  type PaymentResponse,
} from "../api/checkout";
import {
  INTEREST_FREE_INSTALLMENT_PERIODS,
  PAYMENT_CONTEXT,
  type MainBillingCard,
} from "../api/graphql";
import {
  EMPTY_CARD,
  birthOf,
  cardDigits,
  cardSchema,
  expiryOf,
  type CardValues,
} from "../card-schema";
import { cardQuotaLabel } from "../format";
import { MerchantUidKeeper } from "../merchant-uid";
import { payerFailureMessage } from "@seoltab/domain";
import { paymentFailureMessage } from "../messages";
import { usePaymentStore } from "../payment-store";
import { BillingCardPanel } from "./billing-card-panel";
import { CardFields } from "./card-fields";
import { OrderSummary } from "./order-summary";
import { ReferralCode } from "./referral-code";
import { cartPrice, type CartQuote } from "../api/cart-price";
import { ServerSummary } from "./server-summary";
import { GoodsPicker } from "./goods-picker";
import { CustomerCenterContact } from "../../../components/ui/customer-center-contact";

/** The checkout's payment methods: billing card, one-time card, virtual account. */
export type CheckoutMethod = "BILLING_CARD" | "ONETIME" | "VBANK";

const METHODS: { value: CheckoutMethod; label: string; hint: string }[] = [
  {
    value: "BILLING_CARD",
    label: "등록 카드 정기결제",
    hint: "등록한 카드로 지금 결제하고, 수강 기간이 끝나면 매월 자동으로 결제돼요.",
  },
  {
    value: "ONETIME",
    label: "일회성 카드 결제",
    hint: "카드 정보를 입력해 이번 한 번만 결제해요.",
  },
  {
    value: "VBANK",
    label: "가상계좌",
    hint: "입금할 계좌를 발급해 드려요. 입금을 확인하면 결제가 끝나요.",
  },
];

/** The billing-card hint for an order nothing of which renews (a fixed-term course). */
const ONCE_BILLING_HINT =
  "등록한 카드로 지금 한 번 결제해요. 이 수업은 매월 자동으로 결제되지 않아요.";

/**
 * True when the server gave a definite answer that no payment went through for this
 * MERCHANT_UID (refused order, declined card, gateway unavailable before charging): the next
 * attempt gets a new one. No answer (network, time-out) or a server fault keeps it, so a retry
 * finds the payment that may have gone through instead of charging again.
 */
export function isDefiniteFailure(error: unknown): boolean {
  if (!isRestError(error) || error.status === 0) return false;
  if (error.status >= 500) return error.errorCode === "gateway_unavailable";
  return true;
}

/** The toast of a failed attempt: one at a time, dismissed when a later attempt goes through. */
export const CHECKOUT_FAILURE_TOAST = "checkout-failure";

/** What the checkout says, inline, after an attempt did not go through (issue #11 item 4). */
interface Failure {
  message: string;
  /** The attempt was with a card just entered (registered to be main only once paid). */
  newCard: boolean;
  /** The main card kept for renewals, when there is one. */
  keptCard: MainBillingCard | null;
}

export interface CheckoutProps {
  /** The order priced by `priceOrder` (lines, productsPrice, discountedValue, paidPrice). */
  order: PricedOrder;
  /** The order lines sent as ITEMS. */
  lines: CheckoutItem[];
  /**
   * Store_Goods lines already in the cart (issue #18: a headphone rental chosen in the
   * enrollment form, goods added here before a reload), sent after `lines`.
   */
  goods?: CheckoutItem[];
  /** The goods lines changed (the cart keeps them up to the payment). */
  onGoodsChange?: (lines: CheckoutItem[]) => void;
  /** The server's conversion of the priced order (Cart_Price CONVERT_SALES_METHOD_NO). */
  onConversion?: (convertSalesMethodNo: number | null) => void;
  /** USER_NO: the student the order is for. */
  userNo: number;
  /** userId for the billing-card calls when the caller is the student's parent. */
  forUserId?: number;
  /** Won charged each month once the period is over (renewal lines of @seoltab/domain). */
  renewalAmount: number;
  cardQuota: number;
  onCardQuotaChange: (months: number) => void;
  /** A payment was made (PAID, or READY: gateway late / VBANK awaiting the deposit). */
  onPaid: (payment: PaymentResponse) => void;
  /** The current time (card expiry check); default now. */
  now?: Date;
}

/**
 * The checkout (SPEC.md §4 "Payment"; docs/api/payments.md): the order summary, the payment
 * method, the installment months (CARD_QUOTA; lump sum only under 50 000 won) with the card
 * companies' interest-free periods, the main billing card with its registration, and 결제하기.
 *
 * One MERCHANT_UID per attempt (MerchantUidKeeper): while a call is running the button is
 * disabled and further clicks do nothing; a retry after no answer sends the same MERCHANT_UID,
 * so the server charges once. A failure shows the server's STATUSMSG as a toast (SPEC.md §8)
 * and stays on the page as an alert until the next attempt. A card entered here (first or
 * change) is registered to become the main card only when its payment succeeds: a declined card
 * leaves the main card as it was, and the page says so.
 */
export function Checkout({
  order,
  lines,
  goods,
  onGoodsChange,
  onConversion,
  userNo,
  forUserId,
  renewalAmount,
  cardQuota,
  onCardQuotaChange,
  onPaid,
  now: nowProp,
}: CheckoutProps) {
  const [method, setMethod] = useState<CheckoutMethod>("BILLING_CARD");
  const [card, setCard] = useState<MainBillingCard | null | undefined>(undefined);
  const [paying, setPaying] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const [keeper] = useState(() => new MerchantUidKeeper());
  const inFlight = useRef(false);
  const [now] = useState(() => nowProp ?? new Date());
  // A friend's code priced by the server (issue #18): its amount is what is charged.
  const [referral, setReferral] = useState<{ code: string; quote: CartQuote } | null>(null);
  // "내 태블릿 사용" (USES_OWN_DEVICE): the family studies on a tablet of its own.
  const [ownDevice, setOwnDevice] = useState(false);
  // Books, contents and headphone rental added here (Store_Goods), sent with the lectures.
  const [goodsLines, setGoodsLinesState] = useState<CheckoutItem[]>(() => goods ?? []);
  const setGoodsLines = (next: CheckoutItem[]) => {
    setGoodsLinesState(next);
    onGoodsChange?.(next);
  };
  const items = useMemo(() => [...lines, ...goodsLines], [lines, goodsLines]);
  const serverQuote = useServerQuote(userNo, items, ownDevice, referral?.code ?? null);
  const quoted = serverQuote.status === "ok" ? serverQuote.quote : null;
  // The cart records the conversion the server priced (SPEC.md convertSalesMethodNo).
  const converted = quoted ? (quoted.CONVERT_SALES_METHOD_NO ?? null) : undefined;
  useEffect(() => {
    if (converted !== undefined) onConversion?.(converted);
  }, [converted, onConversion]);

  // The server's price decides; the client estimate is only shown while it is being asked.
  const due = quoted?.PAID_PRICE ?? referral?.quote.PAID_PRICE ?? order.paidPrice;
  const quotas = allowedCardQuotas(due);
  const quota = quotas.includes(cardQuota) ? cardQuota : 0;
  const periods = useQuery(INTEREST_FREE_INSTALLMENT_PERIODS, { context: PAYMENT_CONTEXT });
  const freePeriods = periods.data?.interestFreeInstallmentPeriods ?? [];

  const fail = (message: string, billingCardId: number | undefined) => {
    toast.error(message, { toastId: CHECKOUT_FAILURE_TOAST });
    setFailure({
      message,
      newCard: billingCardId !== undefined,
      keptCard: method === "BILLING_CARD" ? (card ?? null) : null,
    });
    // On a phone the button is below the order summary: bring the explanation into view.
    requestAnimationFrame(() => {
      failureRef.current?.focus({ preventScroll: true });
      failureRef.current?.scrollIntoView?.({ block: "center", behavior: "smooth" });
    });
  };

  const pay = async (oneTimeCard?: CardValues, billingCardId?: number) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setPaying(true);
    setFailure(null);
    const cardQuotaSent = method === "VBANK" ? undefined : quota;
    const uid = keeper.forOrder(
      JSON.stringify([
        userNo,
        method,
        items,
        cardQuotaSent,
        billingCardId ?? null,
        referral?.code ?? null,
        ownDevice,
      ]),
    );
    const common = {
      USER_NO: userNo,
      MERCHANT_UID: uid,
      ITEMS: items,
      ...(referral ? { REFERRAL_CODE: referral.code } : {}),
      ...(ownDevice ? { USES_OWN_DEVICE: true } : {}),
      ...(quoted || referral ? { EXPECTED_PAID_PRICE: due } : {}),
      ...(cardQuotaSent !== undefined ? { CARD_QUOTA: cardQuotaSent } : {}),
    };
    try {
      const payment =
        method === "ONETIME" && oneTimeCard
          ? await payOnetime({
              ...common,
              CARD_NUMBER: cardDigits(oneTimeCard.cardNumber),
              EXPIRY: expiryOf(oneTimeCard),
              BIRTH: birthOf(oneTimeCard),
              PWD_2DIGIT: oneTimeCard.pwd2digit,
            })
          : await subscribePayment({
              ...common,
              PAYMENT_METHOD: method === "VBANK" ? "VBANK" : "BILLING_CARD",
              ...(billingCardId !== undefined ? { BILLING_CARD_ID: billingCardId } : {}),
            });
      if (payment.STATE === "FAILED") {
        keeper.renew();
        fail(
          payerFailureMessage(
            payment.FAIL_REASON,
            "결제하지 못했어요. 다른 카드로 다시 시도해 주세요.",
          ),
          billingCardId,
        );
        return;
      }
      // A "network unstable" toast of an earlier try must not outlive the payment.
      toast.dismiss(CHECKOUT_FAILURE_TOAST);
      usePaymentStore.getState().setPaymentSuccess(true);
      onPaid(payment);
    } catch (error) {
      if (isDefiniteFailure(error)) keeper.renew();
      // 409 price_changed: the server's new quote is shown before anything is paid.
      if (isRestError(error) && error.errorCode === "price_changed") serverQuote.refresh();
      fail(paymentFailureMessage(error), billingCardId);
    } finally {
      inFlight.current = false;
      setPaying(false);
    }
  };
  // The failure toast belongs to this page: it goes when the page does.
  useEffect(() => () => toast.dismiss(CHECKOUT_FAILURE_TOAST), []);
  // SPEC.md §4: a successful registration of type "change_payment" toggles the payment flag,
  // and the checkout goes on to pay (a plain card change, type "", does not pay).
  const paymentFlag = usePaymentStore((state) => state.paymentFlag);
  const lastFlag = useRef(paymentFlag);
  const payAfterRegistration = useEffectEvent(() => {
    const store = usePaymentStore.getState();
    if (store.paymentCardType !== "change_payment") return;
    store.setPaymentCardType("");
    void pay();
  });
  useEffect(() => {
    if (lastFlag.current === paymentFlag) return;
    lastFlag.current = paymentFlag;
    payAfterRegistration();
  }, [paymentFlag]);

  const total = formatWon(due);
  // A fixed-term course alone (the winter course, decision 017) is not renewed monthly.
  const renews = order.lines.some((l) => l.item.itemKind === "LECTURE" && !l.item.fixedTerm);
  const needsCard = method === "BILLING_CARD" && card === null;

  return (
    <div className="pay-layout">
      <div className="pay-main">
        <fieldset className="panel pay-methods">
          <legend className="pay-panel__title">결제 수단</legend>
          {METHODS.map((m) => (
            <label key={m.value} className="pay-method">
              <input
                type="radio"
                name="payment-method"
                value={m.value}
                checked={method === m.value}
                onChange={() => setMethod(m.value)}
                disabled={paying}
              />
              <span className="pay-method__body">
                <span className="pay-method__label">{m.label}</span>
                <span className="pay-method__hint">
                  {m.value === "BILLING_CARD" && !renews ? ONCE_BILLING_HINT : m.hint}
                </span>
              </span>
            </label>
          ))}
        </fieldset>

        {method !== "VBANK" ? (
          <section className="panel" aria-labelledby="pay-quota-title">
            <h2 id="pay-quota-title" className="pay-panel__title">
              할부
            </h2>
            <div className="form-field">
              <label className="form-field__label" htmlFor="pay-quota">
                할부 개월
              </label>
              <select
                id="pay-quota"
                className="form-input form-select"
                value={quota}
                disabled={paying}
                aria-describedby="pay-quota-hint"
                onChange={(e) => onCardQuotaChange(Number(e.target.value))}
              >
                {quotas.map((q) => (
                  <option key={q} value={q}>
                    {cardQuotaLabel(q)}
                  </option>
                ))}
              </select>
              <p id="pay-quota-hint" className="form-field__hint">
                {quotas.length === 1
                  ? "5만 원 미만은 일시불로만 결제할 수 있어요."
                  : "할부 수수료는 카드사 기준에 따라요."}
              </p>
            </div>
            {freePeriods.length > 0 ? (
              <div className="pay-free-quota">
                <p className="pay-free-quota__title">카드사 무이자 할부</p>
                <ul className="pay-free-quota__list">
                  {freePeriods.map((p) => (
                    <li key={p.id}>
                      {p.name} 최대 {p.freeMonth}개월
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </section>
        ) : null}

        {method === "BILLING_CARD" ? (
          <BillingCardPanel
            userId={forUserId}
            title="결제 카드"
            registerType="change_payment"
            changeType=""
            registerLabel={`카드 등록하고 ${total} 결제하기`}
            changeLabel={`이 카드로 ${total} 결제하기`}
            onCard={setCard}
            onPendingCard={(cardId) => pay(undefined, cardId)}
            busy={paying}
          />
        ) : null}

        {method === "ONETIME" ? (
          <OnetimeCardForm total={total} paying={paying} now={now} onPay={(c) => pay(c)} />
        ) : null}

        {method === "VBANK" ? (
          <section className="panel" aria-labelledby="pay-vbank-title">
            <h2 id="pay-vbank-title" className="pay-panel__title">
              가상계좌 안내
            </h2>
            <p className="pay-muted">
              가상계좌 발급받기를 누르면 바로 결제되지 않고, 입금할 계좌와 입금 기한을 알려 드려요.
              기한 안에 결제 금액을 입금하면 결제가 완료되고, 기한이 지나면 신청이 취소돼요.
              가상계좌 결제는 화면에서 바로 환불할 수 없어 고객센터가 도와드려요.
            </p>
            <CustomerCenterContact className="pay-muted" />
          </section>
        ) : null}
      </div>

      <aside className="pay-aside">
        {failure ? (
          <div
            ref={failureRef}
            tabIndex={-1}
            role="alert"
            className="pay-error pay-failure"
            data-testid="checkout-failure"
          >
            <p className="pay-failure__title">결제하지 못했어요</p>
            <p>{failure.message}</p>
            {failure.newCard ? (
              <p>
                방금 입력한 카드는 결제 카드로 등록하지 않았어요.
                {failure.keptCard
                  ? ` 자동 결제에는 지금 결제 카드(${failure.keptCard.companyName || failure.keptCard.name} `
                  : " 다른 카드를 입력해 다시 결제해 주세요."}
                {failure.keptCard ? (
                  <>
                    <span className="pay-failure__card">{failure.keptCard.number}</span>)를 그대로
                    사용해요.
                  </>
                ) : null}
              </p>
            ) : null}
          </div>
        ) : null}
        {quoted ? (
          <ServerSummary quote={quoted} />
        ) : (
          <>
            <OrderSummary order={order} heading="주문 내역 (예상 금액)" />
            {serverQuote.status !== "error" ? (
              <p role="status" className="pay-note">
                결제 금액을 서버에서 확인하는 중이에요…
              </p>
            ) : (
              <div role="alert" className="pay-error" data-testid="server-quote-error">
                <p>{serverQuote.message}</p>
                <button type="button" className="btn btn--secondary" onClick={serverQuote.refresh}>
                  결제 금액 다시 확인
                </button>
              </div>
            )}
          </>
        )}
        <GoodsPicker
          userNo={userNo}
          cartIds={lines.map((l) => l.id)}
          value={goodsLines}
          onChange={setGoodsLines}
          disabled={paying}
        />
        <section className="panel" aria-label="내 태블릿 사용">
          <label className="pay-toggle">
            <input
              type="checkbox"
              checked={ownDevice}
              disabled={paying}
              onChange={(e) => setOwnDevice(e.target.checked)}
            />
            <span>
              <span className="pay-method__label">내 태블릿 사용</span>
              <span className="pay-method__hint">
                가지고 있는 태블릿으로 수업하면 할인을 받을 수 있어요. 태블릿 상품과 함께 담을 수는
                없어요.
              </span>
            </span>
          </label>
        </section>
        <ReferralCode userNo={userNo} lines={items} quote={referral} onQuote={setReferral} />
        {method === "BILLING_CARD" && renewalAmount > 0 ? (
          <p className="pay-note">
            수강 기간이 끝나면 매월 {formatWon(renewalAmount)}이 등록 카드로 자동 결제돼요.
          </p>
        ) : null}
        {method !== "ONETIME" ? (
          needsCard ? (
            <p className="pay-note" role="note">
              결제 카드를 등록하면 바로 결제돼요.
            </p>
          ) : (
            <button
              type="button"
              className="btn btn--primary btn--lg btn--block"
              disabled={paying || (method === "BILLING_CARD" && card === undefined)}
              aria-busy={paying || undefined}
              onClick={() => void pay()}
            >
              {paying
                ? "결제하는 중…"
                : method === "VBANK"
                  ? `${total} 가상계좌 발급받기`
                  : `${total} 결제하기`}
            </button>
          )
        ) : null}
      </aside>
    </div>
  );
}

type ServerQuoteState =
  | { status: "loading"; refresh: () => void }
  | { status: "ok"; quote: CartQuote; refresh: () => void }
  | { status: "error"; message: string; refresh: () => void };

/**
 * The cart priced by the server (POST /main/Cart_Price) for the lines, the own-tablet choice and
 * the applied referral code; asked again whenever one of them changes or `refresh` is called
 * (after 409 price_changed). A failure carries the server's Korean STATUSMSG.
 */
function useServerQuote(
  userNo: number,
  lines: CheckoutItem[],
  ownDevice: boolean,
  referralCode: string | null,
): ServerQuoteState {
  const [round, setRound] = useState(0);
  // The answer remembers which question it answers: another question is "loading" until its own.
  const request = JSON.stringify([userNo, lines, ownDevice, referralCode, round]);
  const [answer, setAnswer] = useState<
    | { request: string; status: "ok"; quote: CartQuote }
    | { request: string; status: "error"; message: string }
    | null
  >(null);
  useEffect(() => {
    let alive = true;
    const [user, items, own, code] = JSON.parse(request) as [
      number,
      CheckoutItem[],
      boolean,
      string | null,
    ];
    cartPrice({
      USER_NO: user,
      ITEMS: items,
      ...(code ? { REFERRAL_CODE: code } : {}),
      ...(own ? { USES_OWN_DEVICE: true } : {}),
    }).then(
      (quote) => alive && setAnswer({ request, status: "ok", quote }),
      (error: unknown) =>
        alive &&
        setAnswer({
          request,
          status: "error",
          message:
            isRestError(error) && error.status > 0 && error.status < 500 && error.status !== 404
              ? error.message
              : "결제 금액을 확인하지 못했어요. 잠시 뒤 다시 확인해 주세요.",
        }),
    );
    return () => {
      alive = false;
    };
  }, [request]);
  const refresh = () => setRound((r) => r + 1);
  if (!answer || answer.request !== request) return { status: "loading", refresh };
  return answer.status === "ok"
    ? { status: "ok", quote: answer.quote, refresh }
    : { status: "error", message: answer.message, refresh };
}

/** The one-time card fields; submitting pays (the details are sent once, never kept). */
function OnetimeCardForm({
  total,
  paying,
  now,
  onPay,
}: {
  total: string;
  paying: boolean;
  now: Date;
  onPay: (card: CardValues) => Promise<void>;
}) {
  const schema = useMemo(() => cardSchema(now), [now]);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<CardValues>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY_CARD,
    reValidateMode: "onChange",
  });
  const cardType = useWatch({ control, name: "cardType" });
  return (
    <section className="panel" aria-labelledby="pay-onetime-title">
      <h2 id="pay-onetime-title" className="pay-panel__title">
        카드 정보
      </h2>
      <form noValidate onSubmit={handleSubmit(onPay)} aria-labelledby="pay-onetime-title">
        <CardFields
          register={register}
          errors={errors}
          cardType={cardType}
          now={now}
          idPrefix="onetime"
        />
        <button
          type="submit"
          className="btn btn--primary btn--lg btn--block pay-onetime__submit"
          disabled={paying}
          aria-busy={paying || undefined}
        >
          {paying ? "결제하는 중…" : `${total} 결제하기`}
        </button>
      </form>
    </section>
  );
}
