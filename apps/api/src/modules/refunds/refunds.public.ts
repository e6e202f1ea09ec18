/**
 * What the refunds area tells other areas (issue #13): `payment-items.refunded`, emitted inside
 * the transaction that settled the refund, with the lines now REFUNDED.
 */
export interface PaymentItemsRefundedEvent {
  paymentId: number;
  paymentItemIds: number[];
  /** Won refunded by this refund (the refund request's amount). */
  amount: number;
  /** The refund request settled (one message per request). */
  refundRequestId: number;
  at: Date;
}

declare module "../../platform/events.ts" {
  interface DomainEvents {
    "payment-items.refunded": PaymentItemsRefundedEvent;
  }
}
