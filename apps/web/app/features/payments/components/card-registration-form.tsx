import { useApolloClient } from "@apollo/client/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useNavigate } from "react-router";
import { REGISTER_MAIN_BILLING_CARD, PAYMENT_CONTEXT } from "../api/graphql";
import { handleCardRegistration, type CardRegistrationOutcome } from "../card-registration";
import {
  EMPTY_CARD,
  birthOf,
  cardDigits,
  cardSchema,
  expiryOf,
  type CardValues,
} from "../card-schema";
import { usePaymentStore, type PaymentCardType } from "../payment-store";
import { CardFields } from "./card-fields";

export interface CardRegistrationFormProps {
  /** The student the card is for when the caller is their parent; omitted: the caller. */
  userId?: number;
  /** A card is already registered (the success toast then says it was changed). */
  replacing: boolean;
  /** SPEC.md §3 paymentCardType: what a success leads to (see card-registration.ts). */
  paymentCardType: PaymentCardType;
  submitLabel: string;
  /** After the outcome was handled (toast shown, flag toggled or page changed). */
  onDone?: (outcome: CardRegistrationOutcome) => void;
  onCancel?: () => void;
  /** The current time (expiry check); default now. */
  now?: Date;
  idPrefix?: string;
  /**
   * From the checkout (issue #11 item 4): the card is registered with `mainAfterPayment` — it
   * becomes the main card only when the payment with it succeeds — and, instead of a toast and
   * the payment flag, this is called with its id to pay at once. The form stays busy meanwhile.
   */
  onPendingCard?: (cardId: number) => Promise<void>;
  /** Disables the form (e.g. while the checkout is paying). */
  disabled?: boolean;
}

/**
 * Registers the main billing card: `mutation registerMainBillingCard` on the payment backend
 * (docs/api/payments.md). The card details go to the server once and are cleared from the form
 * after a success; the outcome (toast, payment flag, /home_pre_member) is SPEC.md §4's, in
 * card-registration.ts.
 */
export function CardRegistrationForm({
  userId,
  replacing,
  paymentCardType,
  submitLabel,
  onDone,
  onCancel,
  now: nowProp,
  idPrefix = "card",
  onPendingCard,
  disabled = false,
}: CardRegistrationFormProps) {
  const client = useApolloClient();
  const navigate = useNavigate();
  const [now] = useState(() => nowProp ?? new Date());
  const schema = useMemo(() => cardSchema(now), [now]);
  const {
    register,
    control,
    handleSubmit,
    reset,
    resetField,
    formState: { errors, isSubmitting },
  } = useForm<CardValues>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY_CARD,
    reValidateMode: "onChange",
  });
  const cardType = useWatch({ control, name: "cardType" });

  const onSubmit = handleSubmit(async (values) => {
    usePaymentStore.getState().setPaymentCardType(paymentCardType);
    let outcome: CardRegistrationOutcome;
    try {
      const result = await client.mutate({
        mutation: REGISTER_MAIN_BILLING_CARD,
        context: PAYMENT_CONTEXT,
        variables: {
          input: {
            cardNumber: cardDigits(values.cardNumber),
            expiry: expiryOf(values),
            birth: birthOf(values),
            pwd2digit: values.pwd2digit,
            cardType: values.cardType,
            ...(userId !== undefined ? { userId } : {}),
            ...(onPendingCard ? { mainAfterPayment: true } : {}),
          },
        },
      });
      const cardId = result.data?.registerMainBillingCard;
      if (typeof cardId !== "number") throw result.error ?? new Error("no card id");
      if (onPendingCard) {
        // Not the main card yet: no "registered" toast; the checkout pays with it and says
        // what happened, once.
        usePaymentStore.getState().setCardRegistered(cardId);
        reset(EMPTY_CARD);
        await onPendingCard(cardId);
        return;
      }
      outcome = handleCardRegistration(
        { ok: true, cardId },
        { navigate: (path) => void navigate(path), replacedCard: replacing },
      );
      reset(EMPTY_CARD);
    } catch (error) {
      outcome = handleCardRegistration(
        { ok: false, error },
        { navigate: (path) => void navigate(path), replacedCard: replacing },
      );
      resetField("pwd2digit");
    }
    onDone?.(outcome);
  });

  return (
    <form
      className="pay-card-form"
      noValidate
      onSubmit={onSubmit}
      aria-label={replacing ? "결제 카드 변경" : "결제 카드 등록"}
    >
      <CardFields
        register={register}
        errors={errors}
        cardType={cardType}
        now={now}
        idPrefix={idPrefix}
      />
      <p className="pay-note">
        카드 정보는 결제대행사에 한 번 전달되어 정기결제용 키로 바뀌고, 설탭에는 저장되지 않아요.
        {onPendingCard
          ? " 이 카드로 결제가 완료되면 결제 카드로 등록되고, 결제되지 않으면 지금 결제 카드를 그대로 써요."
          : null}
      </p>
      <div className={onPendingCard ? "pay-actions pay-actions--stack" : "pay-actions"}>
        <button
          type="submit"
          className="btn btn--primary btn--lg"
          disabled={isSubmitting || disabled}
          aria-busy={isSubmitting || undefined}
        >
          {isSubmitting ? (onPendingCard ? "결제하는 중…" : "카드 확인 중…") : submitLabel}
        </button>
        {onCancel ? (
          <button
            type="button"
            className="btn btn--secondary btn--lg"
            onClick={onCancel}
            disabled={isSubmitting || disabled}
          >
            취소
          </button>
        ) : null}
      </div>
    </form>
  );
}
