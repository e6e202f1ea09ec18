/**
 * What other areas may use of the payments area (issue #10: an area is entered only through its
 * index.ts or this file; ESLint enforces it), and the events it emits.
 */
import type { Initiator } from "@seoltab/domain";
import type { PaymentItemRow, PaymentRow, SubscriptionRow } from "./payments.repository.ts";

export {
  findActiveSubscriptionsChargingBetween,
  findItemsOfPayments,
  findPaymentById,
  findPaymentItemById,
  findSubscriptionByFirstPayment,
  findSubscriptionById as findSubscriptionForStaff,
  transitionPayment,
  type PaymentItemRow,
  type PaymentRow,
  type SubscriptionRow,
} from "./payments.repository.ts";
export {
  GatewayRefusedError,
  GatewayUnavailableError,
  type GatewayPayment,
} from "./gateway/gateway.port.ts";
export type { PaymentsDeps } from "./payments.common.ts";
/** Checkout (the demo seed records CASH payments through it, as staff would). */
export { checkout } from "./payments.checkout.ts";
export {
  endSubscriptionForRefund,
  lockSubscriptionOfPayment,
  renewalEffectOfRefund,
  subscriptionOfPayment,
  type RenewalEffect,
} from "./subscriptions.service.ts";
/** Staff actions on failed renewals (the admin console, issue 16). */
export { RENEWAL_ACTION_MESSAGES, rescheduleRenewal, retryRenewalNow } from "./payments.jobs.ts";
export { renewalEffectGraphql } from "./subscriptions.graphql.ts";
/** Staff actions on virtual accounts awaiting deposit (the admin console, issue 16). */
export {
  VBANK_ACTION_MESSAGES,
  cancelAwaitingVbank,
  reissueAwaitingVbank,
  type VbankView,
} from "./vbank.service.ts";

/**
 * `payment.paid`: a payment moved READY → PAID (card, virtual-account deposit, cash, a renewal),
 * emitted inside the transaction that moved it. `payment` is the row as moved (state PAID).
 */
export interface PaymentPaidEvent {
  payment: PaymentRow;
  /**
   * The payment's items as the move left them (PAID), ordered by id, or null when the mover did
   * not have them all (handlers then read them). Saves the handlers a read each (issue 19).
   */
  items: readonly PaymentItemRow[] | null;
  initiator: Initiator;
  /** When it was recorded (the clock's now). */
  at: Date;
}

/** `payment.vbank-issued`: a virtual account was issued (or seen again) for a READY payment. */
export interface VbankIssuedEvent {
  payment: PaymentRow;
  vbank: { bankName: string; accountNumber: string; holder: string; dueAt: Date };
  at: Date;
  /**
   * Set (the new account's imp_uid) when staff re-issued the account for the same order: the
   * family is told the new account again and the old account's reminder is dropped.
   */
  reissue?: string;
}

/**
 * `payment.vbank-cancelled`: a virtual account awaiting its deposit was cancelled (staff) and
 * the order FAILED; pending deadline reminders are dropped.
 */
export interface VbankCancelledEvent {
  payment: PaymentRow;
  at: Date;
}

/** `subscription.renewal-failed`: a renewal charge was declined (or no card); it is retried. */
export interface RenewalFailedEvent {
  subscription: SubscriptionRow;
  paymentId: number;
  reason: string;
  /** Three declines in a row: no more tries until a new card. */
  pastDue: boolean;
  at: Date;
}

declare module "../../platform/events.ts" {
  interface DomainEvents {
    "payment.paid": PaymentPaidEvent;
    "payment.vbank-issued": VbankIssuedEvent;
    "payment.vbank-cancelled": VbankCancelledEvent;
    "subscription.renewal-failed": RenewalFailedEvent;
  }
}
