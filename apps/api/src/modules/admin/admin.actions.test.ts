/**
 * The console's actions on failed renewals (issue 16 "Actions"; docs/api/admin.md): retry now
 * (one charge under parallel clicks), change date, mark NOCARD / NOPAY; each idempotent, each an
 * EXECUTION audit entry with the amount, SALES_TEAM refused (ADMIN only). PGlite, and PostgreSQL
 * with DATABASE_URL (every assertion names this file's own rows).
 */
import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, schema } from "@seoltab/db";
import { findAuditLogsByAction } from "../../platform/audit.ts";
import { buildTestApp, type TestApp } from "../../test/test-app.ts";
import {
  call,
  merchantUid,
  newUser,
  registerCard,
  responseOf,
  smartMath,
  subscribe,
  type StoreItem,
  type TestUser,
} from "../payments/payments.test-support.ts";

let t: TestApp;
let admin: TestUser;
let sales: TestUser;
let math: StoreItem;

const key = () => randomUUID().replace(/-/g, "");

function consoleCall(user: TestUser, path: string, body: unknown) {
  return call(t, `/main/admin/console${path}`, body, { token: user.token });
}

function errorOf(res: LightMyRequestResponse) {
  return res.json().ONUEI_RES.DATA.RESPONSE.ERROR_CODE as string;
}

/** A paid 1-month subscription whose renewal failed `attempts` times (PAST_DUE at 3). */
async function failedRenewal(attempts = 1) {
  const student = await newUser(t);
  await registerCard(t, student);
  const res = await subscribe(t, student, {
    USER_NO: student.userNo,
    MERCHANT_UID: merchantUid(),
    PAYMENT_METHOD: "BILLING_CARD",
    ITEMS: [{ id: math.id, lecture_multiple: 1 }],
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = responseOf(res).SUBSCRIPTION.ID as number;
  await t.database.db
    .update(schema.subscriptions)
    .set({ failedAttempts: attempts, status: attempts >= 3 ? "PAST_DUE" : "ACTIVE" })
    .where(eq(schema.subscriptions.id, id));
  return { student, id };
}

async function renewalsOf(subscriptionId: number) {
  return t.database.db
    .select()
    .from(schema.payments)
    .where(
      and(eq(schema.payments.subscriptionId, subscriptionId), eq(schema.payments.billingPeriod, 2)),
    );
}

const why = { REASON_CODE: "CARD_ISSUE", REASON: "카드 한도 복구 확인" };

beforeAll(async () => {
  t = await buildTestApp();
  math = await smartMath(t);
  [admin, sales] = await Promise.all([newUser(t, "ADMIN"), newUser(t, "SALES_TEAM")]);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe("retry now", () => {
  it("charges a PAST_DUE renewal once under parallel clicks; the repeat key answers the same", async () => {
    const { id } = await failedRenewal(3);
    const keys = [key(), key(), key(), key()];
    const results = await Promise.all(
      keys.map((k) =>
        consoleCall(admin, "/renewal_retry", {
          IDEMPOTENCY_KEY: k,
          SUBSCRIPTION_ID: id,
          FAILED_ATTEMPTS: 3,
          ...why,
        }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode, r.body).toBe(409);
      expect(errorOf(r)).toBe("renewal_changed");
    }
    const payments = await renewalsOf(id);
    expect(payments.map((p) => p.state)).toEqual(["PAID"]);
    for (const r of ok) {
      expect(responseOf(r).PAYMENT.PAYMENT_ID).toBe(payments[0]!.id);
    }
    // A caller that lost the reservation answers with what it read at that moment: the payment
    // may still be READY, or already PAID while the subscription's advance (its own transaction
    // after the charge, retried by the next run if the process stops between) is not committed
    // yet (ACTIVE, 3 attempts). The winner reads after both, so one answer shows the end state.
    const settled = ok
      .map(responseOf)
      .filter((b) => b.PAYMENT.STATE === "PAID" && b.SUBSCRIPTION.FAILED_ATTEMPTS === 0);
    expect(settled.length).toBeGreaterThanOrEqual(1);
    const body = settled[0]!;
    expect(body.SUBSCRIPTION).toMatchObject({ STATUS: "ACTIVE", FAILED_ATTEMPTS: 0 });
    expect(body.PAYMENT.PAID_PRICE).toBe(body.SUBSCRIPTION.RENEWAL_AMOUNT);
    const [after] = await t.database.db
      .select()
      .from(schema.subscriptions)
      .where(eq(schema.subscriptions.id, id));
    expect(after).toMatchObject({ status: "ACTIVE", failedAttempts: 0, paidMonths: 2 });

    // Same key again: the kept answer, no new charge.
    const okKey = keys[results.indexOf(ok[0]!)]!;
    const again = await consoleCall(admin, "/renewal_retry", {
      IDEMPOTENCY_KEY: okKey,
      SUBSCRIPTION_ID: id,
      FAILED_ATTEMPTS: 3,
      ...why,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(responseOf(again).PAYMENT.PAYMENT_ID).toBe(payments[0]!.id);
    expect(await renewalsOf(id)).toHaveLength(1);

    const entries = (await findAuditLogsByAction(t.database.db, "admin_renewal_retry")).filter(
      (e) => e.target === `subscription:${id}`,
    );
    expect(entries).toHaveLength(ok.length);
    // The caller that made the PAST_DUE subscription ACTIVE saw PAST_DUE; a parallel one, ACTIVE.
    const first = entries.find(
      (e) => (e.detail.before as { status: string } | null)?.status === "PAST_DUE",
    );
    expect(first).toMatchObject({ kind: "EXECUTION", actorUserId: admin.userNo });
    expect(first!.detail).toMatchObject({
      role: "ADMIN",
      amount: payments[0]!.paidPrice,
      before: { status: "PAST_DUE", failedAttempts: 3 },
      after: { paymentId: payments[0]!.id },
    });
    expect(String(entries[0]!.detail.reason)).toContain("카드 한도 복구 확인");
  });

  it("refuses SALES_TEAM, a renewal that did not fail, and bad input; nothing charged", async () => {
    const { id } = await failedRenewal(1);
    const body = { IDEMPOTENCY_KEY: key(), SUBSCRIPTION_ID: id, FAILED_ATTEMPTS: 1, ...why };
    const refused = await consoleCall(sales, "/renewal_retry", body);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toBe("admin_role_required");
    const stale = await consoleCall(admin, "/renewal_retry", { ...body, FAILED_ATTEMPTS: 2 });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale)).toBe("renewal_changed");
    const noReason = await consoleCall(admin, "/renewal_retry", { ...body, REASON: "" });
    expect(noReason.statusCode).toBe(400);
    const extra = await consoleCall(admin, "/renewal_retry", { ...body, AMOUNT: 1 });
    expect(extra.statusCode).toBe(400);
    expect(await renewalsOf(id)).toHaveLength(0);

    const { id: healthy } = await failedRenewal(0);
    const notFailed = await consoleCall(admin, "/renewal_retry", {
      ...body,
      IDEMPOTENCY_KEY: key(),
      SUBSCRIPTION_ID: healthy,
      FAILED_ATTEMPTS: 1,
    });
    expect(notFailed.statusCode).toBe(409);
    expect(await renewalsOf(healthy)).toHaveLength(0);
  });
});

describe("change date", () => {
  it("moves the next charge (ADMIN), refuses a past date and SALES_TEAM", async () => {
    const { id } = await failedRenewal(2);
    const at = new Date(Date.now() + 5 * 86_400_000);
    at.setUTCMilliseconds(0);
    const body = {
      IDEMPOTENCY_KEY: key(),
      SUBSCRIPTION_ID: id,
      NEXT_CHARGE_AT: at.toISOString(),
      ...why,
    };
    const refused = await consoleCall(sales, "/renewal_reschedule", body);
    expect(refused.statusCode).toBe(403);
    const past = await consoleCall(admin, "/renewal_reschedule", {
      ...body,
      IDEMPOTENCY_KEY: key(),
      NEXT_CHARGE_AT: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(errorOf(past)).toBe("date_in_past");

    const res = await consoleCall(admin, "/renewal_reschedule", body);
    expect(res.statusCode, res.body).toBe(200);
    expect(responseOf(res).SUBSCRIPTION).toMatchObject({
      SUBSCRIPTION_ID: id,
      NEXT_CHARGE_AT: at.toISOString(),
      FAILED_ATTEMPTS: 2,
    });
    const [row] = await t.database.db
      .select()
      .from(schema.subscriptions)
      .where(eq(schema.subscriptions.id, id));
    expect(row!.nextChargeAt.toISOString()).toBe(at.toISOString());
    const entries = (await findAuditLogsByAction(t.database.db, "admin_renewal_reschedule")).filter(
      (e) => e.target === `subscription:${id}`,
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]!.detail).toMatchObject({
      role: "ADMIN",
      after: { nextChargeAt: at.toISOString() },
    });
  });
});

describe("mark NOCARD / NOPAY", () => {
  it("moves the subscription's lectures through the lectures area; SALES_TEAM refused", async () => {
    const { id } = await failedRenewal(1);
    const [sub] = await t.database.db
      .select()
      .from(schema.subscriptions)
      .where(eq(schema.subscriptions.id, id));
    const body = { IDEMPOTENCY_KEY: key(), SUBSCRIPTION_ID: id, STATE: "NOCARD", ...why };
    const refused = await consoleCall(sales, "/renewal_mark", body);
    expect(refused.statusCode).toBe(403);
    const bad = await consoleCall(admin, "/renewal_mark", { ...body, STATE: "FINISH" });
    expect(bad.statusCode).toBe(400);

    const res = await consoleCall(admin, "/renewal_mark", body);
    expect(res.statusCode, res.body).toBe(200);
    const lectures = responseOf(res).LECTURES as { LECTURE_ID: number; TO: string }[];
    expect(lectures.length).toBeGreaterThanOrEqual(1);
    const rows = await t.database.db
      .select()
      .from(schema.lectures)
      .where(eq(schema.lectures.paymentId, sub!.firstPaymentId!));
    expect(rows.map((l) => l.state)).toEqual(rows.map(() => "NOCARD"));

    const nopay = await consoleCall(admin, "/renewal_mark", {
      ...body,
      IDEMPOTENCY_KEY: key(),
      STATE: "NOPAY",
    });
    expect(nopay.statusCode, nopay.body).toBe(200);
    const again = await consoleCall(admin, "/renewal_mark", {
      ...body,
      IDEMPOTENCY_KEY: key(),
      STATE: "NOPAY",
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe("no_lecture_to_mark");
    const entries = (await findAuditLogsByAction(t.database.db, "admin_renewal_mark")).filter(
      (e) => e.target === `subscription:${id}`,
    );
    expect(entries).toHaveLength(2);
    expect(entries.every((e) => e.kind === "EXECUTION")).toBe(true);
  });
});
