/** How an error of the payment backend becomes a sentence on the contract pages. */
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

/** The first error's `extensions.code` (e.g. not_your_contract), if any. */
export function errorCode(error: unknown): string | null {
  if (CombinedGraphQLErrors.is(error)) {
    const code = error.errors[0]?.extensions?.code;
    return typeof code === "string" ? code : null;
  }
  return null;
}

/**
 * The contract does not exist or is not the caller's: the server answers both the same for
 * families (FORBIDDEN not_your_contract) and NOT_FOUND for staff (decision 014). Nothing to
 * retry: the page offers the list instead.
 */
export function isContractNotFound(error: unknown): boolean {
  const code = errorCode(error);
  return (
    code === "not_your_contract" || code === "contract_not_found" || code === "invalid_contract_id"
  );
}
