/**
 * Contracts to sign and signing them (issue #5; SPEC.md §7 ContractToSign, SignContract;
 * docs/api/contracts.md): the contract waiting for a signature (`getContractToSign`,
 * `listContractsToSign`; contracts missing for paid orders are written first) and `signContract`,
 * which stores the document exactly as signed with its version and SHA-256 — idempotent for the
 * same signer, a conflict for anyone else.
 */
import { AppError } from "../../errors.ts";
import { type AuthUser, findUserById } from "../accounts/accounts.public.ts";
import { insertAuditLog } from "../../platform/audit.ts";
import { initiatorOf } from "../../platform/auth.ts";
import { findPaymentById } from "../payments/payments.public.ts";
import {
  findContractByPaymentId,
  findContractsToSign,
  findOldestContractToSign,
  findPaymentStateOfContract,
  findParentNameOfChild,
  findUserContractByContractId,
  insertUserContractOnce,
  type ContractRow,
  type UserContractRow,
} from "./contracts.repository.ts";
import {
  CONTRACT_MESSAGES,
  type ContractsDeps,
  SIGNER_NAME_MAX,
  requireContract,
  requireUserAccess,
} from "./contracts.common.ts";
import {
  contractTextHash,
  createContractForPayment,
  ensureContractsOf,
  renderOf,
} from "./contracts.documents.ts";

/** The state of a contract's payment: PAID, PARTIALLY_REFUNDED or TOTALLY_REFUNDED. */
export interface ContractPaymentState {
  paymentId: number;
  paymentState: string;
  /** Won refunded so far, of `paidPrice`. */
  refundedAmount: number;
  paidPrice: number;
}

export interface ContractToSignView extends ContractPaymentState {
  id: number;
  userId: number;
  userName: string;
  parentName: string | null;
  name: string;
  paidAt: Date;
  month: number;
}

function toSignView(
  contract: ContractRow,
  payment: { state: string; paidPrice: number; refundedAmount: number },
  user: { name: string },
  parentName: string | null,
): ContractToSignView {
  return {
    id: contract.id,
    userId: contract.userId,
    userName: user.name,
    parentName,
    name: contract.name,
    paidAt: contract.paidAt,
    month: contract.month,
    paymentId: contract.paymentId,
    paymentState: payment.state,
    refundedAmount: payment.refundedAmount,
    paidPrice: payment.paidPrice,
  };
}

/**
 * The contract of `userId` waiting for a signature (SPEC.md §7 ContractToSign), or null: with
 * `paymentId`, the contract of that payment (what its receipt's 계약서 서명하기 opens; null when
 * the payment is not this user's, not paid, a renewal, refunded in full or already signed);
 * without it, the oldest. Contracts missing for paid orders are written first. An order refunded
 * in full has nothing to sign.
 * @throws AppError forbidden `not_your_user`
 */
export async function getContractToSign(
  deps: ContractsDeps,
  caller: AuthUser,
  userId: number,
  paymentId?: number,
): Promise<ContractToSignView | null> {
  await requireUserAccess(deps.db, caller, userId);
  const user = await findUserById(deps.db, userId);
  if (!user) return null;
  if (paymentId !== undefined) {
    const payment = await findPaymentById(deps.db, paymentId);
    if (!payment || payment.userId !== userId || payment.state === "TOTALLY_REFUNDED") return null;
    const contract =
      (await findContractByPaymentId(deps.db, payment.id)) ??
      (await createContractForPayment(deps.db, payment, deps.log));
    if (!contract || contract.signedAt) return null;
    return toSignView(contract, payment, user, await findParentNameOfChild(deps.db, userId));
  }
  await ensureContractsOf(deps, userId);
  const contract = await findOldestContractToSign(deps.db, userId);
  if (!contract) return null;
  const payment = await findPaymentStateOfContract(deps.db, contract);
  if (!payment) return null;
  return toSignView(contract, payment, user, await findParentNameOfChild(deps.db, userId));
}

/** At most this many contracts to sign are listed. */
const MAX_TO_SIGN = 50;

/**
 * Every contract of `userId` waiting for a signature, oldest first (orders refunded in full
 * have nothing to sign; a partly refunded one still does and says so by its payment state).
 * Contracts missing for paid orders are written first.
 * @throws AppError forbidden `not_your_user`
 */
export async function listContractsToSign(
  deps: ContractsDeps,
  caller: AuthUser,
  userId: number,
): Promise<ContractToSignView[]> {
  await requireUserAccess(deps.db, caller, userId);
  const user = await findUserById(deps.db, userId);
  if (!user) return [];
  await ensureContractsOf(deps, userId);
  const rows = await findContractsToSign(deps.db, userId, MAX_TO_SIGN);
  if (rows.length === 0) return [];
  const parentName = await findParentNameOfChild(deps.db, userId);
  return rows.map((r) => toSignView(r.contract, r.payment, user, parentName));
}

export interface SignContractInput {
  contractId: number;
  signerName: string;
  agreed: boolean;
}

/** Where a signature came from (recorded with it). */
export interface SignatureOrigin {
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
}

/**
 * The signer name as stored: NFC, trimmed, inner spaces collapsed.
 * @throws AppError validation `signer_name_required`, `signer_name_too_long`, `signer_name_invalid`
 */
export function normaliseSignerName(raw: string): string {
  const name = raw.normalize("NFC").trim().replace(/\s+/g, " ");
  const field = (message: string) => [{ field: "signerName", message }];
  if (name === "") {
    throw new AppError(
      "validation",
      "signer_name_required",
      CONTRACT_MESSAGES.signerNameRequired,
      field(CONTRACT_MESSAGES.signerNameRequired),
    );
  }
  if ([...name].length > SIGNER_NAME_MAX) {
    throw new AppError(
      "validation",
      "signer_name_too_long",
      CONTRACT_MESSAGES.signerNameTooLong,
      field(CONTRACT_MESSAGES.signerNameTooLong),
    );
  }
  if (/[\p{Cc}\p{Cf}\p{Co}\p{Cn}]/u.test(name)) {
    throw new AppError(
      "validation",
      "signer_name_invalid",
      CONTRACT_MESSAGES.signerNameInvalid,
      field(CONTRACT_MESSAGES.signerNameInvalid),
    );
  }
  return name;
}

function signerRoleOf(caller: AuthUser, contract: ContractRow): "STUDENT" | "PARENT" | "STAFF" {
  if (caller.userNo === contract.userId) return "STUDENT";
  return caller.userType === "PARENT" ? "PARENT" : "STAFF";
}

/**
 * Signs a contract (SPEC.md §7 SignContract) as the student, a linked parent, or staff: records
 * the signer, the time, the client IP and user agent, the text version and the SHA-256 of the
 * text rendered now. Signing again as the same signer (account and name) returns the same id.
 * @returns the userContractId
 * @throws AppError validation `agreement_required`, `signer_name_*`; forbidden
 *   `not_your_contract` (also for a missing id); not_found `contract_not_found` (staff only);
 *   conflict `contract_already_signed` (signed by another signer; nothing changed)
 */
export async function signContract(
  deps: ContractsDeps,
  caller: AuthUser,
  input: SignContractInput,
  origin: SignatureOrigin,
): Promise<number> {
  const signerName = normaliseSignerName(input.signerName);
  if (input.agreed !== true) {
    throw new AppError("validation", "agreement_required", CONTRACT_MESSAGES.agreementRequired, [
      { field: "agreed", message: CONTRACT_MESSAGES.agreementRequired },
    ]);
  }
  const contract = await requireContract(deps.db, caller, input.contractId);
  const sameSigner = (s: UserContractRow) =>
    s.signerUserId === caller.userNo && s.signerName === signerName;
  const existing = await findUserContractByContractId(deps.db, contract.id);
  if (existing) {
    if (sameSigner(existing)) return existing.id;
    throw new AppError("conflict", "contract_already_signed", CONTRACT_MESSAGES.alreadySigned);
  }
  const doc = await renderOf(deps.db, contract);
  const now = deps.clock.now();
  const role = signerRoleOf(caller, contract);
  const inserted = await insertUserContractOnce(deps.db, {
    contractId: contract.id,
    userId: contract.userId,
    signerUserId: caller.userNo,
    signerRole: role,
    signerName,
    signedAt: now,
    signedIp: origin.ip?.slice(0, 64) ?? null,
    userAgent: origin.userAgent?.slice(0, 300) ?? null,
    textVersion: doc.version,
    textHash: contractTextHash(doc.text),
    signedDocument: { title: doc.title, sections: doc.sections, text: doc.text },
  });
  if (!inserted) {
    // Lost a race with a concurrent signature: the same signer gets its id, anyone else a conflict.
    const winner = await findUserContractByContractId(deps.db, contract.id);
    if (winner && sameSigner(winner)) return winner.id;
    throw new AppError("conflict", "contract_already_signed", CONTRACT_MESSAGES.alreadySigned);
  }
  await insertAuditLog(deps.db, {
    kind: "EXECUTION",
    initiator: initiatorOf(caller),
    actorUserId: caller.userNo,
    action: "contract_signed",
    target: `contract:${contract.id}`,
    detail: {
      userContractId: inserted.id,
      userId: contract.userId,
      signerRole: role,
      textVersion: inserted.textVersion,
    },
    requestId: origin.requestId,
  });
  return inserted.id;
}
