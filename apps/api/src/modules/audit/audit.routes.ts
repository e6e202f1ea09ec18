/**
 * The console's CSV exports on the main backend (issue 16 "Export"; docs/api/audit.md), ADMIN
 * only (the permission table of decision 022; decision 038), each a SECURITY entry `csv_export`
 * written before the first byte:
 * - GET /main/admin/exports/payments.csv?state&paymentMethod&userNo&from&to
 * - GET /main/admin/exports/refund-requests.csv?state&channel&from&to
 * - GET /main/admin/exports/audit.csv?kind&person&record&action&from&to
 * Answers `text/csv; charset=utf-8` (BOM, CRLF, formulas escaped), streamed; refusals and bad
 * filters in the ONUEI_RES envelope (401, 403 `staff_only` / `admin_role_required`, 400
 * `validation_failed`).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Database } from "@seoltab/db";
import { z } from "zod";
import { mayPerform } from "@seoltab/domain/admin";
import { PermissionDenied, requireStaff } from "../../platform/auth.ts";
import { recordSecurityEvent, streamAuditEntries } from "../../platform/audit.ts";
import { sendCsv } from "../../platform/csv-export.ts";
import { parseInput } from "../../platform/validation.ts";
import { declareRouteSchemas, restSchema } from "../../rest/route-schema.ts";
import {
  AUDIT_COLUMNS,
  PAYMENT_COLUMNS,
  REFUND_COLUMNS,
  paymentRows,
  refundRequestRows,
} from "./audit.exports.ts";
import {
  auditFilterInput,
  auditFilterOf,
  paymentExportInput,
  refundExportInput,
} from "./audit.schemas.ts";

/**
 * The console's permission table (packages/domain admin.ts, decision 022) for the audit view
 * (`audit.read`) and exports (`export`): non-staff are FORBIDDEN `staff_only`, staff whose role
 * the table does not allow (SALES_TEAM) FORBIDDEN `admin_role_required`; both are
 * PermissionDenied, so each refusal is a SECURITY `permission_denied` entry.
 */
export function requireAuditPermission(
  caller: { userNo: number; userType: string },
  action: "audit.read" | "export",
): void {
  requireStaff(caller, { code: "staff_only", message: "운영팀만 사용할 수 있어요." });
  if (!mayPerform(caller.userType, action)) {
    throw new PermissionDenied(
      "admin_role_required",
      "관리자(ADMIN)만 할 수 있는 작업이에요.",
      { userNo: caller.userNo, userType: caller.userType },
      "admin",
    );
  }
}

const tag = "audit";

/** A CSV download: UTF-8 with BOM, CRLF, a header row then one row per record. */
function csvResponse(list: string) {
  return {
    description: `${list} as CSV (text/csv; charset=utf-8, streamed, Content-Disposition attachment)`,
    content: { "text/csv": { schema: z.string() } },
  };
}

/** The wire contract of each call (rest/route-schema.ts; docs/api/openapi.json). */
const ROUTE_SCHEMAS = {
  "GET /admin/exports/payments.csv": restSchema({
    summary: "결제 목록 CSV 내보내기 (ADMIN)",
    tag,
    bearer: true,
    querystring: paymentExportInput,
    response: csvResponse("payments"),
  }),
  "GET /admin/exports/refund-requests.csv": restSchema({
    summary: "환불 요청 목록 CSV 내보내기 (ADMIN)",
    tag,
    bearer: true,
    querystring: refundExportInput,
    response: csvResponse("refund requests"),
  }),
  "GET /admin/exports/audit.csv": restSchema({
    summary: "감사 기록 CSV 내보내기 (ADMIN)",
    tag,
    bearer: true,
    querystring: auditFilterInput,
    response: csvResponse("audit entries"),
  }),
} as const;

/** Seoul date for file names, e.g. 20261124. */
function today(now: Date): string {
  return new Date(now.getTime() + 9 * 3_600_000).toISOString().slice(0, 10).replaceAll("-", "");
}

/** The filter as recorded in the SECURITY entry (dates as ISO text). */
function recorded(filter: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(filter)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]),
  );
}

async function begin<S extends z.ZodType>(
  db: Database,
  request: FastifyRequest,
  list: string,
  schema: S,
): Promise<z.output<S>> {
  const caller = request.auth!;
  requireAuditPermission(caller, "export");
  const filter = parseInput(schema, request.query ?? {});
  await recordSecurityEvent(db, {
    actor: caller,
    action: "csv_export",
    record: `export:${list}`,
    requestId: request.id,
    ip: request.ip,
    detail: { list, filter: recorded(filter as Record<string, unknown>) },
  });
  return filter;
}

export async function auditMainRoutes(
  app: FastifyInstance,
  opts: { db: Database; now: () => Date },
): Promise<void> {
  const { db } = opts;
  declareRouteSchemas(app, ROUTE_SCHEMAS);

  app.get(
    "/admin/exports/payments.csv",
    { preHandler: app.requireAuth },
    async (request, reply) => {
      const filter = await begin(db, request, "payments", paymentExportInput);
      return sendCsv(
        reply,
        `payments-${today(opts.now())}.csv`,
        paymentRows(db, filter),
        PAYMENT_COLUMNS,
      );
    },
  );

  app.get(
    "/admin/exports/refund-requests.csv",
    { preHandler: app.requireAuth },
    async (request, reply) => {
      const filter = await begin(db, request, "refund-requests", refundExportInput);
      return sendCsv(
        reply,
        `refund-requests-${today(opts.now())}.csv`,
        refundRequestRows(db, filter),
        REFUND_COLUMNS,
      );
    },
  );

  app.get("/admin/exports/audit.csv", { preHandler: app.requireAuth }, async (request, reply) => {
    const input = await begin(db, request, "audit", auditFilterInput);
    return sendCsv(
      reply,
      `audit-${today(opts.now())}.csv`,
      streamAuditEntries(db, auditFilterOf(input)),
      AUDIT_COLUMNS,
    );
  });
}
