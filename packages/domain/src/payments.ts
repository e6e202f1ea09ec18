/**
 * Lifecycles of payments and payment items as explicit state-transition tables (SPEC.md §4
 * leaves transitions "not shown"; this is our design, CONVENTIONS.md "Vendure / Medusa").
 * A state absent from a table's values is terminal. Every change is recorded with its
 * initiator by the api (DESIGN.md §4).
 */
import type { PaymentItemState, PaymentState } from "./enums.ts";

/** A transition table: for each state, the states it may move to. */
export type TransitionTable<S extends string> = Readonly<Record<S, readonly S[]>>;

/**
 * Payment item states (SPEC.md §4 set one): a paid item can be asked for a refund; the request
 * ends REFUNDED or REFUND_REQUEST_FAILED; a failed request may be asked again. REFUNDED is
 * terminal.
 */
export const PAYMENT_ITEM_TRANSITIONS: TransitionTable<PaymentItemState> = {
  PAID: ["REFUND_REQUESTED"],
  REFUND_REQUESTED: ["REFUNDED", "REFUND_REQUEST_FAILED"],
  REFUND_REQUEST_FAILED: ["REFUND_REQUESTED"],
  REFUNDED: [],
};

/**
 * Where a payment item's lifecycle starts: items are written without a state (null) with their
 * READY payment and take PAID together with it; every later move follows
 * PAYMENT_ITEM_TRANSITIONS.
 */
export const PAYMENT_ITEM_ENTRY_STATES: readonly PaymentItemState[] = ["PAID"];

/**
 * Asks the item table before an item's state is written (issue #10): `from` null (an item not
 * yet in a SPEC.md §4 state) may only enter PAYMENT_ITEM_ENTRY_STATES; otherwise
 * PAYMENT_ITEM_TRANSITIONS decides. Throws TransitionNotAllowedError.
 * Example: `assertPaymentItemTransition(null, "REFUNDED")` throws; `(null, "PAID")` passes.
 */
export function assertPaymentItemTransition(
  from: PaymentItemState | null,
  to: PaymentItemState,
): void {
  if (from === null) {
    if (!PAYMENT_ITEM_ENTRY_STATES.includes(to)) {
      throw new TransitionNotAllowedError("payment item", null, to);
    }
    return;
  }
  assertTransition(PAYMENT_ITEM_TRANSITIONS, "payment item", from, to);
}

/**
 * Payment states (SPEC.md §4 set two): READY (awaiting the gateway or a virtual-account deposit)
 * ends PAID or FAILED; refunds move a paid payment to PARTIALLY_REFUNDED (again for each further
 * partial refund) or TOTALLY_REFUNDED. FAILED and TOTALLY_REFUNDED are terminal.
 */
export const PAYMENT_TRANSITIONS: TransitionTable<PaymentState> = {
  READY: ["PAID", "FAILED"],
  PAID: ["PARTIALLY_REFUNDED", "TOTALLY_REFUNDED"],
  PARTIALLY_REFUNDED: ["PARTIALLY_REFUNDED", "TOTALLY_REFUNDED"],
  TOTALLY_REFUNDED: [],
  FAILED: [],
};

/**
 * True when `table` allows moving from `from` to `to`. Pass the table of the lifecycle at hand:
 * `canTransition(PAYMENT_TRANSITIONS, "READY", "PAID")` → true,
 * `canTransition(PAYMENT_ITEM_TRANSITIONS, "REFUNDED", "PAID")` → false.
 * (Both lifecycles have a PAID state, so the table is what tells them apart.)
 */
export function canTransition<S extends string>(
  table: TransitionTable<S>,
  from: S,
  to: S,
): boolean {
  return table[from].includes(to);
}

/**
 * The states a conditional update may move to `to` from (`where state in sourcesOf(...)`), so a
 * writer that cannot read the row first still obeys the table.
 */
export function sourcesOf<S extends string>(table: TransitionTable<S>, to: S): S[] {
  return (Object.keys(table) as S[]).filter((from) => table[from].includes(to));
}

/**
 * Refund request states (issue #5; refund_requests.state): STAFF_REVIEW (kept for staff) →
 * PENDING (at the gateway, or a staff decision being carried out) or REJECTED; PENDING →
 * REFUNDED or FAILED. REFUNDED, FAILED and REJECTED are terminal (a failed or rejected refund
 * is asked again as a new request).
 */
export const REFUND_REQUEST_STATES = [
  "STAFF_REVIEW",
  "PENDING",
  "REFUNDED",
  "FAILED",
  "REJECTED",
] as const;
export type RefundRequestState = (typeof REFUND_REQUEST_STATES)[number];

export const REFUND_REQUEST_TRANSITIONS: TransitionTable<RefundRequestState> = {
  STAFF_REVIEW: ["PENDING", "REJECTED"],
  PENDING: ["REFUNDED", "FAILED"],
  REFUNDED: [],
  FAILED: [],
  REJECTED: [],
};

/** A writer asked for a move its lifecycle's table does not allow (CONVENTIONS.md 14). */
export class TransitionNotAllowedError extends Error {
  override readonly name = "TransitionNotAllowedError";
  constructor(
    readonly lifecycle: string,
    readonly from: string | null,
    readonly to: string,
  ) {
    super(`${lifecycle}: ${from ?? "(new)"} -> ${to} is not allowed`);
  }
}

/**
 * Asks `table` before a state is written: returns when `from` → `to` is allowed, else throws
 * TransitionNotAllowedError (the api answers it as a conflict, `transition_not_allowed`).
 * Example: `assertTransition(PAYMENT_TRANSITIONS, "payment", "FAILED", "PAID")` throws.
 */
export function assertTransition<S extends string>(
  table: TransitionTable<S>,
  lifecycle: string,
  from: S,
  to: S,
): void {
  if (!(from in table) || !canTransition(table, from, to)) {
    throw new TransitionNotAllowedError(lifecycle, from, to);
  }
}
