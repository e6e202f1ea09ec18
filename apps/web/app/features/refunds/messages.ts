/** How an error of the payment backend becomes a sentence on the refund page. */
export { NETWORK_ERROR_MESSAGE, errorMessage } from "../../lib/graphql-errors";
