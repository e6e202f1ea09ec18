import { useQuery } from "@apollo/client/react";
import { useEffect, useId, useState } from "react";
import { MY_MAIN_BILLING_CARD, PAYMENT_CONTEXT, type MainBillingCard } from "../api/graphql";
import type { CardRegistrationOutcome } from "../card-registration";
import { serverMessage, NETWORK_ERROR_MESSAGE } from "../messages";
import type { PaymentCardType } from "../payment-store";
import { CardRegistrationForm } from "./card-registration-form";

/** The masked card as a person reads it: "신한카드 · 4242-42**-****-4242". */
export function MainCardSummary({ card }: { card: MainBillingCard }) {
  return (
    <div className="pay-card" data-testid="main-billing-card">
      <p className="pay-card__company">{card.companyName || card.name}</p>
      <p className="pay-card__number">
        <span className="visually-hidden">카드 번호 </span>
        {card.number}
      </p>
      {card.name && card.name !== card.companyName ? (
        <p className="pay-card__name">{card.name}</p>
      ) : null}
      {card.isLegacy ? (
        <p className="pay-card__legacy">
          예전 방식으로 등록된 카드예요. 다시 등록하면 결제가 더 안정적이에요.
        </p>
      ) : null}
    </div>
  );
}

export interface BillingCardPanelProps {
  /** The student whose card it is, when the caller is their parent. */
  userId?: number;
  title: string;
  /** paymentCardType for a first registration (no card yet). */
  registerType: PaymentCardType;
  /** paymentCardType for a change. */
  changeType: PaymentCardType;
  /** Submit label for a first registration. */
  registerLabel?: string;
  /** After a registration (success or failure) was handled; `first` when there was no card. */
  onRegistered?: (outcome: CardRegistrationOutcome, first: boolean) => void;
  /** The card as it loads (null: none), for a parent component that needs to know. */
  onCard?: (card: MainBillingCard | null) => void;
  /** Submit label for a change (default 카드 변경하기). */
  changeLabel?: string;
  /**
   * The checkout: a new card (first or change) is registered to be main only after its payment
   * succeeds, and this pays with it (CardRegistrationForm `onPendingCard`).
   */
  onPendingCard?: (cardId: number) => Promise<void>;
  /** The checkout is paying: 카드 변경 and the form wait. */
  busy?: boolean;
}

/**
 * The main billing card (`query myMainBillingCard`, payment backend) with the way to register
 * one, or to change it (SPEC.md §3, §4). A load failure says so and offers 다시 시도.
 */
export function BillingCardPanel({
  userId,
  title,
  registerType,
  changeType,
  registerLabel = "카드 등록하기",
  onRegistered,
  onCard,
  changeLabel = "카드 변경하기",
  onPendingCard,
  busy = false,
}: BillingCardPanelProps) {
  const titleId = useId();
  const [changing, setChanging] = useState(false);
  const { data, loading, error, refetch } = useQuery(MY_MAIN_BILLING_CARD, {
    variables: userId !== undefined ? { userId } : {},
    context: PAYMENT_CONTEXT,
    notifyOnNetworkStatusChange: true,
  });
  const card = data?.myMainBillingCard ?? null;
  const known = data !== undefined;
  useEffect(() => {
    if (known) onCard?.(card);
  }, [known, card, onCard]);

  const done = (first: boolean) => (outcome: CardRegistrationOutcome) => {
    if (outcome !== "failed") {
      setChanging(false);
      void refetch().catch(() => undefined);
    }
    onRegistered?.(outcome, first);
  };

  let body;
  if (loading && !data) {
    body = (
      <p role="status" className="pay-muted">
        카드 정보를 불러오는 중이에요…
      </p>
    );
  } else if (error && !data) {
    body = (
      <div role="alert" className="pay-error">
        <p>{serverMessage(error) ?? NETWORK_ERROR_MESSAGE}</p>
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => void refetch().catch(() => undefined)}
        >
          다시 시도
        </button>
      </div>
    );
  } else if (!card) {
    body = (
      <>
        <p className="pay-muted">등록된 결제 카드가 없어요. 카드를 등록해 주세요.</p>
        <CardRegistrationForm
          userId={userId}
          replacing={false}
          paymentCardType={registerType}
          submitLabel={registerLabel}
          onDone={done(true)}
          idPrefix={`${titleId}-new`}
          onPendingCard={onPendingCard}
          disabled={busy}
        />
      </>
    );
  } else {
    body = (
      <>
        <MainCardSummary card={card} />
        {changing ? (
          <CardRegistrationForm
            userId={userId}
            replacing
            paymentCardType={changeType}
            submitLabel={changeLabel}
            onDone={done(false)}
            onCancel={() => setChanging(false)}
            idPrefix={`${titleId}-change`}
            onPendingCard={onPendingCard}
            disabled={busy}
          />
        ) : (
          <div className="pay-actions">
            <button
              type="button"
              className="btn btn--secondary"
              onClick={() => setChanging(true)}
              disabled={busy}
            >
              카드 변경
            </button>
          </div>
        )}
      </>
    );
  }

  return (
    <section className="panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="pay-panel__title">
        {title}
      </h2>
      {body}
    </section>
  );
}
