/**
 * Checkout, billing cards and payment records (issue #4; SPEC.md §3 Payment / Main billing card,
 * §4 payment states, §5 pricing; contract docs/api/payments.md).
 *
 * Money path rules (docs/decisions/009-payments.md):
 * - Every amount is recomputed here from the catalog (`priceOrder`); a client price is never read.
 * - `merchant_uid` is the idempotency key: the payment row is inserted (READY) and committed
 *   BEFORE the gateway is called, so a repeat, a concurrent duplicate or a crash between the
 *   charge and our commit finds the row and never charges twice. A READY row whose outcome is
 *   unknown is settled by asking the gateway (`settleFromGateway`), never by charging again.
 * - State changes are conditional (`transitionPayment`), recorded with initiator and time.
 */
import { createHash } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import {
  PAYMENT_TRANSITIONS,
  addMonthsSeoul,
  allowedCardQuotas,
  canTransition,
  isStaffUserType,
  lectureState,
  orderProblem,
  payerFailureMessage,
  renewalLines,
  sellableItems,
  type CardType,
  type Initiator,
  type LectureState,
  type PaymentItemState,
  type PaymentState,
  type PolicyRule,
  isFixedTermItemType,
  HEADPHONES_DEVICE_TYPE,
  NO_CART_CONTEXT,
  cartProblem,
  priceCart,
  type CartContext,
  type CartStoreItem,
  type PricedCart,
} from "@seoltab/domain";
import { eq, schema, type Database } from "@seoltab/db";
import type { Clock } from "../../clock.ts";
import { AppError, PAYMENT_MESSAGES } from "../../errors.ts";
import type { AuthUser } from "../accounts/accounts.public.ts";
import { findChildren, findUserById } from "../accounts/accounts.public.ts";
import { mayActFor } from "../accounts/accounts.public.ts";
import { insertAuditLog } from "../../platform/audit.ts";
import { initiatorOf } from "../../platform/auth.ts";
import { decodeCursor, encodeCursor } from "../../platform/pagination.ts";
import {
  findActiveStoreItems,
  findSalesPolicies,
  outOfStockError,
  reserveOrderStock,
  type StoreItemRow,
} from "../catalog/catalog.public.ts";
import {
  recordReferralForOrder,
  resolveReferral,
  salesMethodConversion,
  type ReferralUse,
} from "../discounts/discounts.public.ts";
import { cartQuoteResponse } from "./cart-quote.ts";
import type { EventBus } from "../../platform/events.ts";
import { endSubscriptionForRefund, lockSubscriptionOfPayment } from "./subscriptions.service.ts";
import {
  GatewayRefusedError,
  GatewayTimeoutError,
  GatewayUnavailableError,
  type CardCredentials,
  type GatewayPayment,
  type PaymentGateway,
} from "./gateway/gateway.port.ts";
import {
  findBillingCardById,
  findItemsOfPayments,
  findLectureItemsOfUser,
  findMainBillingCard,
  findPaymentById,
  findPaymentByMerchantUid,
  findPaymentsOfUsers,
  findSubscriptionByFirstPayment,
  insertGatewayNotification,
  insertPendingBillingCard,
  insertReadyPayment,
  isPendingBillingCard,
  insertDeviceLines,
  insertSubscriptionOnce,
  ownsPurchasedTablet,
  promoteBillingCard,
  replaceMainBillingCard,
  transitionPayment,
  updatePaymentInState,
  withTransaction,
  type BillingCardRow,
  type PaymentItemRow,
  type PaymentRow,
  type SubscriptionRow,
} from "./payments.repository.ts";

export interface PaymentsSettings {
  /** Holder name shown on virtual accounts (our business name). */
  vbankHolder: string;
  /** Days until a virtual account's deposit deadline (end of that day, Asia/Seoul). */
  vbankDueDays: number;
  /** How long a duplicate request waits for the first one's outcome, ms. */
  duplicateWaitMs: number;
}

export interface PaymentsDeps {
  db: Database;
  gateway: PaymentGateway;
  clock: Clock;
  log: FastifyBaseLogger;
  settings: PaymentsSettings;
  /** The app's event bus: emits `payment.paid` (payments.public.ts) in the paying transaction. */
  events: EventBus;
}

export const DEFAULT_PAYMENTS_SETTINGS: PaymentsSettings = {
  vbankHolder: "(주)설탭",
  vbankDueDays: 3,
  duplicateWaitMs: 25_000,
};

/** A payment with its items and the subscription it started (if any). */
export interface PaymentView {
  payment: PaymentRow;
  items: PaymentItemRow[];
  subscription: SubscriptionRow | null;
}

// ---------------------------------------------------------------------------------------------
// Access

async function requireStudentFor(db: Database, caller: AuthUser, userId: number) {
  if (!(await mayActFor(db, caller, userId))) {
    throw new AppError("forbidden", "not_your_user", PAYMENT_MESSAGES.notYourUser);
  }
  const user = await findUserById(db, userId);
  if (!user) throw new AppError("not_found", "user_not_found", PAYMENT_MESSAGES.userNotFound);
  if (user.userType !== "STUDENT") {
    throw new AppError("validation", "not_a_student", PAYMENT_MESSAGES.notAStudent);
  }
  return user;
}

// ---------------------------------------------------------------------------------------------
// Billing cards

export interface RegisterCardInput extends CardCredentials {
  cardType: CardType;
  /** The student the card pays for; default: the caller. */
  userId?: number | null;
  /**
   * From a checkout (issue #11 item 4): keep the current main card; this card becomes the main
   * card only when a payment with it succeeds (`promoteBillingCard`). Default: main at once.
   */
  mainAfterPayment?: boolean | null;
}

/**
 * Registers the main billing card of a student (SPEC.md §7 RegisterMainBillingCard): the card
 * goes to the gateway once to issue a billing key (customer_uid `seoltab-u{user}-c{time}`); only
 * the key, masked number, company and name are kept. Returns the new card — the main card, or
 * with `mainAfterPayment` a card waiting for its first successful payment.
 * @throws AppError forbidden `not_your_user`; validation `card_refused` with the family's
 *   message for the gateway's code (packages/domain payerFailureMessage: SPEC.md §8's
 *   invalid-card message for F112; `PG_CODE` in the response); unavailable `gateway_unavailable`
 */
export async function registerMainBillingCard(
  deps: PaymentsDeps,
  caller: AuthUser,
  input: RegisterCardInput,
  requestId: string | null,
): Promise<BillingCardRow> {
  const userId = input.userId ?? caller.userNo;
  await requireStudentFor(deps.db, caller, userId);
  const now = deps.clock.now();
  const customerUid = `seoltab-u${userId}-c${now.getTime().toString(36)}`;
  let key;
  try {
    key = await deps.gateway.issueBillingKey(customerUid, {
      cardNumber: input.cardNumber,
      expiry: input.expiry,
      birth: input.birth,
      pwd2digit: input.pwd2digit,
    });
  } catch (err) {
    if (err instanceof GatewayRefusedError) {
      // The gateway's own text is for staff: logged without the card, never sent to the family.
      deps.log.info(
        { pgCode: err.pgCode, gatewayMessage: err.message, userId },
        "billing key refused",
      );
      throw new AppError("validation", "card_refused", payerFailureMessage(err.message), [], {
        response: { PG_CODE: err.pgCode },
      });
    }
    if (err instanceof GatewayTimeoutError || err instanceof GatewayUnavailableError) {
      throw new AppError("unavailable", "gateway_unavailable", PAYMENT_MESSAGES.gatewayUnavailable);
    }
    throw err;
  }
  const row = {
    userId,
    registeredByUserId: caller.userNo,
    billingKey: key.customerUid,
    name: key.cardName,
    companyName: key.companyName,
    numberMasked: key.maskedNumber,
    cardType: input.cardType,
    isLegacy: false,
  };
  const card = input.mainAfterPayment
    ? await insertPendingBillingCard(deps.db, row, now)
    : await replaceMainBillingCard(deps.db, row, now);
  await insertAuditLog(deps.db, {
    kind: "EXECUTION",
    initiator: initiatorOf(caller),
    actorUserId: caller.userNo,
    action: "billing_card_registered",
    target: `user:${userId}`,
    detail: { cardId: card.id, company: card.companyName, main: card.isMain },
    requestId,
  });
  return card;
}

/**
 * The main billing card of `userId` (default: the caller), or null.
 * @throws AppError forbidden `not_your_user`
 */
export async function getMainBillingCard(
  deps: PaymentsDeps,
  caller: AuthUser,
  userId?: number | null,
): Promise<BillingCardRow | null> {
  const target = userId ?? caller.userNo;
  if (!(await mayActFor(deps.db, caller, target))) {
    throw new AppError("forbidden", "not_your_user", PAYMENT_MESSAGES.notYourUser);
  }
  return (await findMainBillingCard(deps.db, target)) ?? null;
}

// ---------------------------------------------------------------------------------------------
// Checkout

export type CheckoutMethod = "BILLING_CARD" | "VBANK" | "ONETIME" | "CASH";

export interface CheckoutInput {
  userId: number;
  merchantUid: string;
  method: CheckoutMethod;
  items: { id: number; lecture_multiple: number }[];
  cardQuota: number;
  /** ONETIME only; passed to the gateway once, never stored. */
  card?: CardCredentials;
  /** CASH only: staff note. */
  memo?: string | null;
  /**
   * BILLING_CARD only: the student's card to charge instead of the main card (one registered
   * from the checkout with `mainAfterPayment`); it becomes the main card when this payment is PAID.
   */
  billingCardId?: number | null;
  /** A friend's referral code (issue #18). */
  referralCode?: string | null;
  /** The family uses its own tablet: USER_OWNED_DEVICE_DISCOUNT, no tablet line (issue #18). */
  usesOwnDevice?: boolean;
  /**
   * The payment due the person saw in the cart, won. When the server's price differs the order
   * is refused (409 `price_changed`, the server's quote in the response) and nothing is charged.
   */
  expectedPaidPrice?: number | null;
}

export interface CheckoutResult {
  view: PaymentView;
  /** True when the gateway's answer is still unknown (HTTP 202). */
  pending: boolean;
}

function requestHashOf(input: CheckoutInput): string {
  const canonical = JSON.stringify({
    userId: input.userId,
    method: input.method,
    items: [...input.items].sort((a, b) => a.id - b.id).map((i) => [i.id, i.lecture_multiple]),
    cardQuota: input.cardQuota,
    ...(input.billingCardId != null ? { billingCardId: input.billingCardId } : {}),
    ...(input.referralCode ? { referralCode: input.referralCode.toUpperCase() } : {}),
    ...(input.usesOwnDevice ? { usesOwnDevice: true } : {}),
  });
  return createHash("sha256").update(canonical).digest("hex");
}

const ORDER_PROBLEM_ERRORS = {
  EMPTY_ORDER: ["empty_order", PAYMENT_MESSAGES.emptyOrder],
  TOO_MANY_LINES: ["too_many_lines", PAYMENT_MESSAGES.tooManyLines],
  DUPLICATE_ITEM: ["duplicate_item", PAYMENT_MESSAGES.duplicateItem],
  UNKNOWN_ITEM: ["unknown_item", PAYMENT_MESSAGES.unknownItem],
  MONTHS_NOT_ALLOWED: ["months_not_allowed", PAYMENT_MESSAGES.monthsNotAllowed],
} as const;

/** Korean messages of the cart (issue #18). */
export const CART_MESSAGES = {
  homeshoppingOnce: "홈쇼핑 상품은 한 번에 하나씩만 살 수 있어요. 개월 수를 곱해 담을 수 없어요.",
  ownDeviceWithTablet:
    "가지고 있는 태블릿으로 수업하시면 태블릿을 함께 담을 수 없어요. 태블릿을 빼거나 ‘내 태블릿 사용’을 해제해 주세요.",
  priceChanged: (won: number) =>
    `장바구니에 담은 뒤 가격이 바뀌었어요. 바뀐 결제 금액 ${won.toLocaleString("ko-KR")}원을 확인하고 다시 결제해 주세요.`,
} as const;

/** What the cart adds to the order lines (issue #18): a friend's code, "my own tablet". */
export interface CartExtras {
  referralCode?: string | null;
  usesOwnDevice?: boolean;
}

/** A priced cart with what the checkout needs to write it. */
export interface PricedCartFor {
  order: PricedCart;
  rules: PolicyRule[];
  referral: ReferralUse;
  /** The catalog rows of the order's lines, by id. */
  rows: Map<number, StoreItemRow>;
  /** SPEC.md convertSalesMethodNo: the sales method the order converted to, or null. */
  convertSalesMethodNo: number | null;
}

/**
 * Prices an order for `user` from what the catalog offers them (`sellableItems`: active
 * lectures of their catalog — home-shopping users only home-shopping ones — the devices on
 * offer, books, contents and headphone rentals), the base + user sales policies and the
 * conditional discounts of packages/domain discounts.ts (`priceCart`).
 * Books and rentals are checked against their stock here (the reservation itself is made when
 * the order is written). Read only.
 * @throws AppError validation with the order problem's code, `homeshopping_once`,
 *   `own_device_with_tablet`, `lecture_required`, referral codes (discounts area); conflict
 *   `out_of_stock`, `referral_already_used`
 */
export async function priceOrderFor(
  db: Database,
  user: { id: number; isOnlyHomeshopping: boolean },
  lines: CheckoutInput["items"],
  extras: CartExtras = {},
): Promise<PricedCartFor> {
  // The same offer Lecture_StoreItems and Store_Goods show this user (packages/domain
  // sellableItems).
  const wanted = new Set(lines.map((l) => l.id));
  const offered = sellableItems(await findActiveStoreItems(db), {
    onlyHomeshopping: user.isOnlyHomeshopping,
  });
  const catalog = new Map<number, CartStoreItem>();
  const rows = new Map<number, StoreItemRow>();
  for (const row of offered) {
    if (!wanted.has(row.id)) continue;
    const kind = row.itemKind;
    if (kind !== "LECTURE" && kind !== "DEVICE" && kind !== "SEOLTAB_BOOK" && kind !== "CONTENTS") {
      continue;
    }
    rows.set(row.id, row);
    catalog.set(row.id, {
      id: row.id,
      itemKind: kind,
      title: row.title,
      months: row.months,
      basePrice: row.basePrice,
      salePrice: row.salePrice,
      fixedTerm: isFixedTermItemType(row.itemType),
      homeshopping: row.isHomeshopping,
      deviceType: row.deviceType,
      rental: row.isRental,
      deviceGen: row.deviceGen,
      usedType: row.usedType,
    });
  }
  const problem = orderProblem(lines, catalog);
  if (problem) {
    let [code, message]: readonly [string, string] = ORDER_PROBLEM_ERRORS[problem.code];
    if (problem.code === "MONTHS_NOT_ALLOWED" && catalog.get(problem.id)?.homeshopping) {
      [code, message] = ["homeshopping_once", CART_MESSAGES.homeshoppingOnce];
    }
    const index = "id" in problem ? lines.findIndex((l) => l.id === problem.id) : -1;
    throw new AppError(
      "validation",
      code,
      message,
      index >= 0 ? [{ field: `ITEMS.${index}`, message }] : [],
    );
  }
  for (const [index, line] of lines.entries()) {
    const row = rows.get(line.id)!;
    if (row.trackStock && row.count < line.lecture_multiple) {
      throw outOfStockError(row.title, row.count, index);
    }
  }
  const policyRows = [
    ...(await findSalesPolicies(db, null)),
    ...(await findSalesPolicies(db, user.id)),
  ];
  const rules: PolicyRule[] = policyRows.map((p) => ({
    name: p.name,
    discountKind: p.discountKind,
    discountType: p.discountType === "AMOUNT" ? "AMOUNT" : "PERCENT",
    value: p.value,
    months: p.months,
    itemKind: p.itemKind,
    deviceGen: p.deviceGen,
  }));
  // SPEC.md convertSalesMethodNo: a NEW tablet taken with the lessons may convert the family's
  // lecture sales method to one whose policy9 / policy11 prices that tablet (discounts area).
  const newTablet = [...rows.values()].find(
    (r) =>
      r.itemKind === "DEVICE" &&
      r.usedType === "NEW" &&
      !r.isRental &&
      r.deviceType !== HEADPHONES_DEVICE_TYPE,
  );
  const conversion = await salesMethodConversion(db, user.id, newTablet?.deviceGen ?? null);
  rules.push(...conversion.rules);
  const context: CartContext = {
    ...NO_CART_CONTEXT,
    usesOwnDevice: extras.usesOwnDevice === true,
  };
  if (cartProblem(lines, catalog, context)) {
    const message = CART_MESSAGES.ownDeviceWithTablet;
    throw new AppError("validation", "own_device_with_tablet", message, [
      { field: "USES_OWN_DEVICE", message },
    ]);
  }
  if (![...catalog.values()].some((i) => i.itemKind === "LECTURE")) {
    throw new AppError("validation", "lecture_required", PAYMENT_MESSAGES.lectureRequired);
  }
  const referral = await resolveReferral(db, user.id, extras.referralCode);
  context.referralFriend = referral.ownerUserId !== null;
  context.referralOwnerReward = referral.ownerReward;
  context.ownsSeoltabDevice = await ownsPurchasedTablet(db, user.id);
  const order = priceCart(lines, catalog, rules, context);
  return { order, rules, referral, rows, convertSalesMethodNo: conversion.convertSalesMethodNo };
}

/** NEW_DEVICE / USED_DEVICE of a device row (SPEC.md §3 device condition). */
function deviceConditionOf(row: StoreItemRow | undefined): string | null {
  if (!row || row.itemKind !== "DEVICE") return null;
  return row.usedType === "NEW" ? "NEW_DEVICE" : row.usedType === "USED" ? "USED_DEVICE" : null;
}

/**
 * GIFT for a device row given to keep with the lessons (`is_gift`: no rent, no return, no
 * penalty; decision 021); PURCHASE for a device line paid for (bought, or rented for a fee);
 * null for the tablet lent free with the lessons (it goes back at the end).
 */
function purchaseOrGiftOf(row: StoreItemRow | undefined): string | null {
  if (!row || row.itemKind !== "DEVICE") return null;
  if (row.isGift) return "GIFT";
  return row.salePrice > 0 ? "PURCHASE" : null;
}

/**
 * The cart as the server prices it (POST /main/Cart_Price, issue #18): the same pricing the
 * checkout charges, so the family reads every line and discount before paying. Read only.
 * @throws AppError as `priceOrderFor`; forbidden `not_your_user`
 */
export async function quoteCart(
  deps: Pick<PaymentsDeps, "db">,
  caller: AuthUser,
  userId: number,
  lines: CheckoutInput["items"],
  extras: CartExtras,
): Promise<{ order: PricedCart; convertSalesMethodNo: number | null }> {
  const user = await requireStudentFor(deps.db, caller, userId);
  const { order, convertSalesMethodNo } = await priceOrderFor(deps.db, user, lines, extras);
  return { order, convertSalesMethodNo };
}

/**
 * Places an order and pays it (POST /main/payment_seoltab_subscribe, /main/payreq_Iamport_Onetime,
 * /main/admin/payments/cash). Idempotent on `merchantUid`.
 * @returns the payment (PAID; READY for a virtual account or an unknown gateway outcome)
 * @throws AppError: forbidden `not_your_user`; validation (order problems, `quota_not_allowed`,
 *   `card_refused`); conflict `merchant_uid_reused`, `billing_card_required`;
 *   payment_declined `payment_declined` (STATUSMSG = the gateway's message, PAYMENT in the
 *   response); unavailable `gateway_unavailable`
 */
export async function checkout(
  deps: PaymentsDeps,
  caller: AuthUser,
  input: CheckoutInput,
  requestId: string | null,
): Promise<CheckoutResult> {
  const user = await requireStudentFor(deps.db, caller, input.userId);
  if (input.method === "CASH" && !isStaffUserType(caller.userType)) {
    throw new AppError("forbidden", "staff_only", PAYMENT_MESSAGES.staffOnly);
  }
  const requestHash = requestHashOf(input);
  const existing = await findPaymentByMerchantUid(deps.db, input.merchantUid);
  if (existing) return repeatOf(deps, existing, requestHash, input.userId);

  const priced = await priceOrderFor(deps.db, user, input.items, {
    referralCode: input.referralCode ?? null,
    usesOwnDevice: input.usesOwnDevice === true,
  });
  const { order, rules, referral, rows } = priced;
  if (input.expectedPaidPrice != null && input.expectedPaidPrice !== order.paidPrice) {
    // The server's price wins; the person sees it before anything is charged.
    throw new AppError(
      "conflict",
      "price_changed",
      CART_MESSAGES.priceChanged(order.paidPrice),
      [],
      {
        response: { QUOTE: cartQuoteResponse(order, priced.convertSalesMethodNo) },
      },
    );
  }
  const isCard = input.method === "BILLING_CARD" || input.method === "ONETIME";
  if (
    input.cardQuota !== 0 &&
    (!isCard || !allowedCardQuotas(order.paidPrice).includes(input.cardQuota))
  ) {
    throw new AppError("validation", "quota_not_allowed", PAYMENT_MESSAGES.quotaNotAllowed, [
      { field: "CARD_QUOTA", message: PAYMENT_MESSAGES.quotaNotAllowed },
    ]);
  }
  let card: BillingCardRow | undefined;
  if (input.billingCardId != null && input.method !== "BILLING_CARD") {
    throw new AppError(
      "validation",
      "validation_failed",
      PAYMENT_MESSAGES.billingCardIdOnlyForCard,
      [{ field: "BILLING_CARD_ID", message: PAYMENT_MESSAGES.billingCardIdOnlyForCard }],
    );
  }
  if (input.method === "BILLING_CARD" && input.billingCardId != null) {
    // A card of this student that is main or waiting for its first payment; a replaced card or
    // another user's card is refused alike.
    card = await findBillingCardById(deps.db, input.billingCardId);
    if (!card || card.userId !== user.id || !(card.isMain || isPendingBillingCard(card))) {
      throw new AppError("conflict", "billing_card_required", PAYMENT_MESSAGES.billingCardUnusable);
    }
  } else if (input.method === "BILLING_CARD") {
    card = await findMainBillingCard(deps.db, user.id);
    if (!card) {
      throw new AppError("conflict", "billing_card_required", PAYMENT_MESSAGES.billingCardRequired);
    }
  }

  const now = deps.clock.now();
  const initiator = initiatorOf(caller);
  const inserted = await insertReadyPayment(
    deps.db,
    {
      merchantUid: input.merchantUid,
      requestHash,
      userId: user.id,
      requestedByUserId: caller.userNo,
      initiator,
      paymentMethod: input.method === "ONETIME" ? "BILLING_CARD" : input.method,
      state: "READY",
      name: order.name,
      productsPrice: order.productsPrice,
      discountedValue: order.discountedValue,
      paidPrice: order.paidPrice,
      cardQuota: input.cardQuota,
      billingCardId: card?.id ?? null,
      memo: input.memo ?? null,
      createdAt: now,
      updatedAt: now,
    },
    order.lines.map((l) => ({
      storeItemId: l.item.itemKind === "DELIVERY_FEE" ? null : l.item.id,
      itemKind: l.item.itemKind,
      name: l.item.title,
      quantity: l.quantity,
      months: l.months,
      unitBasePrice: l.item.basePrice,
      unitSalePrice: l.item.salePrice,
      salePrice: l.salePrice,
      policyPrice: l.policyPrice,
      paidPrice: l.paidPrice,
      policies: l.policies,
    })),
    caller.userNo,
    async (tx, row) => {
      await reserveOrderStock(
        tx,
        order.lines
          .filter((l) => rows.get(l.item.id)?.trackStock)
          .map((l) => ({ storeItemId: l.item.id, quantity: l.quantity, title: l.item.title })),
      );
      await recordReferralForOrder(tx, user.id, row.id, referral);
      await insertDeviceLines(
        tx,
        row.id,
        [...rows.values()]
          .filter((r) => r.itemKind === "DEVICE")
          .map((r) => ({
            storeItemId: r.id,
            purchaseOrGift: purchaseOrGiftOf(r),
            deviceCondition: deviceConditionOf(r),
            isRental: r.isRental,
          })),
      );
    },
  );
  // Lost the race to a concurrent request with the same merchant_uid: answer as a repeat.
  if (!inserted) {
    const winner = await findPaymentByMerchantUid(deps.db, input.merchantUid);
    return repeatOf(deps, winner!, requestHash, input.userId);
  }
  await insertAuditLog(deps.db, {
    kind: "EXECUTION",
    initiator,
    actorUserId: caller.userNo,
    action: "payment_started",
    target: `payment:${inserted.id}`,
    detail: { method: input.method, amount: order.paidPrice, userId: user.id },
    requestId,
  });

  const charge = {
    merchantUid: inserted.merchantUid,
    amount: order.paidPrice,
    name: order.name,
    cardQuota: input.cardQuota,
    buyerName: user.name,
    buyerEmail: user.email,
  };
  let result: GatewayPayment;
  try {
    if (input.method === "CASH") {
      const paid = await markCashPaid(deps, inserted, caller, order, rules);
      return { view: paid, pending: false };
    } else if (input.method === "BILLING_CARD") {
      result = await deps.gateway.chargeBillingKey(card!.billingKey, charge);
    } else if (input.method === "ONETIME") {
      result = await deps.gateway.chargeOnetime(input.card!, charge);
    } else {
      result = await deps.gateway.issueVirtualAccount({
        merchantUid: inserted.merchantUid,
        amount: order.paidPrice,
        name: order.name,
        dueAt: vbankDueAt(now, deps.settings.vbankDueDays),
        holder: deps.settings.vbankHolder,
        buyerName: user.name,
      });
    }
  } catch (err) {
    return handleGatewayError(deps, inserted, err, initiator, input.method);
  }
  const view = await applyGatewayPayment(deps, inserted, result, initiator, rules);
  if (view.payment.state === "FAILED") {
    throw declined(view, view.payment.failReason ?? PAYMENT_MESSAGES.cardRefused);
  }
  return { view, pending: false };
}

/** failReason of a payment whose virtual account was cancelled before any deposit. */
export const VBANK_CANCELLED_REASON = "가상계좌 발급이 취소됐어요.";

/** The end of the day `days` days after `now`, Asia/Seoul (23:59:59 KST). */
export function vbankDueAt(now: Date, days: number): Date {
  const kst = new Date(now.getTime() + 9 * 3_600_000 + days * 86_400_000);
  kst.setUTCHours(23, 59, 59, 0);
  return new Date(kst.getTime() - 9 * 3_600_000);
}

/** 402 payment_declined; STATUSMSG is the family's message for the stored reason. */
function declined(view: PaymentView, reason: string): AppError {
  const message = payerFailureMessage(reason, PAYMENT_MESSAGES.cardRefused);
  return new AppError("payment_declined", "payment_declined", message, [], {
    response: { PAYMENT: view },
  });
}

async function handleGatewayError(
  deps: PaymentsDeps,
  payment: PaymentRow,
  err: unknown,
  initiator: Initiator,
  method: CheckoutMethod,
): Promise<CheckoutResult> {
  if (err instanceof GatewayRefusedError || err instanceof GatewayUnavailableError) {
    // Nothing was charged: the gateway refused, or was never reached.
    const reason =
      err instanceof GatewayRefusedError ? err.message : PAYMENT_MESSAGES.gatewayUnavailable;
    const failed = await failPayment(deps, payment, reason, initiator);
    const view = await viewOf(deps.db, failed ?? payment);
    if (err instanceof GatewayUnavailableError) {
      throw new AppError("unavailable", "gateway_unavailable", PAYMENT_MESSAGES.gatewayUnavailable);
    }
    if (method === "ONETIME") {
      throw new AppError("validation", "card_refused", payerFailureMessage(err.message), [], {
        response: { PAYMENT: view, PG_CODE: err.pgCode },
      });
    }
    throw declined(view, err.message);
  }
  // A time-out or an unexpected failure: the charge may have happened. Leave the payment READY;
  // reconciliation asks the gateway. Try once right away.
  deps.log.warn(
    { err: err instanceof Error ? err.name : "unknown", paymentId: payment.id },
    "payment outcome unknown; settling with the gateway",
  );
  try {
    const settled = await settleFromGateway(deps, payment, "AUTO");
    return { view: settled, pending: settled.payment.state === "READY" };
  } catch {
    return { view: await viewOf(deps.db, payment), pending: true };
  }
}

async function failPayment(
  deps: PaymentsDeps,
  payment: PaymentRow,
  reason: string,
  initiator: Initiator,
): Promise<PaymentRow | null> {
  return transitionPayment(deps.db, payment.id, {
    from: "READY",
    to: "FAILED",
    initiator,
    reason,
    at: deps.clock.now(),
    set: { failReason: reason.slice(0, 300) },
  });
}

/**
 * A repeat of a known merchant_uid: the same order gets the same payment (waiting a little while
 * the first request is still talking to the gateway); a different order is refused.
 */
async function repeatOf(
  deps: PaymentsDeps,
  existing: PaymentRow,
  requestHash: string,
  userId: number,
): Promise<CheckoutResult> {
  if (existing.requestHash !== requestHash || existing.userId !== userId) {
    throw new AppError("conflict", "merchant_uid_reused", PAYMENT_MESSAGES.merchantUidReused);
  }
  let current = existing;
  const deadline = Date.now() + deps.settings.duplicateWaitMs;
  while (current.state === "READY" && !current.virtualAccount && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    current = (await findPaymentById(deps.db, existing.id)) ?? current;
  }
  const view = await viewOf(deps.db, current);
  if (current.state === "FAILED") {
    throw declined(view, current.failReason ?? PAYMENT_MESSAGES.cardRefused);
  }
  return { view, pending: current.state === "READY" && !current.virtualAccount };
}

async function markCashPaid(
  deps: PaymentsDeps,
  payment: PaymentRow,
  caller: AuthUser,
  _order: PricedCart,
  _rules: PolicyRule[],
): Promise<PaymentView> {
  const now = deps.clock.now();
  await withTransaction(deps.db, async (tx) => {
    const moved = await transitionPayment(tx, payment.id, {
      from: "READY",
      to: "PAID",
      initiator: initiatorOf(caller),
      actorUserId: caller.userNo,
      reason: "현금 결제 확인",
      at: now,
      set: { completedAt: now },
      itemState: "PAID",
    });
    if (moved) {
      await deps.events.emit(tx, "payment.paid", {
        payment: moved,
        initiator: initiatorOf(caller),
        at: now,
      });
    }
  });
  return viewOf(deps.db, (await findPaymentById(deps.db, payment.id))!);
}

/**
 * Applies what the gateway says about a payment (after a charge, a webhook or a reconciliation):
 * paid → PAID (items PAID; a billing-card order with lectures starts its subscription), failed →
 * FAILED with the reason, ready (virtual account) → stays READY with the account, cancelled →
 * refund states. Idempotent: conditional updates make a second application a no-op.
 * The gateway's amount must equal ours; otherwise nothing changes and an error is logged.
 */
export async function applyGatewayPayment(
  deps: PaymentsDeps,
  payment: PaymentRow,
  gp: GatewayPayment,
  initiator: Initiator,
  rules?: PolicyRule[],
): Promise<PaymentView> {
  const now = deps.clock.now();
  if (gp.amount !== payment.paidPrice) {
    deps.log.error(
      { paymentId: payment.id, ours: payment.paidPrice, gateway: gp.amount },
      "gateway amount differs from the order; not applied",
    );
    return viewOf(deps.db, payment);
  }
  const common = {
    gatewayPaymentId: gp.impUid,
    receiptUrl: gp.receiptUrl,
  };
  if (gp.status === "cancelled" && gp.paidAt === null && gp.cancelAmount === 0) {
    // A virtual account cancelled before any deposit (DELETE /vbanks: the console's cancel, or
    // a re-issue whose new account is not known yet): nothing was paid. Only the account the
    // payment holds now counts — an answer about an account since replaced changes nothing.
    await withTransaction(deps.db, async (tx) => {
      const [locked] = await tx
        .select({ impUid: schema.payments.gatewayPaymentId })
        .from(schema.payments)
        .where(eq(schema.payments.id, payment.id))
        .for("update");
      if (locked?.impUid && locked.impUid !== gp.impUid) return;
      await transitionPayment(tx, payment.id, {
        from: "READY",
        to: "FAILED",
        initiator,
        reason: VBANK_CANCELLED_REASON,
        at: now,
        set: { ...common, failReason: VBANK_CANCELLED_REASON },
      });
    });
    return viewOf(deps.db, (await findPaymentById(deps.db, payment.id)) ?? payment);
  }
  if (gp.status === "paid" || gp.status === "cancelled") {
    await withTransaction(deps.db, async (tx) => {
      const moved = await transitionPayment(tx, payment.id, {
        from: "READY",
        to: "PAID",
        initiator,
        at: now,
        set: { ...common, completedAt: gp.paidAt ?? now, failReason: null },
        itemState: "PAID",
      });
      // A card registered from the checkout becomes the main card with its first success.
      if (moved && moved.billingCardId != null && moved.subscriptionId == null) {
        const promoted = await promoteBillingCard(tx, moved.billingCardId, moved.userId, now);
        if (promoted) {
          await insertAuditLog(tx, {
            kind: "EXECUTION",
            initiator,
            actorUserId: moved.requestedByUserId,
            action: "billing_card_made_main",
            target: `user:${moved.userId}`,
            detail: { cardId: promoted.id, paymentId: moved.id },
            requestId: null,
          });
        }
      }
      if (moved) await startSubscriptionIfRenewable(tx, deps, moved, rules);
      if (moved) await deps.events.emit(tx, "payment.paid", { payment: moved, initiator, at: now });
    });
    if (gp.status === "cancelled" || gp.cancelAmount > 0) {
      await applyGatewayCancellation(deps, payment.id, gp);
    }
  } else if (gp.status === "failed") {
    await transitionPayment(deps.db, payment.id, {
      from: "READY",
      to: "FAILED",
      initiator,
      reason: gp.failReason,
      at: now,
      set: { ...common, failReason: (gp.failReason ?? "결제 실패").slice(0, 300) },
    });
  } else if (gp.status === "ready" && gp.vbank) {
    const vbank = gp.vbank;
    await withTransaction(deps.db, async (tx) => {
      // An answer about an account the console has since replaced (re-issue) is stale.
      const [locked] = await tx
        .select({ impUid: schema.payments.gatewayPaymentId })
        .from(schema.payments)
        .where(eq(schema.payments.id, payment.id))
        .for("update");
      if (locked?.impUid && locked.impUid !== gp.impUid) return;
      await updatePaymentInState(
        tx,
        payment.id,
        "READY",
        {
          ...common,
          virtualAccount: {
            bankName: vbank.bankName,
            accountNumber: vbank.accountNumber,
            holder: vbank.holder,
            dueAt: vbank.dueAt.toISOString(),
          },
        },
        now,
      );
      const current = await findPaymentById(tx, payment.id);
      // Messages keep one notice per payment however often the gateway tells us (idempotent).
      if (current?.state === "READY") {
        await deps.events.emit(tx, "payment.vbank-issued", {
          payment: current,
          vbank: {
            bankName: vbank.bankName,
            accountNumber: vbank.accountNumber,
            holder: vbank.holder,
            dueAt: vbank.dueAt,
          },
          at: now,
        });
      }
    });
  }
  return viewOf(deps.db, (await findPaymentById(deps.db, payment.id)) ?? payment);
}

/** Mirrors a cancellation done at the gateway (console or refund) into refund states. */
async function applyGatewayCancellation(
  deps: PaymentsDeps,
  paymentId: number,
  gp: GatewayPayment,
): Promise<void> {
  const current = await findPaymentById(deps.db, paymentId);
  if (!current || gp.cancelAmount <= current.refundedAmount) return;
  const to: PaymentState =
    gp.cancelAmount >= current.paidPrice ? "TOTALLY_REFUNDED" : "PARTIALLY_REFUNDED";
  if (!canTransition(PAYMENT_TRANSITIONS, current.state as PaymentState, to)) return;
  const at = deps.clock.now();
  await withTransaction(deps.db, async (tx) => {
    // The subscription's lock first, as every writer of both rows takes them.
    await lockSubscriptionOfPayment(tx, current);
    const moved = await transitionPayment(tx, paymentId, {
      from: current.state as PaymentState,
      to,
      initiator: "UNKNOWN",
      reason: "결제대행사에서 취소됨",
      at,
      set: { refundedAmount: Math.min(gp.cancelAmount, current.paidPrice) },
    });
    // Cancelled in full at the gateway (its console): the renewals end with it.
    if (moved && to === "TOTALLY_REFUNDED") {
      await endSubscriptionForRefund(tx, {
        payment: moved,
        paymentState: to,
        refundedKinds: [],
        initiator: "UNKNOWN",
        actorUserId: null,
        at,
        cause: `gateway_cancellation:${gp.impUid}`,
      });
    }
  });
}

async function startSubscriptionIfRenewable(
  tx: Database,
  deps: PaymentsDeps,
  payment: PaymentRow,
  rules: PolicyRule[] | undefined,
): Promise<void> {
  if (payment.paymentMethod !== "BILLING_CARD" || payment.billingCardId == null) return;
  if (payment.subscriptionId != null) return; // a renewal itself
  const items = await findItemsOfPayments(tx, [payment.id]);
  const lectures = items.filter((i) => i.itemKind === "LECTURE");
  if (lectures.length === 0) return;
  const user = await findUserById(tx, payment.userId);
  if (!user) return;
  const priced = await priceOrderFor(tx, user, lectures.map(lineOf)).catch(() => null);
  if (!priced) return; // an item left the catalog: no renewal
  const { order } = priced;
  const renewal = renewalLines(order, rules ?? priced.rules);
  const renewalAmount = renewal.reduce((sum, l) => sum + l.paidPrice, 0);
  if (renewalAmount <= 0) return;
  const paidMonths = Math.max(...lectures.map((l) => l.months));
  const startedAt = payment.completedAt ?? deps.clock.now();
  await insertSubscriptionOnce(tx, {
    userId: payment.userId,
    status: "ACTIVE",
    name: renewal.length === 1 ? `${renewal[0]!.item.title} (1개월)` : `${order.name} (1개월)`,
    renewalItems: renewal.map((l) => ({
      storeItemId: l.item.id,
      itemKind: l.item.itemKind,
      name: l.item.title,
      months: 1,
      salePrice: l.salePrice,
      paidPrice: l.paidPrice,
    })),
    renewalAmount,
    firstPaymentId: payment.id,
    startedAt,
    paidMonths,
    nextChargeAt: addMonthsSeoul(startedAt, paidMonths),
  });
}

function lineOf(item: PaymentItemRow) {
  return { id: item.storeItemId ?? -1, lecture_multiple: item.quantity };
}

/**
 * Settles a READY payment by asking the gateway about its merchant_uid (never by charging):
 * paid/failed/ready are applied; when the gateway has no record and the payment is older than
 * `giveUpAfterMs`, it is FAILED (nothing was charged).
 */
export async function settleFromGateway(
  deps: PaymentsDeps,
  payment: PaymentRow,
  initiator: Initiator,
  giveUpAfterMs = 10 * 60_000,
): Promise<PaymentView> {
  if (payment.paymentMethod === "CASH") return viewOf(deps.db, payment);
  const gp = await deps.gateway.findPaymentByMerchantUid(payment.merchantUid);
  const now = deps.clock.now();
  if (gp) {
    if (
      gp.status === "ready" &&
      gp.vbank &&
      gp.vbank.dueAt.getTime() < now.getTime() &&
      payment.state === "READY"
    ) {
      await failPayment(deps, payment, "가상계좌 입금 기한이 지났어요.", "AUTO");
      return viewOf(deps.db, (await findPaymentById(deps.db, payment.id)) ?? payment);
    }
    return applyGatewayPayment(deps, payment, gp, initiator);
  }
  if (now.getTime() - payment.createdAt.getTime() > giveUpAfterMs) {
    await failPayment(deps, payment, "결제가 완료되지 않았어요. (결제대행사 기록 없음)", "AUTO");
  }
  return viewOf(deps.db, (await findPaymentById(deps.db, payment.id)) ?? payment);
}

// ---------------------------------------------------------------------------------------------
// Reading

/** A payment with its items and subscription. */
export async function viewOf(db: Database, payment: PaymentRow): Promise<PaymentView> {
  const items = await findItemsOfPayments(db, [payment.id]);
  const subscription = (await findSubscriptionByFirstPayment(db, payment.id)) ?? null;
  return { payment, items, subscription };
}

/**
 * One payment the caller may see (their own, their child's, or any for staff); null otherwise
 * (another user's id is indistinguishable from a missing one).
 */
export async function getPaymentForCaller(
  deps: PaymentsDeps,
  caller: AuthUser,
  paymentId: number,
): Promise<PaymentView | null> {
  const payment = await findPaymentById(deps.db, paymentId);
  if (!payment) return null;
  if (!(await mayActFor(deps.db, caller, payment.userId))) return null;
  return viewOf(deps.db, payment);
}

export interface PaymentPage {
  views: PaymentView[];
  hasNextPage: boolean;
  endCursor: string | null;
}

/**
 * The caller's payments (SPEC.md §7 Payments): a student's own; a parent's children's (all, or
 * `userId`); staff must name `userId`. Newest first, keyset-paginated (`first` 1-50).
 * @throws AppError forbidden `not_your_user`; validation `invalid_cursor`
 */
export async function listUserPayments(
  deps: PaymentsDeps,
  caller: AuthUser,
  options: { userId?: number | null; first: number; after?: string | null },
): Promise<PaymentPage> {
  let userIds: number[];
  if (options.userId != null) {
    if (!(await mayActFor(deps.db, caller, options.userId))) {
      throw new AppError("forbidden", "not_your_user", PAYMENT_MESSAGES.notYourUser);
    }
    userIds = [options.userId];
  } else if (caller.userType === "PARENT") {
    userIds = (await findChildren(deps.db, caller.userNo)).map((c) => c.id);
  } else {
    userIds = [caller.userNo];
  }
  const cursor = options.after ? decodeCursor(options.after, "int") : null;
  if (options.after && !cursor) {
    throw new AppError(
      "validation",
      "invalid_cursor",
      "페이지 정보가 올바르지 않아요. 처음부터 다시 불러와 주세요.",
    );
  }
  const rows = await findPaymentsOfUsers(deps.db, userIds, options.first + 1, cursor);
  const page = rows.slice(0, options.first);
  const items = await findItemsOfPayments(
    deps.db,
    page.map((p) => p.id),
  );
  const views = page.map((payment) => ({
    payment,
    items: items.filter((i) => i.paymentId === payment.id),
    subscription: null,
  }));
  const last = page.at(-1);
  return {
    views,
    hasNextPage: rows.length > options.first,
    endCursor: last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Gateway notifications (webhooks)

export type NotificationOutcome = "APPLIED" | "UNCHANGED" | "UNKNOWN_PAYMENT" | "AMOUNT_MISMATCH";

/**
 * Handles a PortOne V1 notification `{ imp_uid, merchant_uid, status }`. The body is a hint
 * only: the payment is fetched from the gateway by imp_uid and applied if it is one of ours and
 * its amount matches (INTEGRATIONS.md §1.10). Safe to receive twice or out of order: applying
 * is conditional on the current state.
 * @throws whatever the gateway throws when it cannot be reached (the caller answers 5xx so the
 *   gateway sends it again)
 */
export async function handleGatewayNotification(
  deps: PaymentsDeps,
  body: { imp_uid: string; merchant_uid?: string | undefined; status?: string | undefined },
): Promise<NotificationOutcome> {
  const gp = await deps.gateway.getPayment(body.imp_uid);
  let outcome: NotificationOutcome;
  const payment = gp ? await findPaymentByMerchantUid(deps.db, gp.merchantUid) : undefined;
  if (!gp || !payment) {
    outcome = "UNKNOWN_PAYMENT";
  } else if (gp.amount !== payment.paidPrice) {
    outcome = "AMOUNT_MISMATCH";
    deps.log.error(
      { paymentId: payment.id, ours: payment.paidPrice, gateway: gp.amount },
      "webhook: gateway amount differs from the order",
    );
  } else {
    const before = `${payment.state}:${payment.refundedAmount}:${payment.virtualAccount ? 1 : 0}`;
    const after = await applyGatewayPayment(deps, payment, gp, "AUTO");
    const p = after.payment;
    outcome =
      `${p.state}:${p.refundedAmount}:${p.virtualAccount ? 1 : 0}` === before
        ? "UNCHANGED"
        : "APPLIED";
  }
  await insertGatewayNotification(deps.db, {
    gatewayPaymentId: body.imp_uid,
    merchantUid: gp?.merchantUid ?? body.merchant_uid ?? null,
    status: gp?.status ?? body.status ?? null,
    outcome,
    receivedAt: deps.clock.now(),
  });
  return outcome;
}

// ---------------------------------------------------------------------------------------------
// LECTURE_INFO

/** One entry of a student's LECTURE_INFO (POST /main/getUserInfo; docs/api/accounts.md). */
export interface LectureInfoEntry {
  LECTURE_NO: number;
  PAYMENT_ID: number;
  TITLE: string;
  MONTHS: number;
  /** SPEC.md §4 matching or lecture state (packages/domain lectureState). */
  STATE: LectureState;
  /** ISO instants: the paid period; null while unpaid. */
  START_AT: string | null;
  END_AT: string | null;
  /** The next monthly charge (ISO), when a subscription renews it. */
  NEXT_CHARGE_AT: string | null;
}

/** The lectures a student bought, newest first (at most 50), with their state at `now`. */
export async function lectureInfoOf(
  db: Database,
  userId: number,
  now: Date,
): Promise<LectureInfoEntry[]> {
  const rows = await findLectureItemsOfUser(db, userId);
  return rows.map((row) => {
    const started = row.subscriptionStartedAt;
    const startAt = started ?? row.completedAt;
    const endsAt =
      started && row.subscriptionPaidMonths !== null
        ? addMonthsSeoul(started, row.subscriptionPaidMonths)
        : row.completedAt
          ? addMonthsSeoul(row.completedAt, row.itemMonths)
          : null;
    return {
      LECTURE_NO: row.itemId,
      PAYMENT_ID: row.paymentId,
      TITLE: row.itemName,
      MONTHS: row.itemMonths,
      STATE: lectureState({
        paymentState: row.paymentState as PaymentState,
        itemState: row.itemState as PaymentItemState | null,
        subscriptionStatus: row.subscriptionStatus,
        endsAt,
        now,
      }),
      START_AT: startAt ? startAt.toISOString() : null,
      END_AT: endsAt ? endsAt.toISOString() : null,
      NEXT_CHARGE_AT:
        row.subscriptionStatus === "ACTIVE" && row.subscriptionNextChargeAt
          ? row.subscriptionNextChargeAt.toISOString()
          : null,
    };
  });
}
