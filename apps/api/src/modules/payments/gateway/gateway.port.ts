/**
 * The payment-gateway port (DESIGN.md §5): what the payments area needs from a card/virtual-
 * account gateway, in PortOne V1 (iamport) terms. Two adapters implement it:
 * - `sandbox.ts`: in-process simulator with DESIGN.md §5's test cards (default locally, in tests);
 * - `portone.ts`: the real PortOne V1 REST API (docs: shared/reference/INTEGRATIONS.md §1).
 *
 * Amounts are integer won. Card details (number, expiry, birth, PIN digits) are passed through
 * once and never kept, logged or put in an error message by an adapter.
 *
 * Errors:
 * - `GatewayRefusedError`: the gateway answered and refused the request (bad card data, billing
 *   key refused, cancel refused...). `pgCode` is the bracketed PG code of PortOne's message when
 *   there is one (e.g. "F112" invalid card information). Nothing was charged.
 * - `GatewayTimeoutError`: no answer in time or the connection broke — the outcome is unknown
 *   (the charge may have happened). Callers must settle it by asking the gateway
 *   (`findPaymentByMerchantUid`), never by charging again.
 * - `GatewayUnavailableError`: the gateway could not be reached before the request was sent
 *   (e.g. token call failed); nothing was charged.
 *
 * A declined charge (insufficient funds, limit exceeded) is NOT an error: the adapter returns a
 * `GatewayPayment` with status "failed" and `failReason` (PortOne answers code 0, status failed).
 */
import { gatewayCodeOf } from "@seoltab/domain";

/** PortOne V1 payment status (PaymentAnnotation.status). */
export type GatewayPaymentStatus = "ready" | "paid" | "failed" | "cancelled";

/** A payment as the gateway knows it (PortOne V1 PaymentAnnotation, the fields we use). */
export interface GatewayPayment {
  /** The gateway's id (imp_uid). */
  impUid: string;
  merchantUid: string;
  status: GatewayPaymentStatus;
  /** Won approved (or to be deposited for a virtual account). */
  amount: number;
  /** Won cancelled so far (sum of cancel_history). */
  cancelAmount: number;
  /** Why a charge failed, as the gateway words it (Korean), or null. */
  failReason: string | null;
  /** Card slip / receipt page at the gateway, or null. */
  receiptUrl: string | null;
  /** When it was paid (null unless paid / cancelled after payment). */
  paidAt: Date | null;
  /** card_quota: installment months, 0 = lump sum. */
  cardQuota: number;
  /** Virtual account, for pay_method vbank. */
  vbank: GatewayVirtualAccount | null;
}

export interface GatewayVirtualAccount {
  bankName: string;
  accountNumber: string;
  holder: string;
  dueAt: Date;
}

/** What a billing key registration returns (PortOne CustomerAnnotation, the fields we keep). */
export interface GatewayBillingKey {
  /** customer_uid: the billing key's name at PortOne. */
  customerUid: string;
  /** card_name, e.g. "신한카드" product name or company name when the PG gives no product. */
  cardName: string;
  /** Card company (card_issuer_name or card_name), e.g. "신한카드". */
  companyName: string;
  /** First 8 and last 4 digits with the middle masked: "4242-4242-****-4242". */
  maskedNumber: string;
}

/** Card details, passed through to the gateway once; never stored. */
export interface CardCredentials {
  /** Digits only, 15-16 digits. */
  cardNumber: string;
  /** "YYYY-MM". */
  expiry: string;
  /** YYMMDD of the holder, or a 10-digit business registration number for company cards. */
  birth: string;
  /** First two digits of the card PIN. */
  pwd2digit: string;
}

export interface ChargeRequest {
  merchantUid: string;
  /** Won, a positive integer. */
  amount: number;
  /** Order name shown on the card statement, e.g. "설탭 스마트 수학 3개월". */
  name: string;
  /** Installment months; 0 = lump sum (only ≥ 2 for amounts ≥ 50 000 won). */
  cardQuota: number;
  buyerName?: string;
  buyerEmail?: string;
  buyerTel?: string;
}

export interface VirtualAccountRequest {
  merchantUid: string;
  amount: number;
  name: string;
  /** Deposit deadline. */
  dueAt: Date;
  /** Name shown as the account holder (our business name). */
  holder: string;
  buyerName?: string;
}

export interface CancelRequest {
  impUid: string;
  /** Won to cancel; the whole remaining amount when equal to `checksum`. */
  amount: number;
  /** The refundable balance we believe remains (paid − cancelled); the gateway refuses a mismatch. */
  checksum: number;
  reason: string;
  /** Virtual-account refunds: the account to refund to. */
  refundAccount?: { bankCode: string; accountNumber: string; holder: string };
}

export interface PaymentGateway {
  /** "sandbox" or "portone". */
  readonly name: string;
  /**
   * Issues (or replaces) the billing key `customerUid` for the card.
   * @throws GatewayRefusedError (e.g. pgCode "F112"), GatewayTimeoutError, GatewayUnavailableError
   */
  issueBillingKey(customerUid: string, card: CardCredentials): Promise<GatewayBillingKey>;
  /**
   * Charges a billing key (PortOne POST /subscribe/payments/again). A decline returns status
   * "failed"; an unknown outcome throws GatewayTimeoutError.
   */
  chargeBillingKey(customerUid: string, charge: ChargeRequest): Promise<GatewayPayment>;
  /** One-time keyed card payment (POST /subscribe/payments/onetime); errors as chargeBillingKey. */
  chargeOnetime(card: CardCredentials, charge: ChargeRequest): Promise<GatewayPayment>;
  /** Issues a virtual account (POST /vbanks); the payment is "ready" until the deposit. */
  issueVirtualAccount(request: VirtualAccountRequest): Promise<GatewayPayment>;
  /** The payment by the gateway id (GET /payments/{imp_uid}); null when the gateway has none. */
  getPayment(impUid: string): Promise<GatewayPayment | null>;
  /** The latest payment for our merchant_uid (GET /payments/find/{merchant_uid}); null when none. */
  findPaymentByMerchantUid(merchantUid: string): Promise<GatewayPayment | null>;
  /** Cancels all or part of a payment (POST /payments/cancel) with a checksum. */
  cancelPayment(request: CancelRequest): Promise<GatewayPayment>;
  /**
   * Cancels a virtual account before its deposit (PortOne DELETE /vbanks/{imp_uid}): the
   * payment becomes "cancelled" with `paidAt` null (nothing was paid) and no deposit is taken
   * into that account any more; its merchant_uid may be issued a new account.
   * @throws GatewayRefusedError (already deposited, not a virtual account), GatewayTimeoutError,
   *   GatewayUnavailableError
   */
  cancelVirtualAccount(impUid: string): Promise<GatewayPayment>;
}

export class GatewayRefusedError extends Error {
  override readonly name = "GatewayRefusedError";
  constructor(
    message: string,
    /** PG code in brackets in PortOne's message, e.g. "F112"; null when none. */
    readonly pgCode: string | null,
    /** PortOne envelope `code` (non-zero), or the HTTP status for HTTP-level refusals. */
    readonly gatewayCode: number,
  ) {
    super(message);
  }
}

export class GatewayTimeoutError extends Error {
  override readonly name = "GatewayTimeoutError";
}

export class GatewayUnavailableError extends Error {
  override readonly name = "GatewayUnavailableError";
}

/**
 * The PG code in brackets in a PortOne message ("...[F112]유효하지않은..." → "F112"), or null:
 * the same reading the family-message table uses (packages/domain gatewayCodeOf).
 */
export function pgCodeOf(message: string | null | undefined): string | null {
  return gatewayCodeOf(message);
}
