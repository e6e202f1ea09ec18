/** How an error of the payment backend becomes a sentence on the refund page. */
import { CombinedGraphQLErrors, ServerError } from "@apollo/client";
import { NETWORK_ERROR_MESSAGE } from "../../lib/rest-client";

export { NETWORK_ERROR_MESSAGE };

/** The server's own Korean message, or the network message when there was no answer. */
export function errorMessage(error: unknown): string {
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
