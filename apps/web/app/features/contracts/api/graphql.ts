/**
 * The contracts operations of the payment backend (docs/api/contracts.md; SPEC.md §3
 * "UserContract", "Contract to sign", §7 SignContract / ContractToSign / UserContract), sent with
 * `context: { clientName: "payment" }` to /payment/graphql. Ids are contract ids
 * (contracts.id) except UserContract.id (the signature). Times are ISO 8601 UTC.
 */
import { gql, type TypedDocumentNode } from "@apollo/client";
import type { OwnershipType } from "@seoltab/domain";

/** Routes an operation to the payment backend (SPEC.md §7). */
export const PAYMENT_CONTEXT = { clientName: "payment" } as const;

/**
 * The state of a contract's payment (docs/api/contracts.md): PAID, PARTIALLY_REFUNDED or
 * TOTALLY_REFUNDED, with the won refunded of the won paid.
 */
export interface ContractPaymentState {
  paymentId: string;
  paymentState: string;
  refundedAmount: number;
  paidPrice: number;
}

/** SPEC.md §3 "Contract to sign": a contract waiting for the student's signature. */
export interface ContractToSign extends ContractPaymentState {
  /** The contract id (signContract's contractToSignId, contractDocument's contractId). */
  id: string;
  userId: number;
  userName: string;
  parentName: string | null;
  name: string;
  paidAt: string;
  month: number;
}

const TO_SIGN_FIELDS = `
  id
  userId
  userName
  parentName
  name
  paidAt
  month
  paymentId
  paymentState
  refundedAmount
  paidPrice
`;

/** The contract of `paymentId` when given (a receipt's 계약서 서명하기), else the oldest. */
export const CONTRACT_TO_SIGN: TypedDocumentNode<
  { contractToSign: ContractToSign | null },
  { input: { userId: number; paymentId?: string } }
> = gql`
  query ContractToSign($input: ContractToSignInput!) {
    contractToSign(input: $input) {
      ${TO_SIGN_FIELDS}
    }
  }
`;

/** Every contract of the student waiting for a signature, oldest first. */
export const CONTRACTS_TO_SIGN: TypedDocumentNode<
  { contractsToSign: ContractToSign[] },
  { userId: number }
> = gql`
  query ContractsToSign($userId: Int!) {
    contractsToSign(userId: $userId) {
      ${TO_SIGN_FIELDS}
    }
  }
`;

/** SPEC.md §3 "UserContract": a signed contract, with its payment's refund state. */
export interface UserContract extends ContractPaymentState {
  /** The signature (user_contracts.id). */
  id: string;
  userId: number;
  userName: string;
  parentName: string | null;
  paidAt: string;
  /** Store item id of the tablet; null without one. */
  deviceId: number | null;
  contract: {
    id: string;
    name: string;
    ownershipType: OwnershipType;
    isUsed: boolean;
    /** Months of lessons bought. */
    month: number;
  };
}

export const USER_CONTRACTS: TypedDocumentNode<
  { userContracts: UserContract[] },
  { userId: number }
> = gql`
  query UserContracts($userId: Int!) {
    userContracts(userId: $userId) {
      id
      userId
      userName
      parentName
      paidAt
      deviceId
      contract {
        id
        name
        ownershipType
        isUsed
        month
      }
      paymentId
      paymentState
      refundedAmount
      paidPrice
    }
  }
`;

export interface ContractSection {
  heading: string;
  paragraphs: string[];
}

/** The full Korean text of a contract, for reading, signing and printing. */
export interface ContractDocument extends ContractPaymentState {
  contractId: string;
  version: string;
  title: string;
  sections: ContractSection[];
  textHash: string;
  /** Null while unsigned. */
  signedBy: string | null;
  /** STUDENT, PARENT or STAFF. */
  signerRole: string | null;
  signedAt: string | null;
  signedTextHash: string | null;
}

export const CONTRACT_DOCUMENT: TypedDocumentNode<
  { contractDocument: ContractDocument | null },
  { contractId: string }
> = gql`
  query ContractDocument($contractId: ID!) {
    contractDocument(contractId: $contractId) {
      contractId
      version
      title
      sections {
        heading
        paragraphs
      }
      textHash
      signedBy
      signerRole
      signedAt
      signedTextHash
      paymentId
      paymentState
      refundedAmount
      paidPrice
    }
  }
`;

export interface SignContractInput {
  contractToSignId: string;
  /** The typed name: 1-50 characters after trimming. */
  signerName: string;
  agreed: true;
}

/**
 * Signs a contract; signing again by the same account with the same name answers the same id.
 * Errors: FORBIDDEN not_your_contract; BAD_REQUEST contract_already_signed, agreement_required,
 * signer_name_*.
 */
export const SIGN_CONTRACT: TypedDocumentNode<
  { signContract: { userContractId: string } },
  { input: SignContractInput }
> = gql`
  mutation SignContract($input: SignContractInput!) {
    signContract(input: $input) {
      userContractId
    }
  }
`;
