/**
 * The audit view (issue 16 "Audit"; docs/api/audit.md): `auditEntries` and `verifyAuditChain` on
 * `/matching/graphql` (ADMIN), and the CSV export GET /main/admin/exports/audit.csv. Times are
 * ISO 8601 UTC, shown in Asia/Seoul; filter days are Seoul calendar days (`to` exclusive).
 * The operations are in audit.matching.graphql, typed from the published schema
 * (app/graphql/matching.generated.ts, `npm run codegen`).
 */
import {
  AuditEntriesDocument,
  VerifyAuditChainDocument,
  type AuditEntriesQuery,
  type AuditEntryFilter,
  type VerifyAuditChainQuery,
} from "../../../graphql/matching.generated";
import { restBlob } from "../../../lib/rest-client";

/** Staff pages' backend. */
export const MATCHING_CONTEXT = { clientName: "matching" } as const;

/** Entries a page. */
export const AUDIT_PAGE_SIZE = 30;

export const AUDIT_KINDS = ["EXECUTION", "SECURITY"] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  EXECUTION: "실행",
  SECURITY: "보안",
};

/** Who acted, as the initiator column says it. */
export const INITIATOR_LABELS: Record<string, string> = {
  ADMIN: "관리자",
  SALES_TEAM: "영업팀",
  USER: "회원",
  AUTO: "자동",
  UNKNOWN: "알 수 없음",
};

/** Korean names of the actions staff see most; others show their snake_case name. */
export const ACTION_LABELS: Record<string, string> = {
  sign_in_success: "로그인",
  sign_in_failure: "로그인 실패",
  sign_in_throttled: "로그인 차단",
  permission_denied: "권한 없음",
  csv_export: "CSV 내보내기",
  audit_search: "감사 기록 조회",
  admin_search: "콘솔 검색",
  admin_refund_payment: "콘솔 환불",
  admin_refund_decide: "환불 결정",
  admin_cash_payment: "현금 결제 입력",
  admin_note_add: "메모 추가",
  admin_vbank_cancel: "가상계좌 취소",
  admin_vbank_reissue: "가상계좌 재발급",
  admin_vbank_remind: "입금 안내 발송",
  admin_renewal_retry: "정기결제 재시도",
  admin_renewal_reschedule: "정기결제일 변경",
  admin_renewal_mark: "NOCARD·NOPAY 표시",
  view_as_start: "가족 화면 보기 시작",
  view_as_end: "가족 화면 보기 끝",
};

/** One entry of the audit log (`kind` is EXECUTION or SECURITY, see AUDIT_KINDS). */
export type AuditEntry = AuditEntriesQuery["auditEntries"]["entries"][number];

/** The filter of `auditEntries` and of the CSV export (same names). */
export type AuditFilterVars = AuditEntryFilter;

export const AUDIT_ENTRIES = AuditEntriesDocument;

export type AuditChainReport = VerifyAuditChainQuery["verifyAuditChain"];

export const VERIFY_AUDIT_CHAIN = VerifyAuditChainDocument;

/** Why a link is broken, in Korean. */
export const CHAIN_PROBLEM_LABELS: Record<string, string> = {
  hash_mismatch: "기록 내용이 바뀌었어요",
  prev_hash_mismatch: "앞 기록과 연결이 끊겼어요",
  missing_entry: "앞에 있던 기록이 사라졌어요",
  unsealed: "체인에 묶이지 않은 기록이 있어요",
  head_mismatch: "마지막 기록이 사라졌어요",
};

/** The address of the export of `filter` (same names as the GraphQL filter). */
export function auditExportPath(filter: AuditFilterVars): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filter)) {
    if (v !== null && v !== undefined && v !== "") params.set(k, String(v));
  }
  const q = params.toString();
  return `/admin/exports/audit.csv${q ? `?${q}` : ""}`;
}

/** Downloads the CSV of `filter` (ADMIN; a SECURITY entry on the server). */
export async function downloadAuditCsv(filter: AuditFilterVars, now = new Date()): Promise<void> {
  const blob = await restBlob("main", auditExportPath(filter));
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  const day = new Date(now.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
  a.href = url;
  a.download = `감사기록-${day}.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** "2026. 11. 24. 21:03:07" in Asia/Seoul. */
export function seoulTimeText(iso: string): string {
  const d = new Date(new Date(iso).getTime() + 9 * 3_600_000).toISOString();
  return `${d.slice(0, 4)}. ${d.slice(5, 7)}. ${d.slice(8, 10)}. ${d.slice(11, 19)}`;
}
