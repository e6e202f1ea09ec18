/**
 * CSV exports of the console's own lists (issue 16 "Export: any list, as filtered";
 * docs/api/admin.md), next to the payments / refund-requests / audit exports of the audit area
 * and built the same way (platform/csv-export.ts: UTF-8 with BOM, CRLF, formulas escaped,
 * streamed from keyset batches, card numbers masked):
 * - GET /main/admin/exports/failed-renewals.csv — the failed-renewals queue;
 * - GET /main/admin/exports/awaiting-deposits.csv — virtual accounts awaiting deposit;
 * - GET /main/admin/exports/search.csv?QUERY=… — every result of one console search.
 * ADMIN only (`export` in the permission table; SALES_TEAM: 403 `admin_role_required`, a
 * SECURITY `permission_denied` entry). Each export writes a SECURITY `csv_export` entry before
 * its first byte (the search's entry keeps the keys tried and the text's length, never the
 * text: it may be a phone number).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { ADMIN_SEARCH_KEY_LABELS, ADMIN_SEARCH_MAX_LENGTH } from "@seoltab/domain/admin";
import { recordSecurityEvent } from "../../platform/audit.ts";
import {
  maskCardForExport,
  seoulDateTime,
  sendCsv,
  type CsvColumn,
} from "../../platform/csv-export.ts";
import { parseInput } from "../../platform/validation.ts";
import { declareRouteSchemas, restSchema } from "../../rest/route-schema.ts";
import * as repo from "./admin.repository.ts";
import {
  describeHits,
  requireConsole,
  searchHits,
  searchPlanOf,
  type AdminDeps,
  type SearchPage,
} from "./admin.service.ts";

const emptyQuery = z.strictObject({});
export const searchExportInput = z.strictObject({
  QUERY: z
    .string({ error: "검색어를 입력해 주세요." })
    .trim()
    .min(1, { error: "검색어를 입력해 주세요." })
    .max(ADMIN_SEARCH_MAX_LENGTH, {
      error: `검색어는 ${ADMIN_SEARCH_MAX_LENGTH}자까지 입력할 수 있어요.`,
    }),
});

function csvResponse(list: string) {
  return {
    description: `${list} as CSV (text/csv; charset=utf-8, streamed, Content-Disposition attachment)`,
    content: { "text/csv": { schema: z.string() } },
  };
}

const tag = "admin";
const ROUTE_SCHEMAS = {
  "GET /admin/exports/failed-renewals.csv": restSchema({
    summary: "정기결제 실패 대기열 CSV 내보내기 (ADMIN)",
    tag,
    bearer: true,
    querystring: emptyQuery,
    response: csvResponse("failed renewals"),
  }),
  "GET /admin/exports/awaiting-deposits.csv": restSchema({
    summary: "입금 대기 가상계좌 CSV 내보내기 (ADMIN)",
    tag,
    bearer: true,
    querystring: emptyQuery,
    response: csvResponse("virtual accounts awaiting deposit"),
  }),
  "GET /admin/exports/search.csv": restSchema({
    summary: "통합 검색 결과 CSV 내보내기 (ADMIN)",
    tag,
    bearer: true,
    querystring: searchExportInput,
    response: csvResponse("search results"),
  }),
} as const;

type Yielded<G> = G extends AsyncGenerator<infer T> ? T : never;
type RenewalRow = Yielded<ReturnType<typeof repo.failedRenewalRows>>;
type DepositRow = Yielded<ReturnType<typeof repo.awaitingDepositRows>>;
type HitRow = SearchPage["hits"][number];

export const FAILED_RENEWAL_COLUMNS: CsvColumn<RenewalRow>[] = [
  { header: "정기결제 번호", value: (r) => r.subscription.id },
  { header: "회원 번호", value: (r) => r.subscription.userId },
  { header: "이름", value: (r) => r.userName },
  { header: "상품", value: (r) => r.subscription.name },
  { header: "상태", value: (r) => r.subscription.status },
  { header: "실패 횟수", value: (r) => r.subscription.failedAttempts },
  { header: "다음 결제 시도", value: (r) => seoulDateTime(r.subscription.nextChargeAt) },
  { header: "정기결제 금액(원)", value: (r) => r.subscription.renewalAmount },
];

export const AWAITING_DEPOSIT_COLUMNS: CsvColumn<DepositRow>[] = [
  { header: "결제 번호", value: (r) => r.payment.id },
  { header: "회원 번호", value: (r) => r.payment.userId },
  { header: "이름", value: (r) => r.userName },
  { header: "상품", value: (r) => r.payment.name },
  { header: "입금 금액(원)", value: (r) => r.payment.paidPrice },
  { header: "주문 번호", value: (r) => r.payment.merchantUid },
  { header: "은행", value: (r) => r.payment.virtualAccount?.bankName ?? null },
  {
    header: "입금 기한",
    value: (r) =>
      r.payment.virtualAccount?.dueAt
        ? seoulDateTime(new Date(r.payment.virtualAccount.dueAt))
        : null,
  },
  { header: "주문 일시", value: (r) => seoulDateTime(r.payment.createdAt) },
];

export const SEARCH_COLUMNS: CsvColumn<HitRow>[] = [
  { header: "종류", value: (h) => (h.kind === "PAYMENT" ? "결제" : "회원") },
  { header: "번호", value: (h) => h.id },
  { header: "일시", value: (h) => seoulDateTime(h.at) },
  { header: "일치 항목", value: (h) => h.keys.map((k) => ADMIN_SEARCH_KEY_LABELS[k]).join(", ") },
  { header: "일치 이유", value: (h) => h.reasons.join(" / ") },
  {
    header: "회원 번호",
    value: (h) => h.payment?.payment.userId ?? h.person?.id ?? null,
  },
  { header: "이름", value: (h) => h.payment?.userName ?? h.person?.name ?? null },
  { header: "회원 구분", value: (h) => h.person?.userType ?? null },
  { header: "결제 이름", value: (h) => h.payment?.payment.name ?? null },
  { header: "결제 상태", value: (h) => h.payment?.payment.state ?? null },
  { header: "결제 수단", value: (h) => h.payment?.payment.paymentMethod ?? null },
  { header: "결제 금액(원)", value: (h) => h.payment?.payment.paidPrice ?? null },
  { header: "환불 금액(원)", value: (h) => h.payment?.payment.refundedAmount ?? null },
  { header: "주문 번호", value: (h) => h.payment?.payment.merchantUid ?? null },
  { header: "PG 결제 번호", value: (h) => h.payment?.payment.gatewayPaymentId ?? null },
  { header: "카드 번호", value: (h) => maskCardForExport(h.payment?.cardNumber) },
  { header: "카드사", value: (h) => h.payment?.cardCompany ?? null },
];

/** Rows of a search read a keyset page at a time (200), each page described as the list is. */
async function* searchRows(
  deps: AdminDeps,
  plan: ReturnType<typeof searchPlanOf>,
): AsyncGenerator<HitRow> {
  let pos: Parameters<typeof searchHits>[2] = null;
  for (;;) {
    const { page, next } = await searchHits(deps, plan, pos, 200);
    const { hits } = await describeHits(deps, plan, page);
    yield* hits;
    if (!next) return;
    pos = next;
  }
}

/** Seoul date for file names, e.g. 20261124. */
function today(now: Date): string {
  return new Date(now.getTime() + 9 * 3_600_000).toISOString().slice(0, 10).replaceAll("-", "");
}

/** ADMIN only, then the SECURITY entry, before the first byte. */
async function begin(
  deps: AdminDeps,
  request: FastifyRequest,
  list: string,
  detail: Record<string, unknown> = {},
): Promise<void> {
  requireConsole(request.auth!, "export");
  await recordSecurityEvent(deps.db, {
    actor: request.auth!,
    action: "csv_export",
    record: `export:${list}`,
    requestId: request.id,
    ip: request.ip,
    detail: { list, ...detail },
  });
}

/** Registers the console's list exports on the main backend (prefix `/main`). */
export async function adminExportRoutes(
  app: FastifyInstance,
  opts: { deps: AdminDeps },
): Promise<void> {
  const { deps } = opts;
  declareRouteSchemas(app, ROUTE_SCHEMAS);
  const now = () => deps.payments.clock.now();

  app.get(
    "/admin/exports/failed-renewals.csv",
    { preHandler: app.requireAuth },
    async (request, reply) => {
      parseInput(emptyQuery, request.query ?? {});
      await begin(deps, request, "failed-renewals");
      return sendCsv(
        reply,
        `failed-renewals-${today(now())}.csv`,
        repo.failedRenewalRows(deps.db),
        FAILED_RENEWAL_COLUMNS,
      );
    },
  );

  app.get(
    "/admin/exports/awaiting-deposits.csv",
    { preHandler: app.requireAuth },
    async (request, reply) => {
      parseInput(emptyQuery, request.query ?? {});
      await begin(deps, request, "awaiting-deposits");
      return sendCsv(
        reply,
        `awaiting-deposits-${today(now())}.csv`,
        repo.awaitingDepositRows(deps.db),
        AWAITING_DEPOSIT_COLUMNS,
      );
    },
  );

  app.get("/admin/exports/search.csv", { preHandler: app.requireAuth }, async (request, reply) => {
    requireConsole(request.auth!, "export");
    const input = parseInput(searchExportInput, request.query ?? {});
    const plan = searchPlanOf(input.QUERY);
    await begin(deps, request, "search", {
      filter: { keys: plan.keys, length: plan.text.length },
    });
    return sendCsv(reply, `search-${today(now())}.csv`, searchRows(deps, plan), SEARCH_COLUMNS);
  });
}
