/** How an error of the payment backend becomes a sentence on the contract pages. */
import { errorCode } from "../../lib/graphql-errors";

export { NETWORK_ERROR_MESSAGE, errorCode, errorMessage } from "../../lib/graphql-errors";

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
