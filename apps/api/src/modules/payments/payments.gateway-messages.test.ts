/**
 * Issue #11 items 3, 4 and 13 (payments): the family reads our Korean message for a gateway
 * code on every path (billing-card charge, one-time card, renewal, card registration) while the
 * gateway's own text stays for staff; a card registered from a checkout becomes the main card
 * only when a payment with it succeeds (the previous main card stays main after a decline, also
 * with two checkouts at once); a Luhn-invalid number never reaches the gateway.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, schema } from "@seoltab/db";
import { GATEWAY_CODE_MESSAGES, INVALID_CARD_MESSAGE } from "@seoltab/domain";
import { offsetClock } from "../../clock.ts";
import { buildTestApp, type TestApp } from "../../test/test-app.ts";
import { createSandboxGateway, type SandboxGateway } from "./gateway/sandbox.ts";
import { chargeDueRenewals } from "./payments.jobs.ts";
import {
  CARDS,
  REGISTER,
  call,
  futureExpiry,
  graphql,
  merchantUid,
  newUser,
  registerCard,
  responseOf,
  smartMath,
  subscribe,
  type StoreItem,
  type TestUser,
  studentWithCard,
} from "./payments.test-support.ts";

const INSUFFICIENT = GATEWAY_CODE_MESSAGES["2116"]!;
const RAW_CODE = /\[(F112|2116|F113|3021)\]/;

let t: TestApp;
let gateway: SandboxGateway;
const clock = offsetClock();
let math: StoreItem;
const gatewayCalls = { issueBillingKey: 0, chargeOnetime: 0 };

beforeAll(async () => {
  gateway = createSandboxGateway({ clock: () => clock.now() });
  const issue = gateway.issueBillingKey.bind(gateway);
  const onetime = gateway.chargeOnetime.bind(gateway);
  gateway.issueBillingKey = (...args) => {
    gatewayCalls.issueBillingKey += 1;
    return issue(...args);
  };
  gateway.chargeOnetime = (...args) => {
    gatewayCalls.chargeOnetime += 1;
    return onetime(...args);
  };
  t = await buildTestApp({}, {}, { payments: { gateway, clock } });
  math = await smartMath(t);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const PAYMENT_FIELDS = "payments { id state failReason gatewayFailReason }";

/** What the family's pages read: userPayments of `user`. */
async function familyPayments(user: TestUser) {
  const res = await graphql(t, user, `{ userPayments(first: 50) { ${PAYMENT_FIELDS} } }`);
  expect(JSON.stringify(res.json())).not.toMatch(RAW_CODE);
  return res.json().data.userPayments.payments as {
    id: string;
    state: string;
    failReason: string | null;
    gatewayFailReason: string | null;
  }[];
}

async function storedFailReason(paymentId: number): Promise<string | null> {
  const [row] = await t.database.db
    .select({ failReason: schema.payments.failReason })
    .from(schema.payments)
    .where(eq(schema.payments.id, paymentId));
  return row!.failReason;
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

/** Registers a card from a checkout: not main until a payment with it succeeds. */
async function registerPending(user: TestUser, cardNumber: string): Promise<number> {
  const res = await graphql(t, user, REGISTER, {
    input: {
      cardNumber,
      expiry: futureExpiry(),
      birth: "100301",
      pwd2digit: "12",
      cardType: "CREDIT_CARD",
      mainAfterPayment: true,
    },
  });
  expect(res.json().errors).toBeUndefined();
  return res.json().data.registerMainBillingCard as number;
}

async function mainCardId(user: TestUser): Promise<number | null> {
  const res = await graphql(t, user, "{ myMainBillingCard { id } }");
  return res.json().data.myMainBillingCard?.id ?? null;
}

async function mainCardsOf(userId: number) {
  const c = schema.billingCards;
  return t.database.db
    .select()
    .from(c)
    .where(and(eq(c.userId, userId), eq(c.isMain, true)));
}

describe("gateway codes → the family's Korean messages, raw text for staff (item 3)", () => {
  it("billing-card charge: 402 and FAIL_REASON say the table's message; staff see the raw text", async () => {
    const student = await studentWithCard(t, CARDS.declined);
    const res = await subscribe(t, student, order(student));
    expect(res.statusCode).toBe(402);
    expect(res.body).not.toMatch(RAW_CODE);
    const envelope = res.json().ONUEI_RES;
    expect(envelope.STATUS.STATUSMSG).toBe(INSUFFICIENT);
    const payment = envelope.DATA.RESPONSE.PAYMENT;
    expect(payment.FAIL_REASON).toBe(INSUFFICIENT);
    expect(payment).not.toHaveProperty("GATEWAY_FAIL_REASON");
    // Stored as the gateway said it, for staff.
    expect(await storedFailReason(payment.PAYMENT_ID)).toBe("[2116]잔액이 부족합니다.");
    const [listed] = await familyPayments(student);
    expect(listed).toMatchObject({
      state: "FAILED",
      failReason: INSUFFICIENT,
      gatewayFailReason: null,
    });
    // Staff: the admin search and GraphQL show the gateway's text.
    const admin = await newUser(t, "ADMIN");
    const search = await call(
      t,
      "/main/admin/payments/search",
      { SEARCH_KEY: "PAYMENT_ID", VALUE: String(payment.PAYMENT_ID) },
      { token: admin.token },
    );
    expect(responseOf(search).PAYMENTS[0]).toMatchObject({
      FAIL_REASON: INSUFFICIENT,
      GATEWAY_FAIL_REASON: "[2116]잔액이 부족합니다.",
    });
    const staffView = await graphql(
      t,
      admin,
      `{ payment(id: "${payment.PAYMENT_ID}") { failReason gatewayFailReason } }`,
    );
    expect(staffView.json().data.payment).toEqual({
      failReason: INSUFFICIENT,
      gatewayFailReason: "[2116]잔액이 부족합니다.",
    });
  });

  it("userPayments served again from the read cache: staff and the family each keep their own view", async () => {
    const student = await studentWithCard(t, CARDS.declined);
    expect((await subscribe(t, student, order(student))).statusCode).toBe(402);
    const admin = await newUser(t, "ADMIN");
    const staffPayments = async () => {
      const res = await graphql(
        t,
        admin,
        `{ userPayments(userId: ${student.userNo}, first: 50) { ${PAYMENT_FIELDS} } }`,
      );
      return res.json().data.userPayments.payments as { gatewayFailReason: string | null }[];
    };
    // Family, staff, family, staff: the same page (one cache entry for the user), read in turn.
    for (let round = 0; round < 2; round += 1) {
      expect((await familyPayments(student))[0]).toMatchObject({
        failReason: INSUFFICIENT,
        gatewayFailReason: null,
      });
      expect((await staffPayments())[0]!.gatewayFailReason).toBe("[2116]잔액이 부족합니다.");
    }
  });

  it("one-time card: F112 is SPEC.md §8's message, a decline the 2116 message; the list says the same", async () => {
    const student = await newUser(t);
    const body = (number: string) => ({
      USER_NO: student.userNo,
      MERCHANT_UID: merchantUid(),
      ITEMS: [{ id: math.id }],
      CARD_NUMBER: number,
      EXPIRY: futureExpiry(),
      BIRTH: "100301",
      PWD_2DIGIT: "12",
    });
    const refused = await call(t, "/main/payreq_Iamport_Onetime", body(CARDS.f112), {
      token: student.token,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).not.toMatch(RAW_CODE);
    expect(refused.json().ONUEI_RES.STATUS.STATUSMSG).toBe(INVALID_CARD_MESSAGE);
    const refusedPayment = responseOf(refused).PAYMENT;
    expect(refusedPayment.FAIL_REASON).toBe(INVALID_CARD_MESSAGE);
    expect(await storedFailReason(refusedPayment.PAYMENT_ID)).toContain("[F112]");

    const declined = await call(t, "/main/payreq_Iamport_Onetime", body(CARDS.declined), {
      token: student.token,
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().ONUEI_RES.STATUS.STATUSMSG).toBe(INSUFFICIENT);

    const listed = await familyPayments(student);
    expect(listed.map((p) => p.failReason).sort()).toEqual(
      [INSUFFICIENT, INVALID_CARD_MESSAGE].sort(),
    );
  });

  it("card registration: F112 and F113 refusals are the table's messages", async () => {
    const student = await newUser(t);
    const f112 = await registerCard(t, student, CARDS.f112);
    expect(f112.json().errors[0].message).toBe(INVALID_CARD_MESSAGE);
    const f113 = await graphql(t, student, REGISTER, {
      input: {
        cardNumber: CARDS.ok,
        expiry: futureExpiry(),
        birth: "101301",
        pwd2digit: "12",
        cardType: "CREDIT_CARD",
      },
    });
    // Six digits but no real date (month 13): the gateway refuses it with F113.
    expect(f113.json().errors[0].message).toBe(GATEWAY_CODE_MESSAGES.F113);
    expect(JSON.stringify([f112.json(), f113.json()])).not.toMatch(RAW_CODE);
  });

  it("renewal: a declined renewal's reason reads as the table's message in userPayments", async () => {
    const student = await studentWithCard(t);
    const first = responseOf(await subscribe(t, student, order(student)));
    // The family changes the main card (card page: main at once) to one that is declined.
    await registerCard(t, student, CARDS.declined);
    clock.advance(95 * 86_400_000);
    await chargeDueRenewals(t.app.payments.deps);
    const renewals = await t.database.db
      .select()
      .from(schema.payments)
      .where(eq(schema.payments.subscriptionId, first.SUBSCRIPTION.ID));
    expect(renewals).toHaveLength(1);
    expect(renewals[0]!.state).toBe("FAILED");
    expect(renewals[0]!.failReason).toContain("[2116]");
    const listed = await familyPayments(student);
    expect(listed.find((p) => Number(p.id) === renewals[0]!.id)?.failReason).toBe(INSUFFICIENT);
  });
});

describe("Luhn-invalid numbers never reach the gateway (item 13)", () => {
  it("card registration and one-time payment refuse them at the edge with 400", async () => {
    const student = await newUser(t);
    const before = { ...gatewayCalls };
    const reg = await registerCard(t, student, "4242424242424241");
    expect(reg.json().errors[0].extensions.classification).toBe("BAD_REQUEST");
    const onetime = await call(
      t,
      "/main/payreq_Iamport_Onetime",
      {
        USER_NO: student.userNo,
        MERCHANT_UID: merchantUid(),
        ITEMS: [{ id: math.id }],
        CARD_NUMBER: "4242 4242 4242 4241",
        EXPIRY: futureExpiry(),
        BIRTH: "100301",
        PWD_2DIGIT: "12",
      },
      { token: student.token },
    );
    expect(onetime.statusCode).toBe(400);
    expect(responseOf(onetime).ERROR_CODE).toBe("validation_failed");
    expect(gatewayCalls).toEqual(before);
  });
});

describe("a card from the checkout is main only after a successful payment (item 4)", () => {
  it("a declined first charge keeps the previous main card; a paid one makes the new card main", async () => {
    const student = await studentWithCard(t);
    const previous = await mainCardId(student);
    expect(previous).not.toBeNull();

    const declinedCard = await registerPending(student, CARDS.declined);
    expect(await mainCardId(student)).toBe(previous);
    const declined = await subscribe(t, student, order(student, { BILLING_CARD_ID: declinedCard }));
    expect(declined.statusCode).toBe(402);
    expect(declined.json().ONUEI_RES.STATUS.STATUSMSG).toBe(INSUFFICIENT);
    expect(await mainCardId(student)).toBe(previous);

    const goodCard = await registerPending(student, "5555555555554444");
    expect(await mainCardId(student)).toBe(previous);
    const paid = await subscribe(t, student, order(student, { BILLING_CARD_ID: goodCard }));
    expect(paid.statusCode).toBe(200);
    expect(responseOf(paid).STATE).toBe("PAID");
    expect(await mainCardId(student)).toBe(goodCard);
    const [old] = await t.database.db
      .select()
      .from(schema.billingCards)
      .where(eq(schema.billingCards.id, previous!));
    expect(old).toMatchObject({ isMain: false });
    expect(old!.replacedAt).not.toBeNull();
    // The declined card can no longer be made main by a later success of another card.
    expect(await mainCardsOf(student.userNo)).toHaveLength(1);
  });

  it("a first card declined at its first charge is not main; the renewal card is unchanged", async () => {
    const student = await newUser(t);
    const card = await registerPending(student, CARDS.declined);
    const res = await subscribe(t, student, order(student, { BILLING_CARD_ID: card }));
    expect(res.statusCode).toBe(402);
    expect(await mainCardId(student)).toBeNull();
  });

  it("refuses another student's card, a replaced card, and BILLING_CARD_ID with a virtual account", async () => {
    const student = await studentWithCard(t);
    const stranger = await newUser(t);
    const theirs = await registerPending(stranger, CARDS.ok);
    const other = await subscribe(t, student, order(student, { BILLING_CARD_ID: theirs }));
    expect(other.statusCode).toBe(409);
    expect(responseOf(other).ERROR_CODE).toBe("billing_card_required");

    const replaced = (await mainCardId(student))!;
    await registerCard(t, student, "5555555555554444");
    const stale = await subscribe(t, student, order(student, { BILLING_CARD_ID: replaced }));
    expect(stale.statusCode).toBe(409);

    const vbank = await subscribe(
      t,
      student,
      order(student, { PAYMENT_METHOD: "VBANK", BILLING_CARD_ID: replaced }),
    );
    expect(vbank.statusCode).toBe(400);
  });

  it("two checkouts at once with two new cards: both paid, exactly one main card", async () => {
    const student = await studentWithCard(t);
    const a = await registerPending(student, "5555555555554444");
    const b = await registerPending(student, "4111111111111111");
    const answers = await Promise.all([
      subscribe(t, student, order(student, { BILLING_CARD_ID: a })),
      subscribe(t, student, order(student, { BILLING_CARD_ID: b })),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const mains = await mainCardsOf(student.userNo);
    expect(mains).toHaveLength(1);
    expect([a, b]).toContain(mains[0]!.id);
  });

  it("a declined new card and an approved one at once: the approved one is main", async () => {
    const student = await studentWithCard(t);
    const bad = await registerPending(student, CARDS.declined);
    const good = await registerPending(student, "5555555555554444");
    const answers = await Promise.all([
      subscribe(t, student, order(student, { BILLING_CARD_ID: bad })),
      subscribe(t, student, order(student, { BILLING_CARD_ID: good })),
      // and a plain card change on the card page at the same time
      registerCard(t, student, "4111111111111111"),
    ]);
    expect(answers.slice(0, 2).map((r) => r.statusCode)).toEqual([402, 200]);
    expect(await mainCardsOf(student.userNo)).toHaveLength(1);
    expect(await mainCardId(student)).not.toBe(bad);
  });
});
