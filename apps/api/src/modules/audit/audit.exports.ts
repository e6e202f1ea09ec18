/**
 * The row sources and columns of the console's CSV exports (issue 16 "Export";
 * docs/api/audit.md): payments, refund requests and audit entries, each read in keyset batches
 * (newest first: created_at, id) so an export of 1M rows streams with flat memory.
 *
 * Payments and refund requests are read here as a read-only report projection over the
 * payments/refunds tables (the same columns the console lists show); nothing here writes them.
 */
import { and, desc, eq, gte, lt, schema, sql, type Database } from "@seoltab/db";
import {
  maskAccountForExport,
  maskCardForExport,
  seoulDateTime,
  type CsvColumn,
} from "../../platform/csv-export.ts";
import type { AuditEntryView } from "../../platform/audit.ts";

/** Rows read per query. */
export const EXPORT_BATCH = 1000;

type Condition = ReturnType<typeof sql>;

/** Created-at window and keyset shared by the lists. */
interface Window {
  from?: Date;
  to?: Date;
}

/**
 * Rows strictly after `last` in (created_at desc, id desc) order: the keyset of every list
 * here, served by the (…, created_at, id) indexes (payments_user_created_idx,
 * payments_created_id_idx, refund_requests_created_id_idx).
 */
function before(
  createdAt: typeof schema.payments.createdAt | typeof schema.refundRequests.createdAt,
  id: typeof schema.payments.id | typeof schema.refundRequests.id,
  /** createdAtKey: created_at as PostgreSQL text (microseconds; a JS Date keeps only ms). */
  last: { createdAtKey: string; id: number },
): Condition {
  return sql`(${createdAt}, ${id}) < (${last.createdAtKey}::timestamptz, ${last.id})`;
}

// -------------------------------------------------------------------------------------------
// Payments

export interface PaymentExportFilter extends Window {
  state?: string;
  paymentMethod?: string;
  userNo?: number;
}

export interface PaymentExportRow {
  id: number;
  merchantUid: string;
  gatewayPaymentId: string | null;
  userId: number;
  userName: string;
  name: string;
  paymentMethod: string;
  state: string;
  productsPrice: number;
  discountedValue: number;
  paidPrice: number;
  refundedAmount: number;
  cardCompany: string | null;
  cardNumber: string | null;
  createdAt: Date;
  createdAtKey: string;
}

/** Payments matching `filter`, newest first, `EXPORT_BATCH` at a time. */
export async function* paymentRows(
  db: Database,
  filter: PaymentExportFilter,
): AsyncGenerator<PaymentExportRow> {
  const p = schema.payments;
  const u = schema.users;
  const c = schema.billingCards;
  const base: (Condition | undefined)[] = [
    filter.state ? eq(p.state, filter.state) : undefined,
    filter.paymentMethod ? eq(p.paymentMethod, filter.paymentMethod) : undefined,
    filter.userNo !== undefined ? eq(p.userId, filter.userNo) : undefined,
    filter.from ? gte(p.createdAt, filter.from) : undefined,
    filter.to ? lt(p.createdAt, filter.to) : undefined,
  ];
  let after: { createdAtKey: string; id: number } | undefined;
  for (;;) {
    const rows = await db
      .select({
        id: p.id,
        merchantUid: p.merchantUid,
        gatewayPaymentId: p.gatewayPaymentId,
        userId: p.userId,
        userName: u.name,
        name: p.name,
        paymentMethod: p.paymentMethod,
        state: p.state,
        productsPrice: p.productsPrice,
        discountedValue: p.discountedValue,
        paidPrice: p.paidPrice,
        refundedAmount: p.refundedAmount,
        cardCompany: c.companyName,
        cardNumber: c.numberMasked,
        createdAt: p.createdAt,
        createdAtKey: sql<string>`${p.createdAt}::text`,
      })
      .from(p)
      .innerJoin(u, eq(u.id, p.userId))
      .leftJoin(c, eq(c.id, p.billingCardId))
      .where(and(...base, after ? before(p.createdAt, p.id, after) : undefined))
      .orderBy(desc(p.createdAt), desc(p.id))
      .limit(EXPORT_BATCH);
    yield* rows;
    if (rows.length < EXPORT_BATCH) return;
    after = rows[rows.length - 1]!;
  }
}

export const PAYMENT_COLUMNS: CsvColumn<PaymentExportRow>[] = [
  { header: "결제번호", value: (r) => r.id },
  { header: "주문번호", value: (r) => r.merchantUid },
  { header: "PG결제번호", value: (r) => r.gatewayPaymentId },
  { header: "회원번호", value: (r) => r.userId },
  { header: "이름", value: (r) => r.userName },
  { header: "상품명", value: (r) => r.name },
  { header: "결제수단", value: (r) => r.paymentMethod },
  { header: "상태", value: (r) => r.state },
  { header: "상품금액(원)", value: (r) => r.productsPrice },
  { header: "할인(원)", value: (r) => r.discountedValue },
  { header: "결제금액(원)", value: (r) => r.paidPrice },
  { header: "환불금액(원)", value: (r) => r.refundedAmount },
  { header: "카드사", value: (r) => r.cardCompany },
  { header: "카드번호", value: (r) => maskCardForExport(r.cardNumber) },
  { header: "생성일시(KST)", value: (r) => seoulDateTime(r.createdAt) },
];

// -------------------------------------------------------------------------------------------
// Refund requests

export interface RefundExportFilter extends Window {
  state?: string;
  channel?: string;
}

export interface RefundExportRow {
  id: number;
  paymentId: number;
  requestedByUserId: number;
  requesterName: string | null;
  initiator: string;
  state: string;
  channel: string;
  amount: number;
  rule: string;
  reason: string;
  refundAccount: Record<string, string> | null;
  createdAt: Date;
  decidedAt: Date | null;
  createdAtKey: string;
}

/** Refund requests matching `filter`, newest first, `EXPORT_BATCH` at a time. */
export async function* refundRequestRows(
  db: Database,
  filter: RefundExportFilter,
): AsyncGenerator<RefundExportRow> {
  const r = schema.refundRequests;
  const u = schema.users;
  const base: (Condition | undefined)[] = [
    filter.state ? eq(r.state, filter.state) : undefined,
    filter.channel ? eq(r.channel, filter.channel) : undefined,
    filter.from ? gte(r.createdAt, filter.from) : undefined,
    filter.to ? lt(r.createdAt, filter.to) : undefined,
  ];
  let after: { createdAtKey: string; id: number } | undefined;
  for (;;) {
    const rows = await db
      .select({
        id: r.id,
        paymentId: r.paymentId,
        requestedByUserId: r.requestedByUserId,
        requesterName: u.name,
        initiator: r.initiator,
        state: r.state,
        channel: r.channel,
        amount: r.amount,
        rule: r.rule,
        reason: r.reason,
        refundAccount: r.refundAccount,
        createdAt: r.createdAt,
        decidedAt: r.decidedAt,
        createdAtKey: sql<string>`${r.createdAt}::text`,
      })
      .from(r)
      .leftJoin(u, eq(u.id, r.requestedByUserId))
      .where(and(...base, after ? before(r.createdAt, r.id, after) : undefined))
      .orderBy(desc(r.createdAt), desc(r.id))
      .limit(EXPORT_BATCH);
    yield* rows;
    if (rows.length < EXPORT_BATCH) return;
    after = rows[rows.length - 1]!;
  }
}

export const REFUND_COLUMNS: CsvColumn<RefundExportRow>[] = [
  { header: "환불요청번호", value: (r) => r.id },
  { header: "결제번호", value: (r) => r.paymentId },
  { header: "요청자번호", value: (r) => r.requestedByUserId },
  { header: "요청자", value: (r) => r.requesterName },
  { header: "요청주체", value: (r) => r.initiator },
  { header: "상태", value: (r) => r.state },
  { header: "환불수단", value: (r) => r.channel },
  { header: "환불금액(원)", value: (r) => r.amount },
  { header: "규정", value: (r) => r.rule },
  { header: "사유", value: (r) => r.reason },
  { header: "은행", value: (r) => r.refundAccount?.bankName ?? null },
  { header: "계좌번호", value: (r) => maskAccountForExport(r.refundAccount?.accountNumber) },
  { header: "요청일시(KST)", value: (r) => seoulDateTime(r.createdAt) },
  { header: "처리일시(KST)", value: (r) => seoulDateTime(r.decidedAt) },
];

// -------------------------------------------------------------------------------------------
// Audit entries

export const AUDIT_COLUMNS: CsvColumn<AuditEntryView>[] = [
  { header: "번호", value: (e) => e.id },
  { header: "체인순번", value: (e) => e.seq },
  { header: "종류", value: (e) => e.kind },
  { header: "역할", value: (e) => e.initiator },
  { header: "사용자번호", value: (e) => e.actorUserId },
  { header: "사용자", value: (e) => e.actorName },
  { header: "행동", value: (e) => e.action },
  { header: "대상", value: (e) => e.target },
  {
    header: "사유",
    value: (e) => (typeof e.detail.reason === "string" ? e.detail.reason : null),
  },
  { header: "내용", value: (e) => JSON.stringify(e.detail) },
  { header: "요청ID", value: (e) => e.requestId },
  { header: "일시(KST)", value: (e) => seoulDateTime(e.createdAt) },
  { header: "해시", value: (e) => e.hash },
];
