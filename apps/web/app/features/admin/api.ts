/**
 * The operations console's calls (issue 16; docs/api/admin.md): POST /main/admin/console/* with
 * the stored token (ADMIN, SALES_TEAM). Field names as on the wire; money in won; times ISO UTC.
 */
import type { AdminAction, AdminReasonCode, TimelineKind } from "@seoltab/domain/admin";
import { restBlob, restRequest } from "../../lib/rest-client";

export interface PersonView {
  USER_NO: number;
  USER_NAME: string;
  EMAIL_ID: string;
  USER_TYPE: string;
  PHONE: string | null;
  PARENT_PHONE: string | null;
  GRADE: string | null;
  CREATED_AT: string | null;
}

export interface SearchHit {
  KIND: "PAYMENT" | "FAMILY";
  ID: number;
  AT: string;
  MATCHED_KEYS: string[];
  /** Why it matched, in Korean, one line per key. */
  MATCHED: string[];
  PAYMENT: {
    PAYMENT_ID: number;
    NAME: string;
    STATE: string;
    PAYMENT_METHOD: string;
    PAID_PRICE: number;
    REFUNDED_AMOUNT: number;
    MERCHANT_UID: string;
    IMP_UID: string | null;
    CARD_NUMBER: string | null;
    CARD_COMPANY: string | null;
    USER_NO: number;
    USER_NAME: string;
    CREATED_AT: string;
  } | null;
  USER: PersonView | null;
}

export interface SearchPage {
  HITS: SearchHit[];
  NEXT_CURSOR: string | null;
  DIRECT: { KIND: "PAYMENT" | "FAMILY"; ID: number } | null;
}

export function searchConsole(query: string, cursor?: string | null) {
  return restRequest<SearchPage>("main", "/admin/console/search", {
    body: { QUERY: query, LIMIT: 20, ...(cursor ? { CURSOR: cursor } : {}) },
  });
}

export interface TimelineEntry {
  KIND: TimelineKind;
  KEY: string;
  AT: string;
  TITLE: string;
  DETAIL: string | null;
  STATE: string | null;
  USER_NO: number | null;
  PAYMENT_ID: number | null;
  LECTURE_ID: number | null;
}

export interface FamilyPage {
  USER: PersonView;
  MEMBERS: PersonView[];
  TIMELINE: TimelineEntry[];
}

export function familyPage(userNo: number, kinds: TimelineKind[]) {
  return restRequest<FamilyPage>("main", "/admin/console/family", {
    body: { USER_NO: userNo, ...(kinds.length > 0 ? { KINDS: kinds } : {}) },
  });
}

export interface PaymentPage {
  PAYMENT: {
    PAYMENT_ID: number;
    NAME: string;
    STATE: string;
    PAYMENT_METHOD: string;
    INITIATOR: string;
    PRODUCTS_PRICE: number;
    DISCOUNTED_VALUE: number;
    PAID_PRICE: number;
    REFUNDED_AMOUNT: number;
    BALANCE: number;
    MERCHANT_UID: string;
    IMP_UID: string | null;
    RECEIPT_URL: string | null;
    FAIL_REASON: string | null;
    MEMO: string | null;
    VIRTUAL_ACCOUNT: {
      bankName: string;
      accountNumber: string;
      holder: string;
      dueAt: string;
    } | null;
    SUBSCRIPTION_ID: number | null;
    CREATED_AT: string;
    COMPLETED_AT: string | null;
  };
  USER: PersonView;
  CARD: { NUMBER: string | null; COMPANY: string; NAME: string; CARD_TYPE: string } | null;
  ITEMS: {
    PAYMENT_ITEM_ID: number;
    NAME: string;
    ITEM_KIND: string;
    MONTHS: number;
    PAID_PRICE: number;
    REFUNDED_AMOUNT: number;
    STATE: string | null;
  }[];
  HISTORY: {
    PAYMENT_ITEM_ID: number | null;
    FROM: string | null;
    TO: string;
    INITIATOR: string;
    ACTOR_USER_NO: number | null;
    REASON: string | null;
    AT: string;
  }[];
  REFUNDS: {
    REFUND_REQUEST_ID: number;
    STATE: string;
    CHANNEL: string;
    AMOUNT: number;
    RULE: string;
    REASON: string;
    NOTE: string | null;
    /** Kept refund account: number masked but the last 4; STAFF = a staff bank transfer. */
    REFUND_ACCOUNT: {
      BANK_CODE: string | null;
      HOLDER: string | null;
      ACCOUNT_NUMBER: string;
      TRANSFER: "STAFF" | "GATEWAY";
    } | null;
    PAYMENT_ITEM_IDS: number[];
    CREATED_AT: string;
    DECIDED_AT: string | null;
  }[];
  QUOTE: {
    REFUNDABLE_AMOUNT: number;
    RULE: string;
    EXPLANATION: string;
    CHANNEL: "CARD" | "BANK";
    REFUND_ACCOUNT_REQUIRED: boolean;
    REASONS: string[];
    ITEMS: { PAYMENT_ITEM_ID: number; AMOUNT: number; RULE: string; EXPLANATION: string }[];
  } | null;
  ACTIONS: { ACTION: "REFUND"; ALLOWED: boolean; WHY: string | null }[];
}

export function paymentPage(paymentId: number) {
  return restRequest<PaymentPage>("main", "/admin/console/payment", {
    body: { PAYMENT_ID: paymentId },
  });
}

export interface RefundRequestView {
  REFUND_REQUEST_ID: number;
  PAYMENT_ID: number;
  PAYMENT_ITEM_IDS: number[];
  STATE: string;
  CHANNEL: string;
  AMOUNT: number;
  RULE: string;
  BLOCKED_REASONS: string[];
  REASON: string;
  NOTE: string | null;
  CREATED_AT: string;
  DECIDED_AT: string | null;
}

export interface QueuedRefund extends RefundRequestView {
  PAYMENT_NAME: string;
  PAID_PRICE: number;
  REFUNDED_AMOUNT: number;
  USER_ID: number | null;
  USER_NAME: string;
  ITEMS: { PAYMENT_ITEM_ID: number; NAME: string; PAID_PRICE: number; REFUNDED_AMOUNT: number }[];
}

export function refundQueue() {
  return restRequest<{ REFUND_REQUESTS: QueuedRefund[] }>("main", "/admin/console/refund_queue", {
    body: { LIMIT: 50 },
  });
}

export function refundPayment(input: {
  IDEMPOTENCY_KEY: string;
  PAYMENT_ID: number;
  PAYMENT_ITEM_IDS?: number[];
  AMOUNT: number;
  REASON_CODE: AdminReasonCode;
  REASON: string;
  /** BANK on a card payment: a staff bank transfer to REFUND_ACCOUNT (decision 022). */
  CHANNEL?: "CARD" | "BANK";
  REFUND_ACCOUNT?: { BANK_CODE: string; ACCOUNT_NUMBER: string; HOLDER: string };
}) {
  return restRequest<{
    REFUND_REQUEST: RefundRequestView;
    BEFORE: { STATE: string; REFUNDED_AMOUNT: number };
    AFTER: { STATE: string; REFUNDED_AMOUNT: number };
  }>("main", "/admin/console/refund", { body: input });
}

export function decideRefund(input: {
  IDEMPOTENCY_KEY: string;
  REFUND_REQUEST_ID: number;
  DECISION: "APPROVE" | "REJECT";
  AMOUNT?: number;
  REASON_CODE: AdminReasonCode;
  REASON: string;
  /** APPROVE of a card request to a bank account: a staff transfer (decision 022). */
  CHANNEL?: "CARD" | "BANK";
  REFUND_ACCOUNT?: { BANK_CODE: string; ACCOUNT_NUMBER: string; HOLDER: string };
}) {
  return restRequest<{ REFUND_REQUEST: RefundRequestView }>(
    "main",
    "/admin/console/refund_decide",
    { body: input },
  );
}

export function addNote(input: { IDEMPOTENCY_KEY: string; USER_NO: number; BODY: string }) {
  return restRequest<{ NOTE_ID: number; CREATED_AT: string }>("main", "/admin/console/notes", {
    body: input,
  });
}

export interface QueuesPage {
  QUEUES: { QUEUE: string; LABEL: string; COUNT: number; PATH: string | null }[];
  FAILED_RENEWALS: {
    SUBSCRIPTION_ID: number;
    USER_NO: number;
    USER_NAME: string;
    NAME: string;
    STATUS: string;
    FAILED_ATTEMPTS: number;
    NEXT_CHARGE_AT: string;
    RENEWAL_AMOUNT: number;
  }[];
  AWAITING_DEPOSITS: {
    PAYMENT_ID: number;
    IMP_UID: string | null;
    USER_NO: number;
    USER_NAME: string;
    NAME: string;
    PAID_PRICE: number;
    BANK_NAME: string | null;
    DUE_AT: string | null;
    CREATED_AT: string;
  }[];
}

export function queuesPage() {
  return restRequest<QueuesPage>("main", "/admin/console/queues", { body: {} });
}

export function consoleMe() {
  return restRequest<{ USER_NO: number; ROLE: string; ACTIONS: AdminAction[] }>(
    "main",
    "/admin/console/me",
    { body: {} },
  );
}

/** A fresh idempotency key for one action (kept while its form is open). */
export function newActionKey(): string {
  return crypto.randomUUID();
}

/** One failed-renewal action's common fields (docs/api/admin.md "Failed renewals"; ADMIN). */
interface RenewalActionBody {
  IDEMPOTENCY_KEY: string;
  SUBSCRIPTION_ID: number;
  REASON_CODE: AdminReasonCode;
  REASON: string;
}

export interface RenewalSubscriptionView {
  SUBSCRIPTION_ID: number;
  STATUS: string;
  FAILED_ATTEMPTS: number;
  NEXT_CHARGE_AT: string;
  RENEWAL_AMOUNT: number;
}

export function retryRenewal(input: RenewalActionBody & { FAILED_ATTEMPTS: number }) {
  return restRequest<{
    SUBSCRIPTION: RenewalSubscriptionView;
    PAYMENT: { PAYMENT_ID: number; STATE: string; PAID_PRICE: number; FAIL_REASON: string | null };
  }>("main", "/admin/console/renewal_retry", { body: input });
}

export function rescheduleRenewal(input: RenewalActionBody & { NEXT_CHARGE_AT: string }) {
  return restRequest<{ SUBSCRIPTION: RenewalSubscriptionView }>(
    "main",
    "/admin/console/renewal_reschedule",
    { body: input },
  );
}

export function markRenewal(input: RenewalActionBody & { STATE: "NOCARD" | "NOPAY" }) {
  return restRequest<{
    SUBSCRIPTION_ID: number;
    LECTURES: { LECTURE_ID: number; FROM: string; TO: string }[];
  }>("main", "/admin/console/renewal_mark", { body: input });
}

/** One virtual-account action's common fields (docs/api/admin.md "Virtual accounts"). */
interface VbankActionBody {
  IDEMPOTENCY_KEY: string;
  PAYMENT_ID: number;
  REASON_CODE: AdminReasonCode;
  REASON: string;
}

export interface VbankPaymentView {
  PAYMENT_ID: number;
  STATE: string;
  PAID_PRICE: number;
  IMP_UID: string | null;
  BANK_NAME: string | null;
  DUE_AT: string | null;
}

/** Cancels the account (ADMIN): the order FAILED. */
export function cancelVbank(input: VbankActionBody) {
  return restRequest<{ PAYMENT: VbankPaymentView }>("main", "/admin/console/vbank_cancel", {
    body: input,
  });
}

/** A new account for the same order (ADMIN); IMP_UID = the account the page showed. */
export function reissueVbank(input: VbankActionBody & { IMP_UID: string; DUE_DAYS: number }) {
  return restRequest<{
    PAYMENT: VbankPaymentView;
    VIRTUAL_ACCOUNT: { BANK_NAME: string; ACCOUNT_NUMBER: string; HOLDER: string; DUE_AT: string };
  }>("main", "/admin/console/vbank_reissue", { body: input });
}

/** Sends the family the deposit reminder again (ADMIN, SALES_TEAM). */
export function remindVbank(input: VbankActionBody) {
  return restRequest<{ PAYMENT: VbankPaymentView; MESSAGES: number }>(
    "main",
    "/admin/console/vbank_remind",
    { body: input },
  );
}

/** Cash receipt details of a cash payment (현금영수증). */
export type CashReceipt =
  | { TYPE: "NONE" }
  | { TYPE: "INCOME_DEDUCTION"; NUMBER: string }
  | { TYPE: "EXPENSE_PROOF"; NUMBER: string };

/** Records a cash payment (ADMIN, SALES_TEAM); EXPECTED_PAID_PRICE = the amount confirmed. */
export function recordCash(input: {
  IDEMPOTENCY_KEY: string;
  USER_NO: number;
  ITEMS: { id: number; lecture_multiple: number }[];
  EXPECTED_PAID_PRICE: number;
  RECEIPT: CashReceipt;
  REASON_CODE: AdminReasonCode;
  REASON: string;
}) {
  return restRequest<{
    PAYMENT_ID: number;
    STATE: string;
    PAID_PRICE: number;
    MERCHANT_UID: string;
  }>("main", "/admin/console/cash", { body: input });
}

/** The console's list exports (ADMIN; each a SECURITY entry on the server). */
export const CONSOLE_EXPORTS = {
  FAILED_RENEWALS: { path: "/admin/exports/failed-renewals.csv", file: "정기결제실패" },
  AWAITING_DEPOSITS: { path: "/admin/exports/awaiting-deposits.csv", file: "입금대기가상계좌" },
  SEARCH: { path: "/admin/exports/search.csv", file: "검색결과" },
} as const;

/** The address of an export; `query` is the search text of the SEARCH export. */
export function consoleExportPath(list: keyof typeof CONSOLE_EXPORTS, query?: string): string {
  const { path } = CONSOLE_EXPORTS[list];
  return query ? `${path}?${new URLSearchParams({ QUERY: query }).toString()}` : path;
}

/** Downloads one of the console's CSV exports as a file named for the list and the Seoul day. */
export async function downloadConsoleCsv(
  list: keyof typeof CONSOLE_EXPORTS,
  query?: string,
  now = new Date(),
): Promise<void> {
  const blob = await restBlob("main", consoleExportPath(list, query));
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  const day = new Date(now.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
  a.href = url;
  a.download = `${CONSOLE_EXPORTS[list].file}-${day}.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
