/**
 * Pricing an order (issue #4, #18; SPEC.md §5 pricing, convertSalesMethodNo): `priceOrderFor`
 * recomputes every amount from what the catalog offers the student, the sales policies and the
 * cart's conditional discounts (a client price is never read); `quoteCart` answers
 * POST /main/Cart_Price with the same pricing the checkout charges. Read only.
 */
import {
  orderProblem,
  sellableItems,
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
import type { Database } from "@seoltab/db";
import { AppError, PAYMENT_MESSAGES } from "../../errors.ts";
import type { AuthUser } from "../accounts/accounts.public.ts";
import {
  findActiveStoreItems,
  findBaseAndUserSalesPolicies,
  outOfStockError,
  type StoreItemRow,
} from "../catalog/catalog.public.ts";
import {
  resolveReferral,
  salesMethodConversion,
  type ReferralUse,
} from "../discounts/discounts.public.ts";
import { ownsPurchasedTablet } from "./payments.repository.ts";
import { type PaymentsDeps, requireStudentFor } from "./payments.common.ts";
import type { CheckoutInput } from "./payments.checkout.ts";

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
  // Only the ordered rows: sellableItems judges each row by its own fields (catalog.ts).
  const offered = sellableItems(await findActiveStoreItems(db, { ids: [...wanted] }), {
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
  const policyRows = await findBaseAndUserSalesPolicies(db, user.id);
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
