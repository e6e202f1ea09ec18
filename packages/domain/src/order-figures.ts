import type { Won } from "./money.ts";

/** One order line as sold, enough for the order's figures (정가, 할인, 결제). */
export interface OrderFigureLine {
  /** 정가 of the line: the unit list price × months (lectures) or × units (devices). */
  listPrice: Won;
  /** The line's sale total (정가 less the list-price reduction). */
  salePrice: Won;
  /** The policies taken off the sale total, by name. */
  policies: readonly { name: string; amount: Won }[];
  /** What was paid for the line: salePrice − the policies. */
  paidPrice: Won;
}

/** The order's figures as the checkout showed them: 정가, 할인 (with its parts) and 결제. */
export interface OrderFigures {
  listPrice: Won;
  /** 정가 − 결제: the list-price reduction plus every policy. */
  discount: Won;
  /** 정가 less the sale totals (기본 할인가). */
  listReduction: Won;
  /** Policies by name, summed over the lines, in the order first seen. */
  policies: { name: string; amount: Won }[];
  paidPrice: Won;
}

/**
 * The order's figures from its lines, the same on the checkout (priceOrder), the receipt
 * (/payment_finish, from the stored payment_items) and the contract text.
 */
export function orderFigures(lines: readonly OrderFigureLine[]): OrderFigures {
  let listPrice = 0;
  let listReduction = 0;
  let paidPrice = 0;
  const policies = new Map<string, number>();
  for (const line of lines) {
    const list = Math.max(line.listPrice, line.salePrice);
    listPrice += list;
    listReduction += list - line.salePrice;
    paidPrice += line.paidPrice;
    for (const p of line.policies) {
      if (p.amount > 0) policies.set(p.name, (policies.get(p.name) ?? 0) + p.amount);
    }
  }
  return {
    listPrice,
    discount: listPrice - paidPrice,
    listReduction,
    policies: [...policies].map(([name, amount]) => ({ name, amount })),
    paidPrice,
  };
}

/**
 * 정가 of a stored order line (payment_items): the unit list price × months for a lecture, × units
 * otherwise, as the checkout priced it (priceLine); never below the line's sale total.
 */
export function storedLineListPrice(line: {
  itemKind: string;
  months: number;
  quantity: number;
  unitBasePrice: Won;
  salePrice: Won;
}): Won {
  const factor = line.itemKind === "LECTURE" ? line.months : line.quantity;
  return Math.max(line.salePrice, line.unitBasePrice * factor);
}

/**
 * The policies of a stored order line as recorded; a line whose record does not add up to its
 * policyPrice shows one "할인" of its total.
 */
export function storedLinePolicies(line: {
  policies: readonly { name: string; amount: Won }[] | null;
  policyPrice: Won;
}): { name: string; amount: Won }[] {
  const applied = (line.policies ?? []).filter((p) => p.amount > 0);
  const appliedSum = applied.reduce((sum, p) => sum + p.amount, 0);
  if (appliedSum === line.policyPrice)
    return applied.map((p) => ({ name: p.name, amount: p.amount }));
  return line.policyPrice > 0 ? [{ name: "할인", amount: line.policyPrice }] : [];
}
