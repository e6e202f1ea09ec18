/**
 * Refunds of what the store sells (issue #18; decision 021): the free tablet's early-end PENALTY
 * in the quote and kept back when the refund settles (and printed on the contract), the
 * DELIVERY_FEE_FOR_REFUND of goods sent back by change of mind, books back in stock exactly
 * once (also when two settlements run in parallel), opened digital contents not refundable,
 * GIFT / PURCHASE and NEW_DEVICE / USED_DEVICE on device lines and on the contract. Runs on
 * PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq, schema, type Database } from "@seoltab/db";
import { offsetClock } from "../../clock.ts";
import { withTransaction } from "../../platform/transactions.ts";
import type { TestApp } from "../../test/test-app.ts";
import { buildSandboxApp, cancelSpy } from "../../test/sandbox-app.ts";
import { inProcessJobRunner } from "../../platform/jobs.ts";
import {
  call,
  graphql,
  merchantUid,
  responseOf,
  subscribe,
  type StoreItem,
  type TestUser,
  studentWithCard,
} from "../payments/payments.test-support.ts";
import { gqlAs, matchLecture, okData } from "../lessons/lessons.test-support.ts";
import { restockRefundedBooks } from "./refunds.repository.ts";

let t: TestApp;
const clock = offsetClock();
let math: StoreItem;
let freeTablet: StoreItem;
let usedTablet: StoreItem;
let gift: StoreItem;
let admin: TestUser;
const BOOK_ID = 201;
const CONTENTS_ID = 251;
/** Every cancel the gateway is asked for; `spy.nextCancel` makes the next one time out. */
const spy = cancelSpy();

beforeAll(async () => {
  ({ t, math, admin } = await buildSandboxApp({
    clock,
    accountsClock: true,
    gateway: spy.wrap,
    admin: true,
  }));
  const s = schema.storeItems;
  const devices = await t.database.db
    .select()
    .from(s)
    .where(and(eq(s.itemKind, "DEVICE"), eq(s.isActive, true), eq(s.isRental, false)));
  freeTablet = devices.filter((d) => d.salePrice === 0).sort((a, b) => a.id - b.id)[0]!;
  usedTablet = devices.find((d) => d.usedType === "USED" && d.salePrice > 0 && d.count > 0)!;
  // A tablet given to keep with the lessons (GIFT): a 0-won DEVICE row marked is_gift.
  const [giftRow] = await t.database.db
    .insert(s)
    .values({
      itemKind: "DEVICE",
      title: "iPad 9세대 새 제품 증정",
      months: 1,
      basePrice: 0,
      salePrice: 0,
      usedType: "NEW",
      deviceType: "IPAD",
      deviceGen: "9",
      count: 10,
      isGift: true,
      isActive: true,
      sortOrder: 1005,
    })
    .returning();
  gift = giftRow!;
}, 60_000);

afterAll(async () => {
  // test:pg runs every file on one PostgreSQL database: the gift tablet leaves the catalog with
  // this file (catalog.test.ts expects the seeded devices only).
  if (t && gift)
    await t.database.db
      .update(schema.storeItems)
      .set({ isActive: false })
      .where(eq(schema.storeItems.id, gift.id));
  await t?.close();
});

beforeEach(() => spy.reset());

// ---------------------------------------------------------------------------------------------
// Helpers

const DEDUCTION = `kind name paymentItemId ruleAmount amount explanation`;
const ELIGIBILITY = /* GraphQL */ `
  query ($paymentId: ID!, $paymentItemIds: [ID!], $opened: Boolean, $returnReason: String) {
    refundEligibility(
      paymentId: $paymentId
      paymentItemIds: $paymentItemIds
      opened: $opened
      returnReason: $returnReason
    ) {
      eligible
      refundableAmount
      grossAmount
      deductions { ${DEDUCTION} }
      returnReasonAsked
      returnReason
      rule
      explanation
      items {
        paymentItemId
        itemKind
        paidPrice
        amount
        rule
        explanation
        purchaseOrGift
        deviceCondition
      }
    }
  }
`;
const REQUEST = /* GraphQL */ `
  mutation ($input: RequestRefundInput!) {
    requestRefund(input: $input) {
      state
      refundedAmount
      amount
      rule
      refundRequestId
      message
      deductions { ${DEDUCTION} }
    }
  }
`;

async function quote(user: TestUser, paymentId: number, extra: Record<string, unknown> = {}) {
  const body = (
    await graphql(t, user, ELIGIBILITY, { paymentId: String(paymentId), ...extra })
  ).json();
  expect(body.errors).toBeUndefined();
  return body.data.refundEligibility;
}

async function refund(user: TestUser, input: Record<string, unknown>) {
  return (
    await graphql(t, user, REQUEST, {
      input: { reason: "단순 변심", ...input, paymentId: String(input.paymentId) },
    })
  ).json();
}

/** A paid card order of `items` (id, units) for a new student. */
async function order(items: [number, number][]) {
  const student = await studentWithCard(t);
  const payment = responseOf(
    await subscribe(t, student, {
      USER_NO: student.userNo,
      MERCHANT_UID: merchantUid(),
      PAYMENT_METHOD: "BILLING_CARD",
      ITEMS: items.map(([id, n]) => ({ id, lecture_multiple: n })),
    }),
  );
  expect(payment.STATE).toBe("PAID");
  return { student, paymentId: payment.PAYMENT_ID as number };
}

async function lines(paymentId: number) {
  return t.database.db
    .select()
    .from(schema.paymentItems)
    .where(eq(schema.paymentItems.paymentId, paymentId))
    .orderBy(schema.paymentItems.id);
}

async function lineOf(paymentId: number, kind: string) {
  return (await lines(paymentId)).find((l) => l.itemKind === kind)!;
}

async function stockOf(id: number): Promise<number> {
  const [row] = await t.database.db
    .select({ count: schema.storeItems.count })
    .from(schema.storeItems)
    .where(eq(schema.storeItems.id, id));
  return row!.count;
}

async function paymentRow(id: number) {
  const [row] = await t.database.db
    .select()
    .from(schema.payments)
    .where(eq(schema.payments.id, id));
  return row!;
}

const cancelsOf = spy.cancelsOf;

async function deductionRows(refundRequestId: string) {
  return t.database.db
    .select()
    .from(schema.refundDeductions)
    .where(eq(schema.refundDeductions.refundRequestId, Number(refundRequestId)));
}

/** Moves the payment's completion `days` back (as if that many days had passed since). */
async function paidDaysAgo(paymentId: number, days: number) {
  await t.database.db
    .update(schema.payments)
    .set({ completedAt: new Date(clock.now().getTime() - days * 86_400_000) })
    .where(eq(schema.payments.id, paymentId));
}

const gql = (...args: Parameters<ReturnType<typeof gqlAs>>) => gqlAs(t)(...args);
const RECORD = `mutation($i: RecordLessonInput!) { recordLesson(input: $i) { id state } }`;

/** The tutor records the lecture's first `count` lessons as held. */
async function recordLessons(tutor: TestUser, lectureId: number, count: number) {
  const rows = (
    await t.database.db
      .select()
      .from(schema.lessons)
      .where(eq(schema.lessons.lectureId, lectureId))
      .orderBy(schema.lessons.startsAt)
  ).filter((r) => r.state === "RESERVATION");
  for (const [index, row] of rows.slice(0, count).entries()) {
    await t.database.db
      .update(schema.lessons)
      .set({ startsAt: new Date(clock.now().getTime() - (count - index) * 3_600_000) })
      .where(eq(schema.lessons.id, row.id));
    await okData(gql("workspace", tutor, RECORD, { i: { lessonId: String(row.id), minutes: 90 } }));
  }
}

// ---------------------------------------------------------------------------------------------

describe("PENALTY: the early end of a free tablet rental", () => {
  it("is in the quote, kept back when the refund settles, and printed on the contract", async () => {
    const { student, tutor, lectureId, paymentId } = await matchLecture(t, {
      admin,
      item: math,
      plan: [{ day: "MON", start: "18:00", end: "19:30" }],
      extraItems: [freeTablet],
    });
    await recordLessons(tutor, lectureId, 3);
    const lecture = await lineOf(paymentId, "LECTURE");
    const tablet = await lineOf(paymentId, "DEVICE");
    expect(tablet.paidPrice).toBe(0);
    const lawAmount = lecture.paidPrice - 3 * Math.floor(lecture.salePrice / 8);

    // Within the 7 days of the payment (a withdrawal): no penalty.
    const early = await quote(student, paymentId);
    expect(early.deductions).toEqual([]);
    expect(early.refundableAmount).toBe(lawAmount);

    // 20 days later (lessons held, the 3 months not completed): 3 months × 30,000 won.
    await paidDaysAgo(paymentId, 20);
    const late = await quote(student, paymentId);
    expect(late.grossAmount).toBe(lawAmount);
    expect(late.deductions).toEqual([
      {
        kind: "PENALTY",
        name: "무료 대여 태블릿 중도 해지 위약금",
        paymentItemId: String(tablet.id),
        ruleAmount: 90_000,
        amount: 90_000,
        explanation:
          "무료 대여 태블릿을 3개월보다 일찍 해지해 못 채운 3개월 × 30,000원 = 위약금 90,000원을 빼요. 태블릿은 돌려주셔야 해요.",
      },
    ]);
    expect(late.refundableAmount).toBe(lawAmount - 90_000);
    expect(late.explanation).toContain(
      `여기에서 무료 대여 태블릿 중도 해지 위약금 90,000원을 빼고 ${(lawAmount - 90_000).toLocaleString("ko-KR")}원을 돌려드려요.`,
    );
    expect(late.returnReasonAsked).toBe(false);

    const res = await refund(student, { paymentId });
    expect(res.errors).toBeUndefined();
    const done = res.data.requestRefund;
    expect(done).toMatchObject({ state: "REFUNDED", refundedAmount: lawAmount - 90_000 });
    expect(done.deductions.map((d: { kind: string }) => d.kind)).toEqual(["PENALTY"]);
    // The card got back the law's amount less the penalty; the penalty stays with us.
    const payment = await paymentRow(paymentId);
    expect(cancelsOf(payment.gatewayPaymentId!).map((c) => c.amount)).toEqual([lawAmount - 90_000]);
    expect(payment).toMatchObject({
      state: "PARTIALLY_REFUNDED",
      refundedAmount: lawAmount - 90_000,
    });
    expect(await deductionRows(done.refundRequestId)).toEqual([
      expect.objectContaining({
        kind: "PENALTY",
        paymentItemId: tablet.id,
        ruleAmount: 90_000,
        amount: 90_000,
      }),
    ]);
    // The renewals end with the lessons (no card charged again after this refund).
    const [subscription] = await t.database.db
      .select()
      .from(schema.subscriptions)
      .where(eq(schema.subscriptions.userId, student.userNo));
    expect(subscription?.status).toBe("CANCELLED");
    // Nothing more can be asked: the lines are refunded.
    const again = await refund(student, { paymentId });
    expect(again.errors[0].extensions.code).toBe("refunded_payment_item");

    // The contract of a free tablet prints the rule.
    const contractId = (
      await t.database.db
        .select({ id: schema.contracts.id })
        .from(schema.contracts)
        .where(eq(schema.contracts.paymentId, paymentId))
    )[0]!.id;
    const doc = (
      await graphql(
        t,
        student,
        `
          query ($id: ID!) {
            contractDocument(contractId: $id) {
              version
              text
            }
          }
        `,
        { id: String(contractId) },
      )
    ).json().data.contractDocument;
    expect(doc.version).toBe("2026-11.3");
    expect(doc.text).toContain("30,000원의 위약금(최대 90,000원까지)을 환불 금액에서 뺍니다");
  });
});

describe("DELIVERY_FEE_FOR_REFUND and books back in stock", () => {
  it("a book sent back by change of mind: the fee is kept back, the book restocked once", async () => {
    const before = await stockOf(BOOK_ID);
    const { student, paymentId } = await order([
      [math.id, 1],
      [BOOK_ID, 1],
    ]);
    expect(await stockOf(BOOK_ID)).toBe(before - 1);
    const book = await lineOf(paymentId, "SEOLTAB_BOOK");

    const changed = await quote(student, paymentId, { paymentItemIds: [String(book.id)] });
    expect(changed).toMatchObject({
      returnReasonAsked: true,
      returnReason: "CHANGE_OF_MIND",
      grossAmount: book.paidPrice,
      refundableAmount: book.paidPrice - 3_000,
    });
    expect(changed.deductions).toEqual([
      expect.objectContaining({
        kind: "DELIVERY_FEE_FOR_REFUND",
        name: "반품 배송비",
        paymentItemId: null,
        amount: 3_000,
      }),
    ]);
    // Defective or not as sold: no fee (전자상거래법 제18조제10항).
    const defective = await quote(student, paymentId, {
      paymentItemIds: [String(book.id)],
      returnReason: "DEFECTIVE_OR_NOT_AS_SOLD",
    });
    expect(defective).toMatchObject({ deductions: [], refundableAmount: book.paidPrice });
    // A lecture alone asks no return reason and keeps nothing back.
    const lecture = await lineOf(paymentId, "LECTURE");
    expect(await quote(student, paymentId, { paymentItemIds: [String(lecture.id)] })).toMatchObject(
      { returnReasonAsked: false, deductions: [] },
    );

    const res = (await refund(student, { paymentId, paymentItemIds: [String(book.id)] })).data
      .requestRefund;
    expect(res).toMatchObject({ state: "REFUNDED", refundedAmount: book.paidPrice - 3_000 });
    expect(await stockOf(BOOK_ID)).toBe(before);
    const restocks = await t.database.db
      .select()
      .from(schema.storeRestocks)
      .where(eq(schema.storeRestocks.paymentItemId, book.id));
    expect(restocks).toEqual([expect.objectContaining({ storeItemId: BOOK_ID, quantity: 1 })]);
    const [request] = await t.database.db
      .select()
      .from(schema.refundRequests)
      .where(eq(schema.refundRequests.id, Number(res.refundRequestId)));
    expect(request).toMatchObject({ returnReason: "CHANGE_OF_MIND", goodsOpened: false });
    // Staff see what was kept back in their queue.
    const queue = responseOf(
      await call(
        t,
        "/main/admin/refund_requests",
        { STATE: "REFUNDED", LIMIT: 100 },
        { token: admin.token },
      ),
    ).REFUND_REQUESTS as { REFUND_REQUEST_ID: number }[];
    expect(queue.find((r) => r.REFUND_REQUEST_ID === Number(res.refundRequestId))).toMatchObject({
      AMOUNT: book.paidPrice - 3_000,
      RETURN_REASON: "CHANGE_OF_MIND",
      DEDUCTIONS: [
        {
          KIND: "DELIVERY_FEE_FOR_REFUND",
          PAYMENT_ITEM_ID: null,
          RULE_AMOUNT: 3_000,
          AMOUNT: 3_000,
          EXPLANATION: expect.stringContaining("반품 배송비 3,000원을 빼요"),
        },
      ],
    });
  });

  it("a claimed defect: no fee, and staff check the goods before refunding", async () => {
    const { student, paymentId } = await order([
      [math.id, 1],
      [BOOK_ID, 2],
    ]);
    const book = await lineOf(paymentId, "SEOLTAB_BOOK");
    const res = (
      await refund(student, {
        paymentId,
        paymentItemIds: [String(book.id)],
        returnReason: "DEFECTIVE_OR_NOT_AS_SOLD",
      })
    ).data.requestRefund;
    expect(res).toMatchObject({
      state: "STAFF_REVIEW",
      amount: book.paidPrice,
      refundedAmount: 0,
      deductions: [],
    });
  });

  it("an unknown return reason is refused in Korean, nothing written", async () => {
    const { student, paymentId } = await order([
      [math.id, 1],
      [BOOK_ID, 1],
    ]);
    const body = await refund(student, { paymentId, returnReason: "BROKEN" });
    expect(body.errors[0].extensions.code).toBe("validation_failed");
    expect(body.errors[0].message).toContain("반품 사유는");
    expect((await lines(paymentId)).every((l) => l.state === "PAID")).toBe(true);
  });

  it("two settlements in parallel put the book back once", async () => {
    const before = await stockOf(BOOK_ID);
    const { student, paymentId } = await order([
      [math.id, 1],
      [BOOK_ID, 2],
    ]);
    expect(await stockOf(BOOK_ID)).toBe(before - 2);
    const book = await lineOf(paymentId, "SEOLTAB_BOOK");
    spy.nextCancel = "answer-lost";
    const res = (await refund(student, { paymentId, paymentItemIds: [String(book.id)] })).data
      .requestRefund;
    expect(res.state).toBe("REFUND_REQUESTED");
    expect(await stockOf(BOOK_ID)).toBe(before - 2);

    clock.advance(2 * 60_000);
    const jobs = inProcessJobRunner(t.app.jobTable, t.app.log, 60_000);
    const settle = () =>
      call(
        t,
        "/main/admin/refund_requests/settle",
        { REFUND_REQUEST_ID: Number(res.refundRequestId) },
        { token: admin.token },
      );
    await Promise.all([settle(), settle(), jobs.trigger("refunds-settlement"), settle()]);

    const [request] = await t.database.db
      .select()
      .from(schema.refundRequests)
      .where(eq(schema.refundRequests.id, Number(res.refundRequestId)));
    expect(request!.state).toBe("REFUNDED");
    expect(await stockOf(BOOK_ID)).toBe(before);
    expect(
      await t.database.db
        .select()
        .from(schema.storeRestocks)
        .where(eq(schema.storeRestocks.paymentItemId, book.id)),
    ).toHaveLength(1);
    const payment = await paymentRow(paymentId);
    expect(cancelsOf(payment.gatewayPaymentId!)).toHaveLength(1);

    // The restock itself is keyed by the line: run again, in parallel, it changes nothing.
    const [line] = await t.database.db
      .select()
      .from(schema.paymentItems)
      .where(eq(schema.paymentItems.id, book.id));
    const again = await Promise.all(
      [0, 1].map(() =>
        withTransaction(t.database.db as Database, (tx) =>
          restockRefundedBooks(tx, Number(res.refundRequestId), [
            { item: line!, amount: line!.paidPrice },
          ]),
        ),
      ),
    );
    expect(again).toEqual([[], []]);
    expect(await stockOf(BOOK_ID)).toBe(before);
  });
});

describe("digital contents", () => {
  it("unopened within 7 days: refunded in full, no return fee; opened: nothing, not restocked", async () => {
    const { student, paymentId } = await order([
      [math.id, 1],
      [CONTENTS_ID, 1],
    ]);
    const contents = await lineOf(paymentId, "CONTENTS");
    const unopened = await quote(student, paymentId, { paymentItemIds: [String(contents.id)] });
    expect(unopened).toMatchObject({
      rule: "CONTENTS_WITHDRAWAL_7_DAYS",
      refundableAmount: contents.paidPrice,
      deductions: [],
      returnReasonAsked: false,
    });
    const opened = await quote(student, paymentId, {
      paymentItemIds: [String(contents.id)],
      opened: true,
    });
    expect(opened).toMatchObject({ rule: "CONTENTS_OPENED", refundableAmount: 0 });
    expect(opened.explanation).toContain("이미 열어 본 디지털 콘텐츠는 청약철회를 할 수 없어");
    const res = (
      await refund(student, { paymentId, paymentItemIds: [String(contents.id)], opened: true })
    ).data.requestRefund;
    // Nothing by self-service: kept for staff with 0 won, nothing cancelled.
    expect(res).toMatchObject({ state: "STAFF_REVIEW", amount: 0, refundedAmount: 0 });
    const payment = await paymentRow(paymentId);
    expect(cancelsOf(payment.gatewayPaymentId!)).toHaveLength(0);
  });
});

describe("GIFT / PURCHASE and NEW_DEVICE / USED_DEVICE", () => {
  const CONTRACT = /* GraphQL */ `
    query ($userId: Int!) {
      contractsToSign(userId: $userId) {
        id
      }
    }
  `;

  async function contractOf(paymentId: number) {
    const [row] = await t.database.db
      .select()
      .from(schema.contracts)
      .where(eq(schema.contracts.paymentId, paymentId));
    return row!;
  }

  async function deviceRow(paymentItemId: number) {
    const [row] = await t.database.db
      .select()
      .from(schema.paymentItemDevices)
      .where(eq(schema.paymentItemDevices.paymentItemId, paymentItemId));
    return row!;
  }

  it("a gift: recorded GIFT, no return, no penalty; the contract says so", async () => {
    const { student, paymentId } = await order([
      [math.id, 1],
      [gift.id, 1],
    ]);
    const line = await lineOf(paymentId, "DEVICE");
    expect(line.paidPrice).toBe(0);
    expect(await deviceRow(line.id)).toMatchObject({
      purchaseOrGift: "GIFT",
      deviceCondition: "NEW_DEVICE",
      isRental: false,
    });
    await paidDaysAgo(paymentId, 20);
    const q = await quote(student, paymentId);
    const item = q.items.find((i: { itemKind: string }) => i.itemKind === "DEVICE");
    expect(item).toMatchObject({
      rule: "NOTHING_PAID",
      purchaseOrGift: "GIFT",
      deviceCondition: "NEW_DEVICE",
    });
    expect(item.explanation).toContain("돌려주지 않으셔도 돼요");
    expect(q.deductions).toEqual([]);

    expect((await graphql(t, student, CONTRACT, { userId: student.userNo })).json().errors).toBe(
      undefined,
    );
    const contract = await contractOf(paymentId);
    expect(contract).toMatchObject({ ownershipType: "OWNED", deviceId: gift.id, isUsed: false });
    const doc = (
      await graphql(
        t,
        student,
        `
          query ($id: ID!) {
            contractDocument(contractId: $id) {
              text
            }
          }
        `,
        { id: String(contract.id) },
      )
    ).json().data.contractDocument;
    expect(doc.text).toContain("수강 혜택으로 드립니다(증정, 0원)");
    expect(doc.text).toContain("(1대, 새 제품 증정 · 돌려주지 않아도 됨)");
    expect(doc.text).not.toContain("위약금(");
  });

  it("a used tablet bought: PURCHASE and USED_DEVICE on the line and the contract", async () => {
    const { student, paymentId } = await order([
      [math.id, 1],
      [usedTablet.id, 1],
    ]);
    const line = await lineOf(paymentId, "DEVICE");
    expect(await deviceRow(line.id)).toMatchObject({
      purchaseOrGift: "PURCHASE",
      deviceCondition: "USED_DEVICE",
    });
    const q = await quote(student, paymentId, { paymentItemIds: [String(line.id)] });
    expect(q.items.find((i: { itemKind: string }) => i.itemKind === "DEVICE")).toMatchObject({
      purchaseOrGift: "PURCHASE",
      deviceCondition: "USED_DEVICE",
    });
    // A bought tablet goes back within 7 days in full: devices are collected at no charge.
    expect(q).toMatchObject({
      returnReasonAsked: false,
      deductions: [],
      refundableAmount: line.paidPrice,
    });
    await graphql(t, student, CONTRACT, { userId: student.userNo });
    const contract = await contractOf(paymentId);
    expect(contract).toMatchObject({ ownershipType: "PAID", isUsed: true });
    const body = (
      await graphql(
        t,
        student,
        `query($userId: Int!) { userContracts(userId: $userId) { id } contractDocument(contractId: "${contract.id}") { text } }`,
        { userId: student.userNo },
      )
    ).json();
    expect(body.errors).toBeUndefined();
    expect(body.data.contractDocument.text).toContain("(1대, 중고 제품 구매)");
  });

  it("a free tablet: lent (neither purchase nor gift), its condition on the contract", async () => {
    const { student, paymentId } = await order([
      [math.id, 1],
      [freeTablet.id, 1],
    ]);
    const line = await lineOf(paymentId, "DEVICE");
    expect(await deviceRow(line.id)).toMatchObject({ purchaseOrGift: null });
    // Signed, the contract's tablet terms are on the wire.
    await graphql(t, student, CONTRACT, { userId: student.userNo });
    const contract = await contractOf(paymentId);
    const signed = (
      await graphql(
        t,
        student,
        `
          mutation ($i: SignContractInput!) {
            signContract(input: $i) {
              userContractId
            }
          }
        `,
        { i: { contractToSignId: String(contract.id), signerName: "김설탭", agreed: true } },
      )
    ).json();
    expect(signed.errors).toBeUndefined();
    const view = (
      await graphql(
        t,
        student,
        `
          query ($userId: Int!) {
            userContract(userId: $userId) {
              contract {
                ownershipType
                isUsed
                deviceCondition
                purchaseOrGift
              }
            }
          }
        `,
        { userId: student.userNo },
      )
    ).json().data.userContract;
    expect(view.contract).toEqual({
      ownershipType: "RENTED",
      isUsed: freeTablet.usedType === "USED",
      deviceCondition: freeTablet.usedType === "USED" ? "USED_DEVICE" : "NEW_DEVICE",
      purchaseOrGift: null,
    });
  });
});
