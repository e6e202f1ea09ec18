/**
 * The console's actions on virtual accounts awaiting deposit (issue 16 "Actions"; docs/api/
 * admin.md): cancel (the gateway cancels the account, the order FAILED), re-issue (a new account
 * for the same order, the family told), remind (a message through the messages area); each
 * idempotent, each an EXECUTION entry, cancel / re-issue refused to SALES_TEAM with a SECURITY
 * entry. Also: a card payment refunded to a bank account by a staff transfer (channel BANK),
 * and the CSV exports of the console's lists. PGlite, and PostgreSQL with DATABASE_URL (every
 * assertion names this file's own rows).
 */
import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, schema, sql } from "@seoltab/db";
import { findAuditLogsByAction } from "../../platform/audit.ts";
import { createSandboxGateway, type SandboxGateway } from "../payments/gateway/sandbox.ts";
import { reconcilePayments } from "../payments/payments.jobs.ts";
import { buildTestApp, type TestApp } from "../../test/test-app.ts";
import { finishAction, releaseAction, reserveAction } from "./admin.repository.ts";
import {
  call,
  merchantUid,
  newUser,
  pricedDevice,
  registerCard,
  responseOf,
  smartMath,
  subscribe,
  type StoreItem,
  type TestUser,
} from "../payments/payments.test-support.ts";

let t: TestApp;
let gateway: SandboxGateway;
let admin: TestUser;
let sales: TestUser;
let math: StoreItem;
let device: StoreItem;

const key = () => randomUUID().replace(/-/g, "");
const why = { REASON_CODE: "CUSTOMER_REQUEST", REASON: "보호자 전화 요청" };
const BOM = "\uFEFF";

function consoleCall(user: TestUser, path: string, body: unknown) {
  return call(t, `/main/admin/console${path}`, body, { token: user.token });
}

function errorOf(res: LightMyRequestResponse) {
  return res.json().ONUEI_RES.DATA.RESPONSE.ERROR_CODE as string;
}

async function paymentRow(id: number) {
  const [row] = await t.database.db
    .select()
    .from(schema.payments)
    .where(eq(schema.payments.id, id));
  return row!;
}

async function messagesOf(paymentId: number) {
  return t.database.db
    .select()
    .from(schema.messages)
    .where(eq(schema.messages.subject, `payment:${paymentId}`));
}

/** A student's order paid by virtual account: READY with an account. */
async function awaitingVbank() {
  const student = await newUser(t);
  const res = await subscribe(t, student, {
    USER_NO: student.userNo,
    MERCHANT_UID: merchantUid(),
    PAYMENT_METHOD: "VBANK",
    ITEMS: [{ id: math.id, lecture_multiple: 1 }],
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = responseOf(res).PAYMENT_ID as number;
  const row = await paymentRow(id);
  expect(row).toMatchObject({ state: "READY", paymentMethod: "VBANK" });
  return { student, id, row };
}

async function entriesOf(action: string, paymentId: number) {
  return (await findAuditLogsByAction(t.database.db, action)).filter(
    (e) => e.target === `payment:${paymentId}`,
  );
}

beforeAll(async () => {
  gateway = createSandboxGateway();
  t = await buildTestApp({}, {}, { payments: { gateway } });
  math = await smartMath(t);
  device = await pricedDevice(t);
  [admin, sales] = await Promise.all([newUser(t, "ADMIN"), newUser(t, "SALES_TEAM")]);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe("cancel", () => {
  it("cancels the account at the gateway once under parallel clicks; the order FAILED; audited", async () => {
    const { id, row } = await awaitingVbank();
    const keys = [key(), key(), key()];
    const results = await Promise.all([
      ...keys.map((k) =>
        consoleCall(admin, "/vbank_cancel", { IDEMPOTENCY_KEY: k, PAYMENT_ID: id, ...why }),
      ),
      // The same key twice at once: one runs, the other is told it is running (or replayed).
      consoleCall(admin, "/vbank_cancel", { IDEMPOTENCY_KEY: keys[0], PAYMENT_ID: id, ...why }),
    ]);
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode, r.body).toBe(409);
      expect(["vbank_not_awaiting", "action_in_progress"]).toContain(errorOf(r));
    }
    const body = responseOf(ok[0]!);
    expect(body.PAYMENT).toMatchObject({
      PAYMENT_ID: id,
      STATE: "FAILED",
      PAID_PRICE: row.paidPrice,
      IMP_UID: row.gatewayPaymentId,
    });
    expect(await paymentRow(id)).toMatchObject({ state: "FAILED" });
    expect((await gateway.getPayment(row.gatewayPaymentId!))?.status).toBe("cancelled");
    // One effect: one transition, one EXECUTION entry (with before/after, reason, amount).
    const moves = await t.database.db
      .select()
      .from(schema.paymentTransitions)
      .where(
        and(
          eq(schema.paymentTransitions.paymentId, id),
          eq(schema.paymentTransitions.toState, "FAILED"),
        ),
      );
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({ initiator: "ADMIN", actorUserId: admin.userNo });
    const entries = await entriesOf("admin_vbank_cancel", id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: "EXECUTION", actorUserId: admin.userNo });
    expect(entries[0]!.detail).toMatchObject({
      role: "ADMIN",
      amount: row.paidPrice,
      reason: "고객 요청 — 보호자 전화 요청",
      before: { state: "READY", paymentId: id },
      after: { state: "FAILED", paymentId: id },
    });
    // The deadline reminder will not be sent.
    const reminders = (await messagesOf(id)).filter((m) => m.templateId === "vbank-due-soon");
    expect(reminders.map((m) => m.state)).not.toContain("PENDING");

    // The winning key again: the kept answer, nothing done twice.
    const winner = keys.find((_, i) => results[i]!.statusCode === 200)!;
    const again = await consoleCall(admin, "/vbank_cancel", {
      IDEMPOTENCY_KEY: winner,
      PAYMENT_ID: id,
      ...why,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(responseOf(again)).toEqual(body);
    expect(await entriesOf("admin_vbank_cancel", id)).toHaveLength(1);
  });

  it("refuses SALES_TEAM on cancel and re-issue (a SECURITY entry each), nothing changed", async () => {
    const { id, row } = await awaitingVbank();
    for (const path of ["/vbank_cancel", "/vbank_reissue"]) {
      const res = await consoleCall(sales, path, {
        IDEMPOTENCY_KEY: key(),
        PAYMENT_ID: id,
        ...(path === "/vbank_reissue" ? { IMP_UID: row.gatewayPaymentId } : {}),
        ...why,
      });
      expect(res.statusCode, res.body).toBe(403);
      expect(errorOf(res)).toBe("admin_role_required");
      const denials = await findAuditLogsByAction(t.database.db, "permission_denied", {
        actorUserId: sales.userNo,
      });
      expect(denials.find((d) => d.target === `POST /main/admin/console${path}`)).toMatchObject({
        kind: "SECURITY",
        detail: { role: "SALES_TEAM", code: "admin_role_required" },
      });
    }
    expect(await paymentRow(id)).toMatchObject({
      state: "READY",
      gatewayPaymentId: row.gatewayPaymentId,
    });
    expect((await gateway.getPayment(row.gatewayPaymentId!))?.status).toBe("ready");
  });

  it("a virtual account cancelled at the gateway before any deposit is FAILED, never PAID", async () => {
    const { id, row } = await awaitingVbank();
    await gateway.cancelVirtualAccount(row.gatewayPaymentId!);
    const hook = await call(t, "/main/portone_webhook", {
      imp_uid: row.gatewayPaymentId,
      merchant_uid: row.merchantUid,
      status: "cancelled",
    });
    expect(hook.statusCode, hook.body).toBe(200);
    expect(await paymentRow(id)).toMatchObject({ state: "FAILED", refundedAmount: 0 });
  });
});

describe("re-issue", () => {
  it("gives the same order a new account and deadline; the old one is cancelled; the deposit pays it", async () => {
    const { id, row } = await awaitingVbank();
    const k = key();
    const body = {
      IDEMPOTENCY_KEY: k,
      PAYMENT_ID: id,
      IMP_UID: row.gatewayPaymentId,
      DUE_DAYS: 5,
      ...why,
    };
    // Two staff re-issuing the account they both saw: one new account, the other told.
    const [a, b] = await Promise.all([
      consoleCall(admin, "/vbank_reissue", body),
      consoleCall(admin, "/vbank_reissue", { ...body, IDEMPOTENCY_KEY: key() }),
    ]);
    const ok = [a, b].filter((r) => r.statusCode === 200);
    expect(ok, `${a.body} ${b.body}`).toHaveLength(1);
    const loser = [a, b].find((r) => r.statusCode !== 200)!;
    expect(loser.statusCode, loser.body).toBe(409);
    expect(errorOf(loser)).toBe("vbank_changed");
    const res = responseOf(ok[0]!);
    const after = await paymentRow(id);
    expect(after).toMatchObject({ state: "READY", merchantUid: row.merchantUid });
    expect(after.gatewayPaymentId).not.toBe(row.gatewayPaymentId);
    expect(res.VIRTUAL_ACCOUNT.ACCOUNT_NUMBER).toBe(after.virtualAccount!.accountNumber);
    const due = new Date(res.VIRTUAL_ACCOUNT.DUE_AT).getTime();
    expect(due - Date.now()).toBeGreaterThan(4 * 86_400_000);
    expect(due - Date.now()).toBeLessThan(6 * 86_400_000);
    expect((await gateway.getPayment(row.gatewayPaymentId!))?.status).toBe("cancelled");
    expect((await gateway.findPaymentByMerchantUid(row.merchantUid))?.impUid).toBe(
      after.gatewayPaymentId,
    );
    // The family is told the new account; the old reminder is dropped for the new one.
    const messages = await messagesOf(id);
    const issued = messages.filter((m) => m.templateId === "vbank-issued");
    expect(issued.length).toBeGreaterThanOrEqual(2);
    expect(issued.some((m) => m.text.includes(after.virtualAccount!.accountNumber))).toBe(true);
    const pendingReminders = messages.filter(
      (m) => m.templateId === "vbank-due-soon" && m.state === "PENDING",
    );
    expect(
      pendingReminders.every((m) => m.text.includes(after.virtualAccount!.accountNumber)),
    ).toBe(true);
    const entries = await entriesOf("admin_vbank_reissue", id);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.detail).toMatchObject({
      role: "ADMIN",
      amount: row.paidPrice,
      dueDays: 5,
      before: { impUid: row.gatewayPaymentId, state: "READY" },
      after: { impUid: after.gatewayPaymentId, state: "READY" },
    });
    // A reconciliation pass reads the new account and leaves it as it is.
    await reconcilePayments(t.app.payments.deps);
    expect((await paymentRow(id)).gatewayPaymentId).toBe(after.gatewayPaymentId);
    // The deposit into the new account pays the order.
    await gateway.simulateDeposit(after.gatewayPaymentId!);
    await call(t, "/main/portone_webhook", {
      imp_uid: after.gatewayPaymentId,
      merchant_uid: row.merchantUid,
      status: "paid",
    });
    expect(await paymentRow(id)).toMatchObject({ state: "PAID" });
    // A paid order is no longer awaiting: re-issue and cancel refuse.
    const late = await consoleCall(admin, "/vbank_cancel", {
      IDEMPOTENCY_KEY: key(),
      PAYMENT_ID: id,
      ...why,
    });
    expect(late.statusCode).toBe(409);
    expect(errorOf(late)).toBe("vbank_not_awaiting");
  });
});

describe("remind", () => {
  it("SALES_TEAM sends the family one reminder per key; an expired account is refused", async () => {
    const { id, row } = await awaitingVbank();
    // The payment page of an order awaiting its deposit: its account; items have no state yet.
    const page = await consoleCall(sales, "/payment", { PAYMENT_ID: id });
    expect(page.statusCode, page.body).toBe(200);
    expect(responseOf(page).PAYMENT).toMatchObject({
      STATE: "READY",
      PAYMENT_METHOD: "VBANK",
      VIRTUAL_ACCOUNT: { accountNumber: row.virtualAccount!.accountNumber },
    });
    expect(responseOf(page).ITEMS[0].STATE).toBeNull();
    const k = key();
    const body = { IDEMPOTENCY_KEY: k, PAYMENT_ID: id, ...why };
    const first = await consoleCall(sales, "/vbank_remind", body);
    expect(first.statusCode, first.body).toBe(200);
    expect(responseOf(first)).toMatchObject({ MESSAGES: 1, PAYMENT: { STATE: "READY" } });
    const again = await consoleCall(sales, "/vbank_remind", body);
    expect(responseOf(again)).toEqual(responseOf(first));
    const reminders = await t.database.db
      .select()
      .from(schema.messages)
      .where(sql`${schema.messages.idempotencyKey} like ${`vbank-remind:${id}:%`}`);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({ templateId: "vbank-due-soon", state: "PENDING" });
    expect(reminders[0]!.text).toContain(row.virtualAccount!.accountNumber);
    const entries = await entriesOf("admin_vbank_remind", id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: "EXECUTION", actorUserId: sales.userNo });
    expect(entries[0]!.detail).toMatchObject({ role: "SALES_TEAM", after: { messages: 1 } });

    // Past its deadline: a reminder cannot help (re-issue does).
    await t.database.db
      .update(schema.payments)
      .set({ virtualAccount: { ...row.virtualAccount!, dueAt: "2020-01-01T00:00:00.000Z" } })
      .where(eq(schema.payments.id, id));
    const expired = await consoleCall(sales, "/vbank_remind", { ...body, IDEMPOTENCY_KEY: key() });
    expect(expired.statusCode).toBe(409);
    expect(errorOf(expired)).toBe("vbank_expired");
  });
});

describe("refund of a card payment to a bank account (channel BANK)", () => {
  it("is recorded as a staff transfer (no gateway cancel), the account masked; later refunds stay BANK", async () => {
    const student = await newUser(t);
    await registerCard(t, student);
    const res = await subscribe(t, student, {
      USER_NO: student.userNo,
      MERCHANT_UID: merchantUid(),
      PAYMENT_METHOD: "BILLING_CARD",
      ITEMS: [
        { id: math.id, lecture_multiple: 1 },
        { id: device.id, lecture_multiple: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = responseOf(res).PAYMENT_ID as number;
    const paid = await paymentRow(id);
    const items = await t.database.db
      .select()
      .from(schema.paymentItems)
      .where(eq(schema.paymentItems.paymentId, id));
    const lecture = items.find((i) => i.itemKind === "LECTURE")!;
    const tablet = items.find((i) => i.itemKind === "DEVICE")!;
    const amount = Math.floor(lecture.paidPrice / 4);
    const account = { BANK_CODE: "088", ACCOUNT_NUMBER: "110123456789", HOLDER: "박보호" };
    const refund = (extra: Record<string, unknown>) =>
      consoleCall(admin, "/refund", {
        IDEMPOTENCY_KEY: key(),
        PAYMENT_ID: id,
        REASON_CODE: "CARD_ISSUE",
        REASON: "카드 해지",
        ...extra,
      });
    const noAccount = await refund({
      PAYMENT_ITEM_IDS: [lecture.id],
      AMOUNT: amount,
      CHANNEL: "BANK",
    });
    expect(noAccount.statusCode).toBe(400);
    expect(errorOf(noAccount)).toBe("refund_account_required");

    const done = await refund({
      PAYMENT_ITEM_IDS: [lecture.id],
      AMOUNT: amount,
      CHANNEL: "BANK",
      REFUND_ACCOUNT: account,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(responseOf(done).REFUND_REQUEST).toMatchObject({ STATE: "REFUNDED", CHANNEL: "BANK" });
    expect(responseOf(done).AFTER).toMatchObject({
      STATE: "PARTIALLY_REFUNDED",
      REFUNDED_AMOUNT: amount,
    });
    // Nothing was cancelled at the gateway.
    expect((await gateway.getPayment(paid.gatewayPaymentId!))?.cancelAmount).toBe(0);
    const [request] = await t.database.db
      .select()
      .from(schema.refundRequests)
      .where(eq(schema.refundRequests.paymentId, id));
    expect(request!.refundAccount).toEqual({
      bankCode: "088",
      holder: "박보호",
      accountNumber: "********6789",
      transfer: "STAFF",
    });
    expect(JSON.stringify(request)).not.toContain("110123456789");
    const page = await consoleCall(admin, "/payment", { PAYMENT_ID: id });
    expect(responseOf(page).REFUNDS[0]).toMatchObject({
      CHANNEL: "BANK",
      STATE: "REFUNDED",
      REFUND_ACCOUNT: {
        BANK_CODE: "088",
        HOLDER: "박보호",
        ACCOUNT_NUMBER: "********6789",
        TRANSFER: "STAFF",
      },
    });
    const [entry] = await entriesOf("admin_refund_payment", id);
    expect(entry!.detail).toMatchObject({ channel: "BANK", staffTransfer: true, amount });
    const audits = await findAuditLogsByAction(t.database.db, "refund_decided");
    expect(JSON.stringify(audits)).not.toContain("110123456789");

    // The gateway's balance no longer matches ours: a card cancel of the rest is refused before
    // anything is opened; the rest goes to a bank account too.
    const byCard = await refund({ PAYMENT_ITEM_IDS: [tablet.id], AMOUNT: 1000 });
    expect(byCard.statusCode, byCard.body).toBe(409);
    expect(errorOf(byCard)).toBe("refund_channel_bank_required");
    const [tabletAfter] = await t.database.db
      .select()
      .from(schema.paymentItems)
      .where(eq(schema.paymentItems.id, tablet.id));
    expect(tabletAfter!.state).toBe("PAID");
    expect((await paymentRow(id)).refundedAmount).toBe(amount);
    const rest = await refund({
      PAYMENT_ITEM_IDS: [tablet.id],
      AMOUNT: 1000,
      CHANNEL: "BANK",
      REFUND_ACCOUNT: account,
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect((await paymentRow(id)).refundedAmount).toBe(amount + 1000);
    expect((await gateway.getPayment(paid.gatewayPaymentId!))?.cancelAmount).toBe(0);
  });
});

describe("exports of the console's lists", () => {
  it("failed renewals, awaiting deposits and search results as CSV (ADMIN), each a SECURITY entry", async () => {
    const { id, student } = await awaitingVbank();
    const get = (user: TestUser, path: string) =>
      t.app.inject({
        method: "GET",
        url: `/main/admin/exports/${path}`,
        headers: { authorization: `Bearer ${user.token}` },
      });
    const deposits = await get(admin, "awaiting-deposits.csv");
    expect(deposits.statusCode, deposits.body).toBe(200);
    expect(deposits.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(deposits.body.startsWith(BOM)).toBe(true);
    const lines = deposits.body.slice(1).split("\r\n").filter(Boolean);
    expect(lines[0]).toContain("입금 기한");
    expect(lines.some((l) => l.startsWith(`${id},${student.userNo},`))).toBe(true);

    const renewals = await get(admin, "failed-renewals.csv");
    expect(renewals.statusCode).toBe(200);
    expect(renewals.body.slice(1).split("\r\n")[0]).toContain("실패 횟수");

    const search = await get(admin, `search.csv?QUERY=${id}`);
    expect(search.statusCode, search.body).toBe(200);
    const hits = search.body.slice(1).split("\r\n").filter(Boolean);
    expect(hits.some((l) => l.startsWith(`결제,${id},`))).toBe(true);

    const exports = (
      await findAuditLogsByAction(t.database.db, "csv_export", { actorUserId: admin.userNo })
    ).map((e) => e.target);
    expect(exports).toEqual(
      expect.arrayContaining([
        "export:awaiting-deposits",
        "export:failed-renewals",
        "export:search",
      ]),
    );
    const searchEntry = (
      await findAuditLogsByAction(t.database.db, "csv_export", { actorUserId: admin.userNo })
    ).find((e) => e.target === "export:search")!;
    // The keys tried and the text's length, never the text.
    expect(searchEntry.detail).toMatchObject({
      list: "search",
      filter: { keys: expect.arrayContaining(["PAYMENT_ID"]), length: String(id).length },
    });
    expect(Object.keys(searchEntry.detail.filter as object).sort()).toEqual(["keys", "length"]);

    for (const path of ["awaiting-deposits.csv", "failed-renewals.csv", `search.csv?QUERY=${id}`]) {
      const refused = await get(sales, path);
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused)).toBe("admin_role_required");
    }
  });
});

describe("idempotency keys (admin_actions, ADMIN_ACTION_TRANSITIONS RUNNING → DONE)", () => {
  it("a DONE answer is never overwritten, and its key is never freed", async () => {
    const db = t.database.db;
    const entry = {
      key: key(),
      actorUserId: admin.userNo,
      action: "vbank_cancel",
      requestHash: "h".repeat(64),
      at: new Date(),
    };
    expect(await reserveAction(db, entry)).toBe("reserved");
    await finishAction(db, entry.key, { first: true }, new Date());
    await finishAction(db, entry.key, { second: true }, new Date());
    await releaseAction(db, entry.key);
    const kept = await reserveAction(db, entry);
    expect(kept).toMatchObject({ state: "DONE", response: { first: true } });
  });
});
