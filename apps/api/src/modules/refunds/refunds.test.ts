/**
 * Refunds API (issue #5): refundEligibility and requestRefund on /payment/graphql, the staff
 * REST calls, and bad input (another person's ids, twice, concurrently, more than paid). Builds
 * the real app with the sandbox gateway behind a spy (every cancel recorded; time-outs on
 * demand) and a clock tests move. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { and, eq, schema } from "@seoltab/db";
import { offsetClock } from "../../clock.ts";
import type { TestApp } from "../../test/test-app.ts";
import { cancelSpy, useSandboxApp } from "../../test/sandbox-app.ts";
import type { SandboxGateway } from "../payments/gateway/sandbox.ts";
import { inProcessJobRunner } from "../../platform/jobs.ts";
import { spreadOverItems } from "./refunds.settlement.ts";
import {
  call,
  graphql,
  linkParent,
  merchantUid,
  newUser,
  pricedDevice,
  responseOf,
  subscribe,
  type StoreItem,
  type TestUser,
  studentWithCard,
} from "../payments/payments.test-support.ts";

let t: TestApp;
let sandbox: SandboxGateway;
const clock = offsetClock();
let math: StoreItem;
let device: StoreItem;
/** The tablet lent free with the lessons (a DEVICE at 0 won). */
let freeTablet: StoreItem;
/** Every cancel the gateway is asked for; `spy.nextCancel` makes the next one time out. */
const spy = cancelSpy();

useSandboxApp({ clock, gateway: spy.wrap }, async (app) => {
  ({ t, sandbox, math } = app);
  device = await pricedDevice(t);
  const free = await t.database.db
    .select()
    .from(schema.storeItems)
    .where(
      and(
        eq(schema.storeItems.itemKind, "DEVICE"),
        eq(schema.storeItems.salePrice, 0),
        eq(schema.storeItems.isActive, true),
      ),
    );
  freeTablet = free.sort((a, b) => a.id - b.id)[0]!;
});

beforeEach(() => spy.reset());

// ---------------------------------------------------------------------------------------------
// Helpers

const ELIGIBILITY = /* GraphQL */ `
  query ($paymentId: ID!, $paymentItemIds: [ID!], $opened: Boolean) {
    refundEligibility(paymentId: $paymentId, paymentItemIds: $paymentItemIds, opened: $opened) {
      paymentId
      eligible
      reasons
      refundableAmount
      rule
      explanation
      channel
      refundAccountRequired
      items {
        paymentItemId
        itemKind
        state
        paidPrice
        refundedAmount
        eligible
        reasons
        amount
        rule
        explanation
      }
    }
  }
`;

const REQUEST = /* GraphQL */ `
  mutation ($input: RequestRefundInput!) {
    requestRefund(input: $input) {
      state
      reasons
      refundedAmount
      amount
      rule
      refundRequestId
      channel
      message
    }
  }
`;

interface Paid {
  paymentId: number;
  paidPrice: number;
  impUid: string;
  lectureItemId: number;
  deviceItemId: number | null;
  items: { ID: number; ITEM_KIND: string; PAID_PRICE: number; MONTHS: number }[];
}

/** A paid order for `student` (3 months of smart math, and a device unless told otherwise). */
async function pay(
  student: TestUser,
  options: {
    method?: "BILLING_CARD" | "VBANK";
    withDevice?: boolean;
    by?: TestUser;
    /** The device line (default the priced one). */
    deviceItem?: StoreItem;
  } = {},
): Promise<Paid> {
  const items = [{ id: math.id, lecture_multiple: 3 }];
  if (options.withDevice ?? true) {
    items.push({ id: (options.deviceItem ?? device).id, lecture_multiple: 1 });
  }
  const body = {
    USER_NO: student.userNo,
    MERCHANT_UID: merchantUid(),
    PAYMENT_METHOD: options.method ?? "BILLING_CARD",
    ITEMS: items,
  };
  const res = await subscribe(t, options.by ?? student, body);
  const payment = responseOf(res);
  const [row] = await t.database.db
    .select()
    .from(schema.payments)
    .where(eq(schema.payments.id, payment.PAYMENT_ID));
  const impUid = row!.gatewayPaymentId!;
  if (payment.STATE === "READY") {
    await sandbox.simulateDeposit(impUid);
    await call(t, "/main/portone_webhook", { imp_uid: impUid, status: "paid" });
  }
  const lines = payment.ITEMS as Paid["items"];
  return {
    paymentId: payment.PAYMENT_ID,
    paidPrice: payment.PAID_PRICE,
    impUid,
    lectureItemId: lines.find((l) => l.ITEM_KIND === "LECTURE")!.ID,
    deviceItemId: lines.find((l) => l.ITEM_KIND === "DEVICE")?.ID ?? null,
    items: lines,
  };
}

async function eligibility(user: TestUser, paymentId: number, extra: Record<string, unknown> = {}) {
  const res = await graphql(t, user, ELIGIBILITY, { paymentId: String(paymentId), ...extra });
  return res.json();
}

async function refund(user: TestUser, input: Record<string, unknown>) {
  const res = await graphql(t, user, REQUEST, {
    input: { reason: "단순 변심", ...input, paymentId: String(input.paymentId) },
  });
  return res.json();
}

async function paymentRow(id: number) {
  const [row] = await t.database.db
    .select()
    .from(schema.payments)
    .where(eq(schema.payments.id, id));
  return row!;
}

async function itemRows(paymentId: number) {
  return t.database.db
    .select()
    .from(schema.paymentItems)
    .where(eq(schema.paymentItems.paymentId, paymentId))
    .orderBy(schema.paymentItems.id);
}

async function requestRow(id: number | string) {
  const [row] = await t.database.db
    .select()
    .from(schema.refundRequests)
    .where(eq(schema.refundRequests.id, Number(id)));
  return row!;
}

const cancelsOf = spy.cancelsOf;

/**
 * The law's amount for the lecture of `paid`: its whole price. Lessons start with the first
 * lesson after a tutor is matched; these lectures are never matched, so they have no lessons and
 * 학원법 시행령 [별표 4] "교습 시작 전" gives everything back (ACADEMY_BEFORE_START;
 * refunds.quote `lessonsStartOf`). A matched lecture is quoted by its lesson ledger
 * (refunds-ledger.test.ts); the calendar rows are tested in packages/domain refund-rules.test.ts.
 */
function lecturePrice(paid: Paid): number {
  return paid.items.find((i) => i.ID === paid.lectureItemId)!.PAID_PRICE;
}

function staff(user: TestUser, path: string, body: Record<string, unknown>) {
  return call(t, `/main/admin/refund_requests${path}`, body, { token: user.token });
}

// ---------------------------------------------------------------------------------------------

describe("refundEligibility + requestRefund: an eligible card payment", () => {
  it("refunds every item at once by the law's amounts: one cancel, checksum = paid − refunded", async () => {
    const student = await studentWithCard(t);
    const paid = await pay(student);
    const devicePrice = paid.items.find((i) => i.ID === paid.deviceItemId)!.PAID_PRICE;
    const lecture = lecturePrice(paid);
    expect(lecture + devicePrice).toBe(paid.paidPrice);

    const seen = (await eligibility(student, paid.paymentId)).data.refundEligibility;
    expect(seen).toMatchObject({
      paymentId: String(paid.paymentId),
      eligible: true,
      reasons: [],
      refundableAmount: lecture + devicePrice,
      rule: "MIXED",
      channel: "CARD",
      refundAccountRequired: false,
    });
    expect(seen.items).toEqual([
      expect.objectContaining({
        paymentItemId: String(paid.lectureItemId),
        eligible: true,
        amount: lecture,
        rule: "ACADEMY_BEFORE_START",
        state: "PAID",
      }),
      expect.objectContaining({
        paymentItemId: String(paid.deviceItemId),
        amount: devicePrice,
        rule: "DEVICE_WITHDRAWAL_7_DAYS",
      }),
    ]);
    expect(seen.items[0].explanation).toContain("수업 시작 전이라 낸 수업료 전액");

    const done = (await refund(student, { paymentId: paid.paymentId })).data.requestRefund;
    expect(done).toMatchObject({
      state: "REFUNDED",
      reasons: [],
      refundedAmount: lecture + devicePrice,
      amount: lecture + devicePrice,
      channel: "CARD",
    });
    expect(done.message).toContain("환불되었어요");

    expect(cancelsOf(paid.impUid)).toEqual([
      expect.objectContaining({ amount: lecture + devicePrice, checksum: paid.paidPrice }),
    ]);
    expect((await sandbox.getPayment(paid.impUid))!.cancelAmount).toBe(lecture + devicePrice);

    const payment = await paymentRow(paid.paymentId);
    expect(payment).toMatchObject({
      state: "TOTALLY_REFUNDED",
      refundedAmount: paid.paidPrice,
    });
    expect((await itemRows(paid.paymentId)).map((i) => [i.state, i.refundedAmount])).toEqual([
      ["REFUNDED", lecture],
      ["REFUNDED", devicePrice],
    ]);
    const request = await requestRow(done.refundRequestId);
    expect(request).toMatchObject({ state: "REFUNDED", channel: "CARD", initiator: "USER" });

    // Transitions with their initiator; audit entries for the request and its outcome.
    const transitions = await t.database.db
      .select()
      .from(schema.paymentTransitions)
      .where(eq(schema.paymentTransitions.paymentId, paid.paymentId));
    expect(
      transitions
        .filter((x) => x.toState.startsWith("REFUND") || x.toState.endsWith("REFUNDED"))
        .map((x) => [
          x.paymentItemId === null ? "payment" : "item",
          x.fromState,
          x.toState,
          x.initiator,
        ]),
    ).toEqual([
      ["item", "PAID", "REFUND_REQUESTED", "USER"],
      ["item", "PAID", "REFUND_REQUESTED", "USER"],
      ["item", "REFUND_REQUESTED", "REFUNDED", "USER"],
      ["item", "REFUND_REQUESTED", "REFUNDED", "USER"],
      ["payment", "PAID", "TOTALLY_REFUNDED", "USER"],
    ]);
    const audit = await t.database.db
      .select()
      .from(schema.auditLogs)
      .where(eq(schema.auditLogs.target, `refund_request:${done.refundRequestId}`));
    expect(audit.map((a) => a.action).sort()).toEqual(["refund_completed", "refund_requested"]);

    // Afterwards: nothing left to refund.
    const after = (await eligibility(student, paid.paymentId)).data.refundEligibility;
    expect(after).toMatchObject({
      eligible: false,
      reasons: ["REFUNDED_PAYMENT_ITEM"],
      refundableAmount: 0,
    });
  });

  it("partial by items: the device first, then the lecture, each with the balance as checksum", async () => {
    const student = await studentWithCard(t);
    const paid = await pay(student);
    const devicePrice = paid.items.find((i) => i.ID === paid.deviceItemId)!.PAID_PRICE;

    const preview = (
      await eligibility(student, paid.paymentId, { paymentItemIds: [String(paid.deviceItemId)] })
    ).data.refundEligibility;
    expect(preview).toMatchObject({
      eligible: true,
      refundableAmount: devicePrice,
      rule: "DEVICE_WITHDRAWAL_7_DAYS",
    });

    const first = (
      await refund(student, {
        paymentId: paid.paymentId,
        paymentItemIds: [String(paid.deviceItemId)],
      })
    ).data.requestRefund;
    expect(first).toMatchObject({ state: "REFUNDED", refundedAmount: devicePrice });
    expect(await paymentRow(paid.paymentId)).toMatchObject({
      state: "PARTIALLY_REFUNDED",
      refundedAmount: devicePrice,
    });
    expect((await itemRows(paid.paymentId)).map((i) => i.state)).toEqual(["PAID", "REFUNDED"]);

    // The rest (no ids: every item still refundable = the lecture).
    const lecture = lecturePrice(paid);
    const second = (await refund(student, { paymentId: paid.paymentId })).data.requestRefund;
    expect(second).toMatchObject({
      state: "REFUNDED",
      refundedAmount: lecture,
      rule: "ACADEMY_BEFORE_START",
    });
    expect(cancelsOf(paid.impUid).map((c) => [c.amount, c.checksum])).toEqual([
      [devicePrice, paid.paidPrice],
      [lecture, paid.paidPrice - devicePrice],
    ]);
    expect(await paymentRow(paid.paymentId)).toMatchObject({
      state: "TOTALLY_REFUNDED",
      refundedAmount: devicePrice + lecture,
    });
    expect(devicePrice + lecture).toBe(paid.paidPrice);
  });

  it("a device said to be opened gets nothing by self-service: the request goes to staff", async () => {
    const student = await studentWithCard(t);
    const paid = await pay(student);
    const ids = [String(paid.deviceItemId)];
    const seen = (await eligibility(student, paid.paymentId, { paymentItemIds: ids, opened: true }))
      .data.refundEligibility;
    expect(seen).toMatchObject({
      eligible: true,
      refundableAmount: 0,
      rule: "DEVICE_OPENED_OR_LATE",
    });
    const res = (
      await refund(student, { paymentId: paid.paymentId, paymentItemIds: ids, opened: true })
    ).data.requestRefund;
    expect(res).toMatchObject({ state: "STAFF_REVIEW", amount: 0, refundedAmount: 0 });
    expect(cancelsOf(paid.impUid)).toHaveLength(0);
  });

  it("a parent asks for their child's refund; a parent of someone else may not", async () => {
    const child = await studentWithCard(t);
    const parent = await newUser(t, "PARENT");
    await linkParent(t, parent, child);
    const paid = await pay(child, { by: parent, withDevice: false });
    const otherParent = await newUser(t, "PARENT");

    // Issue #19: the same answer as for a payment that does not exist.
    const denied = await refund(otherParent, { paymentId: paid.paymentId });
    expect(denied.errors[0].extensions).toEqual({
      classification: "NOT_FOUND",
      code: "payment_not_found",
    });
    expect((await eligibility(parent, paid.paymentId)).data.refundEligibility.eligible).toBe(true);
    const done = (await refund(parent, { paymentId: paid.paymentId })).data.requestRefund;
    expect(done.state).toBe("REFUNDED");
    const request = await requestRow(done.refundRequestId);
    expect(request).toMatchObject({ requestedByUserId: parent.userNo, initiator: "USER" });
  });
});

describe("a lecture with a tablet lent free (a 0-won line; issue #11 item 10)", () => {
  it("the tablet line says nothing was paid; the payment follows the lecture's rule, not MIXED", async () => {
    const student = await studentWithCard(t);
    const paid = await pay(student, { deviceItem: freeTablet });
    const lecture = lecturePrice(paid);
    expect(paid.items.find((i) => i.ID === paid.deviceItemId)!.PAID_PRICE).toBe(0);

    for (const opened of [false, true]) {
      const seen = (await eligibility(student, paid.paymentId, { opened })).data.refundEligibility;
      expect(seen).toMatchObject({
        eligible: true,
        refundableAmount: lecture,
        rule: "ACADEMY_BEFORE_START",
        explanation: `수업 시작 전이라 낸 수업료 전액 ${lecture.toLocaleString("en-US")}원을 돌려받을 수 있어요.`,
      });
      const tablet = seen.items.find(
        (i: { paymentItemId: string }) => i.paymentItemId === String(paid.deviceItemId),
      );
      expect(tablet).toMatchObject({ amount: 0, rule: "NOTHING_PAID" });
      expect(tablet.explanation).toContain("낸 금액이 없어");
      expect(tablet.explanation).not.toMatch(/전액|0원/);
    }
  });

  it("the free tablet alone is refused (nothing_to_refund), nothing changes; with the lecture it is refunded", async () => {
    const student = await studentWithCard(t);
    const paid = await pay(student, { deviceItem: freeTablet });
    const ids = [String(paid.deviceItemId)];
    const seen = (await eligibility(student, paid.paymentId, { paymentItemIds: ids })).data
      .refundEligibility;
    expect(seen).toMatchObject({ refundableAmount: 0, rule: "NOTHING_PAID" });
    expect(seen.explanation).not.toMatch(/전액|0원을/);

    const alone = await refund(student, { paymentId: paid.paymentId, paymentItemIds: ids });
    expect(alone.errors[0].extensions).toEqual({
      classification: "BAD_REQUEST",
      code: "nothing_to_refund",
    });
    expect(alone.errors[0].message).toBe(
      "고른 항목은 낸 금액이 없어(0원) 돌려받을 금액이 없어요. 환불받을 수업이나 상품을 함께 골라 주세요.",
    );
    const used = await refund(student, {
      paymentId: paid.paymentId,
      paymentItemIds: ids,
      opened: true,
    });
    expect(used.errors[0].extensions.code).toBe("nothing_to_refund");
    expect(cancelsOf(paid.impUid)).toHaveLength(0);
    expect((await itemRows(paid.paymentId)).map((i) => i.state)).toEqual(["PAID", "PAID"]);
    const requests = await t.database.db
      .select()
      .from(schema.refundRequests)
      .where(eq(schema.refundRequests.paymentId, paid.paymentId));
    expect(requests).toHaveLength(0);

    // The whole order: the lecture's price back at once, the tablet line goes with it.
    const done = (await refund(student, { paymentId: paid.paymentId })).data.requestRefund;
    expect(done).toMatchObject({
      state: "REFUNDED",
      refundedAmount: lecturePrice(paid),
      rule: "ACADEMY_BEFORE_START",
    });
    expect((await itemRows(paid.paymentId)).map((i) => i.state)).toEqual(["REFUNDED", "REFUNDED"]);
  });

  it("a bad id is named in Korean with its particle (결제 번호가)", async () => {
    const student = await studentWithCard(t);
    const badId = await eligibility(student, "abc" as unknown as number);
    expect(badId.errors[0].message).toContain("결제 번호가 올바르지 않아요.");
  });
});

describe("bad input: a clear error, nothing changed", () => {
  it("twice: the second answers REFUNDED_PAYMENT_ITEM and cancels nothing", async () => {
    const student = await studentWithCard(t);
    const paid = await pay(student, { withDevice: false });
    const ids = [String(paid.lectureItemId)];
    expect(
      (await refund(student, { paymentId: paid.paymentId, paymentItemIds: ids })).data.requestRefund
        .state,
    ).toBe("REFUNDED");
    const before = await paymentRow(paid.paymentId);

    const again = await refund(student, { paymentId: paid.paymentId, paymentItemIds: ids });
    expect(again.errors[0].extensions).toEqual({
      classification: "BAD_REQUEST",
      code: "refunded_payment_item",
    });
    const all = await refund(student, { paymentId: paid.paymentId });
    expect(all.errors[0].extensions.code).toBe("refunded_payment_item");
    expect(cancelsOf(paid.impUid)).toHaveLength(1);
    expect(await paymentRow(paid.paymentId)).toMatchObject({
      state: before.state,
      refundedAmount: before.refundedAmount,
    });
    const item = (await eligibility(student, paid.paymentId, { paymentItemIds: ids })).data
      .refundEligibility;
    expect(item).toMatchObject({ eligible: false, reasons: ["REFUNDED_PAYMENT_ITEM"] });
  });

  it("five concurrent requests for one item refund it once", async () => {
    const student = await studentWithCard(t);
    const paid = await pay(student, { withDevice: false });
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        refund(student, {
          paymentId: paid.paymentId,
          paymentItemIds: [String(paid.lectureItemId)],
        }),
      ),
    );
    const ok = results.filter((r) => r.data?.requestRefund?.state === "REFUNDED");
    const refused = results.filter(
      (r) => r.errors?.[0]?.extensions.code === "refunded_payment_item",
    );
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(4);
    expect(cancelsOf(paid.impUid)).toHaveLength(1);
    const amount = ok[0]!.data.requestRefund.refundedAmount;
    expect((await sandbox.getPayment(paid.impUid))!.cancelAmount).toBe(amount);
    expect(await paymentRow(paid.paymentId)).toMatchObject({ refundedAmount: amount });
    expect((await itemRows(paid.paymentId))[0]!.refundedAmount).toBe(amount);
    const requests = await t.database.db
      .select()
      .from(schema.refundRequests)
      .where(eq(schema.refundRequests.paymentId, paid.paymentId));
    expect(requests).toHaveLength(1);
  });

  it("concurrent requests for different items of one payment take turns: never a stale checksum", async () => {
    const student = await studentWithCard(t);
    const paid = await pay(student);
    const results = await Promise.all(
      [paid.lectureItemId, paid.deviceItemId].map((id) =>
        refund(student, { paymentId: paid.paymentId, paymentItemIds: [String(id)] }),
      ),
    );
    const ok = results.filter((r) => r.data?.requestRefund?.state === "REFUNDED");
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of results.filter((x) => x.errors)) {
      expect(r.errors[0].extensions.code).toBe("refund_in_progress");
    }
    const total = ok.reduce((s, r) => s + r.data.requestRefund.refundedAmount, 0);
    expect((await sandbox.getPayment(paid.impUid))!.cancelAmount).toBe(total);
    expect((await paymentRow(paid.paymentId)).refundedAmount).toBe(total);
    expect(cancelsOf(paid.impUid)).toHaveLength(ok.length);
  });

  // Issue #19: another person's payment or item answers exactly like an unknown id, so the
  // answers do not tell which ids exist.
  it("another person's payment, or their item inside mine: the same answer as unknown ids (NOT_FOUND / BAD_REQUEST)", async () => {
    const owner = await studentWithCard(t);
    const stranger = await studentWithCard(t);
    const theirs = await pay(owner, { withDevice: false });
    const mine = await pay(stranger, { withDevice: false });

    const query = await eligibility(stranger, theirs.paymentId);
    const missing = await eligibility(stranger, 987_654_321);
    expect(missing.errors[0].extensions).toEqual({
      classification: "NOT_FOUND",
      code: "payment_not_found",
    });
    expect(query.errors[0]).toEqual(missing.errors[0]);
    const request = await refund(stranger, { paymentId: theirs.paymentId });
    const requestMissing = await refund(stranger, { paymentId: 987_654_321 });
    expect(request.errors[0]).toEqual(requestMissing.errors[0]);
    const smuggled = await refund(stranger, {
      paymentId: mine.paymentId,
      paymentItemIds: [String(mine.lectureItemId), String(theirs.lectureItemId)],
    });
    const unknownItem = await refund(stranger, {
      paymentId: mine.paymentId,
      paymentItemIds: [String(mine.lectureItemId), "987654321"],
    });
    expect(smuggled.errors[0].extensions).toEqual({
      classification: "BAD_REQUEST",
      code: "payment_item_not_found",
    });
    expect(smuggled.errors[0]).toEqual(unknownItem.errors[0]);
    const notInPayment = await refund(stranger, {
      paymentId: mine.paymentId,
      paymentItemIds: ["987654321"],
    });
    expect(notInPayment.errors[0].extensions.code).toBe("payment_item_not_found");
    const badId = await eligibility(stranger, "abc" as unknown as number);
    expect(badId.errors[0].extensions.classification).toBe("BAD_REQUEST");
    const noReason = await refund(stranger, { paymentId: mine.paymentId, reason: "  " });
    expect(noReason.errors[0].extensions.code).toBe("validation_failed");

    expect(cancelsOf(theirs.impUid)).toHaveLength(0);
    expect(cancelsOf(mine.impUid)).toHaveLength(0);
    expect((await itemRows(theirs.paymentId)).map((i) => i.state)).toEqual(["PAID"]);
    expect((await itemRows(mine.paymentId)).map((i) => i.state)).toEqual(["PAID"]);
  });

  it("no token: UNAUTHORIZED; a client cannot name an amount (the server computes it)", async () => {
    const anonymous = await graphql(t, null, ELIGIBILITY, { paymentId: "1" });
    expect(anonymous.json().errors[0].extensions.classification).toBe("UNAUTHORIZED");
    const student = await studentWithCard(t);
    const paid = await pay(student, { withDevice: false });
    // An amount in the document is refused by the schema (RequestRefundInput has none).
    const res = await graphql(
      t,
      student,
      `mutation { requestRefund(input: { paymentId: "${paid.paymentId}", reason: "x", amount: 99999999 }) { state } }`,
    );
    expect(res.json().errors[0].extensions.classification).toBe("BAD_REQUEST");
    expect(cancelsOf(paid.impUid)).toHaveLength(0);
  });
});

describe("blocked self-service becomes a staff request with the law's amount", () => {
  it("ONE_MONTH_PASSED: STAFF_REVIEW with the amount; staff refund it through the gateway; never more than paid", async () => {
    const student = await studentWithCard(t);
    const admin = await newUser(t, "ADMIN");
    const paid = await pay(student);
    clock.advance(40 * 86_400_000);
    // Self-service is blocked after a month, but no lesson has started (no matching yet): the
    // law's amount is still the whole lecture price; the device's 7 days are over.
    const lecture = lecturePrice(paid);

    const seen = (await eligibility(student, paid.paymentId)).data.refundEligibility;
    expect(seen).toMatchObject({
      eligible: false,
      reasons: ["ONE_MONTH_PASSED"],
      refundableAmount: lecture,
      rule: "MIXED",
    });
    expect(seen.items[0]).toMatchObject({
      amount: lecture,
      rule: "ACADEMY_BEFORE_START",
      reasons: ["ONE_MONTH_PASSED"],
    });
    expect(seen.items[1]).toMatchObject({ amount: 0, rule: "DEVICE_OPENED_OR_LATE" });

    const asked = (await refund(student, { paymentId: paid.paymentId })).data.requestRefund;
    expect(asked).toMatchObject({
      state: "STAFF_REVIEW",
      reasons: ["ONE_MONTH_PASSED"],
      amount: lecture,
      refundedAmount: 0,
    });
    expect(cancelsOf(paid.impUid)).toHaveLength(0);
    expect(await requestRow(asked.refundRequestId)).toMatchObject({
      state: "STAFF_REVIEW",
      amount: lecture,
      blockedReasons: ["ONE_MONTH_PASSED"],
    });
    expect((await itemRows(paid.paymentId)).map((i) => i.state)).toEqual([
      "REFUND_REQUESTED",
      "REFUND_REQUESTED",
    ]);
    // Asking again while staff look at it changes nothing.
    const again = await refund(student, { paymentId: paid.paymentId });
    expect(again.errors[0].extensions.code).toBe("refunded_payment_item");

    // A student cannot use the staff calls.
    expect((await staff(student, "", {})).statusCode).toBe(403);

    const list = responseOf(await staff(admin, "", { STATE: "STAFF_REVIEW", LIMIT: 100 }));
    const listed = list.REFUND_REQUESTS.find(
      (r: { REFUND_REQUEST_ID: number }) => r.REFUND_REQUEST_ID === Number(asked.refundRequestId),
    );
    expect(listed).toMatchObject({
      PAYMENT_ID: paid.paymentId,
      AMOUNT: lecture,
      RULE: "MIXED",
      BLOCKED_REASONS: ["ONE_MONTH_PASSED"],
      CHANNEL: "CARD",
    });

    const id = Number(asked.refundRequestId);
    // More than paid: refused, nothing changed.
    const tooMuch = await staff(admin, "/decide", {
      REFUND_REQUEST_ID: id,
      DECISION: "REFUNDED",
      AMOUNT: paid.paidPrice + 1,
      NOTE: "전액 환불",
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(responseOf(tooMuch).ERROR_CODE).toBe("refund_exceeds_paid");
    // Above the law's amount without a note: refused.
    const noNote = await staff(admin, "/decide", {
      REFUND_REQUEST_ID: id,
      DECISION: "REFUNDED",
      AMOUNT: lecture + 1,
    });
    expect(responseOf(noNote).ERROR_CODE).toBe("note_required");
    expect(cancelsOf(paid.impUid)).toHaveLength(0);

    const decided = await staff(admin, "/decide", {
      REFUND_REQUEST_ID: id,
      DECISION: "REFUNDED",
      AMOUNT: lecture,
    });
    expect(decided.statusCode).toBe(200);
    expect(responseOf(decided).REFUND_REQUEST).toMatchObject({
      STATE: "REFUNDED",
      AMOUNT: lecture,
      DECIDED_BY_USER_NO: admin.userNo,
    });
    expect(cancelsOf(paid.impUid)).toEqual([
      expect.objectContaining({ amount: lecture, checksum: paid.paidPrice }),
    ]);
    expect(await paymentRow(paid.paymentId)).toMatchObject({
      state: "PARTIALLY_REFUNDED",
      refundedAmount: lecture,
    });
    const items = await itemRows(paid.paymentId);
    expect(items.every((i) => i.state === "REFUNDED")).toBe(true);
    // Spread by the law's split at the time of the request: all on the lecture, none on the device.
    expect(items.map((i) => i.refundedAmount)).toEqual([lecture, 0]);
    expect(items.every((i) => i.refundedAmount <= i.paidPrice)).toBe(true);

    // Deciding twice: 409, nothing changed.
    const twice = await staff(admin, "/decide", {
      REFUND_REQUEST_ID: id,
      DECISION: "REJECTED",
      NOTE: "중복",
    });
    expect(twice.statusCode).toBe(409);
    expect(cancelsOf(paid.impUid)).toHaveLength(1);
    const audit = await t.database.db
      .select()
      .from(schema.auditLogs)
      .where(eq(schema.auditLogs.target, `refund_request:${id}`));
    expect(audit.map((a) => a.action).sort()).toEqual([
      "refund_completed",
      "refund_decided",
      "refund_requested",
    ]);
  });

  it("staff reject with a note; the items may be asked again", async () => {
    const student = await studentWithCard(t);
    const sales = await newUser(t, "SALES_TEAM");
    const paid = await pay(student, { withDevice: false });
    clock.advance(35 * 86_400_000);
    const asked = (await refund(student, { paymentId: paid.paymentId })).data.requestRefund;
    // Its subscription carries the lecture on (READY, not DONE): no CLOSED_LECTURE.
    expect(asked.reasons).toEqual(["ONE_MONTH_PASSED"]);
    const id = Number(asked.refundRequestId);
    // Refund decisions are ADMIN's (the console's permission table, issue 16): SALES_TEAM lists
    // the queue but cannot decide.
    const bySales = await staff(sales, "/decide", {
      REFUND_REQUEST_ID: id,
      DECISION: "REJECTED",
      NOTE: "수업을 모두 들었어요",
    });
    expect(bySales.statusCode).toBe(403);
    expect(responseOf(bySales).ERROR_CODE).toBe("admin_role_required");
    const admin = await newUser(t, "ADMIN");
    const noNote = await staff(admin, "/decide", { REFUND_REQUEST_ID: id, DECISION: "REJECTED" });
    expect(responseOf(noNote).ERROR_CODE).toBe("note_required");
    const rejected = await staff(admin, "/decide", {
      REFUND_REQUEST_ID: id,
      DECISION: "REJECTED",
      NOTE: "수업을 모두 들었어요",
    });
    expect(responseOf(rejected).REFUND_REQUEST).toMatchObject({
      STATE: "REJECTED",
      NOTE: "수업을 모두 들었어요",
    });
    expect((await itemRows(paid.paymentId))[0]!.state).toBe("REFUND_REQUEST_FAILED");
    const again = (await refund(student, { paymentId: paid.paymentId })).data.requestRefund;
    expect(again.state).toBe("STAFF_REVIEW");
  });

  it("VBANK: VBANK_IS_NOT_ALLOWED and a bank account is needed; staff refund to that account", async () => {
    const student = await newUser(t, "STUDENT");
    const admin = await newUser(t, "ADMIN");
    const paid = await pay(student, { method: "VBANK", withDevice: false });
    expect((await paymentRow(paid.paymentId)).state).toBe("PAID");

    const seen = (await eligibility(student, paid.paymentId)).data.refundEligibility;
    expect(seen).toMatchObject({
      eligible: false,
      reasons: ["VBANK_IS_NOT_ALLOWED"],
      channel: "BANK",
      refundAccountRequired: true,
    });
    const noAccount = await refund(student, { paymentId: paid.paymentId });
    expect(noAccount.errors[0].extensions).toEqual({
      classification: "BAD_REQUEST",
      code: "refund_account_required",
    });
    expect((await itemRows(paid.paymentId))[0]!.state).toBe("PAID");

    const account = { bankCode: "004", accountNumber: "123-456-789012", holder: "김설탭" };
    const asked = (await refund(student, { paymentId: paid.paymentId, refundAccount: account }))
      .data.requestRefund;
    expect(asked).toMatchObject({
      state: "STAFF_REVIEW",
      reasons: ["VBANK_IS_NOT_ALLOWED"],
      channel: "BANK",
      amount: seen.refundableAmount,
    });
    const row = await requestRow(asked.refundRequestId);
    expect(row.refundAccount).toEqual({ ...account, accountNumber: "123456789012" });
    // The account number never reaches the audit log.
    const audit = await t.database.db
      .select()
      .from(schema.auditLogs)
      .where(eq(schema.auditLogs.target, `refund_request:${asked.refundRequestId}`));
    expect(JSON.stringify(audit)).not.toContain("123456789012");

    const decided = await staff(admin, "/decide", {
      REFUND_REQUEST_ID: Number(asked.refundRequestId),
      DECISION: "REFUNDED",
      AMOUNT: seen.refundableAmount,
    });
    expect(responseOf(decided).REFUND_REQUEST.STATE).toBe("REFUNDED");
    expect(cancelsOf(paid.impUid)).toEqual([
      expect.objectContaining({
        amount: seen.refundableAmount,
        checksum: paid.paidPrice,
        refundAccount: { bankCode: "004", accountNumber: "123456789012", holder: "김설탭" },
      }),
    ]);
    expect((await paymentRow(paid.paymentId)).refundedAmount).toBe(seen.refundableAmount);
  });

  it("CLOSED_LECTURE: a one-time 1-month lecture whose period is over is DONE; staff get it with the law's amount", async () => {
    const student = await newUser(t, "STUDENT");
    const admin = await newUser(t, "ADMIN");
    // A cash payment starts no subscription: its lecture ends with the month paid for.
    const res = await call(
      t,
      "/main/admin/payments/cash",
      {
        USER_NO: student.userNo,
        MERCHANT_UID: merchantUid(),
        ITEMS: [{ id: math.id, lecture_multiple: 1 }],
      },
      { token: admin.token },
    );
    const payment = responseOf(res);
    expect(payment.STATE).toBe("PAID");
    const fresh = (await eligibility(student, payment.PAYMENT_ID)).data.refundEligibility;
    expect(fresh.reasons).toEqual([]);

    clock.advance(32 * 86_400_000);
    const seen = (await eligibility(student, payment.PAYMENT_ID)).data.refundEligibility;
    expect(seen).toMatchObject({
      eligible: false,
      reasons: ["CLOSED_LECTURE", "ONE_MONTH_PASSED"],
      // No lesson was given (no matching yet): the law's amount is still everything paid.
      refundableAmount: payment.PAID_PRICE,
      rule: "ACADEMY_BEFORE_START",
      channel: "BANK",
    });
    expect(seen.items[0].reasons).toEqual(["CLOSED_LECTURE", "ONE_MONTH_PASSED"]);

    const asked = (
      await refund(student, {
        paymentId: payment.PAYMENT_ID,
        refundAccount: { bankCode: "088", accountNumber: "110123456789", holder: "김설탭" },
      })
    ).data.requestRefund;
    expect(asked).toMatchObject({
      state: "STAFF_REVIEW",
      reasons: ["CLOSED_LECTURE", "ONE_MONTH_PASSED"],
      amount: payment.PAID_PRICE,
      refundedAmount: 0,
    });
    expect(await requestRow(asked.refundRequestId)).toMatchObject({
      state: "STAFF_REVIEW",
      blockedReasons: ["CLOSED_LECTURE", "ONE_MONTH_PASSED"],
    });
  });

  it("cash: paid back by staff to the account given (no gateway), up to everything paid", async () => {
    const student = await newUser(t, "STUDENT");
    const admin = await newUser(t, "ADMIN");
    const res = await call(
      t,
      "/main/admin/payments/cash",
      {
        USER_NO: student.userNo,
        MERCHANT_UID: merchantUid(),
        ITEMS: [{ id: math.id, lecture_multiple: 1 }],
      },
      { token: admin.token },
    );
    const payment = responseOf(res);
    expect(payment.STATE).toBe("PAID");
    const asked = (
      await refund(student, {
        paymentId: payment.PAYMENT_ID,
        refundAccount: { bankCode: "088", accountNumber: "110123456789", holder: "김설탭" },
      })
    ).data.requestRefund;
    expect(asked).toMatchObject({ state: "STAFF_REVIEW", reasons: [], channel: "BANK" });
    const decided = await staff(admin, "/decide", {
      REFUND_REQUEST_ID: Number(asked.refundRequestId),
      DECISION: "REFUNDED",
      AMOUNT: payment.PAID_PRICE,
      NOTE: "수업 시작 전 취소 확인",
    });
    expect(responseOf(decided).REFUND_REQUEST.STATE).toBe("REFUNDED");
    expect(await paymentRow(payment.PAYMENT_ID)).toMatchObject({
      state: "TOTALLY_REFUNDED",
      refundedAmount: payment.PAID_PRICE,
    });
  });
});

describe("the gateway refuses or does not answer", () => {
  it("a stale checksum (a cancel made at the gateway's console) is refused: FAILED, may be asked again", async () => {
    const student = await studentWithCard(t);
    const paid = await pay(student, { withDevice: false });
    await sandbox.cancelPayment({
      impUid: paid.impUid,
      amount: 1_000,
      checksum: paid.paidPrice,
      reason: "콘솔 취소",
    });
    const refused = await refund(student, { paymentId: paid.paymentId });
    expect(refused.errors[0].extensions).toEqual({
      classification: "BAD_REQUEST",
      code: "refund_refused",
    });
    // Issue #11 items 3 and 12: the gateway's text is for staff (gatewayNote), not the family.
    expect(refused.errors[0].message).toBe(
      "결제대행사에서 환불이 처리되지 않았어요. 잠시 후 다시 요청하거나 고객센터로 문의해 주세요.",
    );
    expect(refused.errors[0].message).not.toContain("취소가능잔액");
    expect((await itemRows(paid.paymentId))[0]!.state).toBe("REFUND_REQUEST_FAILED");
    const [failed] = await t.database.db
      .select()
      .from(schema.refundRequests)
      .where(
        and(
          eq(schema.refundRequests.paymentId, paid.paymentId),
          eq(schema.refundRequests.state, "FAILED"),
        ),
      );
    expect(failed!.gatewayNote).toContain("취소가능잔액");

    // The webhook mirrors the console cancel; asking again now works. The law gives the whole
    // lecture price, but only what remains paid can come back: paid − the 1,000 cancelled.
    await call(t, "/main/portone_webhook", { imp_uid: paid.impUid, status: "paid" });
    expect((await paymentRow(paid.paymentId)).refundedAmount).toBe(1_000);
    const rest = paid.paidPrice - 1_000;
    const seen = (await eligibility(student, paid.paymentId)).data.refundEligibility;
    expect(seen).toMatchObject({ eligible: true, refundableAmount: rest });
    expect(seen.items[0]).toMatchObject({ amount: lecturePrice(paid) });
    expect(seen.explanation).toContain("남은 결제 금액");
    const done = (await refund(student, { paymentId: paid.paymentId })).data.requestRefund;
    expect(done).toMatchObject({ state: "REFUNDED", refundedAmount: rest, amount: rest });
    // (The console cancel went to the sandbox directly, so the spy saw only our two asks.)
    expect(cancelsOf(paid.impUid).map((c) => [c.amount, c.checksum])).toEqual([
      [lecturePrice(paid), paid.paidPrice],
      [rest, paid.paidPrice - 1_000],
    ]);
    expect(await paymentRow(paid.paymentId)).toMatchObject({
      state: "TOTALLY_REFUNDED",
      refundedAmount: paid.paidPrice,
    });
    expect((await itemRows(paid.paymentId))[0]).toMatchObject({
      state: "REFUNDED",
      refundedAmount: rest,
    });
  });

  it("staff never refund more than the payment's balance after a console cancel", async () => {
    const student = await studentWithCard(t);
    const admin = await newUser(t, "ADMIN");
    const paid = await pay(student, { withDevice: false });
    await sandbox.cancelPayment({
      impUid: paid.impUid,
      amount: 1_000,
      checksum: paid.paidPrice,
      reason: "콘솔 취소",
    });
    await call(t, "/main/portone_webhook", { imp_uid: paid.impUid, status: "paid" });
    clock.advance(40 * 86_400_000);
    const asked = (await refund(student, { paymentId: paid.paymentId })).data.requestRefund;
    expect(asked.state).toBe("STAFF_REVIEW");
    const id = Number(asked.refundRequestId);
    const rest = paid.paidPrice - 1_000;
    // The items still show the whole price; the payment's balance is 1,000 won less.
    const tooMuch = await staff(admin, "/decide", {
      REFUND_REQUEST_ID: id,
      DECISION: "REFUNDED",
      AMOUNT: rest + 1,
      NOTE: "전액 환불",
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(responseOf(tooMuch).ERROR_CODE).toBe("refund_exceeds_paid");
    expect(cancelsOf(paid.impUid)).toHaveLength(0);
    const decided = await staff(admin, "/decide", {
      REFUND_REQUEST_ID: id,
      DECISION: "REFUNDED",
      AMOUNT: rest,
      NOTE: "남은 금액 환불",
    });
    expect(decided.statusCode).toBe(200);
    expect(cancelsOf(paid.impUid).map((c) => [c.amount, c.checksum])).toEqual([[rest, rest]]);
    expect(await paymentRow(paid.paymentId)).toMatchObject({
      state: "TOTALLY_REFUNDED",
      refundedAmount: paid.paidPrice,
    });
  });

  it("no answer and nothing cancelled: REFUND_REQUESTED; staff settle it FAILED after 10 minutes", async () => {
    const student = await studentWithCard(t);
    const admin = await newUser(t, "ADMIN");
    const paid = await pay(student, { withDevice: false });
    spy.nextCancel = "no-answer";
    const res = (await refund(student, { paymentId: paid.paymentId })).data.requestRefund;
    expect(res).toMatchObject({ state: "REFUND_REQUESTED", refundedAmount: 0 });
    expect(res.message).toContain("담당자");
    expect(await requestRow(res.refundRequestId)).toMatchObject({ state: "PENDING" });
    expect((await itemRows(paid.paymentId))[0]!.state).toBe("REFUND_REQUESTED");
    // A repeat does not cancel again.
    const again = await refund(student, { paymentId: paid.paymentId });
    expect(again.errors[0].extensions.code).toBe("refunded_payment_item");
    expect(cancelsOf(paid.impUid)).toHaveLength(1);

    const early = await staff(admin, "/settle", { REFUND_REQUEST_ID: Number(res.refundRequestId) });
    expect(responseOf(early).REFUND_REQUEST.STATE).toBe("PENDING");
    clock.advance(11 * 60_000);
    const late = await staff(admin, "/settle", { REFUND_REQUEST_ID: Number(res.refundRequestId) });
    expect(responseOf(late).REFUND_REQUEST.STATE).toBe("FAILED");
    expect((await itemRows(paid.paymentId))[0]!.state).toBe("REFUND_REQUEST_FAILED");
    expect(await paymentRow(paid.paymentId)).toMatchObject({ state: "PAID", refundedAmount: 0 });
  });

  it("cancelled but the answer was lost: REFUND_REQUESTED, then settled REFUNDED by asking, one cancel", async () => {
    const student = await studentWithCard(t);
    const admin = await newUser(t, "ADMIN");
    const paid = await pay(student, { withDevice: false });
    const lecture = lecturePrice(paid);
    spy.nextCancel = "answer-lost";
    const res = (await refund(student, { paymentId: paid.paymentId })).data.requestRefund;
    expect(res.state).toBe("REFUND_REQUESTED");
    const settled = await staff(admin, "/settle", {
      REFUND_REQUEST_ID: Number(res.refundRequestId),
    });
    expect(responseOf(settled).REFUND_REQUEST.STATE).toBe("REFUNDED");
    expect(cancelsOf(paid.impUid)).toHaveLength(1);
    expect(await paymentRow(paid.paymentId)).toMatchObject({
      state: "TOTALLY_REFUNDED",
      refundedAmount: lecture,
    });
    expect((await itemRows(paid.paymentId))[0]).toMatchObject({
      state: "REFUNDED",
      refundedAmount: lecture,
    });
  });

  it("the refunds-settlement job settles a lost answer by asking (AUTO), after a minute, one cancel", async () => {
    const student = await studentWithCard(t);
    const paid = await pay(student, { withDevice: false });
    spy.nextCancel = "answer-lost";
    const res = (await refund(student, { paymentId: paid.paymentId })).data.requestRefund;
    expect(res.state).toBe("REFUND_REQUESTED");
    const jobs = inProcessJobRunner(t.app.jobTable, t.app.log, 60_000);

    // Within the first minute the request may still be at the gateway: left alone.
    await jobs.trigger("refunds-settlement");
    expect(await requestRow(res.refundRequestId)).toMatchObject({ state: "PENDING" });

    clock.advance(2 * 60_000);
    await jobs.trigger("refunds-settlement");
    expect(await requestRow(res.refundRequestId)).toMatchObject({ state: "REFUNDED" });
    expect(cancelsOf(paid.impUid)).toHaveLength(1);
    expect(await paymentRow(paid.paymentId)).toMatchObject({
      state: "TOTALLY_REFUNDED",
      refundedAmount: lecturePrice(paid),
    });
    const transitions = await t.database.db
      .select()
      .from(schema.paymentTransitions)
      .where(eq(schema.paymentTransitions.paymentId, paid.paymentId));
    expect(
      transitions.filter((x) => x.toState === "REFUNDED" || x.toState === "TOTALLY_REFUNDED"),
    ).toEqual([
      expect.objectContaining({ toState: "REFUNDED", initiator: "AUTO" }),
      expect.objectContaining({ toState: "TOTALLY_REFUNDED", initiator: "AUTO" }),
    ]);
    // Settled requests are not looked at again.
    await jobs.trigger("refunds-settlement");
    expect(cancelsOf(paid.impUid)).toHaveLength(1);
  });
});

describe("spreadOverItems (staff amounts over items)", () => {
  const lecture = { id: 1, remaining: 567_000, preferred: 504_000 };
  const device = { id: 2, remaining: 450_000, preferred: 0 };
  it.each<[string, number, number[]]>([
    ["within the law's amounts: by the law's split", 1_000, [1_000, 0]],
    ["exactly the law's amounts", 504_000, [504_000, 0]],
    ["above: the excess by what remains above the law", 604_000, [516_281, 87_719]],
    ["everything paid", 1_017_000, [567_000, 450_000]],
    ["more than paid is capped", 2_000_000, [567_000, 450_000]],
  ])("%s (%i won → %j)", (_name, total, amounts) => {
    const out = spreadOverItems(total, [lecture, device]);
    expect(out.map((o) => o.amount)).toEqual(amounts);
    expect(out.reduce((s, o) => s + o.amount, 0)).toBe(Math.min(total, 1_017_000));
  });

  it("rounds down and hands the remainder out in item order", () => {
    const out = spreadOverItems(10, [
      { id: 1, remaining: 5, preferred: 3 },
      { id: 2, remaining: 5, preferred: 3 },
    ]);
    expect(out).toEqual([
      { id: 1, amount: 5 },
      { id: 2, amount: 5 },
    ]);
    expect(spreadOverItems(5, [{ id: 1, remaining: 0, preferred: 0 }])).toEqual([
      { id: 1, amount: 0 },
    ]);
    expect(
      spreadOverItems(1, [
        { id: 1, remaining: 5, preferred: 1 },
        { id: 2, remaining: 5, preferred: 1 },
      ]),
    ).toEqual([
      { id: 1, amount: 1 },
      { id: 2, amount: 0 },
    ]);
  });
});
