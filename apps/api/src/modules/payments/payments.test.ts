/**
 * Payments API: billing cards, checkout (billing card, virtual account, one-time card, cash),
 * idempotency on MERCHANT_UID, declines, time-outs and reconciliation, webhooks, renewals,
 * userPayments, and bad input (issue #4). Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { and, eq, schema, sql } from "@seoltab/db";
import { INVALID_CARD_MESSAGE, TransitionNotAllowedError } from "@seoltab/domain";
import { offsetClock } from "../../clock.ts";
import type { TestApp } from "../../test/test-app.ts";
import { useSandboxApp } from "../../test/sandbox-app.ts";
import type { SandboxGateway } from "./gateway/sandbox.ts";
import { chargeDueRenewals, reconcilePayments } from "./payments.jobs.ts";
import {
  insertReadyPayment,
  insertSubscriptionOnce,
  transitionPayment,
} from "./payments.repository.ts";
import {
  CARDS,
  call,
  futureExpiry,
  graphql,
  linkParent,
  merchantUid,
  newUser,
  pricedDevice,
  registerCard,
  responseOf,
  subscribe,
  type StoreItem,
  type TestUser,
  studentWithCard,
} from "./payments.test-support.ts";

let t: TestApp;
let gateway: SandboxGateway;
const clock = offsetClock();
let math: StoreItem;
let device: StoreItem;
const logLines: string[] = [];

useSandboxApp(
  {
    clock,
    paymentSettings: { duplicateWaitMs: 10_000 },
    env: { LOG_LEVEL: "info" },
    logger: {
      level: "info",
      stream: new Writable({
        write(chunk, _enc, done) {
          logLines.push(String(chunk));
          done();
        },
      }),
    },
  },
  async (app) => {
    ({ t, sandbox: gateway, math } = app);
    device = await pricedDevice(t);
  },
);

/** A student with a card and a sales policy of their own: 형제 할인 10,000원 off each lecture line. */
async function studentWithSiblingDiscount(): Promise<TestUser> {
  const student = await studentWithCard(t);
  const [method] = await t.database.db
    .insert(schema.salesMethods)
    .values({ name: "형제 할인", userId: student.userNo })
    .returning();
  await t.database.db.insert(schema.salesPolicies).values({
    salesMethodId: method!.id,
    name: "형제 할인 10,000원",
    discountKind: "ADDITIONAL_LECTURE_DISCOUNT",
    discountType: "AMOUNT",
    value: 10_000,
    itemKind: "LECTURE",
  });
  return student;
}

function order(student: TestUser, extra: Record<string, unknown> = {}) {
  return {
    USER_NO: student.userNo,
    MERCHANT_UID: merchantUid(),
    PAYMENT_METHOD: "BILLING_CARD",
    ITEMS: [{ id: math.id, lecture_multiple: 3 }],
    ...extra,
  };
}

function chargesFor(uid: string) {
  return gateway.charges().filter((c) => c.merchantUid === uid);
}

describe("registerMainBillingCard / myMainBillingCard", () => {
  it("registers a card, answers its id, and shows it masked to 8 + 4 digits", async () => {
    const student = await newUser(t);
    const res = await registerCard(t, student);
    const id = res.json().data.registerMainBillingCard;
    expect(id).toBeTypeOf("number");
    const mine = await graphql(
      t,
      student,
      "{ myMainBillingCard { id name companyName number isLegacy } }",
    );
    const card = mine.json().data.myMainBillingCard;
    expect(card).toMatchObject({ id, isLegacy: false });
    expect(card.number).toBe("4242-4242-****-4242");
    expect(card.companyName).not.toBe("");
    // getUserInfo carries CARD_INFO from it.
    const info = await call(t, "/main/getUserInfo", {}, { token: student.token });
    expect(responseOf(info).CARD_INFO).toEqual({
      card_name: card.name,
      card_number: "4242-4242-****-4242",
      is_legacy: false,
    });
  });

  // Issue #11 item 3 changed this: the message is SPEC.md §8's invalid-card message for F112
  // (packages/domain table), never the gateway's "[F112]…" text.
  it("a gateway refusal (F112) is a GraphQL error with SPEC.md §8's invalid-card message", async () => {
    const student = await newUser(t);
    const res = await registerCard(t, student, CARDS.f112);
    const [error] = res.json().errors;
    expect(error.message).toBe(INVALID_CARD_MESSAGE);
    expect(error.message).not.toContain("F112");
    expect(error.extensions.code).toBe("card_refused");
    expect(error.extensions.classification).toBe("BAD_REQUEST");
    const mine = await graphql(t, student, "{ myMainBillingCard { id } }");
    expect(mine.json().data.myMainBillingCard).toBeNull();
  });

  it("a new card replaces the main card", async () => {
    const student = await studentWithCard(t);
    const res = await registerCard(t, student, "5555555555554444");
    const second = res.json().data.registerMainBillingCard;
    const mine = await graphql(t, student, "{ myMainBillingCard { id number } }");
    expect(mine.json().data.myMainBillingCard).toEqual({
      id: second,
      number: "5555-5555-****-4444",
    });
  });

  it("refuses bad card fields with a clear message, and another user's userId", async () => {
    const student = await newUser(t);
    const bad = await graphql(
      t,
      student,
      /* GraphQL */ `
        mutation {
          registerMainBillingCard(
            input: {
              cardNumber: "12"
              expiry: "2020/1"
              birth: "1"
              pwd2digit: "1"
              cardType: CREDIT_CARD
            }
          )
        }
      `,
    );
    expect(bad.json().errors[0].extensions.classification).toBe("BAD_REQUEST");
    const other = await newUser(t);
    const forbidden = await registerCard(t, student, CARDS.ok, other.userNo);
    expect(forbidden.json().errors[0].extensions.classification).toBe("FORBIDDEN");
  });

  it("needs a token", async () => {
    const res = await graphql(t, null, "{ myMainBillingCard { id } }");
    expect(res.json().errors[0].extensions.classification).toBe("UNAUTHORIZED");
  });

  it("never stores or logs the card number, expiry or PIN digits", async () => {
    await studentWithCard(t);
    const dump =
      JSON.stringify(await t.database.db.execute(sql`select * from billing_cards`)) +
      JSON.stringify(await t.database.db.execute(sql`select * from audit_logs`));
    expect(dump).not.toContain(CARDS.ok);
    expect(logLines.join("")).not.toContain(CARDS.ok);
    expect(logLines.join("")).not.toContain(futureExpiry());
  });
});

describe("POST /main/payment_seoltab_subscribe", () => {
  it("charges the main card exactly salePrice × 3 for 3 months and schedules renewals", async () => {
    const student = await studentWithCard(t);
    const body = order(student);
    const res = await subscribe(t, student, body);
    expect(res.statusCode).toBe(200);
    const payment = responseOf(res);
    expect(payment).toMatchObject({
      STATE: "PAID",
      MERCHANT_UID: body.MERCHANT_UID,
      PAYMENT_METHOD: "BILLING_CARD",
      PRODUCTS_PRICE: math.salePrice * 3,
      DISCOUNTED_VALUE: 0,
      PAID_PRICE: math.salePrice * 3,
    });
    expect(payment.RECEIPT_URL).toMatch(/^https:\/\//);
    expect(payment.SUBSCRIPTION).toMatchObject({ RENEWAL_AMOUNT: math.salePrice });
    expect(chargesFor(body.MERCHANT_UID)).toHaveLength(1);
    expect(chargesFor(body.MERCHANT_UID)[0]!.amount).toBe(math.salePrice * 3);
    // The lecture shows in getUserInfo LECTURE_INFO: registered, waiting for the lesson request form.
    const info = responseOf(await call(t, "/main/getUserInfo", {}, { token: student.token }));
    expect(info.LECTURE_INFO).toEqual([
      expect.objectContaining({
        PAYMENT_ID: payment.PAYMENT_ID,
        TITLE: math.title,
        MONTHS: 3,
        STATE: "REGISTER",
        NEXT_CHARGE_AT: payment.SUBSCRIPTION.NEXT_CHARGE_AT,
      }),
    ]);
  });

  it("12 months cost salePrice × 12 less 5 % rounded down, shown in discountedValue", async () => {
    const student = await studentWithCard(t);
    const res = await subscribe(
      t,
      student,
      order(student, { ITEMS: [{ id: math.id, lecture_multiple: 12 }] }),
    );
    const payment = responseOf(res);
    const total = math.salePrice * 12;
    const due = Math.floor((total * 95) / 100);
    expect(payment).toMatchObject({
      PRODUCTS_PRICE: total,
      PAID_PRICE: due,
      DISCOUNTED_VALUE: total - due,
    });
  });

  it("lecture_multiple defaults to 3, and a user's sales policy shows up in discountedValue", async () => {
    const student = await studentWithSiblingDiscount();
    const res = await subscribe(t, student, order(student, { ITEMS: [{ id: math.id }] }));
    const payment = responseOf(res);
    expect(payment.PRODUCTS_PRICE).toBe(math.salePrice * 3);
    expect(payment.DISCOUNTED_VALUE).toBe(10_000);
    expect(payment.PAID_PRICE).toBe(math.salePrice * 3 - 10_000);
    expect(payment.ITEMS[0].POLICIES).toEqual([{ NAME: "형제 할인 10,000원", AMOUNT: 10_000 }]);
  });

  it("payment(id) items carry each line's 정가 (listPrice) and policies: the checkout's 정가/할인/결제", async () => {
    const student = await studentWithSiblingDiscount();
    const payment = responseOf(
      await subscribe(
        t,
        student,
        order(student, { ITEMS: [{ id: math.id, lecture_multiple: 3 }] }),
      ),
    );
    const res = await graphql(
      t,
      student,
      `{ payment(id: "${payment.PAYMENT_ID}") { productsPrice discountedValue paidPrice
          items { itemKind months salePrice policyPrice paidPrice listPrice policies { name amount } } } }`,
    );
    expect(res.json().errors).toBeUndefined();
    const detail = res.json().data.payment;
    const lecture = detail.items.find((i: { itemKind: string }) => i.itemKind === "LECTURE");
    // 정가 is the unit list price × months, never below the sale total.
    expect(math.basePrice).toBeGreaterThan(math.salePrice);
    expect(lecture).toEqual({
      itemKind: "LECTURE",
      months: 3,
      salePrice: math.salePrice * 3,
      policyPrice: 10_000,
      paidPrice: math.salePrice * 3 - 10_000,
      listPrice: math.basePrice * 3,
      policies: [{ name: "형제 할인 10,000원", amount: 10_000 }],
    });
    // The existing fields are unchanged.
    expect(detail.productsPrice).toBe(math.salePrice * 3);
    expect(detail.discountedValue).toBe(10_000);
  });

  it("a paid order's history: READY, PAID, then each line's entry into PAID, in that order", async () => {
    const student = await studentWithCard(t);
    const body = order(student, {
      ITEMS: [
        { id: math.id, lecture_multiple: 3 },
        { id: device.id, lecture_multiple: 1 },
      ],
    });
    const res = await subscribe(t, student, body);
    expect(res.statusCode).toBe(200);
    const paymentId = responseOf(res).PAYMENT_ID as number;
    const pt = schema.paymentTransitions;
    const rows = await t.database.db
      .select()
      .from(pt)
      .where(eq(pt.paymentId, paymentId))
      .orderBy(pt.id);
    const lines = await t.database.db
      .select({ id: schema.paymentItems.id })
      .from(schema.paymentItems)
      .where(eq(schema.paymentItems.paymentId, paymentId))
      .orderBy(schema.paymentItems.id);
    expect(lines).toHaveLength(2);
    expect(rows.map((r) => [r.paymentItemId, r.fromState, r.toState, r.initiator])).toEqual([
      [null, null, "READY", "USER"],
      [null, "READY", "PAID", "USER"],
      [lines[0]!.id, null, "PAID", "USER"],
      [lines[1]!.id, null, "PAID", "USER"],
    ]);
  });

  it("a repeat of the same MERCHANT_UID returns the same payment and charges once", async () => {
    const student = await studentWithCard(t);
    const body = order(student);
    const first = responseOf(await subscribe(t, student, body));
    const again = await subscribe(t, student, body);
    expect(again.statusCode).toBe(200);
    expect(responseOf(again).PAYMENT_ID).toBe(first.PAYMENT_ID);
    expect(chargesFor(body.MERCHANT_UID)).toHaveLength(1);
  });

  it("ten at once make one payment and one charge", async () => {
    const student = await studentWithCard(t);
    const body = order(student);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => subscribe(t, student, body)),
    );
    const ids = new Set(answers.map((a) => responseOf(a).PAYMENT_ID));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(ids.size).toBe(1);
    expect(chargesFor(body.MERCHANT_UID)).toHaveLength(1);
    const rows = await t.database.db
      .select()
      .from(schema.payments)
      .where(eq(schema.payments.merchantUid, body.MERCHANT_UID));
    expect(rows).toHaveLength(1);
  });

  it("a MERCHANT_UID reused for another order is refused with 409", async () => {
    const student = await studentWithCard(t);
    const body = order(student);
    await subscribe(t, student, body);
    const res = await subscribe(t, student, {
      ...body,
      ITEMS: [{ id: math.id, lecture_multiple: 6 }],
    });
    expect(res.statusCode).toBe(409);
    expect(responseOf(res).ERROR_CODE).toBe("merchant_uid_reused");
  });

  it("a decline: 402 with the gateway's message, the payment FAILED with failReason, nothing charged", async () => {
    const student = await studentWithCard(t, CARDS.declined);
    const body = order(student);
    const res = await subscribe(t, student, body);
    expect(res.statusCode).toBe(402);
    const envelope = res.json().ONUEI_RES;
    expect(envelope.DATA.RESULT).toBe("FAIL");
    expect(envelope.STATUS.STATUSMSG).toContain("잔액");
    expect(envelope.DATA.RESPONSE.PAYMENT).toMatchObject({ STATE: "FAILED" });
    expect(envelope.DATA.RESPONSE.PAYMENT.FAIL_REASON).toBe(envelope.STATUS.STATUSMSG);
    expect(chargesFor(body.MERCHANT_UID).filter((c) => c.outcome === "paid")).toHaveLength(0);
    // The repeat answers the same failure, and still charges nothing.
    const again = await subscribe(t, student, body);
    expect(again.statusCode).toBe(402);
  });

  it("without a main billing card: 409 billing_card_required", async () => {
    const student = await newUser(t);
    const res = await subscribe(t, student, order(student));
    expect(res.statusCode).toBe(409);
    expect(responseOf(res).ERROR_CODE).toBe("billing_card_required");
  });

  it.each([
    ["an unknown item id", { ITEMS: [{ id: 999_999, lecture_multiple: 3 }] }, "unknown_item"],
    [
      "months the item does not allow",
      { ITEMS: [{ id: -1, lecture_multiple: 2 }] },
      "months_not_allowed",
    ],
    ["a device bought 3 times", { ITEMS: "device3" }, "months_not_allowed"],
    ["a device alone", { ITEMS: "deviceOnly" }, "lecture_required"],
    ["the same item twice", { ITEMS: "twice" }, "duplicate_item"],
    ["a fractional multiple", { ITEMS: [{ id: -1, lecture_multiple: 2.5 }] }, "validation_failed"],
    ["a negative multiple", { ITEMS: [{ id: -1, lecture_multiple: -3 }] }, "validation_failed"],
    ["a price sent by the client", { PAID_PRICE: 1000 }, "validation_failed"],
    ["an empty order", { ITEMS: [] }, "validation_failed"],
    ["installments under 50 000 won", { CARD_QUOTA: 3, ITEMS: "cheap" }, "quota_not_allowed"],
    ["a bad MERCHANT_UID", { MERCHANT_UID: "a b" }, "validation_failed"],
    ["an unknown method", { PAYMENT_METHOD: "CASH" }, "validation_failed"],
  ])("refuses %s with 400 and charges nothing", async (_name, patch, code) => {
    const student = await studentWithCard(t);
    const items = (patch as { ITEMS?: unknown }).ITEMS;
    const resolved =
      items === "device3"
        ? [
            { id: math.id, lecture_multiple: 3 },
            { id: device.id, lecture_multiple: 3 },
          ]
        : items === "deviceOnly"
          ? [{ id: device.id, lecture_multiple: 1 }]
          : items === "twice"
            ? [
                { id: math.id, lecture_multiple: 3 },
                { id: math.id, lecture_multiple: 1 },
              ]
            : items === "cheap"
              ? [{ id: math.id, lecture_multiple: 1 }]
              : Array.isArray(items)
                ? items.map((i: { id: number }) => ({ ...i, id: i.id === -1 ? math.id : i.id }))
                : undefined;
    const body = order(student, { ...patch, ...(resolved ? { ITEMS: resolved } : {}) });
    // installments: make the cheap order really cheap only if the item costs < 50 000 won
    if (items === "cheap" && math.salePrice >= 50_000) {
      body.ITEMS = [{ id: math.id, lecture_multiple: 1 }];
      (body as Record<string, unknown>).CARD_QUOTA = 13; // out of range → validation
    }
    const res = await subscribe(t, student, body);
    expect(res.statusCode).toBe(400);
    const expected = items === "cheap" && math.salePrice >= 50_000 ? "validation_failed" : code;
    expect(responseOf(res).ERROR_CODE).toBe(expected);
    expect(chargesFor(body.MERCHANT_UID as string)).toHaveLength(0);
  });

  it("a device the catalog does not offer (out of stock) is an unknown item", async () => {
    const student = await studentWithCard(t);
    const [soldOut] = await t.database.db
      .select()
      .from(schema.storeItems)
      .where(and(eq(schema.storeItems.itemKind, "DEVICE"), eq(schema.storeItems.count, 0)));
    const res = await subscribe(
      t,
      student,
      order(student, {
        ITEMS: [
          { id: math.id, lecture_multiple: 3 },
          { id: soldOut!.id, lecture_multiple: 1 },
        ],
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(responseOf(res).ERROR_CODE).toBe("unknown_item");
  });

  it("another user's USER_NO: 403, nothing charged", async () => {
    const student = await studentWithCard(t);
    const stranger = await newUser(t);
    const body = order(student);
    const res = await subscribe(t, stranger, body);
    expect(res.statusCode).toBe(403);
    expect(chargesFor(body.MERCHANT_UID)).toHaveLength(0);
  });

  it("a parent pays for their child and sees it in userPayments", async () => {
    const child = await studentWithCard(t);
    const parent = await newUser(t, "PARENT");
    await linkParent(t, parent, child);
    const body = order(child);
    const res = await subscribe(t, parent, body);
    expect(responseOf(res).STATE).toBe("PAID");
    const list = await graphql(t, parent, "{ userPayments { payments { id state paidPrice } } }");
    expect(list.json().data.userPayments.payments.map((p: { id: string }) => p.id)).toContain(
      String(responseOf(res).PAYMENT_ID),
    );
  });

  it("no token: 401", async () => {
    const res = await call(t, "/main/payment_seoltab_subscribe", { USER_NO: 1 });
    expect(res.statusCode).toBe(401);
  });
});

describe("gateway time-outs, crashes and reconciliation", () => {
  it("a time-out after the charge went through: 202 READY, then PAID by reconciliation, one charge", async () => {
    const student = await studentWithCard(t, CARDS.timeout);
    const body = order(student);
    const res = await subscribe(t, student, body);
    // The sandbox recorded the charge, then did not answer; the immediate settle finds it.
    expect([200, 202]).toContain(res.statusCode);
    const id = responseOf(res).PAYMENT_ID;
    clock.advance(61_000);
    await reconcilePayments(t.app.payments.deps);
    const [row] = await t.database.db
      .select()
      .from(schema.payments)
      .where(eq(schema.payments.id, id));
    expect(row!.state).toBe("PAID");
    expect(chargesFor(body.MERCHANT_UID)).toHaveLength(1);
    // A repeat of the order is answered from the record, never charged again.
    const again = await subscribe(t, student, body);
    expect(responseOf(again)).toMatchObject({ PAYMENT_ID: id, STATE: "PAID" });
    expect(chargesFor(body.MERCHANT_UID)).toHaveLength(1);
  });

  it("the server stopping between the charge and the commit: reconciliation settles it PAID", async () => {
    const student = await studentWithCard(t);
    const uid = merchantUid();
    const deps = t.app.payments.deps;
    // The state a crash leaves: our READY row committed, the gateway charged, our update lost.
    const [card] = await t.database.db
      .select()
      .from(schema.billingCards)
      .where(eq(schema.billingCards.userId, student.userNo));
    const now = clock.now();
    const payment = await insertReadyPayment(
      deps.db,
      {
        merchantUid: uid,
        requestHash: "0".repeat(64),
        userId: student.userNo,
        requestedByUserId: student.userNo,
        initiator: "USER",
        paymentMethod: "BILLING_CARD",
        state: "READY",
        name: math.title,
        productsPrice: math.salePrice * 3,
        discountedValue: 0,
        paidPrice: math.salePrice * 3,
        billingCardId: card!.id,
        createdAt: now,
        updatedAt: now,
      },
      [],
      student.userNo,
    );
    await gateway.chargeBillingKey(card!.billingKey, {
      merchantUid: uid,
      amount: math.salePrice * 3,
      name: math.title,
      cardQuota: 0,
    });
    clock.advance(61_000);
    const report = await reconcilePayments(deps);
    expect(report.paid).toBeGreaterThanOrEqual(1);
    const [row] = await t.database.db
      .select()
      .from(schema.payments)
      .where(eq(schema.payments.id, payment!.id));
    expect(row!.state).toBe("PAID");
    expect(chargesFor(uid)).toHaveLength(1);
  });

  it("a READY payment the gateway never saw is FAILED after 10 minutes, nothing charged", async () => {
    const student = await studentWithCard(t);
    const uid = merchantUid();
    const now = clock.now();
    const payment = await insertReadyPayment(
      t.app.payments.deps.db,
      {
        merchantUid: uid,
        requestHash: "0".repeat(64),
        userId: student.userNo,
        initiator: "USER",
        paymentMethod: "BILLING_CARD",
        state: "READY",
        name: math.title,
        productsPrice: 1000,
        discountedValue: 0,
        paidPrice: 1000,
        createdAt: now,
        updatedAt: now,
      },
      [],
      student.userNo,
    );
    clock.advance(11 * 60_000);
    await reconcilePayments(t.app.payments.deps);
    const [row] = await t.database.db
      .select()
      .from(schema.payments)
      .where(eq(schema.payments.id, payment!.id));
    expect(row!.state).toBe("FAILED");
    expect(chargesFor(uid)).toHaveLength(0);
  });
});

describe("transitionPayment asks the item table too (issue #10, SPEC.md §4 set one)", () => {
  it("an item move the table refuses throws and writes nothing; the legal move runs once of two", async () => {
    const student = await newUser(t);
    const res = await subscribe(t, student, order(student, { PAYMENT_METHOD: "VBANK" }));
    const paymentId = responseOf(res).PAYMENT_ID as number;
    const db = t.database.db;
    const items = () =>
      db.select().from(schema.paymentItems).where(eq(schema.paymentItems.paymentId, paymentId));
    const transitions = () =>
      db
        .select()
        .from(schema.paymentTransitions)
        .where(eq(schema.paymentTransitions.paymentId, paymentId))
        .orderBy(schema.paymentTransitions.id);
    const [item] = await items();
    expect(item!.state).toBeNull();
    const before = await transitions();
    const paid = { from: "READY", to: "PAID", initiator: "AUTO", at: clock.now() } as const;

    // An item may not enter REFUNDED without being PAID first.
    await expect(
      transitionPayment(db, paymentId, { ...paid, itemState: "REFUNDED" }),
    ).rejects.toBeInstanceOf(TransitionNotAllowedError);
    // An item already REFUNDED cannot become PAID again.
    await db
      .update(schema.paymentItems)
      .set({ state: "REFUNDED" })
      .where(eq(schema.paymentItems.id, item!.id));
    await expect(
      transitionPayment(db, paymentId, { ...paid, itemState: "PAID" }),
    ).rejects.toBeInstanceOf(TransitionNotAllowedError);
    const [payment] = await db
      .select()
      .from(schema.payments)
      .where(eq(schema.payments.id, paymentId));
    expect(payment!.state).toBe("READY");
    expect((await items())[0]!.state).toBe("REFUNDED");
    expect(await transitions()).toHaveLength(before.length);

    // Legal: null → PAID with the payment; of two writers at once exactly one moves it.
    await db
      .update(schema.paymentItems)
      .set({ state: null })
      .where(eq(schema.paymentItems.id, item!.id));
    const results = await Promise.all([
      transitionPayment(db, paymentId, { ...paid, itemState: "PAID" }),
      transitionPayment(db, paymentId, { ...paid, itemState: "PAID" }),
    ]);
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    expect((await items())[0]!.state).toBe("PAID");
    const added = (await transitions()).slice(before.length);
    expect(added.map((x) => [x.paymentItemId, x.fromState, x.toState])).toEqual([
      [null, "READY", "PAID"],
      [item!.id, null, "PAID"],
    ]);
  });
});

describe("virtual account (VBANK) and webhooks", () => {
  it("issues an account; READY until the deposit; the webhook (twice, out of order) makes it PAID once", async () => {
    const student = await newUser(t);
    const body = order(student, { PAYMENT_METHOD: "VBANK" });
    const res = await subscribe(t, student, body);
    expect(res.statusCode).toBe(200);
    const payment = responseOf(res);
    expect(payment.STATE).toBe("READY");
    expect(payment.VBANK).toMatchObject({ HOLDER: "(주)설탭" });
    expect(payment.VBANK.BANK_NAME).not.toBe("");
    expect(payment.VBANK.ACCOUNT_NUMBER).toMatch(/\d/);
    expect(new Date(payment.VBANK.DUE_AT).getTime()).toBeGreaterThan(clock.now().getTime());
    const [row] = await t.database.db
      .select()
      .from(schema.payments)
      .where(eq(schema.payments.id, payment.PAYMENT_ID));
    const impUid = row!.gatewayPaymentId!;
    // A late "ready" notification before the deposit changes nothing.
    const early = await call(t, "/main/portone_webhook", {
      imp_uid: impUid,
      merchant_uid: body.MERCHANT_UID,
      status: "ready",
    });
    expect(responseOf(early).OUTCOME).toBe("UNCHANGED");
    await gateway.simulateDeposit(impUid);
    const hook = { imp_uid: impUid, merchant_uid: body.MERCHANT_UID, status: "paid" };
    const first = await call(t, "/main/portone_webhook", hook);
    const second = await call(t, "/main/portone_webhook", hook);
    expect(responseOf(first).OUTCOME).toBe("APPLIED");
    expect(responseOf(second).OUTCOME).toBe("UNCHANGED");
    const late = await call(t, "/main/portone_webhook", { ...hook, status: "ready" });
    expect(responseOf(late).OUTCOME).toBe("UNCHANGED");
    const detail = await graphql(
      t,
      student,
      `{ payment(id: "${payment.PAYMENT_ID}") { state completedAt virtualAccount { bankName } } }`,
    );
    expect(detail.json().data.payment).toMatchObject({ state: "PAID" });
    const transitions = await t.database.db
      .select()
      .from(schema.paymentTransitions)
      .where(eq(schema.paymentTransitions.paymentId, payment.PAYMENT_ID));
    expect(
      transitions
        .filter((x) => x.paymentItemId === null)
        .map((x) => [x.fromState, x.toState, x.initiator]),
    ).toEqual([
      [null, "READY", "USER"],
      ["READY", "PAID", "AUTO"],
    ]);
  });

  it("local mode: /dev/payments/vbank-deposit pays a sandbox account as PortOne would notify", async () => {
    const student = await newUser(t);
    const res = await subscribe(t, student, order(student, { PAYMENT_METHOD: "VBANK" }));
    const id = responseOf(res).PAYMENT_ID;
    const [row] = await t.database.db
      .select()
      .from(schema.payments)
      .where(eq(schema.payments.id, id));
    const dev = await t.app.inject({
      method: "POST",
      url: "/dev/payments/vbank-deposit",
      payload: { imp_uid: row!.gatewayPaymentId },
    });
    expect(dev.json()).toEqual({ outcome: "APPLIED" });
    // By our PAYMENT_ID too (what the web and browser tests know).
    const other = responseOf(
      await subscribe(t, student, order(student, { PAYMENT_METHOD: "VBANK" })),
    ).PAYMENT_ID;
    const byId = await t.app.inject({
      method: "POST",
      url: "/dev/payments/vbank-deposit",
      payload: { payment_id: other },
    });
    expect(byId.json()).toEqual({ outcome: "APPLIED" });
    const detail = await graphql(t, student, `{ payment(id: "${id}") { state } }`);
    expect(detail.json().data.payment.state).toBe("PAID");
  });

  it("local mode: a sandbox receipt page shows what the gateway recorded", async () => {
    const student = await studentWithCard(t);
    const paid = responseOf(await subscribe(t, student, order(student)));
    const [row] = await t.database.db
      .select()
      .from(schema.payments)
      .where(eq(schema.payments.id, paid.PAYMENT_ID));
    const page = await t.app.inject({
      method: "GET",
      url: `/dev/payments/receipt/${row!.gatewayPaymentId}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`${(math.salePrice * 3).toLocaleString("ko-KR")}원`);
    expect(page.body).toContain("테스트(sandbox) 결제");
    const missing = await t.app.inject({ method: "GET", url: "/dev/payments/receipt/imp_nope" });
    expect(missing.statusCode).toBe(404);
  });

  it("a webhook for an unknown imp_uid is recorded and changes nothing", async () => {
    const res = await call(t, "/main/portone_webhook", {
      imp_uid: "imp_unknown_1",
      status: "paid",
    });
    expect(res.statusCode).toBe(200);
    expect(responseOf(res).OUTCOME).toBe("UNKNOWN_PAYMENT");
  });

  it("a virtual account past its due date is FAILED by reconciliation", async () => {
    const student = await newUser(t);
    const res = await subscribe(t, student, order(student, { PAYMENT_METHOD: "VBANK" }));
    const id = responseOf(res).PAYMENT_ID;
    clock.advance(5 * 86_400_000);
    await reconcilePayments(t.app.payments.deps);
    const [row] = await t.database.db
      .select()
      .from(schema.payments)
      .where(eq(schema.payments.id, id));
    expect(row!.state).toBe("FAILED");
    expect(row!.failReason).toContain("기한");
  });
});

describe("POST /main/payreq_Iamport_Onetime", () => {
  const card = () => ({
    CARD_NUMBER: "4242-4242-4242-4242",
    EXPIRY: futureExpiry(),
    BIRTH: "100301",
    PWD_2DIGIT: "12",
  });

  it("pays once by card without a billing key or renewals", async () => {
    const student = await newUser(t);
    const body = {
      USER_NO: student.userNo,
      MERCHANT_UID: merchantUid(),
      ITEMS: [{ id: math.id, lecture_multiple: 3 }],
      ...card(),
    };
    const res = await call(t, "/main/payreq_Iamport_Onetime", body, { token: student.token });
    expect(res.statusCode).toBe(200);
    expect(responseOf(res)).toMatchObject({
      STATE: "PAID",
      PAID_PRICE: math.salePrice * 3,
      SUBSCRIPTION: null,
    });
    const again = await call(t, "/main/payreq_Iamport_Onetime", body, { token: student.token });
    expect(responseOf(again).PAYMENT_ID).toBe(responseOf(res).PAYMENT_ID);
    expect(chargesFor(body.MERCHANT_UID)).toHaveLength(1);
    expect(logLines.join("")).not.toContain("4242-4242-4242-4242");
  });

  // Issue #11 item 3 changed this: STATUSMSG is SPEC.md §8's message, PG_CODE carries F112.
  it("invalid card information: 400 with SPEC.md §8's invalid-card message (PG_CODE F112)", async () => {
    const student = await newUser(t);
    const body = {
      USER_NO: student.userNo,
      MERCHANT_UID: merchantUid(),
      ITEMS: [{ id: math.id }],
      ...card(),
      CARD_NUMBER: CARDS.f112,
    };
    const res = await call(t, "/main/payreq_Iamport_Onetime", body, { token: student.token });
    expect(res.statusCode).toBe(400);
    expect(res.json().ONUEI_RES.STATUS.STATUSMSG).toBe(INVALID_CARD_MESSAGE);
    expect(responseOf(res).PG_CODE).toBe("F112");
    expect(JSON.stringify(res.json())).not.toContain("[F112]");
    expect(JSON.stringify(res.json())).not.toContain(CARDS.f112);
  });
});

describe("cash payments by staff", () => {
  it("staff record a PAID cash payment with their initiator; a student cannot", async () => {
    const student = await newUser(t);
    const admin = await newUser(t, "ADMIN");
    const body = {
      USER_NO: student.userNo,
      MERCHANT_UID: merchantUid(),
      ITEMS: [{ id: math.id, lecture_multiple: 1 }],
      MEMO: "방문 현금 결제",
    };
    const denied = await call(t, "/main/admin/payments/cash", body, { token: student.token });
    expect(denied.statusCode).toBe(403);
    const res = await call(t, "/main/admin/payments/cash", body, { token: admin.token });
    expect(responseOf(res)).toMatchObject({
      STATE: "PAID",
      PAYMENT_METHOD: "CASH",
      PAID_PRICE: math.salePrice,
    });
    const [row] = await t.database.db
      .select()
      .from(schema.payments)
      .where(eq(schema.payments.merchantUid, body.MERCHANT_UID));
    expect(row!.initiator).toBe("ADMIN");
    const search = await call(
      t,
      "/main/admin/payments/search",
      { SEARCH_KEY: "MERCHANT_UID", VALUE: body.MERCHANT_UID },
      { token: admin.token },
    );
    expect(responseOf(search).PAYMENTS).toHaveLength(1);
    const sales = await newUser(t, "SALES_TEAM");
    const byUser = await call(
      t,
      "/main/admin/payments/search",
      { SEARCH_KEY: "USER_ID", VALUE: String(student.userNo) },
      { token: sales.token },
    );
    expect(
      responseOf(byUser).PAYMENTS.map((p: { MERCHANT_UID: string }) => p.MERCHANT_UID),
    ).toContain(body.MERCHANT_UID);
  });
});

describe("renewals", () => {
  it("charges each month once when due, on the main card, initiator AUTO", async () => {
    const student = await studentWithCard(t);
    const first = responseOf(await subscribe(t, student, order(student)));
    const subscriptionId = first.SUBSCRIPTION.ID;
    const deps = t.app.payments.deps;
    // Not due yet: nothing happens.
    await chargeDueRenewals(deps);
    const before = await t.database.db
      .select()
      .from(schema.payments)
      .where(eq(schema.payments.subscriptionId, subscriptionId));
    expect(before).toHaveLength(0);
    // Move past the paid months (3) and run twice: one charge for period 4.
    clock.advance(95 * 86_400_000);
    await chargeDueRenewals(deps);
    await chargeDueRenewals(deps);
    const renewals = await t.database.db
      .select()
      .from(schema.payments)
      .where(eq(schema.payments.subscriptionId, subscriptionId));
    expect(renewals).toHaveLength(1);
    expect(renewals[0]).toMatchObject({
      state: "PAID",
      initiator: "AUTO",
      paidPrice: math.salePrice,
      billingPeriod: 4,
    });
    const [sub] = await t.database.db
      .select()
      .from(schema.subscriptions)
      .where(eq(schema.subscriptions.id, subscriptionId));
    expect(sub!.paidMonths).toBe(4);
    expect(sub!.nextChargeAt.getTime()).toBeGreaterThan(clock.now().getTime());
  });

  it("a first payment starts one subscription, however often and at once it is asked", async () => {
    const student = await studentWithCard(t);
    const first = responseOf(await subscribe(t, student, order(student)));
    const s = schema.subscriptions;
    const { db } = t.database;
    const [sub] = await db.select().from(s).where(eq(s.id, first.SUBSCRIPTION.ID));
    const { id: _id, ...again } = sub!;
    const ofPayment = () =>
      db.select({ id: s.id }).from(s).where(eq(s.firstPaymentId, first.PAYMENT_ID));
    // It exists: three more at once insert nothing.
    const repeats = await Promise.all([1, 2, 3].map(() => insertSubscriptionOnce(db, again)));
    expect(repeats).toEqual([null, null, null]);
    expect(await ofPayment()).toEqual([{ id: sub!.id }]);
    // It does not: of three at once exactly one is inserted.
    await db.delete(s).where(eq(s.id, sub!.id));
    const inserted = await Promise.all([1, 2, 3].map(() => insertSubscriptionOnce(db, again)));
    expect(inserted.filter((row) => row !== null)).toHaveLength(1);
    expect(await ofPayment()).toHaveLength(1);
  });

  it("a declined renewal is retried and the subscription becomes PAST_DUE after 3 declines", async () => {
    const student = await studentWithCard(t);
    const first = responseOf(await subscribe(t, student, order(student)));
    // Swap the card for one whose charges are declined.
    await registerCard(t, student, CARDS.declined);
    const deps = t.app.payments.deps;
    clock.advance(95 * 86_400_000);
    for (let i = 0; i < 3; i += 1) {
      await chargeDueRenewals(deps);
      clock.advance(86_400_000 + 1000);
    }
    const [sub] = await t.database.db
      .select()
      .from(schema.subscriptions)
      .where(eq(schema.subscriptions.id, first.SUBSCRIPTION.ID));
    expect(sub).toMatchObject({ status: "PAST_DUE", failedAttempts: 3, paidMonths: 3 });
    const renewals = await t.database.db
      .select()
      .from(schema.payments)
      .where(eq(schema.payments.subscriptionId, first.SUBSCRIPTION.ID));
    expect(renewals.map((r) => r.state)).toEqual(["FAILED", "FAILED", "FAILED"]);
  });
});

describe("userPayments", () => {
  it("lists the caller's payments newest first with keyset pages; another user's payment is invisible", async () => {
    const student = await studentWithCard(t);
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      ids.push(responseOf(await subscribe(t, student, order(student))).PAYMENT_ID);
      clock.advance(1000);
    }
    const query = /* GraphQL */ `
      query ($after: String) {
        userPayments(first: 2, after: $after) {
          payments {
            id
            state
            paymentMethod
            completedAt
            name
            productsPrice
            discountedValue
            paidPrice
            refundedAmount
            failReason
            receiptUrl
          }
          hasNextPage
          endCursor
        }
      }
    `;
    const page1 = (await graphql(t, student, query)).json().data.userPayments;
    expect(page1.payments.map((p: { id: string }) => Number(p.id))).toEqual([ids[2], ids[1]]);
    expect(page1.hasNextPage).toBe(true);
    const page2 = (await graphql(t, student, query, { after: page1.endCursor })).json().data
      .userPayments;
    expect(page2.payments.map((p: { id: string }) => Number(p.id))).toEqual([ids[0]]);
    expect(page2.hasNextPage).toBe(false);
    expect(page1.payments[0]).toMatchObject({
      state: "PAID",
      paymentMethod: "BILLING_CARD",
      refundedAmount: 0,
      failReason: null,
    });

    const stranger = await newUser(t);
    const peek = await graphql(t, stranger, `{ payment(id: "${ids[0]}") { id } }`);
    expect(peek.json().data.payment).toBeNull();
    const theirs = await graphql(
      t,
      stranger,
      `{ userPayments(userId: ${student.userNo}) { payments { id } } }`,
    );
    expect(theirs.json().errors[0].extensions.classification).toBe("FORBIDDEN");
    const bad = await graphql(
      t,
      student,
      `
        {
          userPayments(after: "nope") {
            payments {
              id
            }
          }
        }
      `,
    );
    expect(bad.json().errors[0].extensions.classification).toBe("BAD_REQUEST");
  });
});
