/**
 * Toast texts of the payment flows (SPEC.md §8) and how an error becomes one. A message from the
 * card gateway ("[F112]…", "[2116]…") never reaches a family as it is: it goes through the one
 * gateway-code table of @seoltab/domain (`payerFailureMessage`), shared with the server.
 */
import { INVALID_CARD_MESSAGE } from "@seoltab/domain";
import { NETWORK_ERROR_MESSAGE, serverMessage } from "../../lib/graphql-errors";

/** The one error helper of the web (lib/graphql-errors.ts), re-exported for the payment pages. */
export { SERVER_ERROR_MESSAGE, serverMessage } from "../../lib/graphql-errors";

/** SPEC.md §8: invalid card information (the gateway's message contains F112). */
export { INVALID_CARD_MESSAGE };

/** Card registration success, first card. */
export const CARD_REGISTERED_MESSAGE = "결제 카드가 등록되었어요.";

/** SPEC.md §8: card number changed (success). */
export const CARD_CHANGED_MESSAGE = "결제 카드 번호가 변경되었어요.";

export { NETWORK_ERROR_MESSAGE };

/** The gateway code of invalid card information (SPEC.md §8). */
export const INVALID_CARD_CODE = "F112";

/**
 * SPEC.md §4/§8 card registration failure: the invalid-card message when the server's message
 * contains F112 (any gateway code: the shared table's message), else the server's message, else
 * the network message.
 */
export function cardRegistrationErrorMessage(error: unknown): string {
  return serverMessage(error) ?? NETWORK_ERROR_MESSAGE;
}

/** SPEC.md §8 payment failure: the server's STATUSMSG, else the network message. */
export function paymentFailureMessage(error: unknown): string {
  return serverMessage(error) ?? NETWORK_ERROR_MESSAGE;
}
