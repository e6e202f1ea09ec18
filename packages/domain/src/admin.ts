/**
 * The operations console (issue #16; DESIGN.md §10): who may do what, how the one search box
 * reads what staff type, the timeline kinds of the family page and the one list of reason codes.
 * Pure: no I/O, no clock.
 *
 * SPEC.md §6 says detailed permissions are "not shown"; the table below is decision 022
 * (docs/decisions/022-admin-console.md): SALES_TEAM reads everything, adds notes and takes cash;
 * everything that gives money back, changes a payment's terms, or takes data out (exports, the
 * audit view) needs ADMIN.
 */
import type { SearchKey, STAFF_USER_TYPES } from "./enums.ts";
import type { TransitionTable } from "./payments.ts";

/** ADMIN or SALES_TEAM. */
export type StaffRole = (typeof STAFF_USER_TYPES)[number];

// -------------------------------------------------------------------------------------------
// Permissions

/** Every console action (reads and changes). */
export const ADMIN_ACTIONS = [
  "search",
  "family.read",
  "payment.read",
  "queues.read",
  "note.add",
  "cash.record",
  "refund.decide",
  "vbank.cancel",
  "vbank.reissue",
  "vbank.remind",
  "renewal.retry",
  "renewal.reschedule",
  "renewal.mark",
  "export",
  "audit.read",
  "sales_policy.read",
  "sales_policy.manage",
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

/**
 * The permission table: action → the staff roles allowed. A role not listed is refused
 * (FORBIDDEN `admin_role_required`); non-staff are refused before the table is asked.
 */
export const ADMIN_PERMISSIONS: Readonly<Record<AdminAction, readonly StaffRole[]>> = {
  search: ["ADMIN", "SALES_TEAM"],
  "family.read": ["ADMIN", "SALES_TEAM"],
  "payment.read": ["ADMIN", "SALES_TEAM"],
  "queues.read": ["ADMIN", "SALES_TEAM"],
  "note.add": ["ADMIN", "SALES_TEAM"],
  "cash.record": ["ADMIN", "SALES_TEAM"],
  "vbank.remind": ["ADMIN", "SALES_TEAM"],
  "refund.decide": ["ADMIN"],
  "vbank.cancel": ["ADMIN"],
  "vbank.reissue": ["ADMIN"],
  "renewal.retry": ["ADMIN"],
  "renewal.reschedule": ["ADMIN"],
  "renewal.mark": ["ADMIN"],
  export: ["ADMIN"],
  "audit.read": ["ADMIN"],
  // Sales policies (issue #18): everyone on staff reads them; only ADMIN changes what is charged.
  "sales_policy.read": ["ADMIN", "SALES_TEAM"],
  "sales_policy.manage": ["ADMIN"],
};

/** True when `role` (any user type) may perform `action`. Non-staff types never may. */
export function mayPerform(role: string, action: AdminAction): boolean {
  return (ADMIN_PERMISSIONS[action] as readonly string[]).includes(role);
}

/** The actions `role` may perform, in ADMIN_ACTIONS order (the page hides the others). */
export function actionsOf(role: string): AdminAction[] {
  return ADMIN_ACTIONS.filter((a) => mayPerform(role, a));
}

// -------------------------------------------------------------------------------------------
// Search

/** Longest search text accepted (characters, after trimming). */
export const ADMIN_SEARCH_MAX_LENGTH = 100;

/**
 * What one search can match: SPEC.md §3 search keys plus PHONE (the student's or parent's
 * number, any part) and LAST_FOUR_CARD_NUMBER. USER_ID matches the USER_NO or, with an "@",
 * any part of the sign-in email (EMAIL_ID).
 */
export type AdminSearchKey = SearchKey | "PHONE" | "LAST_FOUR_CARD_NUMBER";

/** Korean label of each key (the "why it matched" line). */
export const ADMIN_SEARCH_KEY_LABELS: Readonly<Record<AdminSearchKey, string>> = {
  IMP_UID: "PG 결제 번호(imp_uid)",
  MERCHANT_UID: "주문 번호(merchant_uid)",
  PACKAGE_ID: "정기결제 번호",
  PAYMENT_ID: "결제 번호",
  USER_ID: "회원 번호·이메일",
  USER_NAME: "이름",
  ACCESS_KEY: "캘린더 구독 키",
  FIRST_EIGHT_CARD_NUMBER: "카드 앞 8자리",
  PHONE: "전화번호",
  LAST_FOUR_CARD_NUMBER: "카드 뒤 4자리",
};

/** How the server reads one search text. */
export interface AdminSearchPlan {
  /** The text, trimmed, inner whitespace collapsed. */
  text: string;
  /** The digits when the text is only digits, spaces, dashes and dots; else null. */
  digits: string | null;
  /** A whole number for the id keys (≤ 2³¹−1), else null. */
  id: number | null;
  /** The keys to try, in this order. */
  keys: AdminSearchKey[];
}

/** The 43-character opaque calendar-feed key (accounts OPAQUE_TOKEN_SHAPE). */
const ACCESS_KEY_SHAPE = /^[A-Za-z0-9_-]{43}$/;
/** Gateway and merchant ids: one token of printable ASCII. */
const ID_TOKEN_SHAPE = /^[\x21-\x7e]{4,80}$/;

/**
 * Reads a search text (SPEC.md §3 search keys, issue 16 "one search box"). Precedence: a text of
 * digits (dashes, spaces, dots allowed) tries the ids (PAYMENT_ID, USER_ID, PACKAGE_ID), then
 * FIRST_EIGHT_CARD_NUMBER (exactly 8 digits), LAST_FOUR_CARD_NUMBER (exactly 4), then PHONE
 * (3 or more digits, anywhere in the number). Any other one-word text tries IMP_UID and
 * MERCHANT_UID (exact), ACCESS_KEY (its 43-character shape), USER_ID (with "@": the email, any
 * part) and USER_NAME (any part, 2 characters or more). A text with spaces is a name.
 * The caller has checked the length (1..ADMIN_SEARCH_MAX_LENGTH).
 */
export function planAdminSearch(raw: string): AdminSearchPlan {
  const text = raw.trim().replace(/\s+/g, " ");
  const keys: AdminSearchKey[] = [];
  if (/^[\d][\d .-]*$/.test(text)) {
    const digits = text.replace(/\D/g, "");
    const asNumber = digits.length <= 10 ? Number(digits) : NaN;
    const id =
      Number.isSafeInteger(asNumber) && asNumber >= 1 && asNumber <= 2_147_483_647
        ? asNumber
        : null;
    if (id !== null) keys.push("PAYMENT_ID", "USER_ID", "PACKAGE_ID");
    if (digits.length === 8) keys.push("FIRST_EIGHT_CARD_NUMBER");
    if (digits.length === 4) keys.push("LAST_FOUR_CARD_NUMBER");
    if (digits.length >= 4 && digits.length <= 11) keys.push("PHONE");
    return { text, digits, id, keys };
  }
  if (!text.includes(" ") && ID_TOKEN_SHAPE.test(text)) keys.push("IMP_UID", "MERCHANT_UID");
  if (ACCESS_KEY_SHAPE.test(text)) keys.push("ACCESS_KEY");
  if (text.includes("@")) keys.push("USER_ID");
  // One character (a family name alone) would match a fifth of the families: two at least.
  else if (text.length >= 2) keys.push("USER_NAME");
  return { text, digits: null, id: null, keys };
}

/**
 * A LIKE pattern matching `value` anywhere, with LIKE's special characters (`%`, `_`, `\`)
 * taken literally (the default escape character is the backslash).
 */
export function likeAnywhere(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A masked card number for display: first 8 and last 4 digits as stored, every other digit `*`
 * ("4242-4242-****-4242"). Anything that is not 12..19 digits after removing the mask becomes
 * "****" — a full number is never shown.
 */
export function maskCardNumber(stored: string | null | undefined): string | null {
  if (!stored) return null;
  const chars = stored.replace(/[^\d*]/g, "");
  if (chars.length < 12 || chars.length > 19) return "****";
  const masked = chars
    .split("")
    .map((c, i) => (i < 8 || i >= chars.length - 4 ? c : "*"))
    .join("");
  return masked.replace(/(.{4})(?=.)/g, "$1-");
}

// -------------------------------------------------------------------------------------------
// Family timeline

/** The kinds of the family timeline, in the order of the filter. */
export const TIMELINE_KINDS = [
  "PAYMENT",
  "PAYMENT_ITEM",
  "LECTURE",
  "LESSON",
  "CHANGE_REQUEST",
  "REFUND",
  "CONTRACT",
  "MESSAGE",
  "NOTE",
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

export const TIMELINE_KIND_LABELS: Readonly<Record<TimelineKind, string>> = {
  PAYMENT: "결제",
  PAYMENT_ITEM: "결제 항목",
  LECTURE: "수업",
  LESSON: "회차",
  CHANGE_REQUEST: "변경 요청",
  REFUND: "환불",
  CONTRACT: "계약서",
  MESSAGE: "알림",
  NOTE: "상담 메모",
};

/** Newest first; ties by kind order then id, newest id first (a stable order). */
export function compareTimeline(
  a: { at: Date; kind: TimelineKind; id: number },
  b: { at: Date; kind: TimelineKind; id: number },
): number {
  return (
    b.at.getTime() - a.at.getTime() ||
    TIMELINE_KINDS.indexOf(a.kind) - TIMELINE_KINDS.indexOf(b.kind) ||
    b.id - a.id
  );
}

// -------------------------------------------------------------------------------------------
// Reasons

/**
 * The one list of reason codes a console action asks for (refund approvals and rejections,
 * cash entries, virtual-account and renewal actions). The label is what the family reads when a
 * rejection is shown to them, followed by the staff's own words.
 */
export const ADMIN_REASON_CODES = [
  "CUSTOMER_REQUEST",
  "LEGAL_REFUND",
  "SERVICE_ISSUE",
  "DUPLICATE_PAYMENT",
  "GOODWILL",
  "POLICY_WINDOW_PASSED",
  "ALREADY_USED",
  "INSUFFICIENT_PROOF",
  "CASH_RECEIVED",
  "ACCOUNT_CHANGE",
  "CARD_ISSUE",
  "OTHER",
] as const;
export type AdminReasonCode = (typeof ADMIN_REASON_CODES)[number];

export const ADMIN_REASON_LABELS: Readonly<Record<AdminReasonCode, string>> = {
  CUSTOMER_REQUEST: "고객 요청",
  LEGAL_REFUND: "법정 환불 기준 적용",
  SERVICE_ISSUE: "서비스 문제",
  DUPLICATE_PAYMENT: "중복 결제",
  GOODWILL: "고객 배려",
  POLICY_WINDOW_PASSED: "환불 가능 기간이 지났어요",
  ALREADY_USED: "이미 이용한 상품이에요",
  INSUFFICIENT_PROOF: "확인이 더 필요해요",
  CASH_RECEIVED: "현금 입금 확인",
  ACCOUNT_CHANGE: "결제 정보 변경",
  CARD_ISSUE: "카드 문제",
  OTHER: "기타",
};

/** The reason text kept with an action: "라벨 — 직원이 적은 말" (at most 300 characters). */
export function reasonText(code: AdminReasonCode, detail: string): string {
  const words = detail.trim();
  return `${ADMIN_REASON_LABELS[code]}${words ? ` — ${words}` : ""}`.slice(0, 300);
}

/** Half of a won amount, rounded down (the "refund half" shortcut). */
export function halfOf(amount: number): number {
  return Math.floor(amount / 2);
}

/**
 * A console action's idempotency key (admin_actions.state; issue #10): reserved RUNNING by the
 * first request, DONE with its answer kept; a failed action's row is deleted (not a state) so
 * the key may be used again. DONE is terminal.
 */
export const ADMIN_ACTION_STATES = ["RUNNING", "DONE"] as const;
export type AdminActionState = (typeof ADMIN_ACTION_STATES)[number];

export const ADMIN_ACTION_TRANSITIONS: TransitionTable<AdminActionState> = {
  RUNNING: ["DONE"],
  DONE: [],
};
