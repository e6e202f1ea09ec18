/**
 * The one way an error of a GraphQL (or REST) call becomes a sentence on a page (issue #10 "one
 * GraphQL error helper"): the server's own Korean message, or the network message when there
 * was no answer; and the first error's `extensions.code` for pages that branch on it.
 */
import { CombinedGraphQLErrors, ServerError } from "@apollo/client";
import { NETWORK_ERROR_MESSAGE, isRestError } from "./rest-client";

export { NETWORK_ERROR_MESSAGE };

/** The server's own Korean message, or the network message when there was no answer. */
export function errorMessage(error: unknown): string {
  if (isRestError(error)) return error.message;
  if (CombinedGraphQLErrors.is(error)) {
    return error.errors.map((e) => e.message).find((m) => m.trim() !== "") ?? NETWORK_ERROR_MESSAGE;
  }
  if (ServerError.is(error)) {
    try {
      const body = JSON.parse(error.bodyText) as { errors?: { message?: string }[] };
      return (
        body.errors?.map((e) => e.message ?? "").find((m) => m.trim() !== "") ??
        NETWORK_ERROR_MESSAGE
      );
    } catch {
      return NETWORK_ERROR_MESSAGE;
    }
  }
  return NETWORK_ERROR_MESSAGE;
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
