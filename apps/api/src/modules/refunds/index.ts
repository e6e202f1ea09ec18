/**
 * The refunds area as a module (issue #10): eligibility, requests, the gateway cancel, the
 * staff queue, and its own `refunds-settlement` job. The lesson ledger (issue 14) is handed in
 * by modules/index.ts (`RefundsSources`).
 *
 * Refunds (issue #5; SPEC.md §3 refund channels, §4 payment item states set one, §5 refund-
 * ineligibility reasons, §9 refund window; contract docs/api/refunds.md, rules docs/refunds.md).
 *
 * - Eligibility per item is `refundEligibility` (SPEC.md §5; CLOSED_LECTURE from the lecture's
 *   `lectureState`); the amount is what Korean law gives (`legalRefund`: 학원법 시행령 [별표 4]
 *   for lessons — by the lesson ledger for a lecture line whose lecture has lessons (paid − lessons
 *   held × the list price per lesson, 비고 2; `lessonLedgers`, handed in by modules/index.ts from
 *   the lessons area), else the whole price before lessons start (`lessonsStartOf`) —,
 *   전자상거래법 제17조 for devices and books), never more than remains paid on the payment.
 * - Self-service (no §5 reason, a card payment with a gateway id, an amount above 0): the items
 *   go PAID → REFUND_REQUESTED with a conditional update and a PENDING refund request is
 *   committed BEFORE the gateway is called, then the gateway cancels `amount` with
 *   `checksum` = paidPrice − refundedAmount (PortOne refuses a stale balance, so a race cannot
 *   refund twice). Success → items REFUNDED, payment PARTIALLY_/TOTALLY_REFUNDED; refusal →
 *   items REFUND_REQUEST_FAILED, request FAILED; no answer → left PENDING/REFUND_REQUESTED and
 *   settled by asking the gateway (`settleRefundRequest`), never by cancelling again.
 * - Otherwise the request is kept for staff (STAFF_REVIEW) with the law's amount and the
 *   reasons; the items wait in REFUND_REQUESTED. Staff decide REFUNDED (an amount up to what
 *   remains paid; above the law's amount with a note) or REJECTED (with a note).
 *
 * Files: refunds.quote.ts (`assessRefund`: reasons and the law's amount), refunds.request.ts
 * (`requestRefund`), refunds.settlement.ts (the gateway cancel, applying an outcome, settling
 * PENDING requests), refunds.staff.ts (the queue and staff decisions), refunds.common.ts (deps
 * and what those share), refunds.repository.ts (rows), refunds.graphql.ts / refunds.routes.ts
 * (the wire), refunds.public.ts (what other areas may call).
 */
import type { PaymentsDeps } from "../payments/payments.public.ts";
import type { AppModule, ModuleContext } from "../../platform/module.ts";
import { refundsResolvers, refundsSchema } from "./refunds.graphql.ts";
import { refundsMainRoutes } from "./refunds.routes.ts";
import type { LessonLedgerSource, RefundsDeps } from "./refunds.common.ts";
import { settlePendingRefunds } from "./refunds.settlement.ts";

/** What other areas hand the refunds area (modules/index.ts). */
export interface RefundsSources {
  /** The lessons area's ledger of lecture lines (lessons.public.ts `lessonLedgersOfLines`). */
  lessonLedgers?: LessonLedgerSource;
}

export function refundsModule(
  _ctx: ModuleContext,
  payments: PaymentsDeps,
  sources: RefundsSources = {},
): AppModule {
  const deps: RefundsDeps = { ...payments, ...sources };
  return {
    name: "refunds",
    rest: { main: (main) => refundsMainRoutes(main, { deps }) },
    graphql: { payment: { schema: refundsSchema, resolvers: refundsResolvers(deps) } },
    jobs: { "refunds-settlement": () => settlePendingRefunds(deps) },
  };
}
