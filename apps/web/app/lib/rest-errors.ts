/**
 * The one way an error of a REST call becomes a sentence on a page (issue #10 "near-copies":
 * the console's and the family pages' `errorText`, the staff consultation list's `messageOf`).
 * It keeps the policy of the GraphQL helper beside it (lib/graphql-errors.ts): the server's own
 * Korean STATUSMSG; a server fault (HTTP 5xx without a Korean message) or an English text →
 * SERVER_ERROR_MESSAGE; no answer (network, 20 s time-out) → NETWORK_ERROR_MESSAGE. A validation
 * refusal names its first invalid field's message (FIELDS[0].MESSAGE) instead of the envelope's.
 */
import { errorMessage } from "./graphql-errors";
import { isRestError } from "./rest-client";

export { NETWORK_ERROR_MESSAGE, SERVER_ERROR_MESSAGE } from "./graphql-errors";

/**
 * The Korean sentence for a failed REST call (`RestError` from lib/rest-client.ts): the first
 * invalid field's message, else the server's Korean message (5xx / English text → the generic
 * SERVER_ERROR_MESSAGE), else — no answer, or not a REST error at all — NETWORK_ERROR_MESSAGE.
 * Never throws.
 */
export function restErrorText(error: unknown): string {
  if (isRestError(error)) {
    const field = error.fields.find((f) => f.MESSAGE.trim() !== "");
    if (field && /[가-힣]/.test(field.MESSAGE)) return field.MESSAGE;
  }
  return errorMessage(error);
}
