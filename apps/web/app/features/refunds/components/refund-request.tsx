import { useApolloClient, useQuery } from "@apollo/client/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useMemo, useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { toast } from "react-toastify";
import { formatWon } from "../../../content/promotions";
import { useModalStore } from "../../../stores/modal-store";
import {
  PAYMENT_CONTEXT,
  REFUND_ELIGIBILITY,
  REFUND_PAYMENT,
  REQUEST_REFUND,
  type RefundDeduction,
  type RefundEligibility,
  type RefundEligibilityItem,
  type RefundLessonQuote,
  type RefundPayment,
  type RequestRefundResult,
} from "../api/graphql";
import {
  GOODS_KINDS,
  ITEM_STATE_LABELS,
  NOTHING_PAID_MESSAGE,
  REFUND_BANKS,
  RETURN_REASON_OPTIONS,
  deviceTermsLabel,
  isRefundableItemState,
  refundReasonLabel,
  refundRuleLabel,
} from "../labels";
import { errorMessage } from "../messages";
import {
  EMPTY_REFUND_FORM,
  REASON_MAX,
  refundFormSchema,
  type RefundFormInput,
  type RefundFormValues,
} from "../refund-schema";
import { RefundResult } from "./refund-result";

const METHOD_LABELS: Record<string, string> = {
  BILLING_CARD: "카드",
  CASH: "현금",
  VBANK: "가상계좌",
};

const SEOUL = new Intl.DateTimeFormat("ko-KR", {
  timeZone: "Asia/Seoul",
  year: "numeric",
  month: "long",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** True when the refund is carried out at once: a card payment, no §5 reason, something to refund. */
export function isInstantRefund(e: RefundEligibility): boolean {
  return e.eligible && e.channel === "CARD" && e.refundableAmount > 0;
}

function BackLinks() {
  return (
    <div className="pay-actions pay-actions--center">
      <Link to="/_app/payments" className="btn btn--secondary btn--lg">
        내 결제 내역
      </Link>
      <Link to="/consultation" className="btn btn--secondary btn--lg">
        상담 신청
      </Link>
    </div>
  );
}

/**
 * 환불 요청 for payment `paymentId` (docs/api/refunds.md "What the page says"): first
 * `refundEligibility` — the items, the rule that applies with the server's sentence, the amount
 * the law gives, and whether it is carried out at once (card) or goes to staff (SPEC.md §5
 * reasons in Korean; a bank account for virtual-account and cash payments). The person may leave
 * items out and say whether a device or book was opened (the amount is asked again), writes the
 * reason, confirms, and `requestRefund` answers REFUNDED / STAFF_REVIEW / REFUND_REQUESTED
 * (RefundResult). A refusal is a toast with the server's message and the page is asked again.
 */
export function RefundRequest({ paymentId }: { paymentId: string }) {
  // Items chosen (null: every refundable item). The amount is asked for the last non-empty choice.
  const [selected, setSelected] = useState<string[] | null>(null);
  const [asked, setAsked] = useState<string[] | null>(null);
  const [opened, setOpened] = useState(false);
  const [returnReason, setReturnReason] = useState("CHANGE_OF_MIND");
  const select = (ids: string[] | null) => {
    setSelected(ids);
    if (ids === null || ids.length > 0) setAsked(ids);
  };
  const [result, setResult] = useState<RequestRefundResult | null>(null);
  const payment = useQuery(REFUND_PAYMENT, {
    variables: { id: paymentId },
    context: PAYMENT_CONTEXT,
  });
  const eligibility = useQuery(REFUND_ELIGIBILITY, {
    variables: { paymentId, paymentItemIds: asked, opened, returnReason },
    context: PAYMENT_CONTEXT,
    notifyOnNetworkStatusChange: true,
  });
  const current =
    eligibility.data?.refundEligibility ?? eligibility.previousData?.refundEligibility;

  if (result) return <RefundResult result={result} />;

  const loadError = eligibility.error ?? payment.error;
  if (loadError && !current) {
    return (
      <section className="app-panel" aria-labelledby="refund-title">
        <h1 id="refund-title">환불 정보를 불러오지 못했어요</h1>
        <p role="alert">{errorMessage(loadError)}</p>
        <div className="app-panel__actions">
          <button
            type="button"
            className="btn btn--primary btn--lg"
            onClick={() => {
              void eligibility.refetch().catch(() => undefined);
              void payment.refetch().catch(() => undefined);
            }}
          >
            다시 시도
          </button>
        </div>
        <BackLinks />
      </section>
    );
  }
  if (!current) {
    return (
      <section className="app-panel" aria-labelledby="refund-title" aria-busy="true">
        <h1 id="refund-title">환불 정보를 확인하고 있어요</h1>
        <p role="status">잠시만 기다려 주세요.</p>
      </section>
    );
  }

  const refundable = current.items.filter((i) => isRefundableItemState(i.state));
  return (
    <div className="pay-page pay-page--narrow refund-page">
      <header className="pay-page__head">
        <p className="pay-page__eyebrow">환불 요청</p>
        <h1 id="refund-title" className="pay-page__title">
          환불을 요청해요
        </h1>
        <p className="pay-page__lead">돌려받을 금액과 적용되는 기준을 확인한 뒤 요청해 주세요.</p>
      </header>
      {payment.data?.payment ? <PaymentSummary payment={payment.data.payment} /> : null}
      {refundable.length === 0 ? (
        <section className="panel" aria-labelledby="refund-none-title">
          <h2 id="refund-none-title" className="pay-panel__title">
            환불할 수 있는 항목이 없어요
          </h2>
          <p className="pay-muted">
            이 결제의 항목은 이미 환불되었거나 환불을 확인하고 있어요. 궁금한 점은 상담 신청으로
            문의해 주세요.
          </p>
          <ItemList
            items={current.items}
            selectable={false}
            selected={[]}
            onToggle={() => undefined}
          />
          <BackLinks />
        </section>
      ) : (
        <RefundForm
          key={`${current.refundAccountRequired}`}
          paymentId={paymentId}
          eligibility={current}
          refundable={refundable}
          selected={selected}
          onSelect={select}
          opened={opened}
          onOpened={setOpened}
          returnReason={returnReason}
          onReturnReason={setReturnReason}
          updating={eligibility.loading}
          onDone={setResult}
          onRefused={() => void eligibility.refetch().catch(() => undefined)}
        />
      )}
    </div>
  );
}

function PaymentSummary({ payment }: { payment: RefundPayment }) {
  return (
    <section className="panel" aria-labelledby="refund-payment-title">
      <h2 id="refund-payment-title" className="pay-panel__title">
        {payment.name}
      </h2>
      <dl className="price-list price-list--compact">
        <div className="price-list__row">
          <dt>결제 수단</dt>
          <dd>{METHOD_LABELS[payment.paymentMethod] ?? payment.paymentMethod}</dd>
        </div>
        {payment.completedAt ? (
          <div className="price-list__row">
            <dt>결제 시각</dt>
            <dd>{SEOUL.format(new Date(payment.completedAt))}</dd>
          </div>
        ) : null}
        <div className="price-list__row">
          <dt>결제 금액</dt>
          <dd>{formatWon(payment.paidPrice)}</dd>
        </div>
        {payment.refundedAmount > 0 ? (
          <div className="price-list__row">
            <dt>이미 환불된 금액</dt>
            <dd>{formatWon(payment.refundedAmount)}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

function ItemList({
  items,
  selectable,
  selected,
  onToggle,
}: {
  items: RefundEligibilityItem[];
  selectable: boolean;
  /** Ids chosen; null: every refundable item. */
  selected: string[] | null;
  onToggle: (id: string, on: boolean) => void;
}) {
  // Reasons every refundable item has are said once for the payment, not per item.
  const open = items.filter((i) => isRefundableItemState(i.state));
  const shared = new Set(
    open.length > 0 ? open[0]!.reasons.filter((r) => open.every((i) => i.reasons.includes(r))) : [],
  );
  return (
    <ul className="refund-items" aria-label="결제 항목">
      {items.map((item) => {
        const refundable = isRefundableItemState(item.state);
        const checked = refundable && (selected === null || selected.includes(item.paymentItemId));
        const stateLabel =
          item.state && item.state !== "PAID" ? ITEM_STATE_LABELS[item.state] : null;
        const deviceTerms = deviceTermsLabel(item.purchaseOrGift, item.deviceCondition);
        return (
          <li key={item.paymentItemId} className="refund-items__item" data-refundable={refundable}>
            {selectable && refundable ? (
              <label className="checkbox-line refund-items__name">
                <input
                  type="checkbox"
                  checked={checked}
                  onChange={(e) => onToggle(item.paymentItemId, e.target.checked)}
                />
                <span>{item.name}</span>
              </label>
            ) : (
              <span className="refund-items__name">{item.name}</span>
            )}
            <span className="refund-items__paid">결제 {formatWon(item.paidPrice)}</span>
            {deviceTerms ? (
              <span className="refund-items__state" data-testid="refund-device-terms">
                {deviceTerms}
              </span>
            ) : null}
            {stateLabel ? <span className="refund-items__state">{stateLabel}</span> : null}
            {item.lessonQuote ? <LessonQuoteLine quote={item.lessonQuote} /> : null}
            {refundable && checked ? (
              <p className="refund-items__explanation">
                {item.explanation}
                {item.reasons.some((r) => !shared.has(r)) ? (
                  <span className="refund-items__reasons">
                    {" "}
                    {item.reasons
                      .filter((r) => !shared.has(r))
                      .map(refundReasonLabel)
                      .join(" ")}
                  </span>
                ) : null}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * How a lecture line's amount was computed from its lesson ledger (docs/refunds.md): "수업 3회
 * 진행 × 회당 23,625원 = 70,875원 차감", with the lessons the line bought.
 */
export function LessonQuoteLine({ quote }: { quote: RefundLessonQuote }) {
  return (
    <p className="refund-items__lessons" data-testid="refund-lesson-quote">
      <strong>{quote.summary}</strong>{" "}
      <span className="refund-items__lessons-note">
        (이 결제로 산 수업 {quote.lessonsBought}회 · 회당 금액은 판매가 {formatWon(quote.listPrice)}{" "}
        ÷ {quote.lessonsBought}회)
      </span>
    </p>
  );
}

/**
 * What the refund keeps back, line by line under the law's amount (docs/refunds.md
 * "Deductions"): "법에 따른 금액 400,000원", "− 무료 대여 태블릿 중도 해지 위약금 60,000원" with
 * its sentence, and the total comes after (the panel's big figure).
 */
export function DeductionLines({
  grossAmount,
  deductions,
}: {
  grossAmount: number;
  deductions: readonly RefundDeduction[];
}) {
  if (deductions.length === 0) return null;
  return (
    <div className="refund-deductions" data-testid="refund-deductions">
      <dl className="price-list price-list--compact">
        <div className="price-list__row">
          <dt>법에 따른 환불 금액</dt>
          <dd>{formatWon(grossAmount)}</dd>
        </div>
        {deductions.map((d) => (
          <div className="price-list__row" key={d.kind} data-testid="refund-deduction">
            <dt>{d.name}</dt>
            <dd>−{formatWon(d.amount)}</dd>
          </div>
        ))}
      </dl>
      <ul className="refund-deductions__notes">
        {deductions.map((d) => (
          <li key={d.kind}>{d.explanation}</li>
        ))}
      </ul>
    </div>
  );
}

interface RefundFormProps {
  paymentId: string;
  eligibility: RefundEligibility;
  refundable: RefundEligibilityItem[];
  selected: string[] | null;
  onSelect: (ids: string[] | null) => void;
  opened: boolean;
  onOpened: (opened: boolean) => void;
  /** Why shipped goods go back: CHANGE_OF_MIND or DEFECTIVE_OR_NOT_AS_SOLD. */
  returnReason: string;
  onReturnReason: (reason: string) => void;
  /** The amount is being asked again (items or `opened` changed). */
  updating: boolean;
  onDone: (result: RequestRefundResult) => void;
  onRefused: () => void;
}

function RefundForm({
  paymentId,
  eligibility: e,
  refundable,
  selected,
  onSelect,
  opened,
  onOpened,
  returnReason,
  onReturnReason,
  updating,
  onDone,
  onRefused,
}: RefundFormProps) {
  const id = useId();
  const client = useApolloClient();
  const openConfirm = useModalStore((s) => s.openConfirm);
  const schema = useMemo(
    () => refundFormSchema(e.refundAccountRequired),
    [e.refundAccountRequired],
  );
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RefundFormInput, unknown, RefundFormValues>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY_REFUND_FORM,
    reValidateMode: "onChange",
  });
  const instant = isInstantRefund(e);
  const noneChosen = selected !== null && selected.length === 0;
  const chosen =
    selected === null ? refundable : refundable.filter((i) => selected.includes(i.paymentItemId));
  // Only lines nothing was paid for (a tablet lent free): nothing to give back, not sent.
  const nothingPaid =
    !noneChosen && (chosen.every((i) => i.paidPrice === 0) || e.rule === "NOTHING_PAID");
  // Use or damage matters only for goods something was paid for.
  const hasGoods = chosen.some((i) => GOODS_KINDS.has(i.itemKind) && i.paidPrice > 0);
  const blockers = e.reasons.filter((r) => r !== "NOT_MY_PAYMENT");

  const toggle = (itemId: string, on: boolean) => {
    const base = selected ?? refundable.map((i) => i.paymentItemId);
    const next = on ? [...new Set([...base, itemId])] : base.filter((x) => x !== itemId);
    onSelect(next.length === refundable.length ? null : next);
  };

  const submit = handleSubmit(async (values) => {
    if (noneChosen || nothingPaid) return;
    const confirmed = await openConfirm({
      title: instant ? "환불할까요?" : "환불을 요청할까요?",
      message:
        (instant
          ? `${formatWon(e.refundableAmount)}을 결제한 카드로 바로 취소해요. 취소한 결제는 되돌릴 수 없어요.`
          : `담당자에게 환불 요청을 보내요. 법에 따른 금액 ${formatWon(e.refundableAmount)}을 기준으로 확인한 뒤 연락드려요.`) +
        (e.renewal ? ` ${e.renewal.message}` : ""),
      confirmText: instant ? "환불하기" : "요청 보내기",
    });
    if (!confirmed) return;
    try {
      const { data } = await client.mutate({
        mutation: REQUEST_REFUND,
        context: PAYMENT_CONTEXT,
        variables: {
          input: {
            paymentId,
            ...(selected ? { paymentItemIds: selected } : {}),
            reason: values.reason,
            ...(e.refundAccountRequired
              ? {
                  refundAccount: {
                    bankCode: values.bankCode,
                    accountNumber: values.accountNumber,
                    holder: values.holder,
                  },
                }
              : {}),
            ...(hasGoods ? { opened } : {}),
            ...(e.returnReasonAsked ? { returnReason } : {}),
          },
        },
      });
      if (!data) throw new Error("no data");
      onDone(data.requestRefund);
    } catch (error) {
      toast.error(errorMessage(error));
      onRefused();
    }
  });

  return (
    <form
      className="refund-form"
      noValidate
      onSubmit={(ev) => void submit(ev)}
      aria-labelledby="refund-title"
    >
      <section className="panel" aria-labelledby={`${id}-items`}>
        <h2 id={`${id}-items`} className="pay-panel__title">
          환불할 항목
        </h2>
        <ItemList
          items={e.items}
          selectable={refundable.length > 1}
          selected={selected}
          onToggle={toggle}
        />
        {noneChosen ? (
          <p className="form-field__error" role="alert">
            환불할 항목을 하나 이상 골라 주세요.
          </p>
        ) : nothingPaid ? (
          <p className="form-field__error" role="alert" data-testid="refund-nothing-paid">
            {NOTHING_PAID_MESSAGE}
          </p>
        ) : null}
        {hasGoods ? (
          <label className="checkbox-line">
            <input
              type="checkbox"
              checked={opened}
              onChange={(ev) => onOpened(ev.target.checked)}
            />
            <span>태블릿이나 교재를 사용했거나 훼손해 가치가 떨어졌어요</span>
          </label>
        ) : null}
        {e.returnReasonAsked && !noneChosen ? (
          <fieldset className="refund-return-reason" data-testid="refund-return-reason">
            <legend className="form-field__label">반품하는 이유</legend>
            {RETURN_REASON_OPTIONS.map((o) => (
              <label key={o.value} className="checkbox-line">
                <input
                  type="radio"
                  name={`${id}-return-reason`}
                  value={o.value}
                  checked={returnReason === o.value}
                  onChange={() => onReturnReason(o.value)}
                />
                <span>
                  {o.label} <span className="pay-muted">({o.hint})</span>
                </span>
              </label>
            ))}
          </fieldset>
        ) : null}
      </section>

      <section
        className="panel refund-amount"
        aria-labelledby={`${id}-amount`}
        aria-busy={updating || undefined}
        aria-live="polite"
      >
        <h2 id={`${id}-amount`} className="pay-panel__title">
          돌려받을 금액
        </h2>
        <p className="refund-amount__value" data-testid="refund-amount">
          {noneChosen ? "—" : formatWon(e.refundableAmount)}
        </p>
        {noneChosen ? null : (
          <DeductionLines grossAmount={e.grossAmount} deductions={e.deductions} />
        )}
        <dl className="price-list price-list--compact">
          <div className="price-list__row">
            <dt>적용 기준</dt>
            <dd data-testid="refund-rule">{refundRuleLabel(e.rule)}</dd>
          </div>
        </dl>
        <p className="refund-amount__explanation" data-testid="refund-explanation">
          {e.explanation}
        </p>
        {e.renewal && !noneChosen ? (
          <p className="refund-amount__explanation" data-testid="refund-renewal">
            <strong>자동 결제: </strong>
            {e.renewal.message}
          </p>
        ) : null}
        {updating ? (
          <p role="status" className="pay-muted">
            금액을 다시 계산하고 있어요…
          </p>
        ) : null}
      </section>

      {nothingPaid ? null : (
        <section className="panel" aria-labelledby={`${id}-how`} data-testid="refund-how">
          <h2 id={`${id}-how`} className="pay-panel__title">
            {instant ? "결제한 카드로 바로 환불돼요" : "담당자가 확인한 뒤 환불해 드려요"}
          </h2>
          {instant ? (
            <p className="pay-muted">
              요청하면 바로 카드 결제가 취소돼요. 카드사에 따라 환불 금액이 보이기까지 3~7영업일이
              걸릴 수 있어요.
            </p>
          ) : (
            <>
              {blockers.length > 0 ? (
                <ul className="refund-reasons" aria-label="직접 환불할 수 없는 이유">
                  {blockers.map((r) => (
                    <li key={r}>{refundReasonLabel(r)}</li>
                  ))}
                </ul>
              ) : e.channel === "BANK" ? (
                <p className="pay-muted">현금이나 계좌로 낸 결제는 알려 주신 계좌로 돌려드려요.</p>
              ) : e.refundableAmount === 0 ? (
                <p className="pay-muted">
                  법에 따라 돌려드릴 금액이 없지만, 사정이 있다면 담당자가 살펴봐요.
                </p>
              ) : null}
              <p className="pay-muted">
                요청을 보내면 담당자가 위 금액을 기준으로 확인한 뒤 안내해 드릴게요.
              </p>
            </>
          )}
        </section>
      )}

      {e.refundAccountRequired ? (
        <fieldset className="panel refund-account" aria-describedby={`${id}-account-hint`}>
          <legend className="pay-panel__title">환불받을 계좌</legend>
          <p id={`${id}-account-hint`} className="pay-muted">
            가상계좌나 현금으로 결제한 금액은 이 계좌로 돌려드려요. 예금주와 계좌번호를 확인해
            주세요.
          </p>
          <div className="form-field">
            <label className="form-field__label" htmlFor={`${id}-bank`}>
              은행
            </label>
            <select
              id={`${id}-bank`}
              className="form-input form-select"
              aria-invalid={errors.bankCode ? true : undefined}
              aria-describedby={errors.bankCode ? `${id}-bank-error` : undefined}
              {...register("bankCode")}
            >
              <option value="">은행을 골라 주세요</option>
              {REFUND_BANKS.map((b) => (
                <option key={b.code} value={b.code}>
                  {b.name}
                </option>
              ))}
            </select>
            {errors.bankCode ? (
              <p id={`${id}-bank-error`} className="form-field__error">
                {errors.bankCode.message}
              </p>
            ) : null}
          </div>
          <Field
            id={`${id}-account`}
            label="계좌번호"
            error={errors.accountNumber?.message}
            hint="숫자만 입력해도 돼요."
          >
            <input
              id={`${id}-account`}
              className="form-input"
              inputMode="numeric"
              autoComplete="off"
              aria-invalid={errors.accountNumber ? true : undefined}
              aria-describedby={`${id}-account-help`}
              {...register("accountNumber")}
            />
          </Field>
          <Field id={`${id}-holder`} label="예금주" error={errors.holder?.message}>
            <input
              id={`${id}-holder`}
              className="form-input"
              autoComplete="name"
              aria-invalid={errors.holder ? true : undefined}
              aria-describedby={errors.holder ? `${id}-holder-help` : undefined}
              {...register("holder")}
            />
          </Field>
        </fieldset>
      ) : null}

      <section className="panel" aria-labelledby={`${id}-reason-title`}>
        <h2 id={`${id}-reason-title`} className="pay-panel__title">
          환불 사유
        </h2>
        <Field
          id={`${id}-reason`}
          label="환불하려는 이유를 알려 주세요"
          error={errors.reason?.message}
          hint={`${REASON_MAX}자까지 쓸 수 있어요.`}
        >
          <textarea
            id={`${id}-reason`}
            className="form-input refund-form__reason"
            rows={4}
            maxLength={REASON_MAX}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={`${id}-reason-help`}
            {...register("reason")}
          />
        </Field>
      </section>

      <div className="pay-actions">
        <button
          type="submit"
          className="btn btn--primary btn--lg"
          disabled={isSubmitting || updating || noneChosen || nothingPaid}
          aria-busy={isSubmitting || undefined}
        >
          {isSubmitting
            ? "요청하는 중…"
            : instant
              ? `${formatWon(e.refundableAmount)} 환불하기`
              : "환불 요청 보내기"}
        </button>
        <Link to="/_app/payments" className="btn btn--secondary btn--lg">
          취소
        </Link>
      </div>
    </form>
  );
}

/** A labelled control with its hint and error under it (`${id}-help` names both). */
function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="form-field">
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      <div id={`${id}-help`}>
        {hint ? <p className="form-field__hint">{hint}</p> : null}
        {error ? <p className="form-field__error">{error}</p> : null}
      </div>
    </div>
  );
}
