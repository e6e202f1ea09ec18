/**
 * The one way an error of a GraphQL (or REST) call becomes a sentence on a page (issue #10 "one
 * GraphQL error helper"): the server's own Korean message, readable by a family (a card
 * gateway's code mapped through @seoltab/domain's table, a server fault or an English text →
 * SERVER_ERROR_MESSAGE), or the network message when there was no answer; and the first
 * error's `extensions.code` for pages that branch on it. The payment, contract and refund pages
 * re-export these from their `messages.ts`.
 */
import { CombinedGraphQLErrors, ServerError } from "@apollo/client";
import { gatewayCodeOf, payerFailureMessage } from "@seoltab/domain";
import { NETWORK_ERROR_MESSAGE, isRestError } from "./rest-client";

export { NETWORK_ERROR_MESSAGE };

/** A server fault (HTTP 5xx, GraphQL INTERNAL_ERROR) or an answer with no Korean message. */
export const SERVER_ERROR_MESSAGE = "일시적인 오류가 발생했어요. 잠시 후 다시 시도해 주세요.";

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

/** The server's message (`serverMessage`), or the network message when there was no answer. */
export function errorMessage(error: unknown): string {
  return serverMessage(error) ?? NETWORK_ERROR_MESSAGE;
}

/** The first error's `extensions.code` (GraphQL) or ERROR_CODE (REST), if any. */
export function errorCode(error: unknown): string | null {
  if (isRestError(error)) return error.errorCode;
  if (CombinedGraphQLErrors.is(error)) {
    const code = error.errors[0]?.extensions?.code;
    return typeof code === "string" ? code : null;
  }
  return null;
}
