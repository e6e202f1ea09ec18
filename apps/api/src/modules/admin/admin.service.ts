/**
 * The operations console (issue 16; DESIGN.md §10; docs/api/admin.md; decision 022): search,
 * the family page, the payment page, queues, and staff actions. Every function asks the
 * permission table (packages/domain `mayPerform`) first. Actions call the owning area's public
 * face (refunds, payments), carry an idempotency key, and write an EXECUTION audit entry (who,
 * role, action, record, before and after, reason, request id). Money is integer won; times UTC.
 */
import { createHash } from "node:crypto";
import {
  ADMIN_SEARCH_KEY_LABELS,
  TIMELINE_KINDS,
  compareTimeline,
  maskCardNumber,
  mayPerform,
  planAdminSearch,
  reasonText,
  type AdminAction,
  type AdminReasonCode,
  type AdminSearchKey,
  type TimelineKind,
} from "@seoltab/domain/admin";
import type { Database } from "@seoltab/db";
import { canMoveLecture, type LectureState } from "@seoltab/domain";
import { AppError } from "../../errors.ts";
import { insertAuditLog, recordStaffAction } from "../../platform/audit.ts";
import { initiatorOf, PermissionDenied, requireStaff } from "../../platform/auth.ts";
import type { AuthUser } from "../accounts/accounts.public.ts";
import {
  cancelAwaitingVbank,
  checkout,
  findPaymentById,
  findSubscriptionForStaff,
  reissueAwaitingVbank,
  RENEWAL_ACTION_MESSAGES,
  VBANK_ACTION_MESSAGES,
  type PaymentRow,
  rescheduleRenewal,
  retryRenewalNow,
  type PaymentsDeps,
  type SubscriptionRow,
} from "../payments/payments.public.ts";
import {
  findLectureById,
  findLecturesOfPayment,
  moveLecture,
} from "../lectures/lectures.public.ts";
import {
  assessRefund,
  decideRefundRequest,
  listRefundRequests,
  requestRefund,
  type RefundRequestRow,
  type RefundsDeps,
} from "../refunds/refunds.public.ts";
import { remindVbankDeposit } from "../messages/messages.public.ts";
import { withTransaction } from "../../platform/transactions.ts";
import * as repo from "./admin.repository.ts";

/** What the console needs from the areas it acts through (modules/index.ts). */
export interface AdminDeps {
  db: Database;
  payments: PaymentsDeps;
  refunds: RefundsDeps;
}

export const ADMIN_MESSAGES = {
  staffOnly: "운영팀만 사용할 수 있어요.",
  adminOnly: "관리자(ADMIN)만 할 수 있는 작업이에요.",
  searchTooShort: "이름은 두 글자 이상, 숫자는 한 자리 이상 입력해 주세요.",
  cursorInvalid: "목록 위치가 올바르지 않아요. 처음부터 다시 검색해 주세요.",
  userNotFound: "회원을 찾을 수 없어요.",
  paymentNotFound: "결제를 찾을 수 없어요.",
  inProgress: "같은 요청을 처리하고 있어요. 잠시 후 다시 확인해 주세요.",
  keyReused: "이미 다른 요청에 쓴 요청 키예요. 새로 시도해 주세요.",
  exceedsBalance: (won: string) => `환불 금액이 남은 결제 금액(${won})보다 커요.`,
  notRefundable: "환불할 수 있는 결제가 아니에요.",
} as const;

const won = (n: number) => `${n.toLocaleString("ko-KR")}원`;

/**
 * Refuses non-staff (FORBIDDEN `staff_only`) and staff whose role the permission table does not
 * allow for `action` (FORBIDDEN `admin_role_required`). Returns the audit initiator.
 */
export function requireConsole(caller: AuthUser, action: AdminAction) {
  const initiator = requireStaff(caller, { code: "staff_only", message: ADMIN_MESSAGES.staffOnly });
  if (!mayPerform(caller.userType, action)) {
    // A PermissionDenied, so the refusal is a SECURITY permission_denied entry (decision 038).
    throw new PermissionDenied(
      "admin_role_required",
      ADMIN_MESSAGES.adminOnly,
      { userNo: caller.userNo, userType: caller.userType },
      "admin",
    );
  }
  return initiator;
}

// ---------------------------------------------------------------------------------------------
// Search

export interface SearchHit {
  kind: "PAYMENT" | "FAMILY";
  id: number;
  at: Date;
  /** Every key that found the record, in the search's order. */
  keys: AdminSearchKey[];
}

export interface SearchPage {
  hits: (SearchHit & {
    reasons: string[];
    payment: Awaited<ReturnType<typeof repo.paymentSummaries>>[number] | null;
    person: repo.Person | null;
  })[];
  nextCursor: string | null;
  /** A pasted id that found exactly one record: where the page goes at once. */
  direct: { kind: "PAYMENT" | "FAMILY"; id: number } | null;
}

const EXACT_KEYS: readonly AdminSearchKey[] = [
  "PAYMENT_ID",
  "IMP_UID",
  "MERCHANT_UID",
  "ACCESS_KEY",
  "USER_ID",
];

function encodeSearchCursor(p: repo.SearchPosition): string {
  return Buffer.from(`${p.at.getTime()}.${p.rank}.${p.id}`).toString("base64url");
}

function decodeSearchCursor(cursor: string): repo.SearchPosition {
  const m = /^(\d{1,15})\.([01])\.(\d{1,15})$/.exec(
    /^[A-Za-z0-9_-]{1,80}$/.test(cursor) ? Buffer.from(cursor, "base64url").toString() : "",
  );
  if (!m) {
    throw new AppError("validation", "cursor_invalid", ADMIN_MESSAGES.cursorInvalid, [
      { field: "CURSOR", message: ADMIN_MESSAGES.cursorInvalid },
    ]);
  }
  return { at: new Date(Number(m[1])), rank: Number(m[2]), id: Number(m[3]) };
}

/** Why a record matched, in Korean: "카드 앞 8자리 4242-4242 일치". */
function reasonOf(key: AdminSearchKey, text: string, digits: string | null): string {
  const label = ADMIN_SEARCH_KEY_LABELS[key];
  switch (key) {
    case "FIRST_EIGHT_CARD_NUMBER":
      return `${label} ${digits!.slice(0, 4)}-${digits!.slice(4)} 일치`;
    case "LAST_FOUR_CARD_NUMBER":
      return `${label} ${digits} 일치`;
    case "PHONE":
      return `${label}에 ${digits} 포함`;
    case "USER_NAME":
      return `${label}에 '${text}' 포함`;
    case "ACCESS_KEY":
      return `${label} 일치`;
    case "USER_ID":
      return text.includes("@") ? `이메일에 '${text}' 포함` : `${label} ${text} 일치`;
    default:
      return `${label} ${text} 일치`;
  }
}

/**
 * One search over every key the text can be (packages/domain planAdminSearch): keyset pages of
 * `limit` records, newest first (payments by their creation, families by their join), each with
 * why it matched. Writes a SECURITY entry `admin_search` (the keys tried and the count, never
 * the text: it may be a phone number).
 * @throws AppError forbidden `staff_only`; validation `search_too_short`, `cursor_invalid`
 */
export async function searchConsole(
  deps: AdminDeps,
  caller: AuthUser,
  input: { query: string; cursor?: string | null; limit: number },
  requestId: string | null,
): Promise<SearchPage> {
  const initiator = requireConsole(caller, "search");
  const plan = searchPlanOf(input.query);
  const pos = input.cursor ? decodeSearchCursor(input.cursor) : null;
  const { page, next } = await searchHits(deps, plan, pos, input.limit);
  const nextCursor = next ? encodeSearchCursor(next) : null;
  const { hits } = await describeHits(deps, plan, page);
  const only = !pos && hits.length === 1 && !nextCursor ? hits[0]! : null;
  const direct =
    only && only.keys.some((k) => EXACT_KEYS.includes(k) && (k !== "USER_ID" || plan.id !== null))
      ? { kind: only.kind, id: only.id }
      : null;
  await insertAuditLog(deps.db, {
    kind: "SECURITY",
    initiator,
    actorUserId: caller.userNo,
    action: "admin_search",
    target: null,
    detail: { keys: plan.keys, length: plan.text.length, results: hits.length, page: !!pos },
    requestId,
  });
  return { hits, nextCursor, direct };
}

/**
 * How the console reads a search text (packages/domain planAdminSearch).
 * @throws AppError validation `search_too_short` when no key applies
 */
export function searchPlanOf(query: string) {
  const plan = planAdminSearch(query);
  if (plan.keys.length === 0) {
    throw new AppError("validation", "search_too_short", ADMIN_MESSAGES.searchTooShort, [
      { field: "QUERY", message: ADMIN_MESSAGES.searchTooShort },
    ]);
  }
  return plan;
}

/**
 * One keyset page of the records `plan` finds after `pos` (newest first, payments before
 * people, then id), each with every key that found it; `next` is where the page after starts
 * (null at the end). Every key's query reads at most `limit + 1` rows after `pos`.
 */
export async function searchHits(
  deps: AdminDeps,
  plan: ReturnType<typeof planAdminSearch>,
  pos: repo.SearchPosition | null,
  limit: number,
): Promise<{ page: SearchHit[]; next: repo.SearchPosition | null }> {
  const accessKeyHash = createHash("sha256").update(plan.text).digest("hex");
  const found = await Promise.all(
    plan.keys.map((key) =>
      repo.searchByKey(deps.db, key, { ...plan, accessKeyHash }, pos, limit + 1),
    ),
  );
  const merged = new Map<string, SearchHit>();
  for (const hit of found.flat()) {
    const id = `${hit.kind}:${hit.id}`;
    const seen = merged.get(id);
    if (seen) {
      if (!seen.keys.includes(hit.key)) seen.keys.push(hit.key);
    } else merged.set(id, { kind: hit.kind, id: hit.id, at: hit.at, keys: [hit.key] });
  }
  const rank = (k: SearchHit["kind"]) => (k === "PAYMENT" ? 0 : 1);
  const sorted = [...merged.values()].sort(
    (a, b) => b.at.getTime() - a.at.getTime() || rank(a.kind) - rank(b.kind) || b.id - a.id,
  );
  const page = sorted.slice(0, limit);
  const last = page.at(-1);
  const next =
    sorted.length > limit && last ? { at: last.at, rank: rank(last.kind), id: last.id } : null;
  return { page, next };
}

/** A page of hits with why each matched (Korean) and the payment / person it names. */
export async function describeHits(
  deps: AdminDeps,
  plan: ReturnType<typeof planAdminSearch>,
  page: SearchHit[],
): Promise<Pick<SearchPage, "hits">> {
  const payments = await repo.paymentSummaries(
    deps.db,
    page.filter((h) => h.kind === "PAYMENT").map((h) => h.id),
  );
  const people = await repo.peopleByIds(
    deps.db,
    page.filter((h) => h.kind === "FAMILY").map((h) => h.id),
  );
  const hits = page.map((h) => ({
    ...h,
    reasons: h.keys.map((k) => reasonOf(k, plan.text, plan.digits)),
    payment: h.kind === "PAYMENT" ? (payments.find((p) => p.payment.id === h.id) ?? null) : null,
    person: h.kind === "FAMILY" ? (people.find((p) => p.id === h.id) ?? null) : null,
  }));
  return { hits };
}

// ---------------------------------------------------------------------------------------------
// The family page

export interface TimelineEntry {
  kind: TimelineKind;
  /** Unique in the timeline, e.g. "PAYMENT:12", "LESSON:40". */
  key: string;
  id: number;
  at: Date;
  title: string;
  detail: string | null;
  state: string | null;
  userId: number | null;
  paymentId: number | null;
  lectureId: number | null;
}

/**
 * The family of a person (students and parents) and one timeline newest first: payments and
 * their state changes, payment items' state changes, lectures and their state changes, lessons,
 * change requests, refunds, contracts, messages and staff notes (each source: its newest 200).
 * `kinds` filters (empty or absent: all).
 * @throws AppError forbidden; not_found `user_not_found`
 */
export async function familyPage(
  deps: AdminDeps,
  caller: AuthUser,
  userId: number,
  kinds: readonly TimelineKind[] | null,
) {
  requireConsole(caller, "family.read");
  const ids = await repo.familyIdsOf(deps.db, userId);
  const members = await repo.peopleByIds(deps.db, ids);
  const self = members.find((m) => m.id === userId);
  if (!self || !["STUDENT", "PARENT"].includes(self.userType)) {
    throw new AppError("not_found", "user_not_found", ADMIN_MESSAGES.userNotFound);
  }
  const students = members.filter((m) => m.userType === "STUDENT").map((m) => m.id);
  const src = await repo.timelineSources(
    deps.db,
    students,
    members.map((m) => m.id),
  );
  const out: TimelineEntry[] = [];
  const add = (e: Omit<TimelineEntry, "key">) => out.push({ ...e, key: `${e.kind}:${e.id}` });
  const none = { paymentId: null, lectureId: null };
  for (const p of src.payments) {
    add({
      ...none,
      kind: "PAYMENT",
      id: p.id,
      at: p.createdAt,
      title: `결제 ${p.name} ${won(p.paidPrice)}`,
      detail: `${p.paymentMethod} · 주문 ${p.merchantUid}`,
      state: p.state,
      userId: p.userId,
      paymentId: p.id,
    });
  }
  for (const { t, itemName, paymentName } of src.transitions) {
    const item = t.paymentItemId !== null;
    add({
      ...none,
      kind: item ? "PAYMENT_ITEM" : "PAYMENT",
      id: t.id + 1_000_000_000_000,
      at: t.createdAt,
      title: item
        ? `결제 항목 ${itemName ?? ""} ${t.fromState ?? "—"} → ${t.toState}`
        : `결제 ${paymentName} ${t.fromState ?? "—"} → ${t.toState}`,
      detail: [t.initiator, t.reason].filter(Boolean).join(" · ") || null,
      state: t.toState,
      userId: null,
      paymentId: t.paymentId,
    });
  }
  for (const l of src.lectures) {
    add({
      ...none,
      kind: "LECTURE",
      id: l.id,
      at: l.createdAt,
      title: `수업 ${l.title} 등록`,
      detail: `${l.months}개월`,
      state: l.state,
      userId: l.userId,
      paymentId: l.paymentId,
      lectureId: l.id,
    });
  }
  for (const { t, title } of src.lectureMoves) {
    add({
      ...none,
      kind: "LECTURE",
      id: t.id + 1_000_000_000_000,
      at: t.createdAt,
      title: `수업 ${title} ${t.fromState ?? "—"} → ${t.toState}`,
      detail: [t.initiator, t.reason].filter(Boolean).join(" · ") || null,
      state: t.toState,
      userId: null,
      lectureId: t.lectureId,
    });
  }
  for (const { lesson, title } of src.lessons) {
    add({
      ...none,
      kind: "LESSON",
      id: lesson.id,
      at: lesson.startsAt,
      title: `회차 ${title} (${lesson.minutes}분)`,
      detail:
        lesson.state === "DONE"
          ? `진행 ${lesson.heldMinutes ?? 0}분`
          : (lesson.cancelReason ?? null),
      state: lesson.state,
      userId: lesson.userId,
      lectureId: lesson.lectureId,
    });
  }
  for (const { change, title } of src.changes) {
    add({
      ...none,
      kind: "CHANGE_REQUEST",
      id: change.id,
      at: change.createdAt,
      title: `변경 요청 ${title} · ${change.kind}`,
      detail: change.reason ?? change.decisionNote ?? null,
      state: change.state,
      userId: change.requestedByUserId,
      lectureId: change.lectureId,
    });
  }
  for (const { refund, paymentName } of src.refunds) {
    add({
      ...none,
      kind: "REFUND",
      id: refund.id,
      at: refund.createdAt,
      title: `환불 요청 ${paymentName} ${won(refund.amount)} (${refund.channel})`,
      detail: [refund.reason, refund.gatewayNote].filter(Boolean).join(" · ") || null,
      state: refund.state,
      userId: refund.requestedByUserId,
      paymentId: refund.paymentId,
    });
  }
  for (const c of src.contracts) {
    add({
      ...none,
      kind: "CONTRACT",
      id: c.id,
      at: c.createdAt,
      title: `계약서 ${c.name}`,
      detail: c.signedAt ? `서명 ${c.signedAt.toISOString()}` : "서명 전",
      state: c.signedAt ? "SIGNED" : "TO_SIGN",
      userId: c.userId,
      paymentId: c.paymentId,
    });
  }
  for (const m of src.messages) {
    add({
      ...none,
      kind: "MESSAGE",
      id: m.id,
      at: m.createdAt,
      title: `알림 ${m.subject} (${m.channel})`,
      detail: m.text.slice(0, 200),
      state: m.state,
      userId: m.recipientUserId,
    });
  }
  for (const { note, authorName } of src.notes) {
    add({
      ...none,
      kind: "NOTE",
      id: note.id,
      at: note.createdAt,
      title: `상담 메모 · ${authorName} (${note.authorRole})`,
      detail: note.body,
      state: null,
      userId: note.familyUserId,
    });
  }
  const wanted = kinds && kinds.length > 0 ? new Set(kinds) : new Set(TIMELINE_KINDS);
  const timeline = out.filter((e) => wanted.has(e.kind)).sort(compareTimeline);
  return { members, self, timeline };
}

// ---------------------------------------------------------------------------------------------
// The payment page

/** What the console may do with a payment now. */
export type PaymentActionName = "REFUND";

/**
 * A payment with its items, state history (SPEC.md §4 sets), gateway ids, receipt, card
 * (masked), refund requests, the legal refund quote, and the actions allowed now for the caller.
 * @throws AppError forbidden; not_found `payment_not_found`
 */
export async function paymentPage(deps: AdminDeps, caller: AuthUser, paymentId: number) {
  requireConsole(caller, "payment.read");
  const detail = await repo.paymentDetail(deps.db, paymentId);
  if (!detail) throw new AppError("not_found", "payment_not_found", ADMIN_MESSAGES.paymentNotFound);
  const { payment } = detail;
  const balance = payment.paidPrice - payment.refundedAmount;
  let quote: Awaited<ReturnType<typeof assessRefund>> | null = null;
  if (payment.state !== "READY" && payment.state !== "FAILED" && balance > 0) {
    quote = await assessRefund(deps.refunds, caller, payment.id);
  }
  const openItems = detail.items.filter(
    (i) =>
      (i.state === "PAID" || i.state === "REFUND_REQUEST_FAILED") && i.paidPrice > i.refundedAmount,
  );
  const actions: { action: PaymentActionName; allowed: boolean; why: string | null }[] = [
    {
      action: "REFUND",
      allowed:
        quote !== null && openItems.length > 0 && mayPerform(caller.userType, "refund.decide"),
      why:
        quote === null || openItems.length === 0
          ? "환불할 수 있는 항목이 없어요."
          : mayPerform(caller.userType, "refund.decide")
            ? null
            : ADMIN_MESSAGES.adminOnly,
    },
  ];
  return {
    ...detail,
    card: detail.card
      ? { ...detail.card, numberMasked: maskCardNumber(detail.card.numberMasked) }
      : null,
    balance,
    quote,
    actions,
  };
}

// ---------------------------------------------------------------------------------------------
// Idempotent actions

/**
 * Runs `work` once per idempotency key: the first call reserves the key and keeps its answer; a
 * repeat with the same action and body gets that answer; a repeat while it runs, or the same key
 * with another body, is refused; a failure frees the key.
 * @throws AppError conflict `action_in_progress`, `idempotency_key_reused`
 */
async function once<T>(
  deps: AdminDeps,
  caller: AuthUser,
  action: string,
  key: string,
  body: unknown,
  work: () => Promise<T>,
): Promise<T> {
  const requestHash = createHash("sha256")
    .update(JSON.stringify([action, caller.userNo, body]))
    .digest("hex");
  const reserved = await repo.reserveAction(deps.db, {
    key,
    actorUserId: caller.userNo,
    action,
    requestHash,
    at: new Date(),
  });
  if (reserved !== "reserved") {
    if (reserved.requestHash !== requestHash) {
      throw new AppError("conflict", "idempotency_key_reused", ADMIN_MESSAGES.keyReused);
    }
    if (reserved.state !== "DONE") {
      throw new AppError("conflict", "action_in_progress", ADMIN_MESSAGES.inProgress);
    }
    return reserved.response as T;
  }
  try {
    const result = await work();
    await repo.finishAction(deps.db, key, result, new Date());
    return result;
  } catch (err) {
    await repo.releaseAction(deps.db, key);
    throw err;
  }
}

async function audit(
  deps: AdminDeps,
  caller: AuthUser,
  entry: {
    action: string;
    target: string;
    before: unknown;
    after: unknown;
    reason: string;
    extra?: Record<string, unknown>;
  },
  requestId: string | null,
) {
  await insertAuditLog(deps.db, {
    kind: "EXECUTION",
    initiator: initiatorOf(caller),
    actorUserId: caller.userNo,
    action: entry.action,
    target: entry.target,
    detail: {
      role: caller.userType,
      before: entry.before,
      after: entry.after,
      reason: entry.reason,
      ...entry.extra,
    },
    requestId,
  });
}

/** A refund request as the console shows it. */
export function refundRequestView(r: RefundRequestRow) {
  return {
    refundRequestId: r.id,
    paymentId: r.paymentId,
    paymentItemIds: r.paymentItemIds,
    state: r.state,
    channel: r.channel,
    amount: r.amount,
    rule: r.rule,
    blockedReasons: r.blockedReasons,
    reason: r.reason,
    note: r.gatewayNote,
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
  };
}

export interface RefundPaymentInput {
  idempotencyKey: string;
  paymentId: number;
  /** Items to refund; default every item still open. */
  paymentItemIds: number[] | null;
  /** Won, 1 … what remains paid on the items (and on the payment). */
  amount: number;
  reasonCode: AdminReasonCode;
  reason: string;
  /**
   * BANK on a card payment: a staff bank transfer to `refundAccount` instead of a gateway
   * cancel (decision 022); null: the payment's own channel.
   */
  channel?: "CARD" | "BANK" | null;
  refundAccount: { bankCode: string; accountNumber: string; holder: string } | null;
}

/** A BANK refund chosen without the account to pay to. */
function requireAccountForBank(input: {
  channel?: "CARD" | "BANK" | null;
  refundAccount: unknown;
}): void {
  if (input.channel === "BANK" && !input.refundAccount) {
    const message = "계좌로 환불하려면 환불 계좌를 입력해 주세요.";
    throw new AppError("validation", "refund_account_required", message, [
      { field: "REFUND_ACCOUNT", message },
    ]);
  }
}

/**
 * Refunds `amount` of a payment's items (ADMIN): opens a staff request for the items
 * (refunds' `requestRefund` with `forStaffDecision`) and decides it at `amount`
 * (`decideRefundRequest`): card payments are cancelled at the gateway, cash recorded. Checked
 * first, nothing changed: amount above the balance (`refund_exceeds_paid`).
 * @returns the refund request afterwards and the payment before and after
 * @throws AppError forbidden; not_found; validation `refund_exceeds_paid`; as refunds
 */
export async function refundPayment(
  deps: AdminDeps,
  caller: AuthUser,
  input: RefundPaymentInput,
  requestId: string | null,
) {
  requireConsole(caller, "refund.decide");
  requireAccountForBank(input);
  const { idempotencyKey, ...body } = input;
  return once(deps, caller, "refund_payment", idempotencyKey, body, async () => {
    const before = await repo.paymentDetail(deps.db, input.paymentId);
    if (!before)
      throw new AppError("not_found", "payment_not_found", ADMIN_MESSAGES.paymentNotFound);
    const items = before.items.filter((i) =>
      input.paymentItemIds
        ? input.paymentItemIds.includes(i.id)
        : i.state === "PAID" || i.state === "REFUND_REQUEST_FAILED",
    );
    const remaining = Math.min(
      items.reduce((s, i) => s + i.paidPrice - i.refundedAmount, 0),
      before.payment.paidPrice - before.payment.refundedAmount,
    );
    if (input.amount > remaining) {
      const message = ADMIN_MESSAGES.exceedsBalance(won(remaining));
      throw new AppError("validation", "refund_exceeds_paid", message, [
        { field: "AMOUNT", message },
      ]);
    }
    const reason = reasonText(input.reasonCode, input.reason);
    const opened = await requestRefund(
      deps.refunds,
      caller,
      {
        paymentId: input.paymentId,
        paymentItemIds: input.paymentItemIds,
        reason,
        refundAccount: input.refundAccount,
        channel: input.channel ?? null,
        forStaffDecision: true,
      },
      requestId,
    );
    const decided = await decideRefundRequest(
      deps.refunds,
      caller,
      {
        refundRequestId: opened.refundRequestId,
        decision: "REFUNDED",
        amount: input.amount,
        note: reason,
      },
      requestId,
    );
    const after = (await repo.paymentDetail(deps.db, input.paymentId))!;
    const state = (d: typeof after) => ({
      state: d.payment.state,
      refundedAmount: d.payment.refundedAmount,
    });
    await audit(
      deps,
      caller,
      {
        action: "admin_refund_payment",
        target: `payment:${input.paymentId}`,
        before: state(before),
        after: state(after),
        reason,
        extra: {
          reasonCode: input.reasonCode,
          amount: input.amount,
          lawAmount: opened.amount,
          refundRequestId: decided.id,
          itemIds: decided.paymentItemIds,
          channel: decided.channel,
          staffTransfer:
            (decided.refundAccount as { transfer?: string } | null)?.transfer === "STAFF",
        },
      },
      requestId,
    );
    return {
      refundRequest: refundRequestView(decided),
      before: state(before),
      after: state(after),
    };
  });
}

/**
 * A decision on a refund request waiting for staff (ADMIN): APPROVE at `amount` (default the
 * law's amount) or REJECT (the reason is kept with the request as the answer to the family).
 * Two staff at once: one wins, the other gets 409 `refund_request_decided`.
 * @throws AppError forbidden; as refunds' decideRefundRequest
 */
export async function decideRefund(
  deps: AdminDeps,
  caller: AuthUser,
  input: {
    idempotencyKey: string;
    refundRequestId: number;
    decision: "APPROVE" | "REJECT";
    amount: number | null;
    reasonCode: AdminReasonCode;
    reason: string;
    /** APPROVE of a card payment to a bank account: a staff transfer (decision 022). */
    channel?: "CARD" | "BANK" | null;
    refundAccount?: { bankCode: string; accountNumber: string; holder: string } | null;
  },
  requestId: string | null,
) {
  requireConsole(caller, "refund.decide");
  requireAccountForBank({ channel: input.channel, refundAccount: input.refundAccount ?? null });
  const { idempotencyKey, ...body } = input;
  return once(deps, caller, "refund_decide", idempotencyKey, body, async () => {
    const queue = await listRefundRequests(deps.refunds, caller, {
      state: "STAFF_REVIEW",
      limit: 100,
    });
    const waiting = queue.find((r) => r.id === input.refundRequestId);
    const reason = reasonText(input.reasonCode, input.reason);
    const decided = await decideRefundRequest(
      deps.refunds,
      caller,
      {
        refundRequestId: input.refundRequestId,
        decision: input.decision === "APPROVE" ? "REFUNDED" : "REJECTED",
        amount: input.decision === "APPROVE" ? (input.amount ?? waiting?.amount ?? null) : null,
        note: reason,
        refundAccount:
          input.decision === "APPROVE" && input.channel === "BANK"
            ? (input.refundAccount ?? null)
            : null,
      },
      requestId,
    );
    await audit(
      deps,
      caller,
      {
        action: "admin_refund_decide",
        target: `refund_request:${decided.id}`,
        before: {
          state: "STAFF_REVIEW",
          amount: waiting?.amount ?? null,
          channel: waiting?.channel ?? null,
        },
        after: { state: decided.state, amount: decided.amount, channel: decided.channel },
        reason,
        extra: { reasonCode: input.reasonCode, decision: input.decision },
      },
      requestId,
    );
    return { refundRequest: refundRequestView(decided) };
  });
}

/**
 * The refund decision queue: requests waiting for staff (STAFF_REVIEW) oldest first, then the
 * ones waiting for the gateway (PENDING), each with the payment's legal quote now.
 */
export async function refundQueue(deps: AdminDeps, caller: AuthUser, limit: number) {
  requireConsole(caller, "queues.read");
  const review = await listRefundRequests(deps.refunds, caller, { state: "STAFF_REVIEW", limit });
  const pending = await listRefundRequests(deps.refunds, caller, { state: "PENDING", limit });
  const rows = [...review, ...pending].slice(0, limit);
  const out = [];
  for (const r of rows) {
    const detail = await repo.paymentDetail(deps.db, r.paymentId);
    out.push({
      ...refundRequestView(r),
      paymentName: detail?.payment.name ?? "",
      paidPrice: detail?.payment.paidPrice ?? 0,
      refundedAmount: detail?.payment.refundedAmount ?? 0,
      userId: detail?.payment.userId ?? null,
      userName: detail?.user.name ?? "",
      items: (detail?.items ?? [])
        .filter((i) => r.paymentItemIds.includes(i.id))
        .map((i) => ({
          paymentItemId: i.id,
          name: i.name,
          paidPrice: i.paidPrice,
          refundedAmount: i.refundedAmount,
        })),
    });
  }
  return out;
}

/**
 * Records a cash payment (payments' checkout with method CASH, initiator the staff role): the
 * order `items`, the cash receipt (소득공제 with a phone number, 지출증빙 with a business
 * number, or none) kept in the payment's memo with the reason. Idempotent by key (the
 * merchant_uid is `cash-<key>`).
 * @throws AppError forbidden; as payments' checkout
 */
export async function recordCash(
  deps: AdminDeps,
  caller: AuthUser,
  input: {
    idempotencyKey: string;
    userId: number;
    items: { id: number; lecture_multiple: number }[];
    /** Won the page showed (Cart_Price); another server price: 409 `price_changed`. */
    expectedPaidPrice?: number | null;
    receipt: { type: "INCOME_DEDUCTION" | "EXPENSE_PROOF" | "NONE"; number: string | null };
    reasonCode: AdminReasonCode;
    reason: string;
  },
  requestId: string | null,
) {
  requireConsole(caller, "cash.record");
  const { idempotencyKey, ...body } = input;
  return once(deps, caller, "cash_payment", idempotencyKey, body, async () => {
    const reason = reasonText(input.reasonCode, input.reason);
    const receipt =
      input.receipt.type === "NONE"
        ? "현금영수증 미발행"
        : `현금영수증 ${input.receipt.type === "INCOME_DEDUCTION" ? "소득공제" : "지출증빙"} ${input.receipt.number ?? ""}`;
    const result = await checkout(
      deps.payments,
      caller,
      {
        userId: input.userId,
        merchantUid: `cash-${idempotencyKey}`,
        method: "CASH",
        items: input.items,
        cardQuota: 0,
        expectedPaidPrice: input.expectedPaidPrice ?? null,
        memo: `${receipt} · ${reason}`.slice(0, 300),
      },
      requestId,
    );
    const p = result.view.payment;
    await audit(
      deps,
      caller,
      {
        action: "admin_cash_payment",
        target: `payment:${p.id}`,
        before: null,
        after: { state: p.state, paidPrice: p.paidPrice, paymentMethod: p.paymentMethod },
        reason,
        extra: {
          reasonCode: input.reasonCode,
          userId: input.userId,
          receiptType: input.receipt.type,
        },
      },
      requestId,
    );
    return { paymentId: p.id, state: p.state, paidPrice: p.paidPrice, merchantUid: p.merchantUid };
  });
}

/**
 * Adds a staff note to a family (ADMIN, SALES_TEAM); shown on the family timeline.
 * @throws AppError forbidden; not_found `user_not_found`
 */
export async function addNote(
  deps: AdminDeps,
  caller: AuthUser,
  input: { idempotencyKey: string; userId: number; body: string },
  requestId: string | null,
) {
  requireConsole(caller, "note.add");
  const { idempotencyKey, ...body } = input;
  return once(deps, caller, "note_add", idempotencyKey, body, async () => {
    const [person] = await repo.peopleByIds(deps.db, [input.userId]);
    if (!person || !["STUDENT", "PARENT"].includes(person.userType)) {
      throw new AppError("not_found", "user_not_found", ADMIN_MESSAGES.userNotFound);
    }
    const note = await repo.insertNote(deps.db, {
      familyUserId: input.userId,
      authorUserId: caller.userNo,
      authorRole: caller.userType,
      body: input.body,
      at: new Date(),
    });
    await audit(
      deps,
      caller,
      {
        action: "admin_note_add",
        target: `user:${input.userId}`,
        before: null,
        after: { noteId: note.id, length: input.body.length },
        reason: "상담 메모",
      },
      requestId,
    );
    return { noteId: note.id, createdAt: note.createdAt.toISOString() };
  });
}

// ---------------------------------------------------------------------------------------------
// Queues

/** The console home's queues with counts (issue 16 "Queues": those whose areas exist). */
export async function queues(deps: AdminDeps, caller: AuthUser, now: Date) {
  requireConsole(caller, "queues.read");
  const c = await repo.queueCounts(deps.db, now);
  return [
    {
      queue: "REFUND_REQUESTS",
      label: "환불 결정 대기",
      count: c.refunds,
      path: "/_app/admin/refunds",
    },
    {
      queue: "FAILED_RENEWALS",
      label: "정기결제 실패",
      count: c.renewals,
      path: "/_app/admin/queues",
    },
    {
      queue: "VBANK_DEADLINE",
      label: "입금 기한 임박 가상계좌",
      count: c.vbanks,
      path: "/_app/admin/queues",
    },
    {
      queue: "FORMS_NOT_FILLED",
      label: "결제 3일 후에도 수업 신청서 미작성",
      count: c.forms,
      path: "/_app/admin/matchings",
    },
    {
      queue: "MATCHINGS_WITHOUT_TUTOR",
      label: "48시간 넘게 선생님 미매칭",
      count: c.matchings,
      path: "/_app/admin/matchings",
    },
    {
      queue: "STALLED_APPLICANTS",
      label: "멈춘 선생님 지원서",
      count: c.applicants,
      path: "/_app/admin/tutor-applications",
    },
    {
      queue: "ZERO_MINUTE_LESSONS",
      label: "0분으로 기록된 수업",
      count: c.zeroLessons,
      path: null,
    },
  ];
}

/** The lists behind the failed-renewal and virtual-account queues (read-only). */
export async function queueLists(deps: AdminDeps, caller: AuthUser, limit: number) {
  requireConsole(caller, "queues.read");
  const [renewals, deposits] = await Promise.all([
    repo.failedRenewals(deps.db, limit),
    repo.awaitingDeposits(deps.db, limit),
  ]);
  return { renewals, deposits };
}

// ---------------------------------------------------------------------------------------------
// Failed renewals (issue 16 "Actions": retry now, change date, mark NOCARD / NOPAY)

/** A subscription as the renewal actions answer it (won, UTC). */
function renewalView(s: SubscriptionRow) {
  return {
    subscriptionId: s.id,
    status: s.status,
    failedAttempts: s.failedAttempts,
    nextChargeAt: s.nextChargeAt.toISOString(),
    renewalAmount: s.renewalAmount,
  };
}

interface RenewalActionInput {
  idempotencyKey: string;
  subscriptionId: number;
  reasonCode: AdminReasonCode;
  reason: string;
}

/**
 * Charges a failed renewal now (ADMIN; payments `retryRenewalNow`): one charge of the renewal
 * amount for the attempt staff saw (`failedAttempts`), also under parallel clicks. Writes the
 * EXECUTION entry `admin_renewal_retry` (before/after subscription, the payment and its state).
 * @throws AppError forbidden; as payments' retryRenewalNow
 */
export async function retryRenewal(
  deps: AdminDeps,
  caller: AuthUser,
  input: RenewalActionInput & { failedAttempts: number },
  requestId: string | null,
) {
  requireConsole(caller, "renewal.retry");
  const { idempotencyKey, ...body } = input;
  return once(deps, caller, "renewal_retry", idempotencyKey, body, async () => {
    const reason = reasonText(input.reasonCode, input.reason);
    const result = await retryRenewalNow(deps.payments, input.subscriptionId, input.failedAttempts);
    const p = result.payment;
    await recordStaffAction(deps.db, {
      actor: caller,
      action: "admin_renewal_retry",
      record: `subscription:${input.subscriptionId}`,
      before: renewalView(result.before),
      after: { ...renewalView(result.after), paymentId: p.id, paymentState: p.state },
      reason,
      requestId,
      detail: { reasonCode: input.reasonCode, amount: p.paidPrice },
    });
    return {
      subscription: renewalView(result.after),
      payment: {
        paymentId: p.id,
        state: p.state,
        paidPrice: p.paidPrice,
        failReason: p.failReason,
      },
    };
  });
}

/**
 * Moves the next charge of a failed renewal (ADMIN; payments `rescheduleRenewal`) to
 * `nextChargeAt` (a future moment, UTC). EXECUTION entry `admin_renewal_reschedule`.
 * @throws AppError forbidden; validation `date_in_past`; as payments' rescheduleRenewal
 */
export async function rescheduleRenewalDate(
  deps: AdminDeps,
  caller: AuthUser,
  input: RenewalActionInput & { nextChargeAt: Date },
  requestId: string | null,
) {
  requireConsole(caller, "renewal.reschedule");
  if (input.nextChargeAt.getTime() <= deps.payments.clock.now().getTime()) {
    throw new AppError("validation", "date_in_past", RENEWAL_ADMIN_MESSAGES.dateInPast, [
      { field: "NEXT_CHARGE_AT", message: RENEWAL_ADMIN_MESSAGES.dateInPast },
    ]);
  }
  const { idempotencyKey, ...body } = input;
  return once(deps, caller, "renewal_reschedule", idempotencyKey, body, async () => {
    const reason = reasonText(input.reasonCode, input.reason);
    const { before, after } = await rescheduleRenewal(
      deps.payments,
      input.subscriptionId,
      input.nextChargeAt,
    );
    await recordStaffAction(deps.db, {
      actor: caller,
      action: "admin_renewal_reschedule",
      record: `subscription:${input.subscriptionId}`,
      before: renewalView(before),
      after: renewalView(after),
      reason,
      requestId,
      detail: { reasonCode: input.reasonCode, amount: after.renewalAmount },
    });
    return { subscription: renewalView(after) };
  });
}

export const RENEWAL_ADMIN_MESSAGES = {
  dateInPast: "다음 결제일은 지금 이후로 정해 주세요.",
  noLecture: "이 정기결제에 옮길 수 있는 수업이 없어요.",
} as const;

/**
 * Marks the lectures of a failed renewal NOCARD (no billing card) or NOPAY (unpaid) — SPEC
 * lecture states, moved through the lectures area (`moveLecture`, LECTURE_TRANSITIONS): every
 * lecture of the subscription's first order that the table lets move there; those already in
 * that state are left as they are. ADMIN. EXECUTION entry `admin_renewal_mark`.
 * @throws AppError forbidden; not_found `subscription_not_found`; conflict `no_lecture_to_mark`
 */
export async function markRenewalLectures(
  deps: AdminDeps,
  caller: AuthUser,
  input: RenewalActionInput & { state: "NOCARD" | "NOPAY" },
  requestId: string | null,
) {
  requireConsole(caller, "renewal.mark");
  const { idempotencyKey, ...body } = input;
  return once(deps, caller, "renewal_mark", idempotencyKey, body, async () => {
    const reason = reasonText(input.reasonCode, input.reason);
    const subscription = await findSubscriptionForStaff(deps.db, input.subscriptionId);
    if (!subscription || !["ACTIVE", "PAST_DUE"].includes(subscription.status)) {
      throw new AppError("not_found", "subscription_not_found", RENEWAL_ACTION_MESSAGES.notFound);
    }
    if (subscription.failedAttempts === 0) {
      throw new AppError("conflict", "renewal_not_failed", RENEWAL_ACTION_MESSAGES.notFailed);
    }
    const at = deps.payments.clock.now();
    const moved = await withTransaction(deps.db, async (tx) => {
      const lectures = subscription.firstPaymentId
        ? await findLecturesOfPayment(tx, subscription.firstPaymentId)
        : [];
      const out: { lectureId: number; from: string; to: string }[] = [];
      for (const seen of lectures) {
        const lecture = await findLectureById(tx, seen.id, { forUpdate: true });
        if (!lecture || lecture.state === input.state) continue;
        if (!canMoveLecture(lecture.state as LectureState, input.state)) continue;
        await moveLecture(deps.payments, tx, {
          lecture,
          to: input.state,
          at,
          initiator: initiatorOf(caller),
          actorUserId: caller.userNo,
          reason,
        });
        out.push({ lectureId: lecture.id, from: lecture.state, to: input.state });
      }
      if (out.length === 0) {
        throw new AppError("conflict", "no_lecture_to_mark", RENEWAL_ADMIN_MESSAGES.noLecture);
      }
      await recordStaffAction(tx, {
        actor: caller,
        action: "admin_renewal_mark",
        record: `subscription:${input.subscriptionId}`,
        before: { lectures: out.map((m) => ({ lectureId: m.lectureId, state: m.from })) },
        after: { lectures: out.map((m) => ({ lectureId: m.lectureId, state: m.to })) },
        reason,
        requestId,
        detail: { reasonCode: input.reasonCode, amount: subscription.renewalAmount },
      });
      return out;
    });
    return { subscriptionId: subscription.id, lectures: moved };
  });
}

// ---------------------------------------------------------------------------------------------
// Virtual accounts awaiting deposit (issue 16 "Actions": cancel, re-issue, remind)

interface VbankActionInput {
  idempotencyKey: string;
  paymentId: number;
  reasonCode: AdminReasonCode;
  reason: string;
}

export const VBANK_ADMIN_MESSAGES = {
  expired: "입금 기한이 지난 가상계좌예요. 알림 대신 새 계좌를 발급해 주세요.",
  noRecipient: "알림을 받을 수 있는 가족(전화번호)이 없어요.",
} as const;

/** A virtual-account payment as the vbank actions answer and audit it (won, UTC). */
function vbankPaymentView(p: PaymentRow) {
  return {
    paymentId: p.id,
    state: p.state,
    paidPrice: p.paidPrice,
    impUid: p.gatewayPaymentId,
    bankName: p.virtualAccount?.bankName ?? null,
    dueAt: p.virtualAccount?.dueAt ?? null,
  };
}

/**
 * Cancels a virtual account awaiting its deposit (ADMIN; payments `cancelAwaitingVbank`): the
 * gateway cancels the account and the order is FAILED. EXECUTION entry `admin_vbank_cancel`
 * (before/after, reason, amount) in the same transaction. Idempotent by key; two staff at once:
 * one cancels, the other gets 409 `vbank_not_awaiting`.
 * @throws AppError forbidden; as payments' cancelAwaitingVbank
 */
export async function cancelVbank(
  deps: AdminDeps,
  caller: AuthUser,
  input: VbankActionInput,
  requestId: string | null,
) {
  requireConsole(caller, "vbank.cancel");
  const { idempotencyKey, ...body } = input;
  return once(deps, caller, "vbank_cancel", idempotencyKey, body, async () => {
    const reason = reasonText(input.reasonCode, input.reason);
    const { after } = await cancelAwaitingVbank(deps.payments, input.paymentId, {
      initiator: initiatorOf(caller),
      actorUserId: caller.userNo,
      reason,
      record: (tx, change) =>
        recordStaffAction(tx, {
          actor: caller,
          action: "admin_vbank_cancel",
          record: `payment:${input.paymentId}`,
          before: vbankPaymentView(change.before),
          after: vbankPaymentView(change.after),
          reason,
          requestId,
          detail: { reasonCode: input.reasonCode, amount: change.before.paidPrice },
        }).then(() => undefined),
    });
    return { payment: vbankPaymentView(after) };
  });
}

/**
 * Re-issues a virtual account for the same order (ADMIN; payments `reissueAwaitingVbank`): the
 * old account is cancelled at the gateway and a new one issued with a deadline `dueDays` days
 * from now (end of that day, Asia/Seoul); the family is sent the new account. `impUid` is the
 * account the page showed (another one now: 409 `vbank_changed`, nothing done). EXECUTION
 * entry `admin_vbank_reissue` in the same transaction.
 * @throws AppError forbidden; as payments' reissueAwaitingVbank
 */
export async function reissueVbank(
  deps: AdminDeps,
  caller: AuthUser,
  input: VbankActionInput & { dueDays: number; impUid: string },
  requestId: string | null,
) {
  requireConsole(caller, "vbank.reissue");
  const { idempotencyKey, ...body } = input;
  return once(deps, caller, "vbank_reissue", idempotencyKey, body, async () => {
    const reason = reasonText(input.reasonCode, input.reason);
    const result = await reissueAwaitingVbank(
      deps.payments,
      input.paymentId,
      input.dueDays,
      input.impUid,
      {
        initiator: initiatorOf(caller),
        actorUserId: caller.userNo,
        reason,
        record: (tx, change) =>
          recordStaffAction(tx, {
            actor: caller,
            action: "admin_vbank_reissue",
            record: `payment:${input.paymentId}`,
            before: vbankPaymentView(change.before),
            after: vbankPaymentView(change.after),
            reason,
            requestId,
            detail: {
              reasonCode: input.reasonCode,
              amount: change.before.paidPrice,
              dueDays: input.dueDays,
            },
          }).then(() => undefined),
      },
    );
    return { payment: vbankPaymentView(result.after), vbank: result.vbank };
  });
}

/**
 * Sends the family a reminder of a virtual account awaiting its deposit (ADMIN, SALES_TEAM;
 * the messages area's `remindVbankDeposit`, template vbank-due-soon). Refused when the account
 * is not awaiting (409 `vbank_not_awaiting`), its deadline has passed (409 `vbank_expired`: a
 * re-issue is what helps) or nobody in the family has a phone (409 `no_recipient`). Idempotent
 * by key (one message per recipient per key). EXECUTION entry `admin_vbank_remind`.
 * @throws AppError forbidden; not_found `payment_not_found`; conflict as above
 */
export async function remindVbank(
  deps: AdminDeps,
  caller: AuthUser,
  input: VbankActionInput,
  requestId: string | null,
) {
  requireConsole(caller, "vbank.remind");
  const { idempotencyKey, ...body } = input;
  return once(deps, caller, "vbank_remind", idempotencyKey, body, async () => {
    const reason = reasonText(input.reasonCode, input.reason);
    const at = deps.payments.clock.now();
    return withTransaction(deps.db, async (tx) => {
      const payment = await findPaymentById(tx, input.paymentId);
      if (!payment) {
        throw new AppError("not_found", "payment_not_found", ADMIN_MESSAGES.paymentNotFound);
      }
      const account = payment.virtualAccount;
      if (payment.state !== "READY" || payment.paymentMethod !== "VBANK" || !account) {
        throw new AppError("conflict", "vbank_not_awaiting", VBANK_ACTION_MESSAGES.notAwaiting);
      }
      const dueAt = new Date(account.dueAt);
      if (dueAt.getTime() <= at.getTime()) {
        throw new AppError("conflict", "vbank_expired", VBANK_ADMIN_MESSAGES.expired);
      }
      const keys = await remindVbankDeposit(tx, {
        payment,
        vbank: { bankName: account.bankName, accountNumber: account.accountNumber, dueAt },
        key: idempotencyKey,
        at,
      });
      if (keys.length === 0) {
        throw new AppError("conflict", "no_recipient", VBANK_ADMIN_MESSAGES.noRecipient);
      }
      const view = vbankPaymentView(payment);
      await recordStaffAction(tx, {
        actor: caller,
        action: "admin_vbank_remind",
        record: `payment:${payment.id}`,
        before: view,
        after: { ...view, messages: keys.length },
        reason,
        requestId,
        detail: { reasonCode: input.reasonCode, amount: payment.paidPrice },
      });
      return { payment: view, messages: keys.length };
    });
  });
}
