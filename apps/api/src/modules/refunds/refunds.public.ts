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

/**
 * Staff refund work for the operations console (issue 16): the queue, the legal quote of a
 * payment (`assessRefund`), opening a request for a staff decision (`requestRefund` with
 * `forStaffDecision`) and deciding it (`decideRefundRequest`, which takes the request from
 * STAFF_REVIEW exactly once). Docstrings and errors in refunds.quote.ts, refunds.request.ts and
 * refunds.staff.ts.
 */
export type { RefundsDeps } from "./refunds.common.ts";
export { assessRefund, type RefundAssessment } from "./refunds.quote.ts";
export { requestRefund, type RequestRefundResult } from "./refunds.request.ts";
export { decideRefundRequest, listRefundRequests } from "./refunds.staff.ts";
export type { RefundRequestRow } from "./refunds.repository.ts";

/**
 * What each DEVICE line of an order is (PURCHASE / GIFT, NEW_DEVICE / USED_DEVICE, rental for a
 * fee, type, and the value capping the free-rental penalty; issue #18): the contract reads it to
 * print the same terms the refund quote applies.
 */
export { findDeviceFacts, type DeviceFacts } from "./refunds.repository.ts";
