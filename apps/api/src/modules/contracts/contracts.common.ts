/**
 * What every part of the contracts area shares (issue #5; docs/api/contracts.md): its
 * dependencies, the Korean messages (`CONTRACT_MESSAGES`), who may read or sign (the student, a
 * linked parent, staff; a missing contract is FORBIDDEN like another family's, decision 014) and
 * the ids from the wire.
 */
import type { FastifyBaseLogger } from "fastify";
import { isStaffUserType } from "@seoltab/domain";
import type { Database } from "@seoltab/db";
import type { Clock } from "../../clock.ts";
import { AppError } from "../../errors.ts";
import { type AuthUser, mayActFor } from "../accounts/accounts.public.ts";
import { findContractById, type ContractRow } from "./contracts.repository.ts";

/** What the contracts area needs (a subset of the payments deps). */
export interface ContractsDeps {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
}

/** Korean messages of the contracts area (docs/api/contracts.md). */
export const CONTRACT_MESSAGES = {
  notYourUser: "이 학생의 계약서를 보거나 서명할 권한이 없어요.",
  notYourContract: "계약서를 찾을 수 없거나, 이 계약서를 보거나 서명할 권한이 없어요.",
  contractNotFound: "계약서를 찾을 수 없어요.",
  alreadySigned: "이미 다른 분이 서명한 계약서예요. 계약서 목록에서 서명 내용을 확인해 주세요.",
  agreementRequired: "계약 내용을 읽고 동의해 주세요.",
  signerNameRequired: "서명할 이름을 입력해 주세요.",
  signerNameTooLong: "이름은 50자 이내로 입력해 주세요.",
  signerNameInvalid: "이름에 쓸 수 없는 문자가 있어요. 이름을 다시 입력해 주세요.",
  invalidContractId: "계약서 번호가 올바르지 않아요.",
  invalidPaymentId: "결제 번호가 올바르지 않아요.",
} as const;

/** Longest signer name (user_contracts.signer_name is varchar(50)), in characters. */
export const SIGNER_NAME_MAX = 50;

/** @throws AppError forbidden `not_your_user` unless the caller may act for `userId`. */
export async function requireUserAccess(
  db: Database,
  caller: AuthUser,
  userId: number,
): Promise<void> {
  if (!(await mayActFor(db, caller, userId))) {
    throw new AppError("forbidden", "not_your_user", CONTRACT_MESSAGES.notYourUser);
  }
}

/**
 * The contract `contractId` if the caller may act for its user. A missing contract is FORBIDDEN
 * like another user's (ids cannot be probed); staff, who may see every contract, get NOT_FOUND.
 */
export async function requireContract(
  db: Database,
  caller: AuthUser,
  contractId: number,
): Promise<ContractRow> {
  const contract = await findContractById(db, contractId);
  if (contract && (await mayActFor(db, caller, contract.userId))) return contract;
  if (!contract && isStaffUserType(caller.userType)) {
    throw new AppError("not_found", "contract_not_found", CONTRACT_MESSAGES.contractNotFound);
  }
  throw new AppError("forbidden", "not_your_contract", CONTRACT_MESSAGES.notYourContract);
}

/** A contract id from the wire (GraphQL ID: decimal digits), or a validation error. */
export function parseContractId(value: unknown, field = "contractToSignId"): number {
  if (typeof value !== "string" || !/^[1-9]\d{0,14}$/.test(value)) {
    throw new AppError("validation", "invalid_contract_id", CONTRACT_MESSAGES.invalidContractId, [
      { field, message: CONTRACT_MESSAGES.invalidContractId },
    ]);
  }
  return Number(value);
}

/** A payment id from the wire (GraphQL ID: decimal digits), or a validation error. */
export function parsePaymentId(value: unknown, field = "paymentId"): number {
  if (typeof value !== "string" || !/^[1-9]\d{0,14}$/.test(value)) {
    throw new AppError("validation", "invalid_payment_id", CONTRACT_MESSAGES.invalidPaymentId, [
      { field, message: CONTRACT_MESSAGES.invalidPaymentId },
    ]);
  }
  return Number(value);
}
