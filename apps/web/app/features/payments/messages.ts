/**
 * Toast texts of the payment flows (SPEC.md §8) and how an error becomes one. A message from the
 * card gateway ("[F112]…", "[2116]…") never reaches a family as it is: it goes through the one
 * gateway-code table of @seoltab/domain (`payerFailureMessage`), shared with the server.
 */
import { CombinedGraphQLErrors, ServerError } from "@apollo/client";
import { INVALID_CARD_MESSAGE, gatewayCodeOf, payerFailureMessage } from "@seoltab/domain";
import { NETWORK_ERROR_MESSAGE, isRestError } from "../../lib/rest-client";

/** SPEC.md §8: invalid card information (the gateway's message contains F112). */
export { INVALID_CARD_MESSAGE };

/** Card registration success, first card. */
export const CARD_REGISTERED_MESSAGE = "결제 카드가 등록되었어요.";

/** SPEC.md §8: card number changed (success). */
export const CARD_CHANGED_MESSAGE = "결제 카드 번호가 변경되었어요.";

/** A server fault (HTTP 5xx, GraphQL INTERNAL_ERROR) or an answer with no Korean message. */
export const SERVER_ERROR_MESSAGE = "일시적인 오류가 발생했어요. 잠시 후 다시 시도해 주세요.";

export { NETWORK_ERROR_MESSAGE };

/** The gateway code of invalid card information (SPEC.md §8). */
export const INVALID_CARD_CODE = "F112";

/** A message a person can read: Korean text, gateway codes mapped to our message. */
function readable(message: string | null | undefined): string | null {
  const text = message?.trim();
  if (!text) return null;
  if (gatewayCodeOf(text)) return payerFailureMessage(text);
  // "Internal", "Internal Server Error", a stack-ish English text: not for a family.
  return /[가-힣]/.test(text) ? text : SERVER_ERROR_MESSAGE;
}

interface GraphqlErrorBody {
  message?: string;
  extensions?: { classification?: string };
}

function graphqlMessage(errors: readonly GraphqlErrorBody[]): string | null {
  if (errors.some((e) => e.extensions?.classification === "INTERNAL_ERROR")) {
    return SERVER_ERROR_MESSAGE;
  }
  return readable(errors.map((e) => e.message ?? "").find((m) => m.trim() !== ""));
}

/**
 * The server's own message in an error from GraphQL (first error message, also inside a non-2xx
 * JSON body) or REST (STATUSMSG), readable by a family (gateway codes mapped, a server fault or
 * an English text → SERVER_ERROR_MESSAGE); null when there was no answer (network, time-out).
 */
export function serverMessage(error: unknown): string | null {
  if (CombinedGraphQLErrors.is(error)) {
    return graphqlMessage(error.errors as readonly GraphqlErrorBody[]);
  }
  if (ServerError.is(error)) {
    try {
      const body = JSON.parse(error.bodyText) as { errors?: GraphqlErrorBody[] };
      const message = graphqlMessage(body.errors ?? []);
      if (message) return message;
    } catch {
      // not JSON: a proxy's page
    }
    return error.statusCode >= 500 ? SERVER_ERROR_MESSAGE : null;
  }
  if (isRestError(error)) {
    if (error.status === 0) return null;
    return readable(error.message) ?? (error.status >= 500 ? SERVER_ERROR_MESSAGE : null);
  }
  return null;
}

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
