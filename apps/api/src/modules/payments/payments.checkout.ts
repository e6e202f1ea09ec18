/**
 * Checkout and charge (issue #4; SPEC.md §3 Payment, §4 payment states; docs/api/payments.md,
 * docs/decisions/009-payments.md): `checkout` prices the order (payments.pricing.ts), inserts the
 * READY payment keyed by `merchant_uid` and commits it BEFORE the gateway is called, then charges
 * the billing card / one-time card, issues a virtual account or records cash. A repeat of a
 * merchant_uid gets the same payment (`repeatOf`); an unknown outcome is left READY and settled by
 * asking the gateway (payments.settlement.ts), never by charging again.
 */
import { createHash } from "node:crypto";
import {
  allowedCardQuotas,
  isStaffUserType,
  payerFailureMessage,
  type Initiator,
  type PolicyRule,
  type PricedCart,
} from "@seoltab/domain";
import { AppError, PAYMENT_MESSAGES } from "../../errors.ts";
import type { AuthUser } from "../accounts/accounts.public.ts";
import { insertAuditLog } from "../../platform/audit.ts";
import { initiatorOf } from "../../platform/auth.ts";
import { reserveOrderStock, type StoreItemRow } from "../catalog/catalog.public.ts";
import { recordReferralForOrder } from "../discounts/discounts.public.ts";
import { cartQuoteResponse } from "./cart-quote.ts";
import {
  GatewayRefusedError,
  GatewayUnavailableError,
  type CardCredentials,
  type GatewayPayment,
} from "./gateway/gateway.port.ts";
import {
  findBillingCardById,
  findMainBillingCard,
  findPaymentById,
  findPaymentByMerchantUid,
  insertReadyPayment,
  isPendingBillingCard,
  insertDeviceLines,
  transitionPaymentWithItems,
  withTransaction,
  type BillingCardRow,
  type PaymentRow,
} from "./payments.repository.ts";
import { type PaymentsDeps, requireStudentFor } from "./payments.common.ts";
import { CART_MESSAGES, priceOrderFor } from "./payments.pricing.ts";
import {
  applyGatewayPayment,
  failPayment,
  settleFromGateway,
  vbankDueAt,
} from "./payments.settlement.ts";
import { type PaymentView, viewOf } from "./payments.reads.ts";

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
      // In the order's transaction (issue 19 performance: it was a commit of its own, with
      // the audit chain's lock at that commit); the entry and the order commit together.
      await insertAuditLog(tx, {
        kind: "EXECUTION",
        initiator,
        actorUserId: caller.userNo,
        action: "payment_started",
        target: `payment:${row.id}`,
        detail: { method: input.method, amount: order.paidPrice, userId: user.id },
        requestId,
      });
    },
  );
  // Lost the race to a concurrent request with the same merchant_uid: answer as a repeat.
  if (!inserted) {
    const winner = await findPaymentByMerchantUid(deps.db, input.merchantUid);
    return repeatOf(deps, winner!, requestHash, input.userId);
  }
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
  const view = await applyGatewayPayment(deps, inserted, result, initiator, {
    rules,
    order,
    cardWasMain: card?.isMain === true,
  });
  if (view.payment.state === "FAILED") {
    throw declined(view, view.payment.failReason ?? PAYMENT_MESSAGES.cardRefused);
  }
  return { view, pending: false };
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
    const moved = await transitionPaymentWithItems(tx, payment.id, {
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
        payment: moved.payment,
        items: moved.items,
        initiator: initiatorOf(caller),
        at: now,
      });
    }
  });
  return viewOf(deps.db, (await findPaymentById(deps.db, payment.id))!);
}
