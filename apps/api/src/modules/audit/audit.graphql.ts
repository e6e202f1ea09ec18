/**
 * The audit view's operations on `/matching/graphql`, the backend of the staff pages
 * (issue 16 "Audit"; docs/api/audit.md), ADMIN only (decision 022 table; decision 038):
 * - auditEntries(filter, after, first): EXECUTION and SECURITY entries by person, record, action
 *   and time, newest first, keyset pages (`after` = the previous page's `nextCursor`);
 * - verifyAuditChain: recomputes the whole hash chain; OK or the first broken link.
 */
import type { IResolvers, MercuriusContext } from "mercurius";
import type { Database } from "@seoltab/db";
import { AppError } from "../../errors.ts";
import {
  findAuditEntries,
  recordSecurityEvent,
  verifyAuditChain,
  type AuditEntryView,
} from "../../platform/audit.ts";
import { parseInput } from "../../platform/validation.ts";
import { requireGraphqlUser } from "../accounts/accounts.public.ts";
import { requireAuditPermission } from "./audit.routes.ts";
import { auditFilterInput, auditFilterOf } from "./audit.schemas.ts";

export const auditMatchingSchema = /* GraphQL */ `
  "Audit view filter: every field optional; all given must hold (docs/api/audit.md)."
  input AuditEntryFilter {
    "EXECUTION or SECURITY."
    kind: String
    "A person's USER_NO: entries they made, and entries about them (record user:<n>)."
    person: Int
    "A record, exactly (payment:12), or every record of a kind (payment:)."
    record: String
    "snake_case action, exactly (refund_approved, permission_denied, csv_export…)."
    action: String
    "From (inclusive): 2026-11-24 (Seoul day) or an ISO instant with offset."
    from: String
    "To (exclusive), same formats."
    to: String
  }

  """
  One audit entry. initiator is the actor's role (ADMIN, SALES_TEAM, USER, AUTO, UNKNOWN);
  target the record acted on; before/after/detail are JSON text; seq and hash place it in the
  tamper-evident chain.
  """
  type AuditEntry {
    id: ID!
    seq: Float
    kind: String!
    initiator: String!
    actorUserId: Int
    actorName: String
    action: String!
    target: String
    reason: String
    before: String
    after: String
    detail: String!
    requestId: String
    createdAt: String!
    hash: String
  }

  type AuditEntryPage {
    entries: [AuditEntry!]!
    "Pass as after for the next page; null on the last page."
    nextCursor: String
  }

  """
  The chain check: ok, entries checked, and when broken the first broken link (its id and seq)
  and why: hash_mismatch, prev_hash_mismatch, missing_entry, unsealed or head_mismatch.
  """
  type AuditChainReport {
    ok: Boolean!
    entries: Float!
    headHash: String
    brokenId: ID
    brokenSeq: Float
    problem: String
  }

  extend type Query {
    "ADMIN: audit entries, newest first, first (1..100, default 50) a page."
    auditEntries(filter: AuditEntryFilter, after: String, first: Int = 50): AuditEntryPage!
    "ADMIN: verifies the whole audit chain."
    verifyAuditChain: AuditChainReport!
  }
`;

function json(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}

/** The GraphQL shape of an entry. */
export function auditEntryGraphql(e: AuditEntryView) {
  const d = e.detail;
  return {
    id: String(e.id),
    seq: e.seq,
    kind: e.kind,
    initiator: e.initiator,
    actorUserId: e.actorUserId,
    actorName: e.actorName,
    action: e.action,
    target: e.target,
    reason: typeof d.reason === "string" ? d.reason : null,
    before: json(d.before),
    after: json(d.after),
    detail: JSON.stringify(d),
    requestId: e.requestId,
    createdAt: e.createdAt.toISOString(),
    hash: e.hash,
  };
}

function decodeAfter(after: string | null | undefined): number | undefined {
  if (after === null || after === undefined || after === "") return undefined;
  const m = /^a(\d{1,15})$/.exec(
    /^[A-Za-z0-9_-]{1,40}$/.test(after) ? Buffer.from(after, "base64url").toString() : "",
  );
  if (!m) {
    throw new AppError("validation", "validation_failed", "페이지 위치(after)가 올바르지 않아요.", [
      { field: "after", message: "이전 페이지의 nextCursor 를 그대로 보내 주세요." },
    ]);
  }
  return Number(m[1]);
}

function encodeAfter(id: number): string {
  return Buffer.from(`a${id}`).toString("base64url");
}

export function auditMatchingResolvers(deps: { db: Database }): IResolvers {
  return {
    Query: {
      auditEntries: async (
        _root: unknown,
        args: { filter?: Record<string, unknown> | null; after?: string | null; first?: number },
        ctx: MercuriusContext,
      ) => {
        const caller = await requireGraphqlUser(ctx);
        requireAuditPermission(caller, "audit.read");
        const filter = auditFilterOf(
          parseInput(
            auditFilterInput,
            Object.fromEntries(
              Object.entries(args.filter ?? {}).filter(([, v]) => v !== null && v !== undefined),
            ),
          ),
        );
        const first = args.first ?? 50;
        if (!Number.isInteger(first) || first < 1 || first > 100) {
          throw new AppError("validation", "validation_failed", "first 는 1~100 이에요.", [
            { field: "first", message: "1 이상 100 이하로 보내 주세요." },
          ]);
        }
        const beforeId = decodeAfter(args.after);
        const rows = await findAuditEntries(deps.db, filter, { beforeId, limit: first + 1 });
        const page = rows.slice(0, first);
        if (beforeId === undefined) {
          // Opening the audit view with a filter is itself a security event (who looked at what).
          const request = ctx.reply.request;
          await recordSecurityEvent(deps.db, {
            actor: caller,
            action: "audit_search",
            record: filter.record ?? (filter.personUserNo ? `user:${filter.personUserNo}` : null),
            requestId: String(request.id),
            ip: request.ip,
            detail: {
              filter: Object.fromEntries(
                Object.entries(filter)
                  .filter(([, v]) => v !== undefined)
                  .map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]),
              ),
            },
          });
        }
        return {
          entries: page.map(auditEntryGraphql),
          nextCursor: rows.length > first ? encodeAfter(page[page.length - 1]!.id) : null,
        };
      },
      verifyAuditChain: async (_root: unknown, _args: unknown, ctx: MercuriusContext) => {
        const caller = await requireGraphqlUser(ctx);
        requireAuditPermission(caller, "audit.read");
        const report = await verifyAuditChain(deps.db);
        return report.ok
          ? { ok: true, entries: report.entries, headHash: report.headHash }
          : {
              ok: false,
              entries: report.entries,
              headHash: null,
              brokenId: report.brokenAt.id === null ? null : String(report.brokenAt.id),
              brokenSeq: report.brokenAt.seq,
              problem: report.brokenAt.problem,
            };
      },
    },
  };
}
