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

/** SPEC.md §3 "Contract to sign": the oldest contract waiting for the student's signature. */
export interface ContractToSign {
  /** The contract id (signContract's contractToSignId, contractDocument's contractId). */
  id: string;
  userId: number;
  userName: string;
  parentName: string | null;
}

export const CONTRACT_TO_SIGN: TypedDocumentNode<
  { contractToSign: ContractToSign | null },
  { input: { userId: number } }
> = gql`
  query ContractToSign($input: ContractToSignInput!) {
    contractToSign(input: $input) {
      id
      userId
      userName
      parentName
    }
  }
`;

/** SPEC.md §3 "UserContract": a signed contract. */
export interface UserContract {
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
    }
  }
`;

export interface ContractSection {
  heading: string;
  paragraphs: string[];
}

/** The full Korean text of a contract, for reading, signing and printing. */
export interface ContractDocument {
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
