/**
 * MERCHANT_UID of an order attempt (docs/api/payments.md: 6–80 characters [A-Za-z0-9_-], the
 * payment calls are idempotent on it). One is made for an order and reused for every retry of
 * that attempt (a double click, a retry after no answer), so the server makes one payment and
 * one charge; a new one is made when the order changes or after a definite failure (the
 * payment FAILED, or the server refused the order), since the server would answer the same
 * failed payment again.
 */

/** "web-" + a random UUID: 40 characters. */
export function newMerchantUid(): string {
  return `web-${crypto.randomUUID()}`;
}

export class MerchantUidKeeper {
  private uid: string | null = null;
  private order: string | null = null;

  constructor(private readonly make: () => string = newMerchantUid) {}

  /** The uid for this order (any string that identifies it): the same until it changes. */
  forOrder(order: string): string {
    if (this.uid === null || this.order !== order) {
      this.uid = this.make();
      this.order = order;
    }
    return this.uid;
  }

  /** The next `forOrder` makes a new uid (after a definite failure). */
  renew(): void {
    this.uid = null;
  }
}
