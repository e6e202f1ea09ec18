/**
 * Everything the store sells in one cart, and the discounts a person can read before paying
 * (issue #18; SPEC.md §3 discount kinds and types, item kinds, §5 "payment due = total sale
 * price minus total policy price"). Pure; amounts are integer won; the current time is a
 * parameter. docs/api/discounts.md prints the table below; docs/decisions/036 explains it.
 *
 * A cart is priced in three steps (`priceCart`):
 * 1. every line is priced by `priceLine` (packages/domain checkout.ts): sale total = unit sale
 *    price × months (lectures) or × units; then the 12-month policy and the sales methods'
 *    policies (BASE_ then USER_SALES_METHOD_WITH_POLICIES) exactly as before this issue;
 * 2. the conditional discounts of `DISCOUNT_TABLE` are taken, in the table's order, from what
 *    is left of the line each one targets; none compounds (PERCENT is a share of the line's sale
 *    total, AMOUNT is won once per line) and none takes a line below 0 won;
 * 3. books bring a DELIVERY_FEE line unless the books come to `FREE_DELIVERY_FROM_WON` or more.
 * Goods (books, contents), rentals and delivery fees never take a discount.
 */
import {
  priceLine,
  orderName,
  type PolicyRule,
  type PricedLine,
  type PricedStoreItem,
} from "./checkout.ts";
import type { DiscountKind, DiscountType } from "./enums.ts";
import { assertNonNegativeInteger, multiplyWon, percentOfWon, type Won } from "./money.ts";
import { addMonthsSeoul } from "./time.ts";

// ---- the discount table ----------------------------------------------------------------------

/** One row of the precedence table (shown in the cart, on the receipt and in the docs). */
export interface DiscountRule {
  /** Order of application: lower first. Steps 1 and 2 are the 12-month and sales-method policies. */
  step: number;
  kind: DiscountKind;
  /** The policy name shown on the cart and receipt line. */
  name: string;
  discountType: DiscountType;
  /** Won for AMOUNT (once per line), whole percent of the line's sale total for PERCENT. */
  value: number;
  /** Which line it is taken from, in Korean (for the table on the page). */
  target: string;
  /** When it applies, in Korean. */
  condition: string;
}

/** The won a friend and the code's owner each get off once (REFERRAL_CODE_DISCOUNT). */
export const REFERRAL_DISCOUNT_WON = 20_000;
/** Percent off every lecture line but the dearest one (ADDITIONAL_LECTURE_DISCOUNT). */
export const ADDITIONAL_LECTURE_DISCOUNT_PERCENT = 10;
/** Won off the first lecture line of a family owning a tablet bought from us. */
export const DEVICE_OWNER_DISCOUNT_WON = 30_000;
/** Won off the first lecture line of a family using its own tablet (USER_OWNED_DEVICE). */
export const USER_OWNED_DEVICE_DISCOUNT_WON = 20_000;

/**
 * The conditional discounts, in the order they are taken (after the 12-month policy, step 1, and
 * the sales methods' policies, step 2). DEVICE_OWNER_DISCOUNT and USER_OWNED_DEVICE_DISCOUNT
 * exclude each other (the owner's discount wins); neither applies when the order rents or buys a
 * tablet.
 */
export const DISCOUNT_TABLE: readonly DiscountRule[] = [
  {
    step: 3,
    kind: "ADDITIONAL_LECTURE_DISCOUNT",
    name: `추가 과목 ${ADDITIONAL_LECTURE_DISCOUNT_PERCENT}% 할인`,
    discountType: "PERCENT",
    value: ADDITIONAL_LECTURE_DISCOUNT_PERCENT,
    target: "가장 비싼 수업을 뺀 나머지 수업 줄마다",
    condition: "한 주문에 수업을 2개 이상 담았을 때",
  },
  {
    step: 4,
    kind: "DEVICE_OWNER_DISCOUNT",
    name: "설탭 기기 보유 할인",
    discountType: "AMOUNT",
    value: DEVICE_OWNER_DISCOUNT_WON,
    target: "첫 수업 줄",
    condition: "설탭에서 산 태블릿이 있고 이번 주문에 태블릿을 담지 않았을 때",
  },
  {
    step: 5,
    kind: "USER_OWNED_DEVICE_DISCOUNT",
    name: "내 태블릿 사용 할인",
    discountType: "AMOUNT",
    value: USER_OWNED_DEVICE_DISCOUNT_WON,
    target: "첫 수업 줄",
    condition:
      "가지고 있는 태블릿으로 수업하고 이번 주문에 태블릿을 담지 않았을 때 (기기 보유 할인과 중복 안 됨)",
  },
  {
    step: 6,
    kind: "REFERRAL_CODE_DISCOUNT",
    name: "친구 추천 할인",
    discountType: "AMOUNT",
    value: REFERRAL_DISCOUNT_WON,
    target: "할인 뒤 남은 금액이 가장 큰 수업 줄",
    condition: "친구의 추천 코드를 처음 쓸 때 한 번, 코드 주인은 다음 주문에서 한 번",
  },
];

function ruleOf(kind: DiscountKind): DiscountRule {
  const rule = DISCOUNT_TABLE.find((r) => r.kind === kind);
  if (!rule) throw new RangeError(`no discount rule for ${kind}`);
  return rule;
}

// ---- delivery -------------------------------------------------------------------------------

/** DELIVERY_FEE of an order with books, won. */
export const DELIVERY_FEE_WON = 3_000;
/** Books worth this much or more (sale totals) ship free, won. */
export const FREE_DELIVERY_FROM_WON = 30_000;
/** DELIVERY_FEE_FOR_REFUND: the return shipping of goods sent back by change of mind, won. */
export const RETURN_DELIVERY_FEE_WON = 3_000;
/** Title of the delivery line. */
export const DELIVERY_FEE_TITLE = "배송비";

/**
 * The delivery fee of an order (DELIVERY_FEE): `DELIVERY_FEE_WON` when it has books whose sale
 * totals come to less than `FREE_DELIVERY_FROM_WON`; 0 with no books (contents are digital,
 * devices ship with the lessons at no charge) or books of at least the threshold.
 * @param bookTotalWon Σ sale totals of the order's SEOLTAB_BOOK lines, won
 * @param hasBooks whether the order has a book line (a 0-won book still ships)
 */
export function deliveryFee(bookTotalWon: Won, hasBooks: boolean): Won {
  assertNonNegativeInteger(bookTotalWon, "book total (won)");
  if (!hasBooks) return 0;
  return bookTotalWon >= FREE_DELIVERY_FROM_WON ? 0 : DELIVERY_FEE_WON;
}

/** Why goods go back: the buyer changed their mind, or the goods were defective or not as sold. */
export type ReturnReason = "CHANGE_OF_MIND" | "DEFECTIVE_OR_NOT_AS_SOLD";

/**
 * The DELIVERY_FEE_FOR_REFUND of a goods return (전자상거래법 제18조제9항: on a withdrawal the
 * consumer bears the cost of sending the goods back; 제18조제10항: when the goods were not as
 * advertised or contracted, the seller bears it). Only returns of shipped goods (books, bought
 * devices) cost anything; a refund of lessons or of digital contents never does.
 */
export function returnDeliveryFee(reason: ReturnReason, shippedGoods: boolean): Won {
  return shippedGoods && reason === "CHANGE_OF_MIND" ? RETURN_DELIVERY_FEE_WON : 0;
}

// ---- pricing the cart ------------------------------------------------------------------------

/** A store item as the cart prices it: the pricing fields plus what the discounts look at. */
export interface CartStoreItem extends PricedStoreItem {
  /** DEVICE lines: IPAD, ANDROID_TABLET or AIR_PODS_MAX (headphones are no tablet). */
  deviceType?: string | null;
  /** DEVICE lines: a rental (lent for the item's months, returned at their end). */
  rental?: boolean;
}

/** Who is buying, as the conditional discounts need it (read on the server, never sent). */
export interface CartContext {
  /** A friend's code accepted for this order (first use by this family, not their own). */
  referralFriend: boolean;
  /** The family's own code was used by a friend and its reward is still unused. */
  referralOwnerReward: boolean;
  /** The family says it will use its own tablet (USER_OWNED_DEVICE). */
  usesOwnDevice: boolean;
  /** The family bought a tablet from us earlier (a paid, not refunded DEVICE purchase). */
  ownsSeoltabDevice: boolean;
}

export const NO_CART_CONTEXT: CartContext = {
  referralFriend: false,
  referralOwnerReward: false,
  usesOwnDevice: false,
  ownsSeoltabDevice: false,
};

/** A priced cart: `PricedOrder` of checkout.ts plus the delivery line and the discounts used. */
export interface PricedCart {
  /** The lines as sent, then the DELIVERY_FEE line when there is one. */
  lines: PricedLine[];
  /** Σ line sale totals, delivery included (Payment.productsPrice). */
  productsPrice: Won;
  /** Σ policies and discounts (Payment.discountedValue). */
  discountedValue: Won;
  /** productsPrice − discountedValue: the payment due (Payment.paidPrice). */
  paidPrice: Won;
  name: string;
  /** The delivery fee charged, won (0 when free or no books). */
  deliveryFee: Won;
  /** The conditional discounts taken, with the won each took (empty when none). */
  discounts: { kind: DiscountKind; name: string; amount: Won }[];
}

/** Why a cart cannot be priced beyond `orderProblem` of checkout.ts. */
export type CartProblem = { code: "OWN_DEVICE_WITH_TABLET" };

function isTabletLine(line: PricedLine): boolean {
  const item = line.item as CartStoreItem;
  return item.itemKind === "DEVICE" && item.deviceType !== "AIR_PODS_MAX";
}

/** Checks what `orderProblem` cannot: "my own tablet" together with a tablet line. */
export function cartProblem(
  lines: readonly { id: number }[],
  catalog: ReadonlyMap<number, CartStoreItem>,
  context: CartContext,
): CartProblem | null {
  if (!context.usesOwnDevice) return null;
  for (const l of lines) {
    const item = catalog.get(l.id);
    if (item && item.itemKind === "DEVICE" && item.deviceType !== "AIR_PODS_MAX") {
      return { code: "OWN_DEVICE_WITH_TABLET" };
    }
  }
  return null;
}

function takeDiscount(line: PricedLine, rule: DiscountRule): Won {
  const wanted =
    rule.discountType === "PERCENT" ? percentOfWon(line.salePrice, rule.value) : rule.value;
  const amount = Math.min(wanted, line.paidPrice);
  if (amount <= 0) return 0;
  line.policies.push({
    name: rule.name,
    discountKind: rule.kind,
    discountType: rule.discountType,
    value: rule.value,
    amount,
  });
  line.policyPrice += amount;
  line.paidPrice -= amount;
  return amount;
}

const NO_DISCOUNT_KINDS = new Set(["SEOLTAB_BOOK", "CONTENTS", "DELIVERY_FEE"]);

/**
 * Prices a cart (see the file comment for the three steps). Validate first with `orderProblem`
 * and `cartProblem`.
 * - Sales-method `rules` apply to lectures and devices only (never to books, contents, rentals
 *   or delivery).
 * - ADDITIONAL_LECTURE_DISCOUNT: every lecture line except the one with the largest sale total
 *   (the first of equals), PERCENT of its sale total.
 * - DEVICE_OWNER_DISCOUNT / USER_OWNED_DEVICE_DISCOUNT: once, on the first lecture line, when
 *   the cart has no tablet line; the owner's discount wins over "my own tablet".
 * - REFERRAL_CODE_DISCOUNT: `REFERRAL_DISCOUNT_WON` once per reason (a friend's code, the
 *   owner's reward), each on the lecture line with the most left to pay.
 * Invariants (property tests): 0 ≤ paidPrice ≤ productsPrice; paidPrice = Σ line paidPrice;
 * every line 0 ≤ paidPrice ≤ salePrice.
 * @throws RangeError when a line's item is missing or amounts are out of range
 */
export function priceCart(
  lines: readonly { id: number; lecture_multiple: number }[],
  catalog: ReadonlyMap<number, CartStoreItem>,
  rules: readonly PolicyRule[],
  context: CartContext = NO_CART_CONTEXT,
): PricedCart {
  const priced = lines.map((line) => {
    const item = catalog.get(line.id);
    if (!item) throw new RangeError(`unknown store item ${line.id}`);
    const own = NO_DISCOUNT_KINDS.has(item.itemKind) || item.rental ? [] : rules;
    return priceLine(item, line.lecture_multiple, own);
  });
  const discounts: PricedCart["discounts"] = [];
  const note = (rule: DiscountRule, amount: Won) => {
    if (amount > 0) discounts.push({ kind: rule.kind, name: rule.name, amount });
  };
  const lectures = priced.filter((l) => l.item.itemKind === "LECTURE");
  if (lectures.length >= 2) {
    const rule = ruleOf("ADDITIONAL_LECTURE_DISCOUNT");
    const dearest = lectures.reduce((a, b) => (b.salePrice > a.salePrice ? b : a));
    let sum = 0;
    for (const l of lectures) if (l !== dearest) sum += takeDiscount(l, rule);
    note(rule, sum);
  }
  const [firstLecture] = lectures;
  if (firstLecture && !priced.some(isTabletLine)) {
    if (context.ownsSeoltabDevice) {
      const rule = ruleOf("DEVICE_OWNER_DISCOUNT");
      note(rule, takeDiscount(firstLecture, rule));
    } else if (context.usesOwnDevice) {
      const rule = ruleOf("USER_OWNED_DEVICE_DISCOUNT");
      note(rule, takeDiscount(firstLecture, rule));
    }
  }
  const referral = ruleOf("REFERRAL_CODE_DISCOUNT");
  for (const applies of [context.referralFriend, context.referralOwnerReward]) {
    if (!applies || lectures.length === 0) continue;
    const target = lectures.reduce((a, b) => (b.paidPrice > a.paidPrice ? b : a));
    note(referral, takeDiscount(target, referral));
  }
  const books = priced.filter((l) => l.item.itemKind === "SEOLTAB_BOOK");
  const fee = deliveryFee(
    books.reduce((sum, l) => sum + l.salePrice, 0),
    books.length > 0,
  );
  const all = [...priced];
  if (fee > 0) {
    all.push(
      priceLine(
        {
          id: 0,
          itemKind: "DELIVERY_FEE",
          title: DELIVERY_FEE_TITLE,
          months: 1,
          basePrice: fee,
          salePrice: fee,
        },
        1,
        [],
      ),
    );
  }
  const productsPrice = all.reduce((sum, l) => sum + l.salePrice, 0);
  const discountedValue = all.reduce((sum, l) => sum + l.policyPrice, 0);
  assertNonNegativeInteger(productsPrice, "products price (won)");
  return {
    lines: all,
    productsPrice,
    discountedValue,
    paidPrice: productsPrice - discountedValue,
    name: orderName(priced.map((l) => l.item.title)),
    deliveryFee: fee,
    discounts,
  };
}

// ---- home-shopping ---------------------------------------------------------------------------

/** The home-shopping lists of SPEC.md §3: products of 1, 3 and 10 months. */
export const HOMESHOPPING_LIST_MONTHS = [1, 3, 10] as const;

/**
 * Groups home-shopping lecture items by their months into the 1, 3 and 10-month lists (items of
 * other lengths are left out), input order kept.
 */
export function homeshoppingLists<T extends { months: number }>(
  items: readonly T[],
): { 1: T[]; 3: T[]; 10: T[] } {
  return {
    1: items.filter((i) => i.months === 1),
    3: items.filter((i) => i.months === 3),
    10: items.filter((i) => i.months === 10),
  };
}

// ---- penalty for the early end of a free tablet rental ----------------------------------------

/** Months a free tablet is lent for at least; ending the lessons earlier costs a PENALTY. */
export const FREE_RENTAL_MIN_MONTHS = 3;
/** PENALTY won for each month of `FREE_RENTAL_MIN_MONTHS` not completed. */
export const FREE_RENTAL_PENALTY_PER_MONTH_WON = 30_000;
/** Title of the PENALTY line. */
export const PENALTY_TITLE = "무료 대여 태블릿 중도 해지 위약금";

export interface EarlyEndPenalty {
  /** Won to charge (0 when the minimum months were completed). */
  amount: Won;
  /** Calendar months (Asia/Seoul) completed since the rental started. */
  monthsCompleted: number;
  /** Months of the minimum not completed. */
  monthsShort: number;
  /** One Korean sentence for the contract and the refund quote. */
  explanation: string;
}

/**
 * The PENALTY for ending the lessons of a free tablet rental before `FREE_RENTAL_MIN_MONTHS`
 * calendar months (Asia/Seoul, `addMonthsSeoul`) have passed since it started:
 * `FREE_RENTAL_PENALTY_PER_MONTH_WON` × the months short (a month in progress counts as
 * short), never more than `capWon` (the tablet's list price: 약관법 제8조 forbids a penalty out
 * of proportion). Ending on or after the minimum costs nothing. The tablet goes back either way.
 * Example: started 2026-03-10, ended 2026-04-20 → 1 month completed, 2 short → 60,000 won.
 * @throws RangeError for an invalid Date or cap
 */
export function earlyEndPenalty(input: {
  rentalStartAt: Date;
  endAt: Date;
  capWon: Won;
}): EarlyEndPenalty {
  assertNonNegativeInteger(input.capWon, "cap (won)");
  const start = input.rentalStartAt.getTime();
  const end = input.endAt.getTime();
  if (Number.isNaN(start) || Number.isNaN(end)) throw new RangeError("invalid Date");
  let completed = 0;
  while (
    completed < FREE_RENTAL_MIN_MONTHS &&
    addMonthsSeoul(input.rentalStartAt, completed + 1).getTime() <= end
  ) {
    completed += 1;
  }
  const short = FREE_RENTAL_MIN_MONTHS - completed;
  const amount = Math.min(multiplyWon(FREE_RENTAL_PENALTY_PER_MONTH_WON, short), input.capWon);
  const won = `${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, ",")}원`;
  const explanation =
    short === 0
      ? `무료 대여 태블릿을 ${FREE_RENTAL_MIN_MONTHS}개월 이상 쓰셔서 위약금이 없어요. 태블릿은 돌려주셔야 해요.`
      : `무료 대여 태블릿을 ${FREE_RENTAL_MIN_MONTHS}개월보다 일찍 해지해 못 채운 ${short}개월 × ${FREE_RENTAL_PENALTY_PER_MONTH_WON.toLocaleString("ko-KR")}원 = ${won}의 위약금이 있어요. 태블릿은 돌려주셔야 해요.`;
  return { amount, monthsCompleted: completed, monthsShort: short, explanation };
}
