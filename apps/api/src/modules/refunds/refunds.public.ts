/**
 * What the refunds area tells other areas (issue #13): `payment-items.refunded`, emitted inside
 * the transaction that settled the refund, with the lines now REFUNDED.
 */
export interface PaymentItemsRefundedEvent {
  paymentId: number;
  paymentItemIds: number[];
  at: Date;
}

declare module "../../platform/events.ts" {
  interface DomainEvents {
    "payment-items.refunded": PaymentItemsRefundedEvent;
  }
}
