/**
 * Contract documents (issue #5, #18; SPEC.md §3 UserContract; docs/api/contracts.md): the
 * contract of a paid first order, written in the paying transaction in a savepoint that can never
 * undo the payment (`createContractForPayment`, one per payment), and its text rendered from the
 * order in a text version by packages/domain `renderContract` (`renderOf`), with the SHA-256 a
 * signature records (`contractTextHash`).
 */
import { createHash } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import {
  CONTRACT_TEXT_VERSION,
  contractName,
  isOwnershipType,
  isPaymentMethod,
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
import { findUserById } from "../accounts/accounts.public.ts";
import { findStoreItemsByIds, type StoreItemRow } from "../catalog/catalog.public.ts";
import {
  findItemsOfPayments,
  findPaymentById,
  findSubscriptionByFirstPayment,
  type PaymentItemRow,
  type PaymentRow,
} from "../payments/payments.public.ts";
import {
  findContractByPaymentId,
  findPaidPaymentIdsWithoutContract,
  insertContractOnce,
  type ContractRow,
} from "./contracts.repository.ts";
import { findDeviceFacts, type DeviceFacts } from "../refunds/refunds.public.ts";
import type { ContractsDeps } from "./contracts.common.ts";
import { inSavepoint } from "../../platform/transactions.ts";

const TABLET_TYPES = new Set(["IPAD", "ANDROID_TABLET"]);

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

async function buildContract(
  db: Database,
  payment: PaymentRow,
  known: readonly PaymentItemRow[] | null,
): Promise<ContractRow | null> {
  const items = known ?? (await findItemsOfPayments(db, [payment.id]));
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
  items: readonly PaymentItemRow[] | null = null,
): Promise<ContractRow | null> {
  if (payment.subscriptionId != null) return null;
  if (payment.state === "READY" || payment.state === "FAILED") return null;
  try {
    return await inSavepoint(tx, async (db) => {
      return (
        (await buildContract(db, payment, items)) ??
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
export async function ensureContractsOf(deps: ContractsDeps, userId: number): Promise<void> {
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
export async function renderOf(
  db: Database,
  contract: ContractRow,
  version: string = CONTRACT_TEXT_VERSION,
): Promise<RenderedContract> {
  return renderContract(await textInputOf(db, contract), version);
}
