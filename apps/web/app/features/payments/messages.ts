/**
 * Toast texts of the payment flows (SPEC.md §8) and how an error becomes one.
 */
import { CombinedGraphQLErrors, ServerError } from "@apollo/client";
import { NETWORK_ERROR_MESSAGE, isRestError } from "../../lib/rest-client";

/** SPEC.md §8: invalid card information (the gateway's message contains F112). */
export const INVALID_CARD_MESSAGE =
  "유효하지 않은 카드 정보입니다. 카드 번호, 유효기간, 생년월일, 비밀번호 앞 2자리를 확인해 주세요.";

/** Card registration success, first card. */
export const CARD_REGISTERED_MESSAGE = "결제 카드가 등록되었어요.";

/** SPEC.md §8: card number changed (success). */
export const CARD_CHANGED_MESSAGE = "결제 카드 번호가 변경되었어요.";

export { NETWORK_ERROR_MESSAGE };

/** The gateway code of invalid card information (SPEC.md §8). */
export const INVALID_CARD_CODE = "F112";

/**
 * The server's own message in an error from GraphQL (first error message, also inside a non-2xx
 * JSON body) or REST (STATUSMSG); null when there was no answer (network, time-out).
 */
export function serverMessage(error: unknown): string | null {
  if (CombinedGraphQLErrors.is(error)) {
    return error.errors.map((e) => e.message).find((m) => m.trim() !== "") ?? null;
  }
  if (ServerError.is(error)) {
    try {
      const body = JSON.parse(error.bodyText) as { errors?: { message?: string }[] };
      return body.errors?.map((e) => e.message ?? "").find((m) => m.trim() !== "") ?? null;
    } catch {
      return null;
    }
  }
  if (isRestError(error)) {
    return error.status === 0 ? null : error.message;
  }
  return null;
}

/**
 * SPEC.md §4/§8 card registration failure: the invalid-card message when the server's message
 * contains F112, else the server's message, else the network message.
 */
export function cardRegistrationErrorMessage(error: unknown): string {
  const message = serverMessage(error);
  if (message?.includes(INVALID_CARD_CODE)) return INVALID_CARD_MESSAGE;
  return message ?? NETWORK_ERROR_MESSAGE;
}

/** SPEC.md §8 payment failure: the server's STATUSMSG, else the network message. */
export function paymentFailureMessage(error: unknown): string {
  return serverMessage(error) ?? NETWORK_ERROR_MESSAGE;
}
