/**
 * Contracts (계약서) of paid orders (issue #5; SPEC.md §3 UserContract, Contract to sign; §7
 * SignContract, ContractToSign, UserContract; contract docs/api/contracts.md).
 *
 * - A contract is written when a first payment (not a renewal) becomes PAID, in the payment's
 *   own transaction (`createContractForPayment`, one per payment: unique payment_id). Until it
 *   is signed its text is rendered on demand by packages/domain `renderContract` from the
 *   order; a signature stores the document exactly as signed (title, sections, text), its
 *   version and SHA-256, and a signed contract is always shown from that snapshot.
 * - Who may read or sign: the student, a linked parent, or staff (ADMIN, SALES_TEAM). Anyone
 *   else gets FORBIDDEN, also for ids that do not exist, so ids cannot be probed; the message
 *   says both ("찾을 수 없거나 … 권한이 없어요"). Staff get NOT_FOUND for a missing id
 *   (decision 014).
 * - Signing is idempotent for the same signer (same account and name: the same userContractId);
 *   a contract signed by someone else is a conflict and nothing changes.
 */
import { createHash } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import {
  CONTRACT_TEXT_VERSION,
  contractName,
  isOwnershipType,
  isPaymentMethod,
  isStaffUserType,
  parseLessonSchedule,
  renderContract,
  storedLineListPrice,
  storedLinePolicies,
  tabletOwnership,
  type ContractLesson,
  type ContractOrderLine,
  type ContractTextInput,
  type OwnershipType,
  type RenderedContract,
} from "@seoltab/domain";
import type { Database } from "@seoltab/db";
import type { Clock } from "../../clock.ts";
import { AppError } from "../../errors.ts";
import type { AuthUser } from "../accounts/accounts.public.ts";
import { findUserById } from "../accounts/accounts.public.ts";
import { insertAuditLog } from "../../platform/audit.ts";
import { initiatorOf } from "../../platform/auth.ts";
import { findStoreItemsByIds, type StoreItemRow } from "../catalog/catalog.public.ts";
import {
  findItemsOfPayments,
  findPaymentById,
  findSubscriptionByFirstPayment,
  type PaymentItemRow,
  type PaymentRow,
} from "../payments/payments.public.ts";
import {
  findContractById,
  findContractByPaymentId,
  findContractsToSign,
  findOldestContractToSign,
  findPaymentStateOfContract,
  findPaidPaymentIdsWithoutContract,
  findParentNameOfChild,
  findSignedContractsOfUser,
  findUserContractByContractId,
  insertContractOnce,
  insertUserContractOnce,
  type ContractRow,
  type UserContractRow,
} from "./contracts.repository.ts";
import { mayActFor } from "../accounts/accounts.public.ts";
import { findDeviceFacts, type DeviceFacts } from "../refunds/refunds.public.ts";

/** What the contracts service needs (a subset of the payments deps). */
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

const TABLET_TYPES = new Set(["IPAD", "ANDROID_TABLET"]);

// ---------------------------------------------------------------------------------------------
// Access

async function requireUserAccess(db: Database, caller: AuthUser, userId: number): Promise<void> {
  if (!(await mayActFor(db, caller, userId))) {
    throw new AppError("forbidden", "not_your_user", CONTRACT_MESSAGES.notYourUser);
  }
}

/**
 * The contract `contractId` if the caller may act for its user. A missing contract is FORBIDDEN
 * like another user's (ids cannot be probed); staff, who may see every contract, get NOT_FOUND.
 */
async function requireContract(
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

// ---------------------------------------------------------------------------------------------
// Creating contracts

function byMonthsThenId(a: PaymentItemRow, b: PaymentItemRow): number {
  return b.months - a.months || a.id - b.id;
}

/** The tablet line of an order: the first device line that is a tablet (or of unknown type). */
function tabletLineOf(
  devices: readonly PaymentItemRow[],
  storeItems: ReadonlyMap<number, StoreItemRow>,
): PaymentItemRow | null {
  return (
    devices.find((d) => {
      const type = d.storeItemId != null ? storeItems.get(d.storeItemId)?.deviceType : null;
      return type == null || TABLET_TYPES.has(type);
    }) ?? null
  );
}

async function storeItemsOf(
  db: Database,
  items: readonly PaymentItemRow[],
): Promise<Map<number, StoreItemRow>> {
  const ids = items.map((i) => i.storeItemId).filter((id): id is number => id != null);
  return new Map((await findStoreItemsByIds(db, ids)).map((s) => [s.id, s]));
}

async function buildContract(db: Database, payment: PaymentRow): Promise<ContractRow | null> {
  const items = await findItemsOfPayments(db, [payment.id]);
  const lectures = items.filter((i) => i.itemKind === "LECTURE").sort(byMonthsThenId);
  if (lectures.length === 0) return null;
  const devices = items.filter((i) => i.itemKind === "DEVICE");
  const storeItems = await storeItemsOf(db, devices);
  const tablet = tabletLineOf(devices, storeItems);
  const tabletItem = tablet?.storeItemId != null ? storeItems.get(tablet.storeItemId) : undefined;
  const month = Math.max(1, lectures[0]!.months);
  // A tablet given to keep (GIFT, issue #18) is the family's own: OWNED, with its device id.
  const facts = tablet ? await findDeviceFacts(db, [tablet]) : new Map<number, DeviceFacts>();
  const gift = tablet ? facts.get(tablet.id)?.purchaseOrGift === "GIFT" : false;
  return insertContractOnce(db, {
    paymentId: payment.id,
    userId: payment.userId,
    name: contractName(
      lectures.map((l) => l.name),
      month,
    ),
    ownershipType: gift
      ? "OWNED"
      : tabletOwnership(tablet ? { unitSalePrice: tablet.unitSalePrice } : null),
    isUsed: tabletItem?.usedType === "USED",
    month,
    deviceId: tablet?.storeItemId ?? null,
    paidAt: payment.completedAt ?? payment.updatedAt,
  });
}

/**
 * Writes the contract of a paid first order (not a renewal: `payment.subscriptionId == null`),
 * in the caller's transaction `tx`: name "설탭 {lecture} {months}개월 수강 계약", month = the
 * longest lecture line, the tablet from the order's tablet line (sold at 0 won → RENTED, bought
 * → PAID, none → OWNED: the family's own), paidAt = the payment's completedAt. Idempotent (one
 * contract per payment). Returns the contract (new or existing), or null for a renewal, an
 * unpaid payment or an order without lectures.
 *
 * Never throws: it runs in a savepoint, and a failure is logged and rolled back to it, so a
 * contract problem can never undo a recorded payment; the missing contract is written later when
 * the user's contract to sign is asked for (`getContractToSign`).
 */
export async function createContractForPayment(
  tx: Database,
  payment: PaymentRow,
  log?: FastifyBaseLogger,
): Promise<ContractRow | null> {
  if (payment.subscriptionId != null) return null;
  if (payment.state === "READY" || payment.state === "FAILED") return null;
  try {
    return await tx.transaction(async (sp) => {
      const db = sp as unknown as Database;
      return (
        (await buildContract(db, payment)) ??
        (await findContractByPaymentId(db, payment.id)) ??
        null
      );
    });
  } catch (err) {
    log?.error({ err, paymentId: payment.id }, "contract not written for a paid payment");
    return null;
  }
}

/** Writes the missing contracts of a user's paid first orders (at most 20 per call). */
async function ensureContractsOf(deps: ContractsDeps, userId: number): Promise<void> {
  const ids = await findPaidPaymentIdsWithoutContract(deps.db, userId, 20);
  for (const id of ids) {
    const payment = await findPaymentById(deps.db, id);
    if (payment) await createContractForPayment(deps.db, payment, deps.log);
  }
}

// ---------------------------------------------------------------------------------------------
// The text

/** SHA-256 (hex) of a rendered contract's text: what a signature records. */
export function contractTextHash(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/**
 * The order's lines as sold, for the text (version 2026-11.2): 정가 = the unit list price × months
 * (lectures) or × units (devices), as the checkout priced it (packages/domain priceLine); the sale
 * total, the policies and what was paid from the line; a device's type and condition from its
 * store item, and "lent free" when its unit sale price was 0 won.
 */
function orderLinesOf(
  items: readonly PaymentItemRow[],
  storeItems: ReadonlyMap<number, StoreItemRow>,
  devices: ReadonlyMap<number, DeviceFacts> = new Map(),
): ContractOrderLine[] {
  return items.map((line) => {
    const item = line.storeItemId != null ? storeItems.get(line.storeItemId) : undefined;
    const facts = devices.get(line.id);
    return {
      kind: line.itemKind,
      name: line.name,
      months: line.months,
      quantity: line.quantity,
      listPrice: storedLineListPrice(line),
      salePrice: line.salePrice,
      policies: storedLinePolicies(line),
      paidPrice: line.paidPrice,
      device:
        line.itemKind === "DEVICE"
          ? {
              type: item?.deviceType ?? null,
              isUsed: item?.usedType === "USED",
              rental: line.unitSalePrice === 0,
              // From 2026-11.3 (issue #18): as recorded on the line when the order was placed.
              purchaseOrGift:
                facts?.purchaseOrGift === "GIFT" || facts?.purchaseOrGift === "PURCHASE"
                  ? facts.purchaseOrGift
                  : null,
              condition:
                facts?.deviceCondition === "NEW_DEVICE" || facts?.deviceCondition === "USED_DEVICE"
                  ? facts.deviceCondition
                  : item?.usedType === "NEW"
                    ? "NEW_DEVICE"
                    : item?.usedType === "USED"
                      ? "USED_DEVICE"
                      : null,
              paidRental: facts?.isRental === true && line.unitSalePrice > 0,
            }
          : null,
    };
  });
}

/** Everything the renderer needs, read from the contract's order. */
async function textInputOf(db: Database, contract: ContractRow): Promise<ContractTextInput> {
  const payment = await findPaymentById(db, contract.paymentId);
  if (!payment) throw new Error(`payment ${contract.paymentId} of contract ${contract.id} missing`);
  const items = await findItemsOfPayments(db, [payment.id]);
  const storeItems = await storeItemsOf(db, items);
  const lectures = items.filter((i) => i.itemKind === "LECTURE").sort(byMonthsThenId);
  const devices = items.filter((i) => i.itemKind === "DEVICE");
  // OWNED with a device id is a tablet given to keep (GIFT); without one, the family's own.
  const tablet =
    contract.ownershipType === "OWNED" && contract.deviceId == null
      ? null
      : (devices.find((d) => d.storeItemId === contract.deviceId) ?? null);
  const deviceFacts = await findDeviceFacts(db, devices);
  const tabletFacts = tablet ? deviceFacts.get(tablet.id) : undefined;
  const student = await findUserById(db, contract.userId);
  const subscription = await findSubscriptionByFirstPayment(db, payment.id);
  const lessons: ContractLesson[] = lectures.map((line) => {
    const item = line.storeItemId != null ? storeItems.get(line.storeItemId) : undefined;
    const schedule = parseLessonSchedule(item?.subtitle);
    return {
      title: line.name,
      subjects: item?.subjects ?? [],
      months: line.months,
      perWeek: schedule?.perWeek ?? null,
      minutesPerLesson: schedule?.minutesPerLesson ?? null,
      sessions: schedule?.sessionsPerUnit != null ? schedule.sessionsPerUnit * line.quantity : null,
    };
  });
  const ownershipType: OwnershipType = isOwnershipType(contract.ownershipType)
    ? contract.ownershipType
    : "OWNED";
  return {
    contractId: contract.id,
    name: contract.name,
    studentName: student?.name ?? "",
    paidAt: contract.paidAt,
    months: contract.month,
    lessons,
    tablet: {
      ownershipType,
      isUsed: contract.isUsed,
      name: tablet?.name ?? null,
      gift: tabletFacts?.purchaseOrGift === "GIFT",
      valueWon: ownershipType === "RENTED" ? (tabletFacts?.valueWon ?? null) : null,
    },
    otherDevices: devices.filter((d) => d !== tablet).map((d) => d.name),
    payment: {
      method: isPaymentMethod(payment.paymentMethod) ? payment.paymentMethod : "BILLING_CARD",
      productsPrice: payment.productsPrice,
      discountedValue: payment.discountedValue,
      paidPrice: payment.paidPrice,
      cardQuota: payment.cardQuota,
    },
    renewal: subscription ? { monthlyAmount: subscription.renewalAmount } : null,
    lines: orderLinesOf(items, storeItems, deviceFacts),
  };
}

/** Renders a contract in `version` (default: the current text). */
async function renderOf(
  db: Database,
  contract: ContractRow,
  version: string = CONTRACT_TEXT_VERSION,
): Promise<RenderedContract> {
  return renderContract(await textInputOf(db, contract), version);
}

// ---------------------------------------------------------------------------------------------
// Queries and signing

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
