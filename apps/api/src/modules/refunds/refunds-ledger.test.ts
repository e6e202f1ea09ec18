/**
 * The refund quote of a lecture uses its lesson ledger (issue 14; DESIGN.md §9; decision 029):
 * a lecture paid by billing card, MATCHED with lessons, 3 lessons recorded by the tutor → the
 * quote is paid − 3 × the list price per lesson (학원법 시행령 [별표 4] 비고 2), shown with how it
 * was computed, and that is what the card gets back. Bad input answers as before. Runs on PGlite,
 * and on PostgreSQL with DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, schema } from "@seoltab/db";
import { offsetClock } from "../../clock.ts";
import { buildTestApp, type TestApp } from "../../test/test-app.ts";
import type { CancelRequest, PaymentGateway } from "../payments/gateway/gateway.port.ts";
import { createSandboxGateway } from "../payments/gateway/sandbox.ts";
import {
  graphql,
  newUser,
  smartMath,
  type StoreItem,
  type TestUser,
} from "../payments/payments.test-support.ts";
import { gqlAs, matchLecture, okData, refusedAnswer } from "../lessons/lessons.test-support.ts";

let t: TestApp;
const clock = offsetClock();
let math: StoreItem;
let admin: TestUser;
const cancels: CancelRequest[] = [];

beforeAll(async () => {
  const sandbox = createSandboxGateway({ clock: () => clock.now() });
  const spy: PaymentGateway = {
    ...sandbox,
    async cancelPayment(request) {
      cancels.push(structuredClone(request));
      return sandbox.cancelPayment(request);
    },
  };
  t = await buildTestApp({}, {}, { payments: { gateway: spy, clock }, accounts: { clock } });
  math = await smartMath(t);
  admin = await newUser(t, "ADMIN");
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** GraphQL as `user` on a backend (lessons.test-support.ts). */
const gql = (...args: Parameters<ReturnType<typeof gqlAs>>) => gqlAs(t)(...args);
const ok = okData;
const refused = refusedAnswer;

const PLAN = [{ day: "MON" as const, start: "18:00", end: "19:30" }];

/** A student whose paid lecture is MATCHED with a fresh ACTIVE tutor on PLAN. */
async function matchedLecture() {
  return matchLecture(t, { admin, item: math, plan: PLAN });
}

async function lessonRows(lectureId: number) {
  return t.database.db
    .select()
    .from(schema.lessons)
    .where(eq(schema.lessons.lectureId, lectureId))
    .orderBy(schema.lessons.startsAt);
}

const RECORD = `mutation($i: RecordLessonInput!) { recordLesson(input: $i) { id state } }`;

/** The tutor records the lecture's first `count` lessons as held (each moved to have started). */
async function recordLessons(tutor: TestUser, lectureId: number, count: number) {
  const rows = (await lessonRows(lectureId)).filter((r) => r.state === "RESERVATION");
  for (const [index, row] of rows.slice(0, count).entries()) {
    // The lesson started (count − index) hours ago.
    await t.database.db
      .update(schema.lessons)
      .set({ startsAt: new Date(clock.now().getTime() - (count - index) * 3_600_000) })
      .where(eq(schema.lessons.id, row.id));
    await ok(gql("workspace", tutor, RECORD, { i: { lessonId: String(row.id), minutes: 90 } }));
  }
}

const QUOTE = `paymentItemId lessonsHeld lessonsCounted lessonsBought listPrice pricePerLesson deductedAmount summary`;
const ELIGIBILITY = /* GraphQL */ `
  query ($paymentId: ID!, $paymentItemIds: [ID!]) {
    refundEligibility(paymentId: $paymentId, paymentItemIds: $paymentItemIds) {
      eligible
      reasons
      refundableAmount
      rule
      explanation
      items { paymentItemId itemKind paidPrice amount rule explanation lessonQuote { ${QUOTE} } }
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
      message
      lessonQuotes { ${QUOTE} }
    }
  }
`;

async function lectureLine(paymentId: number) {
  const [line] = await t.database.db
    .select()
    .from(schema.paymentItems)
    .where(
      and(
        eq(schema.paymentItems.paymentId, paymentId),
        eq(schema.paymentItems.itemKind, "LECTURE"),
      ),
    );
  return line!;
}

describe("the refund quote of a lecture uses its lesson ledger", () => {
  it("after 3 lessons: paid − 3 × the list price per lesson, shown and refunded to the card", async () => {
    const { student, tutor, lectureId, paymentId } = await matchedLecture();
    const line = await lectureLine(paymentId);
    // 스마트 수학 1개월: 8 lessons at the line's sale total before discounts.
    expect(line.months).toBe(1);
    const perLesson = Math.floor(line.salePrice / 8);

    // Matched, no lesson held yet: everything paid back, with the ledger shown.
    const before = (await ok(graphql(t, student, ELIGIBILITY, { paymentId: String(paymentId) })))
      .refundEligibility;
    expect(before).toMatchObject({
      eligible: true,
      refundableAmount: line.paidPrice,
      rule: "ACADEMY_BEFORE_START",
    });
    expect(before.items[0].lessonQuote).toMatchObject({
      paymentItemId: String(line.id),
      lessonsHeld: 0,
      lessonsBought: 8,
      pricePerLesson: perLesson,
      deductedAmount: 0,
    });

    await recordLessons(tutor, lectureId, 3);
    const expected = Math.max(0, line.paidPrice - 3 * perLesson);
    const after = (await ok(graphql(t, student, ELIGIBILITY, { paymentId: String(paymentId) })))
      .refundEligibility;
    expect(after).toMatchObject({
      eligible: true,
      reasons: [],
      refundableAmount: expected,
      rule: "REMOTE_LESSONS_TAKEN",
    });
    const quote = after.items[0].lessonQuote;
    expect(quote).toEqual({
      paymentItemId: String(line.id),
      lessonsHeld: 3,
      lessonsCounted: 3,
      lessonsBought: 8,
      listPrice: line.salePrice,
      pricePerLesson: perLesson,
      deductedAmount: 3 * perLesson,
      summary: `수업 3회 진행 × 회당 ${perLesson.toLocaleString("en-US")}원 = ${(3 * perLesson).toLocaleString("en-US")}원 차감`,
    });
    expect(after.explanation).toBe(after.items[0].explanation);
    expect(after.explanation).toContain("진행한 수업 3회의 수업료");
    // The seeded 스마트 수학 (정가 219,000, sold at 189,000 a month; "총 8회 수업"):
    // 189,000 − 3 × 23,625 = 118,125 won.
    expect(line).toMatchObject({ unitBasePrice: 219_000, salePrice: 189_000, paidPrice: 189_000 });
    expect(quote.summary).toBe("수업 3회 진행 × 회당 23,625원 = 70,875원 차감");
    expect(expected).toBe(118_125);

    // Bad input answers as before, and changes nothing.
    const stranger = await newUser(t, "STUDENT");
    expect(
      (await refused(graphql(t, stranger, ELIGIBILITY, { paymentId: String(paymentId) }))).code,
    ).toBe("payment_not_found");
    expect(
      (await refused(graphql(t, tutor, ELIGIBILITY, { paymentId: String(paymentId) }))).code,
    ).toBe("payment_not_found");
    expect(
      (
        await refused(
          graphql(t, student, ELIGIBILITY, {
            paymentId: String(paymentId),
            paymentItemIds: ["999999999"],
          }),
        )
      ).code,
    ).toBe("payment_item_not_found");
    expect(
      (
        await refused(
          graphql(t, student, REQUEST, {
            input: { paymentId: String(paymentId), reason: "" },
          }),
        )
      ).classification,
    ).toBe("BAD_REQUEST");
    expect(
      (
        await refused(
          graphql(t, stranger, REQUEST, {
            input: { paymentId: String(paymentId), reason: "남의 결제" },
          }),
        )
      ).code,
    ).toBe("payment_not_found");
    expect(cancels).toHaveLength(0);

    const result = (
      await ok(
        graphql(t, student, REQUEST, {
          input: { paymentId: String(paymentId), reason: "수업을 그만둬요" },
        }),
      )
    ).requestRefund;
    expect(result).toMatchObject({
      state: "REFUNDED",
      refundedAmount: expected,
      amount: expected,
      rule: "REMOTE_LESSONS_TAKEN",
    });
    expect(result.lessonQuotes).toEqual([quote]);
    expect(cancels).toHaveLength(1);
    expect(cancels[0]!.amount).toBe(expected);
    const refunded = await lectureLine(paymentId);
    expect(refunded).toMatchObject({ state: "REFUNDED", refundedAmount: expected });
    const [payment] = await t.database.db
      .select()
      .from(schema.payments)
      .where(eq(schema.payments.id, paymentId));
    expect(payment).toMatchObject({ state: "PARTIALLY_REFUNDED", refundedAmount: expected });
    const [request] = await t.database.db
      .select()
      .from(schema.refundRequests)
      .where(eq(schema.refundRequests.paymentId, paymentId));
    expect(request).toMatchObject({ amount: expected, rule: "REMOTE_LESSONS_TAKEN" });
    // The held lessons stay in the ledger; the planned ones are cancelled with the lecture.
    const rows = await lessonRows(lectureId);
    expect(rows.filter((r) => r.state === "DONE")).toHaveLength(3);
    expect(rows.filter((r) => r.state === "RESERVATION")).toHaveLength(0);

    // Asking again: refused as before, nothing cancelled twice.
    expect(
      (
        await refused(
          graphql(t, student, REQUEST, {
            input: { paymentId: String(paymentId), reason: "다시" },
          }),
        )
      ).code,
    ).toBe("refunded_payment_item");
    expect(cancels).toHaveLength(1);
  });

  it("a lesson recorded after the quote lowers the next quote; more lessons never raise it", async () => {
    const { student, tutor, lectureId, paymentId } = await matchedLecture();
    const line = await lectureLine(paymentId);
    const amounts: number[] = [];
    for (let held = 0; held < 3; held += 1) {
      const e = (await ok(graphql(t, student, ELIGIBILITY, { paymentId: String(paymentId) })))
        .refundEligibility;
      expect(e.items[0].lessonQuote.lessonsHeld).toBe(held);
      amounts.push(e.refundableAmount);
      await recordLessons(tutor, lectureId, 1);
    }
    expect(amounts[0]).toBe(line.paidPrice);
    expect(amounts[1]).toBeLessThan(amounts[0]!);
    expect(amounts[2]).toBeLessThan(amounts[1]!);
  });
});
