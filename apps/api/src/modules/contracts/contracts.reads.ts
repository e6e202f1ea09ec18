/**
 * Reading signed contracts (issue #5; SPEC.md §3 / §7 UserContract; docs/api/contracts.md): a
 * user's signed contracts newest first (`listUserContracts`, `getUserContract`) and the full
 * text of a contract for reading and printing (`getContractDocument`: a signed one from its
 * stored snapshot, an unsigned one rendered in the current version).
 */
import {
  CONTRACT_TEXT_VERSION,
  isOwnershipType,
  type OwnershipType,
  type RenderedContract,
} from "@seoltab/domain";
import { type AuthUser, findUserById } from "../accounts/accounts.public.ts";
import {
  findPaymentStateOfContract,
  findParentNameOfChild,
  findSignedContractsOfUser,
  findUserContractByContractId,
} from "./contracts.repository.ts";
import { type ContractsDeps, requireContract, requireUserAccess } from "./contracts.common.ts";
import { contractTextHash, renderOf } from "./contracts.documents.ts";
import type { ContractPaymentState } from "./contracts.signing.ts";

/** A signed contract as SPEC.md §3 UserContract, with its payment's (refund) state. */
export interface UserContractView extends ContractPaymentState {
  id: number;
  userId: number;
  userName: string;
  parentName: string | null;
  paidAt: Date;
  deviceId: number | null;
  contract: {
    id: number;
    name: string;
    ownershipType: OwnershipType;
    isUsed: boolean;
    month: number;
  };
}

/** At most this many signed contracts are listed. */
const MAX_LISTED = 100;

/**
 * The signed contracts of `userId`, newest signature first (SPEC.md §3 UserContract).
 * @throws AppError forbidden `not_your_user`
 */
export async function listUserContracts(
  deps: ContractsDeps,
  caller: AuthUser,
  userId: number,
  limit = MAX_LISTED,
): Promise<UserContractView[]> {
  await requireUserAccess(deps.db, caller, userId);
  const rows = await findSignedContractsOfUser(deps.db, userId, Math.min(limit, MAX_LISTED));
  if (rows.length === 0) return [];
  const user = await findUserById(deps.db, userId);
  const parentName = await findParentNameOfChild(deps.db, userId);
  return rows.map(({ signature, contract, payment }) => ({
    id: signature.id,
    paymentId: contract.paymentId,
    paymentState: payment.state,
    refundedAmount: payment.refundedAmount,
    paidPrice: payment.paidPrice,
    userId,
    userName: user?.name ?? "",
    parentName,
    paidAt: contract.paidAt,
    deviceId: contract.deviceId,
    contract: {
      id: contract.id,
      name: contract.name,
      ownershipType: isOwnershipType(contract.ownershipType) ? contract.ownershipType : "OWNED",
      isUsed: contract.isUsed,
      month: contract.month,
    },
  }));
}

/**
 * The latest signed contract of `userId` (SPEC.md §7 UserContract), or null.
 * @throws AppError forbidden `not_your_user`
 */
export async function getUserContract(
  deps: ContractsDeps,
  caller: AuthUser,
  userId: number,
): Promise<UserContractView | null> {
  const [latest] = await listUserContracts(deps, caller, userId, 1);
  return latest ?? null;
}

/** The full text of a contract, with its signature when signed and its payment's state. */
export interface ContractDocumentView extends RenderedContract, ContractPaymentState {
  contractId: number;
  /** SHA-256 of `text`. */
  textHash: string;
  signedBy: string | null;
  signerRole: string | null;
  signedAt: Date | null;
  /** SHA-256 recorded at signing (equals `textHash`: a signed contract shows its stored text). */
  signedTextHash: string | null;
}

/**
 * The full text of a contract for reading and printing: an unsigned one in the current version,
 * a signed one in the version that was signed.
 * @throws AppError forbidden `not_your_contract` (also for a missing id); not_found
 *   `contract_not_found` (staff only)
 */
export async function getContractDocument(
  deps: ContractsDeps,
  caller: AuthUser,
  contractId: number,
): Promise<ContractDocumentView> {
  const contract = await requireContract(deps.db, caller, contractId);
  const signature = await findUserContractByContractId(deps.db, contract.id);
  const payment = await findPaymentStateOfContract(deps.db, contract);
  // A signed contract is shown exactly as signed (the stored snapshot); an unsigned one is
  // rendered from the order in the current text version.
  const doc: RenderedContract = signature
    ? { version: signature.textVersion, ...signature.signedDocument }
    : await renderOf(deps.db, contract, CONTRACT_TEXT_VERSION);
  return {
    ...doc,
    contractId: contract.id,
    textHash: contractTextHash(doc.text),
    signedBy: signature?.signerName ?? null,
    signerRole: signature?.signerRole ?? null,
    signedAt: signature?.signedAt ?? null,
    signedTextHash: signature?.textHash ?? null,
    paymentId: contract.paymentId,
    paymentState: payment?.state ?? "PAID",
    refundedAmount: payment?.refundedAmount ?? 0,
    paidPrice: payment?.paidPrice ?? 0,
  };
}
