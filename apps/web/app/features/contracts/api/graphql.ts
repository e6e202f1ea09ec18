/**
 * The contracts operations of the payment backend (docs/api/contracts.md; SPEC.md §3
 * "UserContract", "Contract to sign", §7 SignContract / ContractToSign / UserContract), sent with
 * `context: { clientName: "payment" }` to /payment/graphql. Ids are contract ids
 * (contracts.id) except UserContract.id (the signature). Times are ISO 8601 UTC.
 *
 * The operations are in contracts.payment.graphql; their result and variable types are
 * generated from the published schema (app/graphql/payment.generated.ts, `npm run codegen`).
 */
import {
  ContractDocumentDocument,
  ContractToSignDocument,
  ContractsToSignDocument,
  SignContractDocument,
  UserContractDocument,
  UserContractsDocument,
  type ContractDocumentQuery,
  type ContractToSignQuery,
  type SignContractInput as WireSignContractInput,
  type UserContractQuery,
  type UserContractsQuery,
} from "../../../graphql/payment.generated";

/** Routes an operation to the payment backend (SPEC.md §7). */
export const PAYMENT_CONTEXT = { clientName: "payment" } as const;

/**
 * The state of a contract's payment (docs/api/contracts.md): PAID, PARTIALLY_REFUNDED or
 * TOTALLY_REFUNDED, with the won refunded of the won paid.
 */
export type ContractPaymentState = Pick<
  ContractToSign,
  "paymentId" | "paymentState" | "refundedAmount" | "paidPrice"
>;

/**
 * SPEC.md §3 "Contract to sign": a contract waiting for the student's signature; `id` is the
 * contract id (signContract's contractToSignId, contractDocument's contractId).
 */
export type ContractToSign = NonNullable<ContractToSignQuery["contractToSign"]>;

/** The contract of `paymentId` when given (a receipt's 계약서 서명하기), else the oldest. */
export const CONTRACT_TO_SIGN = ContractToSignDocument;

/** Every contract of the student waiting for a signature, oldest first. */
export const CONTRACTS_TO_SIGN = ContractsToSignDocument;

/**
 * SPEC.md §3 "UserContract": a signed contract (`id`: the signature), with its payment's refund
 * state; `deviceId` is the tablet's store item id (null without one), `contract.month` the
 * months of lessons bought.
 */
export type UserContract = UserContractsQuery["userContracts"][number];

export const USER_CONTRACTS = UserContractsDocument;

/**
 * SPEC.md §7 "Query UserContract" (userId, required): the user's latest signed contract with
 * the SPEC.md §3 UserContract fields, or null when they have signed none.
 */
export type LatestUserContract = NonNullable<UserContractQuery["userContract"]>;

export const USER_CONTRACT = UserContractDocument;

export type ContractSection = NonNullable<
  ContractDocumentQuery["contractDocument"]
>["sections"][number];

/**
 * The full Korean text of a contract, for reading, signing and printing; `signedBy`,
 * `signerRole` (STUDENT, PARENT or STAFF), `signedAt` and `signedTextHash` are null while
 * unsigned.
 */
export type ContractDocument = NonNullable<ContractDocumentQuery["contractDocument"]>;

export const CONTRACT_DOCUMENT = ContractDocumentDocument;

/** The signature: `signerName` is the typed name (1-50 characters after trimming). */
export type SignContractInput = WireSignContractInput;

/**
 * Signs a contract; signing again by the same account with the same name answers the same id.
 * Errors: FORBIDDEN not_your_contract; BAD_REQUEST contract_already_signed, agreement_required,
 * signer_name_*.
 */
export const SIGN_CONTRACT = SignContractDocument;
