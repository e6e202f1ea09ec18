/**
 * PortOne V1 (iamport) wire shapes (shared/reference/INTEGRATIONS.md §1): the response envelope,
 * the token, CustomerAnnotation and PaymentAnnotation as zod schemas (the fields we read), the
 * full PaymentAnnotation type the simulator produces, and the mapping to the port's types.
 * Shared by the PortOne adapter, the sandbox and the fake PortOne server used in tests, so all
 * three agree on one reading of the protocol.
 *
 * Times on the wire are unix seconds; 0 means "not happened".
 */
import { z } from "zod";
import type { Clock } from "../../../clock.ts";
import type { GatewayPayment, GatewayPaymentStatus } from "./gateway.port.ts";

/** Every PortOne V1 answer: `code` 0 = success, else `message` says why and `response` is null. */
export const envelopeSchema = z.object({
  code: z.number().int(),
  message: z.string().nullish(),
  response: z.unknown().optional(),
});
export type PortOneEnvelope = z.infer<typeof envelopeSchema>;

/** `POST /users/getToken` response: the token and its expiry (unix seconds, server time). */
export const tokenSchema = z.object({
  access_token: z.string().min(1),
  expired_at: z.number(),
  now: z.number(),
});

/** CustomerAnnotation (billing key), the fields we read. */
export const customerSchema = z.object({
  customer_uid: z.string(),
  card_name: z.string().nullish(),
  card_issuer_name: z.string().nullish(),
  card_number: z.string().nullish(),
});
export type PortOneCustomer = z.infer<typeof customerSchema>;

const statuses = ["ready", "paid", "failed", "cancelled"] as const satisfies GatewayPaymentStatus[];

/** PaymentAnnotation, the fields we read (unknown extra fields are ignored). */
export const paymentSchema = z.object({
  imp_uid: z.string(),
  merchant_uid: z.string(),
  pay_method: z.string().nullish(),
  status: z.enum(statuses),
  amount: z.number(),
  cancel_amount: z.number().nullish(),
  fail_reason: z.string().nullish(),
  receipt_url: z.string().nullish(),
  paid_at: z.number().nullish(),
  card_quota: z.number().nullish(),
  vbank_name: z.string().nullish(),
  vbank_num: z.string().nullish(),
  vbank_holder: z.string().nullish(),
  vbank_date: z.number().nullish(),
});
export type PortOnePayment = z.infer<typeof paymentSchema>;

/** One entry of PaymentAnnotation.cancel_history. */
export interface PortOneCancelHistory {
  pg_tid: string;
  amount: number;
  /** Unix seconds. */
  cancelled_at: number;
  reason: string;
  receipt_url: string;
  cancellation_id: string;
}

/** The full PaymentAnnotation as the simulator (sandbox, fake server) writes it. */
export interface PortOnePaymentAnnotation {
  imp_uid: string;
  merchant_uid: string;
  pay_method: "card" | "vbank";
  channel: "api";
  pg_provider: string;
  pg_tid: string | null;
  pg_id: string;
  sandbox: boolean;
  escrow: boolean;
  apply_num: string | null;
  card_code: string | null;
  card_name: string | null;
  card_quota: number;
  /** Masked. */
  card_number: string | null;
  card_type: number | null;
  vbank_code: string | null;
  vbank_name: string | null;
  vbank_num: string | null;
  vbank_holder: string | null;
  /** Deposit deadline, unix seconds; 0 for cards. */
  vbank_date: number;
  vbank_issued_at: number;
  name: string | null;
  amount: number;
  cancel_amount: number;
  currency: "KRW";
  buyer_name: string | null;
  buyer_email: string | null;
  buyer_tel: string | null;
  status: GatewayPaymentStatus;
  started_at: number;
  paid_at: number;
  failed_at: number;
  cancelled_at: number;
  fail_reason: string | null;
  cancel_reason: string | null;
  receipt_url: string | null;
  cancel_history: PortOneCancelHistory[];
  customer_uid: string | null;
  customer_uid_usage: "issue" | "payment" | null;
}

/** The full CustomerAnnotation as the simulator writes it (card number masked). */
export interface PortOneCustomerAnnotation {
  customer_uid: string;
  pg_provider: string;
  pg_id: string;
  sandbox: boolean;
  card_name: string;
  card_code: string;
  card_issuer_name: string;
  card_issuer_code: string;
  card_number: string;
  /** 0 credit, 1 check. */
  card_type: number;
  /** Unix seconds; equal to `updated` when newly issued, else the key was replaced. */
  inserted: number;
  updated: number;
}

/** Unix seconds to a Date; 0, null and undefined to null. */
export function fromUnixSeconds(seconds: number | null | undefined): Date | null {
  return seconds ? new Date(seconds * 1000) : null;
}

/** A Date to whole unix seconds (rounded down). */
export function toUnixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/** A PaymentAnnotation as the port's GatewayPayment ("" and 0 read as null). */
export function toGatewayPayment(p: PortOnePayment): GatewayPayment {
  const dueAt = fromUnixSeconds(p.vbank_date);
  return {
    impUid: p.imp_uid,
    merchantUid: p.merchant_uid,
    status: p.status,
    amount: p.amount,
    cancelAmount: p.cancel_amount ?? 0,
    failReason: p.fail_reason || null,
    receiptUrl: p.receipt_url || null,
    paidAt: fromUnixSeconds(p.paid_at),
    cardQuota: p.card_quota ?? 0,
    vbank:
      p.pay_method === "vbank" && p.vbank_num && dueAt
        ? {
            bankName: p.vbank_name ?? "",
            accountNumber: p.vbank_num,
            holder: p.vbank_holder ?? "",
            dueAt,
          }
        : null,
  };
}

/** Card number digits only (spaces and dashes dropped). */
export function cardDigits(cardNumber: string): string {
  return cardNumber.replace(/[\s-]/g, "");
}

/**
 * The card number as PortOne wants it on the wire: 16 digits as "dddd-dddd-dddd-dddd",
 * 15 digits as "dddd-dddddd-ddddd"; anything else digits only.
 */
export function formatCardNumber(cardNumber: string): string {
  const d = cardDigits(cardNumber);
  if (/^\d{16}$/.test(d)) return d.replace(/^(\d{4})(\d{4})(\d{4})(\d{4})$/, "$1-$2-$3-$4");
  if (/^\d{15}$/.test(d)) return d.replace(/^(\d{4})(\d{6})(\d{5})$/, "$1-$2-$3");
  return d;
}

/**
 * First 8 and last 4 digits, the middle masked: "4242-4242-****-4242" (15 digits:
 * "3782-8224-***-0005"). Shorter inputs are masked entirely.
 */
export function maskCardNumber(cardNumber: string): string {
  const d = cardDigits(cardNumber);
  if (d.length < 13) return "*".repeat(d.length);
  return `${d.slice(0, 4)}-${d.slice(4, 8)}-${"*".repeat(d.length - 12)}-${d.slice(-4)}`;
}

/**
 * `text` with anything that looks like a full card number (13-19 digits, optionally split by
 * spaces or dashes) replaced by its masked form, so a gateway message echoing a number never
 * reaches an error or a log.
 */
export function redactCardNumbers(text: string): string {
  return text.replace(/\d(?:[ -]?\d){12,18}/g, (match) => maskCardNumber(match));
}

/** A clock option (a function or the app's `Clock`) as a function; default the system time. */
export function nowFunction(clock: (() => Date) | Clock | undefined): () => Date {
  if (!clock) return () => new Date();
  if (typeof clock === "function") return clock;
  return () => clock.now();
}
