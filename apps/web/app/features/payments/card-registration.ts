/**
 * What happens after a card registration (SPEC.md §4 "Card registration", §8):
 * - success: a toast (SPEC.md §8 "card number changed" when a card was replaced), the card id
 *   kept (`cardRegisResponse`), then by `paymentCardType`:
 *   - "change_payment" or "": the payment flag is toggled (a waiting checkout goes on to pay);
 *   - "change_pre": to /home_pre_member;
 * - failure: an error toast — the invalid-card message when the server's message contains
 *   F112, else the server's message, else the network message.
 */
import { toast } from "react-toastify";
import {
  CARD_CHANGED_MESSAGE,
  CARD_REGISTERED_MESSAGE,
  cardRegistrationErrorMessage,
} from "./messages";
import { usePaymentStore } from "./payment-store";

export type CardRegistrationResult = { ok: true; cardId: number } | { ok: false; error: unknown };

/** What the outcome led to. */
export type CardRegistrationOutcome = "payment" | "pre_member" | "failed";

export const PRE_MEMBER_PATH = "/home_pre_member";

export function handleCardRegistration(
  result: CardRegistrationResult,
  options: { navigate: (path: string) => void; replacedCard: boolean },
): CardRegistrationOutcome {
  const store = usePaymentStore.getState();
  if (!result.ok) {
    store.setCardRegistered(null);
    toast.error(cardRegistrationErrorMessage(result.error));
    return "failed";
  }
  store.setCardRegistered(result.cardId);
  toast.success(options.replacedCard ? CARD_CHANGED_MESSAGE : CARD_REGISTERED_MESSAGE);
  if (store.paymentCardType === "change_pre") {
    options.navigate(PRE_MEMBER_PATH);
    return "pre_member";
  }
  store.togglePaymentFlag();
  return "payment";
}
