/**
 * Refunds (issue #5; SPEC.md §3 refund channels, §4 payment item states set one, §5 refund-
 * ineligibility reasons, §9 refund window; contract docs/api/refunds.md, rules docs/refunds.md).
 *
 * - Eligibility per item is `refundEligibility` (SPEC.md §5; CLOSED_LECTURE from the lecture's
 *   `lectureState`); the amount is what Korean law gives (`legalRefund`: 학원법 시행령 [별표 4]
 *   for lessons — by the lesson ledger for a lecture line whose lecture has lessons (paid − lessons
 *   held × the list price per lesson, 비고 2; `lessonLedgers`, handed in by modules/index.ts from
 *   the lessons area), else the whole price before lessons start (`lessonsStartOf`) —,
 *   전자상거래법 제17조 for devices and books), never more than remains paid on the payment.
 * - Self-service (no §5 reason, a card payment with a gateway id, an amount above 0): the items
 *   go PAID → REFUND_REQUESTED with a conditional update and a PENDING refund request is
 *   committed BEFORE the gateway is called, then the gateway cancels `amount` with
 *   `checksum` = paidPrice − refundedAmount (PortOne refuses a stale balance, so a race cannot
 *   refund twice). Success → items REFUNDED, payment PARTIALLY_/TOTALLY_REFUNDED; refusal →
 *   items REFUND_REQUEST_FAILED, request FAILED; no answer → left PENDING/REFUND_REQUESTED and
 *   settled by asking the gateway (`settleRefundRequest`), never by cancelling again.
 * - Otherwise the request is kept for staff (STAFF_REVIEW) with the law's amount and the
 *   reasons; the items wait in REFUND_REQUESTED. Staff decide REFUNDED (an amount up to what
 *   remains paid; above the law's amount with a note) or REJECTED (with a note).
 * Every request, outcome and decision is in the audit log.
 */
import type {} from "./refunds.public.ts"; // its DomainEvents entry
import {
  PAYMENT_TRANSITIONS,
  REFUND_INELIGIBILITY_REASONS,
  addMonthsSeoul,
  canTransition,
  isItemKind,
  lectureState,
  legalRefund,
  refundChannelOf,
  refundEligibility,
  isStaffUserType,
  formatRefundWon,
  refundDeductions,
  RETURN_FEE_KINDS,
  type Initiator,
  type ItemKind,
  type LectureState,
  type LegalRefund,
  type LessonDeduction,
  type PaymentItemState,
  type PaymentMethod,
  type PaymentRefundRule,
  type PaymentState,
  type RefundChannel,
  type RefundIneligibilityReason,
  type RefundRequester,
  type RefundDeduction,
  type ReturnReason,
} from "@seoltab/domain";
import type { Database } from "@seoltab/db";
import { AppError, REFUND_MESSAGES } from "../../errors.ts";
import type { AuthUser } from "../accounts/accounts.public.ts";
import { isParentOf } from "../accounts/accounts.public.ts";
import { insertAuditLog } from "../../platform/audit.ts";
import {
  initiatorOf,
  PermissionDenied,
  requireStaff as requireStaffCaller,
} from "../../platform/auth.ts";
import { mayPerform } from "@seoltab/domain/admin";
import { withTransaction } from "../../platform/transactions.ts";
import {
  GatewayRefusedError,
  GatewayUnavailableError,
  type GatewayPayment,
} from "../payments/payments.public.ts";
import {
  findItemsOfPayments,
  findPaymentById,
  transitionPayment,
  type PaymentItemRow,
  type PaymentRow,
  type SubscriptionRow,
} from "../payments/payments.public.ts";
import type { PaymentsDeps } from "../payments/payments.public.ts";
import {
  endSubscriptionForRefund,
  lockSubscriptionOfPayment,
  renewalEffectOfRefund,
  subscriptionOfPayment,
  type RenewalEffect,
} from "../payments/payments.public.ts";
import { mayActFor } from "../accounts/accounts.public.ts";
import {
  findDeviceFacts,
  findItemsByIds,
  insertRefundDeductions,
  restockRefundedBooks,
  type DeviceFacts,
  findRefundRequestById,
  findRefundRequestsByState,
  hasPendingRefund,
  hasStaffTransfer,
  insertRefundRequest,
  lockPayment,
  markItemsRefundRequested,
  settleItems,
  updateRefundRequestIf,
  type Actor,
  type RefundRequestRow,
  type RefundRequestState,
} from "./refunds.repository.ts";

/**
 * The lesson ledger of paid lecture lines as it stood at `at`: paymentItemId → lessons held,
 * for the lines whose lecture has lesson records (the lessons area's `lessonLedgersOfLines`,
 * lessons.public.ts; handed in by modules/index.ts).
 */
export type LessonLedgerSource = (
  db: Database,
  paymentItemIds: readonly number[],
  at: Date,
) => Promise<ReadonlyMap<number, { held: number }>>;

/**
 * The refunds area runs on the payments area's dependencies (db, gateway, clock, log), plus the
 * lesson ledger (without it every lecture line is quoted by the calendar rules, as before).
 */
export interface RefundsDeps extends PaymentsDeps {
  lessonLedgers?: LessonLedgerSource;
}

/** A PENDING request whose cancel the gateway never saw is FAILED after this long, ms. */
export const PENDING_GIVE_UP_MS = 10 * 60_000;

/** A bank account to pay a BANK refund to. */
export interface RefundAccount {
  bankCode: string;
  accountNumber: string;
  holder: string;
}

/**
 * The account of a staff bank transfer as kept (decision 022): bank code and holder as given,
 * the number masked but its last 4 digits ("********6789"), `transfer: "STAFF"`. Staff make
 * the transfer themselves when they approve it, so nothing later needs the full number.
 */
export function staffTransferAccount(account: RefundAccount): Record<string, string> {
  const digits = account.accountNumber.replace(/\D/g, "");
  return {
    bankCode: account.bankCode,
    holder: account.holder,
    accountNumber: `${"*".repeat(Math.max(0, digits.length - 4))}${digits.slice(-4)}`,
    transfer: "STAFF",
  };
}

/** True for a request kept as a staff bank transfer (`staffTransferAccount`). */
function isStaffTransfer(request: Pick<RefundRequestRow, "refundAccount">): boolean {
  return (request.refundAccount as Record<string, string> | null)?.transfer === "STAFF";
}

// ---------------------------------------------------------------------------------------------
// Assessment (shared by the query and the mutation)

/** One item as the refund page shows it. */
export interface ItemAssessment {
  item: PaymentItemRow;
  eligible: boolean;
  reasons: RefundIneligibilityReason[];
  /** Won the law gives now (less what was refunded). */
  amount: number;
  rule: string;
  explanation: string;
  /** How a lecture line's ledger quote was computed (lessons held, price per lesson); else null. */
  lessons: LessonDeduction | null;
  /** DEVICE lines: PURCHASE / GIFT / null and NEW_DEVICE / USED_DEVICE / null (issue #18). */
  purchaseOrGift: string | null;
  deviceCondition: string | null;
}

/** What `refundEligibility` answers (docs/api/refunds.md). */
export interface RefundAssessment {
  payment: PaymentRow;
  /** No SPEC.md §5 reason applies to the items considered (and there are some). */
  eligible: boolean;
  /** Reasons of the items considered, in SPEC.md §5 order. */
  reasons: RefundIneligibilityReason[];
  /**
   * Won to refund for the items considered (shown also when blocked): what the law gives, never
   * above what remains paid on the payment (paidPrice − refundedAmount), less `deductions`.
   */
  refundableAmount: number;
  /** The law's amount capped at the balance, before `deductions` (issue #18). */
  grossAmount: number;
  /**
   * What the refund keeps back (issue #18, decision 021): PENALTY (early end of a free tablet
   * rental) and DELIVERY_FEE_FOR_REFUND (return shipping by change of mind). Empty when none.
   */
  deductions: RefundDeduction[];
  /** The items considered include books something is given back for: ask why they go back. */
  returnReasonAsked: boolean;
  /** The return reason the quote was made with (CHANGE_OF_MIND unless told otherwise). */
  returnReason: ReturnReason;
  rule: PaymentRefundRule;
  explanation: string;
  channel: RefundChannel;
  /** A BANK refund needs the account to pay to. */
  refundAccountRequired: boolean;
  /** Every item of the payment. */
  items: ItemAssessment[];
  /** The items the totals are about: the ones asked for, or those still refundable. */
  considered: ItemAssessment[];
  /**
   * What refunding the considered items would do to the monthly renewals of the payment's
   * subscription (issue #11 item 1), or null without one.
   */
  renewal: RenewalEffect | null;
}

function kindOf(item: Pick<PaymentItemRow, "itemKind">): ItemKind {
  return isItemKind(item.itemKind) ? item.itemKind : "ETC";
}

/** An item still open to a refund: PAID, or a failed request that may be asked again. */
function isOpen(item: PaymentItemRow): boolean {
  return item.state === "PAID" || item.state === "REFUND_REQUEST_FAILED";
}

/**
 * The payment the caller may act on. No such payment and another family's payment give the
 * same NOT_FOUND answer (issue #19: a 404-vs-403 difference told which payment ids exist).
 */
async function paymentForCaller(
  deps: RefundsDeps,
  caller: AuthUser,
  paymentId: number,
): Promise<PaymentRow> {
  const payment = await findPaymentById(deps.db, paymentId);
  if (!payment || !(await mayActFor(deps.db, caller, payment.userId))) {
    throw new AppError("not_found", "payment_not_found", REFUND_MESSAGES.paymentNotFound);
  }
  return payment;
}

/**
 * The items named by `ids` within `items`. An id that is not in this payment — unknown or
 * another person's: one answer for both (issue #19) — is a validation error.
 */
function pickItems(items: PaymentItemRow[], ids: readonly number[]): PaymentItemRow[] {
  const unique = [...new Set(ids)];
  const own = new Map(items.map((i) => [i.id, i]));
  const foreign = unique.filter((id) => !own.has(id));
  if (foreign.length > 0) {
    // Another family's item and an unknown id get the same answer (nothing tells them apart).
    throw new AppError("validation", "payment_item_not_found", REFUND_MESSAGES.itemNotInPayment, [
      { field: "paymentItemIds", message: REFUND_MESSAGES.itemNotInPayment },
    ]);
  }
  return unique.map((id) => own.get(id)!);
}

/** When the payment was paid (completedAt; createdAt for rows without one). */
function paidAtOf(payment: PaymentRow): Date {
  return payment.completedAt ?? payment.createdAt;
}

/**
 * When the lessons of a payment started, for the calendar rows of the law's table ([별표 4]:
 * "교습 시작 전" → all back), or null when they have not. A lecture line whose lecture has lesson
 * records is quoted by its ledger instead (`ledgersOf`, decision 029); what is left here is a
 * line with no lessons (waiting for its match, or a renewal line, which has no lecture record):
 * no lesson can have been given on it, so the whole unrefunded price comes back.
 */
function lessonsStartOf(_payment: PaymentRow): Date | null {
  return null;
}

/**
 * The lecture state of a LECTURE item, as LECTURE_INFO shows it (packages/domain `lectureState`
 * with the inputs of payments.service `lectureInfoOf`), for SPEC.md §5 CLOSED_LECTURE: DONE once
 * the paid period is over and no active subscription carries it on; READY while it waits for a
 * tutor match. Items of other kinds have no lecture (undefined). A refunded item is FINISH in
 * LECTURE_INFO; here that is the item's own refund, already REFUNDED_PAYMENT_ITEM, so it is not
 * named a second time as CLOSED_LECTURE.
 */
function lectureStateOf(
  payment: PaymentRow,
  item: PaymentItemRow,
  subscription: SubscriptionRow | null,
  now: Date,
): LectureState | undefined {
  if (item.itemKind !== "LECTURE") return undefined;
  const endsAt = subscription
    ? addMonthsSeoul(subscription.startedAt, subscription.paidMonths)
    : payment.completedAt
      ? addMonthsSeoul(payment.completedAt, item.months)
      : null;
  const state = lectureState({
    paymentState: payment.state as PaymentState,
    itemState: (item.state ?? null) as PaymentItemState | null,
    subscriptionStatus: subscription?.status ?? null,
    endsAt,
    now,
  });
  return state === "FINISH" && item.state === "REFUNDED" ? undefined : state;
}

/** Held lessons per LECTURE line of `items` at `at` (empty without a ledger source). */
async function ledgersOf(
  deps: RefundsDeps,
  items: readonly PaymentItemRow[],
  at: Date,
): Promise<ReadonlyMap<number, { held: number }>> {
  const lectureLines = items.filter((i) => i.itemKind === "LECTURE").map((i) => i.id);
  if (!deps.lessonLedgers || lectureLines.length === 0) return new Map();
  return deps.lessonLedgers(deps.db, lectureLines, at);
}

/**
 * The law's amounts of `items`. A LECTURE line in `ledgers` (its lecture has lessons) is quoted
 * by the ledger: its list price is the line's sale total before the order's policies
 * (`salePrice`: the catalog's monthly price × months; decision 029).
 */
function legalRefundOf(
  payment: PaymentRow,
  items: readonly PaymentItemRow[],
  opened: boolean,
  now: Date,
  ledgers: ReadonlyMap<number, { held: number }>,
  devices: ReadonlyMap<number, DeviceFacts> = new Map(),
): LegalRefund {
  const paidAt = paidAtOf(payment);
  return legalRefund({
    paymentMethod: payment.paymentMethod as PaymentMethod,
    items: items.map((item) => {
      const kind: ItemKind = isItemKind(item.itemKind) ? item.itemKind : "ETC";
      return {
        id: item.id,
        kind,
        paidPrice: item.paidPrice,
        refundedAmount: item.refundedAmount,
        months: Math.max(1, item.months),
        lessonsStartAt: lessonsStartOf(payment),
        ledger:
          kind === "LECTURE" && ledgers.has(item.id)
            ? { lessonsHeld: ledgers.get(item.id)!.held, listPrice: item.salePrice }
            : null,
        // No delivery date is recorded: the withdrawal days count from the payment (016).
        paidAt,
        opened,
        gift: devices.get(item.id)?.purchaseOrGift === "GIFT",
      };
    }),
    now,
  });
}

/**
 * Assesses a refund of `paymentId` for `caller` at the clock's now: every item's SPEC.md §5
 * reasons and the amount the law gives. Totals are over `itemIds` when given, else over the items
 * still open to a refund (none open → REFUNDED_PAYMENT_ITEM).
 * @throws AppError not_found `payment_not_found` (also for another person's payment);
 *   validation `payment_item_not_found` (also for another person's item); conflict `payment_not_refundable`
 *   (READY or FAILED payment)
 */
export async function assessRefund(
  deps: RefundsDeps,
  caller: AuthUser,
  paymentId: number,
  options: {
    itemIds?: readonly number[] | null;
    opened?: boolean;
    /** Why books go back (default CHANGE_OF_MIND; issue #18). */
    returnReason?: ReturnReason | null;
  } = {},
): Promise<RefundAssessment> {
  const payment = await paymentForCaller(deps, caller, paymentId);
  if (payment.state === "READY" || payment.state === "FAILED") {
    throw new AppError("conflict", "payment_not_refundable", REFUND_MESSAGES.notRefundable);
  }
  const rows = await findItemsOfPayments(deps.db, [payment.id]);
  const picked = options.itemIds?.length ? pickItems(rows, options.itemIds) : null;
  const now = deps.clock.now();
  const requester: RefundRequester = {
    userId: caller.userNo,
    userType: caller.userType,
    childUserIds:
      caller.userType === "PARENT" && (await isParentOf(deps.db, caller.userNo, payment.userId))
        ? [payment.userId]
        : [],
  };
  const ledgers = await ledgersOf(deps, rows, now);
  const devices = await findDeviceFacts(deps.db, rows);
  const law = legalRefundOf(payment, rows, options.opened ?? false, now, ledgers, devices);
  const subscription = await subscriptionOfPayment(deps.db, payment);
  const items = rows.map((item, index): ItemAssessment => {
    const { reasons } = refundEligibility({
      payment: {
        id: payment.id,
        userId: payment.userId,
        paymentMethod: payment.paymentMethod as PaymentMethod,
        state: payment.state as PaymentState,
        paidAt: paidAtOf(payment),
      },
      item: {
        id: item.id,
        state: (item.state ?? "PAID") as PaymentItemState,
        kind: isItemKind(item.itemKind) ? item.itemKind : "ETC",
        lectureState: lectureStateOf(payment, item, subscription, now),
      },
      requester,
      now,
    });
    const legal = law.items[index]!;
    return {
      item,
      eligible: reasons.length === 0,
      reasons,
      amount: legal.amount,
      rule: legal.rule,
      explanation: legal.explanation,
      lessons: legal.lessons,
      purchaseOrGift: devices.get(item.id)?.purchaseOrGift ?? null,
      deviceCondition: devices.get(item.id)?.deviceCondition ?? null,
    };
  });
  const pickedIds = picked ? new Set(picked.map((i) => i.id)) : null;
  const considered = items.filter((a) => (pickedIds ? pickedIds.has(a.item.id) : isOpen(a.item)));
  const consideredLaw = legalRefundOf(
    payment,
    considered.map((a) => a.item),
    options.opened ?? false,
    now,
    ledgers,
    devices,
  );
  const reasonSet = new Set<RefundIneligibilityReason>(considered.flatMap((a) => a.reasons));
  if (considered.length === 0) reasonSet.add("REFUNDED_PAYMENT_ITEM");
  const reasons = REFUND_INELIGIBILITY_REASONS.filter((r) => reasonSet.has(r));
  const channel = refundChannelOf(payment.paymentMethod as PaymentMethod);
  // Never more than remains paid on the payment: a cancel made at the gateway's console is
  // mirrored on the payment only (not on its items), and the gateway refuses anything above
  // its balance.
  const balance = Math.max(0, payment.paidPrice - payment.refundedAmount);
  const grossAmount = Math.min(consideredLaw.amount, balance);
  // What the refund keeps back (issue #18): the free tablet's early-end penalty and the return
  // shipping of goods sent back by change of mind (packages/domain refund-deductions.ts).
  const consideredLawById = new Map(
    considered.map((a, index) => [a.item.id, consideredLaw.items[index]!] as const),
  );
  const freeTablet = rows.find((item) => isFreeRentalTablet(item, devices.get(item.id)));
  const returnReason: ReturnReason = options.returnReason ?? "CHANGE_OF_MIND";
  const cut = refundDeductions({
    items: rows.map((item) => {
      const facts = devices.get(item.id);
      const requested = consideredLawById.get(item.id);
      return {
        id: item.id,
        kind: kindOf(item),
        paidPrice: item.paidPrice,
        tablet: item.itemKind === "DEVICE" && facts?.deviceType !== "AIR_PODS_MAX",
        freeRental: isFreeRentalTablet(item, facts),
        requested: requested !== undefined,
        closed: item.state === "REFUNDED" || item.state === "REFUND_REQUESTED",
        law: requested ? { amount: requested.amount, rule: requested.rule } : null,
      };
    }),
    paidAt: paidAtOf(payment),
    now,
    returnReason,
    grossAmount,
    tabletValueWon: freeTablet ? (devices.get(freeTablet.id)?.valueWon ?? null) : null,
  });
  const refundableAmount = cut.netAmount;
  const baseExplanation =
    grossAmount < consideredLaw.amount
      ? `${consideredLaw.explanation} 이 결제에서 이미 취소된 금액을 빼면 남은 결제 금액 ${formatRefundWon(balance)}까지 돌려받을 수 있어요.`
      : consideredLaw.explanation;
  const explanation = cut.explanation ? `${baseExplanation} ${cut.explanation}` : baseExplanation;
  const returnReasonAsked = considered.some(
    (a) =>
      RETURN_FEE_KINDS.has(kindOf(a.item)) &&
      a.item.paidPrice > 0 &&
      (consideredLawById.get(a.item.id)?.amount ?? 0) > 0,
  );
  const renewal = await renewalEffectOfRefund(deps.db, payment, {
    paymentState:
      payment.refundedAmount + refundableAmount >= payment.paidPrice
        ? "TOTALLY_REFUNDED"
        : "PARTIALLY_REFUNDED",
    refundedKinds: considered.map((a) => kindOf(a.item)),
  });
  return {
    payment,
    eligible: reasons.length === 0,
    reasons,
    refundableAmount,
    grossAmount,
    deductions: cut.deductions,
    returnReasonAsked,
    returnReason,
    rule: consideredLaw.rule,
    explanation,
    channel,
    refundAccountRequired: channel === "BANK",
    items,
    considered,
    renewal,
  };
}

/**
 * The tablet lent free with the lessons: a DEVICE line sold at 0 won that is not a gift, not a
 * rental for a fee and not headphones (lines written before issue #18 have no device facts and
 * count as lent free when sold at 0 won, as the contract reads them).
 */
function isFreeRentalTablet(item: PaymentItemRow, facts: DeviceFacts | undefined): boolean {
  return (
    item.itemKind === "DEVICE" &&
    item.unitSalePrice === 0 &&
    facts?.purchaseOrGift !== "GIFT" &&
    facts?.isRental !== true &&
    facts?.deviceType !== "AIR_PODS_MAX"
  );
}

// ---------------------------------------------------------------------------------------------
// Requesting a refund

export interface RequestRefundInput {
  paymentId: number;
  /** Items to refund; default every item still open to a refund. */
  paymentItemIds?: number[] | null;
  /** Why, in the person's words (kept with the request). */
  reason: string;
  /** BANK refunds (virtual account, cash): where to pay the money back. */
  refundAccount?: RefundAccount | null;
  /** Devices/books in the request were used or damaged so that their value fell (not merely opened). */
  opened?: boolean;
  /**
   * Why books go back (issue #18): CHANGE_OF_MIND (default; the return shipping is kept back)
   * or DEFECTIVE_OR_NOT_AS_SOLD (no fee; staff check the books before refunding).
   */
  returnReason?: ReturnReason | null;
  /**
   * Staff only, with `forStaffDecision` (the operations console): "BANK" on a card payment pays
   * the money back by a staff bank transfer to `refundAccount` instead of a gateway cancel
   * (e.g. the card is expired or closed; decision 022). Ignored otherwise.
   */
  channel?: RefundChannel | null;
  /**
   * Staff only (the operations console, issue 16): keep the request for a staff decision
   * (STAFF_REVIEW) even when self-service would refund it at once, so staff can decide the
   * amount (`decideRefundRequest`). Ignored for other callers.
   */
  forStaffDecision?: boolean;
}

/** What `requestRefund` answers (docs/api/refunds.md). */
export interface RequestRefundResult {
  /** REFUNDED (done), REFUND_REQUESTED (gateway answer unknown), STAFF_REVIEW (kept for staff). */
  state: "REFUNDED" | "REFUND_REQUESTED" | "STAFF_REVIEW";
  /** SPEC.md §5 reasons that sent it to staff; empty otherwise. */
  reasons: RefundIneligibilityReason[];
  /** Won refunded by this request now (0 unless REFUNDED). */
  refundedAmount: number;
  /** Won the law gives for the items (what is refunded, or what staff start from). */
  amount: number;
  rule: PaymentRefundRule;
  refundRequestId: number;
  channel: RefundChannel;
  message: string;
  /** What this refund does (or will do once settled) to the monthly renewals; null without. */
  renewal: RenewalEffect | null;
  /** The ledger quotes of the lecture lines refunded (how each amount was computed). */
  lessonQuotes: { paymentItemId: number; lessons: LessonDeduction }[];
  /** What the refund keeps back (PENALTY, DELIVERY_FEE_FOR_REFUND); `amount` is after them. */
  deductions: RefundDeduction[];
}

/** Sentinels to roll a transaction back: another request holds an item / is at the gateway. */
class ItemsTaken extends Error {}
class RefundInProgress extends Error {}

function refundInProgress(): AppError {
  return new AppError("conflict", "refund_in_progress", REFUND_MESSAGES.refundInProgress);
}

/**
 * Asks for a refund of items of a payment (issue #5; docs/api/refunds.md, docs/refunds.md).
 * @returns REFUNDED when the gateway cancelled at once, REFUND_REQUESTED when its answer is
 *   unknown (staff settle it by asking the gateway), STAFF_REVIEW when self-service is blocked
 * @throws AppError as `assessRefund`; conflict `refunded_payment_item` (an item already refunded
 *   or being refunded — also the loser of two concurrent requests; nothing changed); validation
 *   `refund_account_required` (BANK channel without an account); conflict `refund_in_progress`
 *   (another refund of the payment awaits the gateway's answer); conflict `refund_refused`
 *   (the gateway refused: items REFUND_REQUEST_FAILED, may be asked again); unavailable
 *   `gateway_unavailable` (not sent; items REFUND_REQUEST_FAILED)
 */
export async function requestRefund(
  deps: RefundsDeps,
  caller: AuthUser,
  input: RequestRefundInput,
  requestId: string | null,
): Promise<RequestRefundResult> {
  const assessment = await assessRefund(deps, caller, input.paymentId, {
    itemIds: input.paymentItemIds ?? null,
    opened: input.opened ?? false,
    returnReason: input.returnReason ?? null,
  });
  const { payment, considered } = assessment;
  const staffDecision = input.forStaffDecision === true && isStaffUserType(caller.userType);
  // A staff transfer instead of a card cancel (decision 022): channel BANK on a card payment.
  const staffTransfer = staffDecision && input.channel === "BANK" && assessment.channel === "CARD";
  const channel: RefundChannel = staffTransfer ? "BANK" : assessment.channel;
  // Staff asking a card cancel after a staff transfer: refused before anything is opened.
  if (staffDecision && channel === "CARD" && (await hasStaffTransfer(deps.db, payment.id))) {
    throw new AppError("conflict", "refund_channel_bank_required", BANK_AFTER_TRANSFER, [
      { field: "REFUND_ACCOUNT", message: BANK_AFTER_TRANSFER },
    ]);
  }
  if (
    considered.length === 0 ||
    considered.some((a) => !isOpen(a.item)) ||
    assessment.reasons.includes("REFUNDED_PAYMENT_ITEM")
  ) {
    throw new AppError("conflict", "refunded_payment_item", REFUND_MESSAGES.refundedPaymentItem);
  }
  // Only lines nothing was paid for (a tablet lent free): nothing to give back, so refused
  // (validation `nothing_to_refund`, docs/api/refunds.md).
  if (assessment.rule === "NOTHING_PAID") {
    throw new AppError("validation", "nothing_to_refund", REFUND_MESSAGES.nothingToRefund, [
      { field: "paymentItemIds", message: REFUND_MESSAGES.nothingToRefund },
    ]);
  }
  if (channel === "BANK" && !input.refundAccount) {
    throw new AppError(
      "validation",
      "refund_account_required",
      REFUND_MESSAGES.refundAccountRequired,
      [{ field: "refundAccount", message: REFUND_MESSAGES.refundAccountRequired }],
    );
  }
  const amount = assessment.refundableAmount;
  // Books said to be defective or not as sold go back without a fee, after staff check them.
  const defectClaim =
    assessment.returnReasonAsked && assessment.returnReason === "DEFECTIVE_OR_NOT_AS_SOLD";
  const selfService =
    !staffDecision &&
    !defectClaim &&
    assessment.eligible &&
    channel === "CARD" &&
    payment.gatewayPaymentId !== null &&
    amount > 0 &&
    // After a staff bank transfer the gateway's balance differs from ours: staff decide.
    !(await hasStaffTransfer(deps.db, payment.id));
  const now = deps.clock.now();
  const initiator = initiatorOf(caller);
  const actor: Actor = { initiator, userId: caller.userNo, reason: input.reason, at: now };
  const itemIds = considered.map((a) => a.item.id);
  const lessonQuotes = considered.flatMap((a) =>
    a.lessons ? [{ paymentItemId: a.item.id, lessons: a.lessons }] : [],
  );

  let request: RefundRequestRow;
  try {
    request = await withTransaction(deps.db, async (tx) => {
      // A lecture refund and a renewal reservation never pass each other: both take the
      // subscription's row lock; once the lecture line is REFUND_REQUESTED the renewal job
      // holds the renewals until the refund is settled (issue #11 item 1).
      await lockSubscriptionOfPayment(tx, payment);
      // One refund of a payment at the gateway at a time: its balance (the checksum) is only
      // known when no cancel is in flight.
      await lockPayment(tx, payment.id);
      const moved = await markItemsRefundRequested(tx, payment.id, itemIds, actor);
      if (moved.length !== itemIds.length) throw new ItemsTaken();
      if (selfService && (await hasPendingRefund(tx, payment.id))) throw new RefundInProgress();
      return insertRefundRequest(tx, {
        paymentId: payment.id,
        paymentItemIds: itemIds,
        requestedByUserId: caller.userNo,
        initiator,
        reason: input.reason.slice(0, 500),
        state: selfService ? "PENDING" : "STAFF_REVIEW",
        channel,
        amount,
        rule: assessment.rule,
        blockedReasons: assessment.reasons,
        // Kept only where it is used: BANK refunds.
        refundAccount:
          channel === "BANK" && input.refundAccount
            ? staffTransfer
              ? staffTransferAccount(input.refundAccount)
              : { ...input.refundAccount }
            : null,
        returnReason: assessment.returnReasonAsked ? assessment.returnReason : null,
        goodsOpened: input.opened === true,
        createdAt: now,
      }).then(async (row) => {
        await insertRefundDeductions(tx, row.id, assessment.deductions);
        return row;
      });
    });
  } catch (err) {
    if (err instanceof ItemsTaken) {
      throw new AppError("conflict", "refunded_payment_item", REFUND_MESSAGES.refundedPaymentItem);
    }
    if (err instanceof RefundInProgress) throw refundInProgress();
    throw err;
  }
  await insertAuditLog(deps.db, {
    kind: "EXECUTION",
    initiator,
    actorUserId: caller.userNo,
    action: "refund_requested",
    target: `refund_request:${request.id}`,
    detail: {
      paymentId: payment.id,
      userId: payment.userId,
      itemIds,
      amount,
      rule: assessment.rule,
      channel,
      state: request.state,
      blockedReasons: assessment.reasons,
      ...(assessment.deductions.length > 0
        ? {
            grossAmount: assessment.grossAmount,
            deductions: assessment.deductions.map((d) => ({ kind: d.kind, amount: d.amount })),
          }
        : {}),
      ...(assessment.returnReasonAsked ? { returnReason: assessment.returnReason } : {}),
      ...(lessonQuotes.length > 0
        ? {
            lessons: lessonQuotes.map((q) => ({
              itemId: q.paymentItemId,
              held: q.lessons.lessonsHeld,
              pricePerLesson: q.lessons.pricePerLesson,
              deducted: q.lessons.deducted,
            })),
          }
        : {}),
    },
    requestId,
  });

  const base = {
    reasons: assessment.reasons,
    amount,
    rule: assessment.rule,
    refundRequestId: request.id,
    channel,
    renewal: assessment.renewal,
    lessonQuotes,
    deductions: assessment.deductions,
  };
  if (!selfService) {
    return {
      ...base,
      state: "STAFF_REVIEW",
      refundedAmount: 0,
      message: REFUND_MESSAGES.staffReview,
    };
  }
  // The law's amount of each item; spread down when capped at the payment's balance.
  const split = spreadOverItems(
    amount,
    considered.map((a) => ({
      id: a.item.id,
      remaining: a.item.paidPrice - a.item.refundedAmount,
      preferred: a.amount,
    })),
  );
  const outcome = await cancelThroughGateway(deps, request, payment, split, actor, requestId);
  if (outcome === "refunded") {
    return {
      ...base,
      state: "REFUNDED",
      refundedAmount: amount,
      message: REFUND_MESSAGES.refunded(formatRefundWon(amount)),
    };
  }
  return {
    ...base,
    state: "REFUND_REQUESTED",
    refundedAmount: 0,
    message: REFUND_MESSAGES.pending,
  };
}

// ---------------------------------------------------------------------------------------------
// Talking to the gateway

/**
 * Cancels `request.amount` of the payment at the gateway with checksum = paidPrice −
 * refundedAmount (our view of the refundable balance), and applies the outcome.
 * @returns "refunded", or "pending" when the answer is unknown (left PENDING)
 * @throws AppError conflict `refund_refused` (gateway refused) or unavailable
 *   `gateway_unavailable` (not sent) — both after marking the request FAILED
 */
async function cancelThroughGateway(
  deps: RefundsDeps,
  request: RefundRequestRow,
  payment: PaymentRow,
  split: { id: number; amount: number }[],
  actor: Actor,
  requestId: string | null,
): Promise<"refunded" | "pending"> {
  const fresh = (await findPaymentById(deps.db, payment.id)) ?? payment;
  const account = request.refundAccount as RefundAccount | null;
  let gp: GatewayPayment;
  try {
    gp = await deps.gateway.cancelPayment({
      impUid: fresh.gatewayPaymentId!,
      amount: request.amount,
      checksum: fresh.paidPrice - fresh.refundedAmount,
      reason: request.reason.slice(0, 200) || "환불 요청",
      ...(account && fresh.paymentMethod === "VBANK" ? { refundAccount: account } : {}),
    });
  } catch (err) {
    if (err instanceof GatewayRefusedError || err instanceof GatewayUnavailableError) {
      const note =
        err instanceof GatewayRefusedError ? err.message : REFUND_MESSAGES.gatewayUnavailable;
      await failRequest(deps, request, note, actor, requestId);
      if (err instanceof GatewayUnavailableError) {
        throw new AppError(
          "unavailable",
          "gateway_unavailable",
          REFUND_MESSAGES.gatewayUnavailable,
        );
      }
      throw new AppError("conflict", "refund_refused", REFUND_MESSAGES.refused, [], {
        response: { PG_CODE: err.pgCode },
      });
    }
    // No answer (time-out, broken connection): the cancel may have happened. Ask once now; if
    // the gateway does not show it yet, leave it PENDING for staff (settleRefundRequest) —
    // never cancel again.
    deps.log.warn(
      { err: err instanceof Error ? err.name : "unknown", refundRequestId: request.id },
      "refund outcome unknown; asking the gateway",
    );
    const seen = await deps.gateway.getPayment(fresh.gatewayPaymentId!).catch(() => null);
    if (seen && seen.cancelAmount >= fresh.refundedAmount + request.amount) {
      await completeRequest(deps, request, split, seen.cancelAmount, actor, requestId, "PENDING");
      return "refunded";
    }
    await insertAuditLog(deps.db, {
      kind: "EXECUTION",
      initiator: actor.initiator,
      actorUserId: actor.userId,
      action: "refund_pending",
      target: `refund_request:${request.id}`,
      detail: { paymentId: request.paymentId, amount: request.amount },
      requestId,
    });
    return "pending";
  }
  await completeRequest(deps, request, split, gp.cancelAmount, actor, requestId, "PENDING");
  return "refunded";
}

/**
 * Marks a PENDING request REFUNDED and applies it: items REFUNDED with their amounts, the
 * payment PARTIALLY_/TOTALLY_REFUNDED with refundedAmount = what the gateway has cancelled in
 * total (`cancelAmount`; our running total when no gateway was involved). One transaction;
 * a second application finds the request no longer PENDING and changes nothing.
 */
async function completeRequest(
  deps: RefundsDeps,
  request: RefundRequestRow,
  split: { id: number; amount: number }[],
  cancelAmount: number | null,
  actor: Actor,
  requestId: string | null,
  from: RefundRequestState,
): Promise<boolean> {
  const now = deps.clock.now();
  let restocked: Awaited<ReturnType<typeof restockRefundedBooks>> = [];
  const done = await withTransaction(deps.db, async (tx) => {
    // Locks in the order every writer of these rows takes them (subscription, payment, then
    // items and requests), so a settling refund and a new request never deadlock.
    const locked = await findPaymentById(tx, request.paymentId);
    if (locked) await lockSubscriptionOfPayment(tx, locked);
    await lockPayment(tx, request.paymentId);
    const row = await updateRefundRequestIf(tx, request.id, from, {
      state: "REFUNDED",
      decidedAt: request.decidedAt ?? now,
      gatewayNote:
        cancelAmount === null
          ? (request.gatewayNote ?? null)
          : `결제대행사 취소 완료 (누적 취소 ${cancelAmount}원)`.slice(0, 300),
    });
    if (!row) return false;
    await settleItems(tx, request.paymentId, split, "REFUNDED", { ...actor, at: now });
    // Returned books go back in stock exactly once (store_restocks keyed by the line; issue #18).
    // Not when the person said they were used or damaged: staff look at those.
    if (!request.goodsOpened) {
      const lines = await findItemsByIds(
        tx,
        split.map((s) => s.id),
      );
      const amounts = new Map(split.map((s) => [s.id, s.amount]));
      restocked = await restockRefundedBooks(
        tx,
        request.id,
        lines.map((item) => ({ item, amount: amounts.get(item.id) ?? 0 })),
      );
    }
    await deps.events.emit(tx, "payment-items.refunded", {
      paymentId: request.paymentId,
      paymentItemIds: split.map((item) => item.id),
      amount: request.amount,
      refundRequestId: request.id,
      at: now,
    });
    // The payment: refundedAmount as the gateway reports it, never above what was paid.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const payment = await findPaymentById(tx, request.paymentId);
      if (!payment) break;
      const total = Math.min(
        payment.paidPrice,
        cancelAmount === null
          ? payment.refundedAmount + request.amount
          : Math.max(cancelAmount, payment.refundedAmount),
      );
      const to: PaymentState =
        total >= payment.paidPrice ? "TOTALLY_REFUNDED" : "PARTIALLY_REFUNDED";
      const current = payment.state as PaymentState;
      if (current === to && payment.refundedAmount === total) break;
      if (!canTransition(PAYMENT_TRANSITIONS, current, to)) break;
      const moved = await transitionPayment(tx, payment.id, {
        from: current,
        to,
        initiator: actor.initiator,
        actorUserId: actor.userId,
        reason: `환불 요청 #${request.id}`,
        at: now,
        set: { refundedAmount: total },
      });
      if (moved) break;
    }
    // A refund of the lessons ends the monthly renewals in this same transaction: never a
    // refund recorded and a renewal still due (issue #11 item 1).
    const after = await findPaymentById(tx, request.paymentId);
    if (after) {
      const refunded = await findItemsByIds(tx, request.paymentItemIds);
      await endSubscriptionForRefund(tx, {
        payment: after,
        paymentState: after.state as PaymentState,
        refundedKinds: refunded.map(kindOf),
        initiator: actor.initiator,
        actorUserId: actor.userId,
        at: now,
        cause: `refund_request:${request.id}`,
      });
    }
    return true;
  });
  if (done) {
    await insertAuditLog(deps.db, {
      kind: "EXECUTION",
      initiator: actor.initiator,
      actorUserId: actor.userId,
      action: "refund_completed",
      target: `refund_request:${request.id}`,
      detail: {
        paymentId: request.paymentId,
        amount: request.amount,
        items: split,
        ...(restocked.length > 0 ? { restocked } : {}),
      },
      requestId,
    });
  }
  return done;
}

/** Marks a PENDING request FAILED and its items REFUND_REQUEST_FAILED (may be asked again). */
async function failRequest(
  deps: RefundsDeps,
  request: RefundRequestRow,
  note: string,
  actor: Actor,
  requestId: string | null,
): Promise<void> {
  const now = deps.clock.now();
  const done = await withTransaction(deps.db, async (tx) => {
    const row = await updateRefundRequestIf(tx, request.id, "PENDING", {
      state: "FAILED",
      decidedAt: now,
      gatewayNote: note.slice(0, 300),
    });
    if (!row) return false;
    await settleItems(
      tx,
      request.paymentId,
      request.paymentItemIds.map((id) => ({ id, amount: 0 })),
      "REFUND_REQUEST_FAILED",
      { ...actor, reason: note, at: now },
    );
    return true;
  });
  if (done) {
    await insertAuditLog(deps.db, {
      kind: "EXECUTION",
      initiator: actor.initiator,
      actorUserId: actor.userId,
      action: "refund_failed",
      target: `refund_request:${request.id}`,
      detail: { paymentId: request.paymentId, amount: request.amount, note: note.slice(0, 200) },
      requestId,
    });
  }
}

/** floor(a × b / c) in exact integer arithmetic. */
function mulDiv(a: number, b: number, c: number): number {
  return Number((BigInt(a) * BigInt(b)) / BigInt(c));
}

/**
 * Spreads `total` won over items, never above an item's `remaining` (paid − refunded): first in
 * proportion to `preferred` (the law's amount of each item) up to the preferred amounts, then
 * any excess in proportion to what remains above them. Rounds down and hands each remainder out
 * in item order. Used when the exact per-item split is not at hand (staff decisions, settling an
 * unknown outcome).
 * Example: 1,000 over { lecture: remaining 567,000, preferred 504,000 }, { device: remaining
 * 450,000, preferred 0 } → lecture 1,000, device 0.
 */
export function spreadOverItems(
  total: number,
  items: readonly { id: number; remaining: number; preferred: number }[],
): { id: number; amount: number }[] {
  const out = items.map((i) => ({ id: i.id, amount: 0 }));
  const caps = items.map((i) => Math.max(0, i.remaining));
  const fill = (amount: number, weights: number[]) => {
    const sum = weights.reduce((s, w) => s + w, 0);
    if (amount <= 0 || sum === 0) return amount;
    const target = Math.min(amount, sum);
    let left = target;
    weights.forEach((w, index) => {
      const give = mulDiv(target, w, sum);
      out[index]!.amount += give;
      left -= give;
    });
    weights.forEach((w, index) => {
      const give = Math.min(left, w - mulDiv(target, w, sum));
      out[index]!.amount += give;
      left -= give;
    });
    return amount - target + left;
  };
  const preferred = items.map((i, index) => Math.min(Math.max(0, i.preferred), caps[index]!));
  const rest = fill(total, preferred);
  fill(
    rest,
    caps.map((cap, index) => cap - out[index]!.amount),
  );
  return out;
}

/**
 * The items of a request with the law's amount of each as it was when the request was made
 * (the rules are a pure function of time; the items' refunded amounts have not moved since, as
 * they wait in REFUND_REQUESTED).
 */
async function itemsWithLawOf(deps: RefundsDeps, request: RefundRequestRow, payment: PaymentRow) {
  const items = await findItemsByIds(deps.db, request.paymentItemIds);
  const ledgers = await ledgersOf(deps, items, request.createdAt);
  const law = legalRefundOf(payment, items, request.goodsOpened, request.createdAt, ledgers);
  return items.map((item, index) => ({
    id: item.id,
    remaining: item.paidPrice - item.refundedAmount,
    preferred: law.items[index]!.amount,
  }));
}

/**
 * Settles a PENDING request by asking the gateway (never by cancelling again): when the
 * gateway's cancelled total covers this request on top of what we have recorded, it is REFUNDED;
 * when not, and the request has waited `giveUpAfterMs` (default 10 minutes), it is FAILED (items
 * REFUND_REQUEST_FAILED); otherwise it stays PENDING.
 * @returns the request as it is afterwards
 * @throws whatever the gateway throws when it cannot be asked
 */
export async function settleRefundRequest(
  deps: RefundsDeps,
  request: RefundRequestRow,
  initiator: Initiator,
  options: { actorUserId?: number | null; giveUpAfterMs?: number } = {},
): Promise<RefundRequestRow> {
  if (request.state !== "PENDING") return request;
  const payment = await findPaymentById(deps.db, request.paymentId);
  const actor: Actor = {
    initiator,
    userId: options.actorUserId ?? null,
    reason: `환불 요청 #${request.id} 결제대행사 확인`,
    at: deps.clock.now(),
  };
  if (!payment?.gatewayPaymentId) return request;
  const gp = await deps.gateway.getPayment(payment.gatewayPaymentId);
  if (gp && gp.cancelAmount >= payment.refundedAmount + request.amount) {
    await completeRequest(
      deps,
      request,
      spreadOverItems(request.amount, await itemsWithLawOf(deps, request, payment)),
      gp.cancelAmount,
      actor,
      null,
      "PENDING",
    );
  } else {
    const since = (request.decidedAt ?? request.createdAt).getTime();
    const giveUp = options.giveUpAfterMs ?? PENDING_GIVE_UP_MS;
    if (deps.clock.now().getTime() - since >= giveUp) {
      await failRequest(deps, request, "결제대행사에 취소 기록이 없어요.", actor, null);
    }
  }
  return (await findRefundRequestById(deps.db, request.id)) ?? request;
}

/** What one run of `settlePendingRefunds` did (the `refunds-settlement` job's report). */
export interface RefundSettlementReport {
  /** PENDING requests looked at (older than a minute). */
  processed: number;
  /** Settled REFUNDED (the gateway shows the cancel). */
  refunded: number;
  /** Settled FAILED (no cancel at the gateway after PENDING_GIVE_UP_MS). */
  failed: number;
  /** Still PENDING (too early to give up, or the gateway could not be asked). */
  pending: number;
}

/**
 * Settles every PENDING request older than a minute by asking the gateway, at most `limit` per
 * run (the `refunds-settlement` job in payments.jobs.ts; initiator AUTO). Gateway errors are
 * logged and the request stays PENDING for the next run.
 */
export async function settlePendingRefunds(
  deps: RefundsDeps,
  limit = 50,
): Promise<RefundSettlementReport> {
  const report: RefundSettlementReport = { processed: 0, refunded: 0, failed: 0, pending: 0 };
  const pending = await findRefundRequestsByState(deps.db, "PENDING", limit);
  const now = deps.clock.now().getTime();
  for (const request of pending) {
    if (now - (request.decidedAt ?? request.createdAt).getTime() < 60_000) continue;
    report.processed += 1;
    try {
      const after = await settleRefundRequest(deps, request, "AUTO");
      if (after.state === "REFUNDED") report.refunded += 1;
      else if (after.state === "FAILED") report.failed += 1;
      else report.pending += 1;
    } catch (err) {
      report.pending += 1;
      deps.log.warn(
        { err: err instanceof Error ? err.name : "unknown", refundRequestId: request.id },
        "could not settle a pending refund",
      );
    }
  }
  return report;
}

// ---------------------------------------------------------------------------------------------
// Staff

function requireStaff(caller: AuthUser): void {
  requireStaffCaller(caller, { code: "staff_only", message: REFUND_MESSAGES.staffOnly });
}

/**
 * Refund requests in `state` (default STAFF_REVIEW), oldest first (ADMIN, SALES_TEAM).
 * @throws AppError forbidden `staff_only`
 */
export async function listRefundRequests(
  deps: RefundsDeps,
  caller: AuthUser,
  options: { state: RefundRequestState; limit: number },
): Promise<RefundRequestRow[]> {
  requireStaff(caller);
  return findRefundRequestsByState(deps.db, options.state, options.limit);
}

export interface DecideRefundInput {
  refundRequestId: number;
  decision: "REFUNDED" | "REJECTED";
  /** REFUNDED: won to refund, 1 … what remains paid on the request's items. */
  amount?: number | null;
  /** Required for REJECTED and for an amount above the law's. */
  note?: string | null;
  /**
   * REFUNDED of a card payment: pay back by a staff bank transfer to this account (channel
   * BANK, decision 022) instead of a gateway cancel. Ignored for other payment methods.
   */
  refundAccount?: RefundAccount | null;
}

/**
 * A staff decision on a STAFF_REVIEW request (ADMIN only: SALES_TEAM is refused with forbidden
 * `admin_role_required`, a SECURITY permission_denied entry). REJECTED: the items become
 * REFUND_REQUEST_FAILED (the person may ask again). REFUNDED: a card or virtual-account payment
 * is cancelled through the gateway (virtual accounts to the account given); a cash payment is
 * recorded as paid back by staff. Amount: at most what remains paid on the items (never more
 * than paid); above the law's amount only with a note.
 * @throws AppError forbidden `staff_only`; not_found `refund_request_not_found`; conflict
 *   `refund_request_decided` (not in STAFF_REVIEW — e.g. decided by someone else first),
 *   `refund_in_progress` (another refund of the payment awaits the gateway's answer);
 *   validation `amount_required`, `refund_exceeds_paid`, `note_required`; as the gateway call
 *   (`refund_refused`, `gateway_unavailable`)
 */
export async function decideRefundRequest(
  deps: RefundsDeps,
  caller: AuthUser,
  input: DecideRefundInput,
  requestId: string | null,
): Promise<RefundRequestRow> {
  requireStaff(caller);
  // The console's permission table (packages/domain admin.ts, decision 022): refund decisions
  // are ADMIN's, on every route that reaches here.
  if (!mayPerform(caller.userType, "refund.decide")) {
    throw new PermissionDenied(
      "admin_role_required",
      "환불 결정은 관리자(ADMIN)만 할 수 있어요.",
      { userNo: caller.userNo, userType: caller.userType },
      "admin",
    );
  }
  const request = await findRefundRequestById(deps.db, input.refundRequestId);
  if (!request) {
    throw new AppError("not_found", "refund_request_not_found", REFUND_MESSAGES.requestNotFound);
  }
  if (request.state !== "STAFF_REVIEW") {
    throw new AppError("conflict", "refund_request_decided", REFUND_MESSAGES.alreadyDecided);
  }
  const note = input.note?.trim() || null;
  const now = deps.clock.now();
  const initiator = initiatorOf(caller);
  const actor: Actor = {
    initiator,
    userId: caller.userNo,
    reason: note ?? `환불 요청 #${request.id} 처리`,
    at: now,
  };

  if (input.decision === "REJECTED") {
    if (!note) throw new AppError("validation", "note_required", REFUND_MESSAGES.noteRequired);
    const rejected = await withTransaction(deps.db, async (tx) => {
      const row = await updateRefundRequestIf(tx, request.id, "STAFF_REVIEW", {
        state: "REJECTED",
        decidedAt: now,
        decidedByUserId: caller.userNo,
        gatewayNote: note.slice(0, 300),
      });
      if (!row) return null;
      await settleItems(
        tx,
        request.paymentId,
        request.paymentItemIds.map((id) => ({ id, amount: 0 })),
        "REFUND_REQUEST_FAILED",
        actor,
      );
      return row;
    });
    if (!rejected) {
      throw new AppError("conflict", "refund_request_decided", REFUND_MESSAGES.alreadyDecided);
    }
    await insertAuditLog(deps.db, {
      kind: "EXECUTION",
      initiator,
      actorUserId: caller.userNo,
      action: "refund_rejected",
      target: `refund_request:${request.id}`,
      detail: { paymentId: request.paymentId, lawAmount: request.amount, note: note.slice(0, 200) },
      requestId,
    });
    return rejected;
  }

  const amount = input.amount ?? 0;
  if (!Number.isSafeInteger(amount) || amount < 1) {
    throw new AppError("validation", "amount_required", REFUND_MESSAGES.amountRequired, [
      { field: "AMOUNT", message: REFUND_MESSAGES.amountRequired },
    ]);
  }
  const items = await findItemsByIds(deps.db, request.paymentItemIds);
  const payment = (await findPaymentById(deps.db, request.paymentId))!;
  // What is still paid on the items, and never more than the payment's balance (a cancel made
  // in the gateway's console lowers the payment but not its items).
  const remaining = Math.min(
    items.reduce((s, i) => s + i.paidPrice - i.refundedAmount, 0),
    payment.paidPrice - payment.refundedAmount,
  );
  if (amount > remaining) {
    const message = REFUND_MESSAGES.amountExceedsPaid(formatRefundWon(remaining));
    throw new AppError("validation", "refund_exceeds_paid", message, [
      { field: "AMOUNT", message },
    ]);
  }
  if (amount > request.amount && !note) {
    throw new AppError("validation", "note_required", REFUND_MESSAGES.noteRequired, [
      { field: "NOTE", message: REFUND_MESSAGES.noteRequired },
    ]);
  }
  const isCard = payment.paymentMethod === "BILLING_CARD";
  const staffTransfer = isCard && (isStaffTransfer(request) || !!input.refundAccount);
  if (isCard && !staffTransfer && (await hasStaffTransfer(deps.db, payment.id))) {
    throw new AppError("conflict", "refund_channel_bank_required", BANK_AFTER_TRANSFER, [
      { field: "REFUND_ACCOUNT", message: BANK_AFTER_TRANSFER },
    ]);
  }
  const throughGateway =
    !staffTransfer && payment.paymentMethod !== "CASH" && payment.gatewayPaymentId !== null;
  const lawAmount = request.amount;
  // Take the request (STAFF_REVIEW → PENDING) so a second decision cannot run; amount becomes
  // the decided one.
  let taken: RefundRequestRow | null;
  try {
    taken = await withTransaction(deps.db, async (tx) => {
      await lockPayment(tx, request.paymentId);
      if (await hasPendingRefund(tx, request.paymentId)) throw new RefundInProgress();
      return updateRefundRequestIf(tx, request.id, "STAFF_REVIEW", {
        state: "PENDING",
        amount,
        decidedAt: now,
        decidedByUserId: caller.userNo,
        gatewayNote: note?.slice(0, 300) ?? null,
        ...(staffTransfer && input.refundAccount
          ? { channel: "BANK", refundAccount: staffTransferAccount(input.refundAccount) }
          : {}),
      });
    });
  } catch (err) {
    if (err instanceof RefundInProgress) throw refundInProgress();
    throw err;
  }
  if (!taken) {
    throw new AppError("conflict", "refund_request_decided", REFUND_MESSAGES.alreadyDecided);
  }
  await insertAuditLog(deps.db, {
    kind: "EXECUTION",
    initiator,
    actorUserId: caller.userNo,
    action: "refund_decided",
    target: `refund_request:${request.id}`,
    detail: {
      paymentId: request.paymentId,
      decision: "REFUNDED",
      lawAmount,
      amount,
      throughGateway,
      channel: staffTransfer ? "BANK" : taken.channel,
      staffTransfer,
      ...(note ? { note: note.slice(0, 200) } : {}),
    },
    requestId,
  });
  const split = spreadOverItems(amount, await itemsWithLawOf(deps, request, payment));
  if (throughGateway) {
    await cancelThroughGateway(deps, taken, payment, split, actor, requestId);
  } else {
    // Cash, or a staff transfer of a card payment (channel BANK): staff pay the money back to
    // the account themselves; record it.
    await completeRequest(deps, taken, split, null, actor, requestId, "PENDING");
  }
  return (await findRefundRequestById(deps.db, request.id)) ?? taken;
}

const BANK_AFTER_TRANSFER =
  "이 결제는 계좌 이체로 환불한 적이 있어 남은 금액도 계좌로 환불해야 해요. 환불 계좌를 입력해 주세요.";

/**
 * Staff ask the gateway about a PENDING request (after a time-out). Settles it as
 * `settleRefundRequest` does.
 * @throws AppError forbidden `staff_only`; not_found; conflict `refund_request_not_pending`
 */
export async function settleRefundRequestByStaff(
  deps: RefundsDeps,
  caller: AuthUser,
  refundRequestId: number,
): Promise<RefundRequestRow> {
  requireStaff(caller);
  const request = await findRefundRequestById(deps.db, refundRequestId);
  if (!request) {
    throw new AppError("not_found", "refund_request_not_found", REFUND_MESSAGES.requestNotFound);
  }
  if (request.state !== "PENDING") {
    throw new AppError("conflict", "refund_request_not_pending", REFUND_MESSAGES.notPending);
  }
  return settleRefundRequest(deps, request, initiatorOf(caller), { actorUserId: caller.userNo });
}
