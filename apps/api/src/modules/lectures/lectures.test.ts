/**
 * Lectures (issue #13 "Lectures"; docs/api/lectures.md): a paid first order writes one REGISTER
 * lecture per LECTURE line with its first `lecture_transitions` row (AUTO), exactly once however
 * often or concurrently the payment is confirmed; renewals write none; a refund of the line moves
 * the lecture to FINISH; LECTURE_INFO shows the lecture's state; migration 0014 backfills the
 * lectures of paid orders that existed before it. Runs on PGlite, and on PostgreSQL with
 * DATABASE_URL (the migration test always uses a fresh in-memory PGlite of its own).
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  MIGRATIONS_DIR,
  and,
  asc,
  eq,
  inArray,
  isNull,
  ne,
  openDatabase,
  schema,
} from "@seoltab/db";
import { offsetClock } from "../../clock.ts";
import { buildTestApp, type TestApp } from "../../test/test-app.ts";
import { createSandboxGateway, type SandboxGateway } from "../payments/gateway/sandbox.ts";
import { chargeDueRenewals } from "../payments/payments.jobs.ts";
import { findPaymentById } from "../payments/payments.repository.ts";
import {
  call,
  merchantUid,
  newUser,
  responseOf,
  smartMath,
  subscribe,
  type StoreItem,
  type TestUser,
  studentWithCard,
} from "../payments/payments.test-support.ts";
import { createLecturesForPayment } from "./lectures.service.ts";

let t: TestApp;
let gateway: SandboxGateway;
const clock = offsetClock();
let math: StoreItem;

beforeAll(async () => {
  gateway = createSandboxGateway({ clock: () => clock.now() });
  t = await buildTestApp({}, {}, { payments: { gateway, clock } });
  math = await smartMath(t);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

function order(student: TestUser, extra: Record<string, unknown> = {}) {
  return {
    USER_NO: student.userNo,
    MERCHANT_UID: merchantUid(),
    PAYMENT_METHOD: "BILLING_CARD",
    ITEMS: [{ id: math.id, lecture_multiple: 3 }],
    ...extra,
  };
}

interface PaidLine {
  ID: number;
  ITEM_KIND: string;
}

function lectureLines(payment: { ITEMS: PaidLine[] }): number[] {
  return payment.ITEMS.filter((l) => l.ITEM_KIND === "LECTURE").map((l) => l.ID);
}

async function lecturesOfPayment(paymentId: number) {
  return t.database.db
    .select()
    .from(schema.lectures)
    .where(eq(schema.lectures.paymentId, paymentId))
    .orderBy(asc(schema.lectures.paymentItemId));
}

async function movesOf(lectureIds: number[]) {
  if (lectureIds.length === 0) return [];
  return t.database.db
    .select()
    .from(schema.lectureTransitions)
    .where(inArray(schema.lectureTransitions.lectureId, lectureIds))
    .orderBy(asc(schema.lectureTransitions.id));
}

async function lectureInfo(student: TestUser) {
  const info = responseOf(
    await call(t, "/main/getUserInfo", { USER_NO: student.userNo }, { token: student.token }),
  );
  return info.LECTURE_INFO as { LECTURE_NO: number; STATE: string; LECTURE_ID: number | null }[];
}

describe("a paid first order", () => {
  it("writes one REGISTER lecture per LECTURE line, each with its first move (AUTO), and none for a device", async () => {
    const student = await studentWithCard(t);
    const s = schema.storeItems;
    const [other] = await t.database.db
      .select()
      .from(s)
      .where(
        and(
          eq(s.itemKind, "LECTURE"),
          eq(s.itemType, math.itemType!),
          eq(s.months, 1),
          eq(s.isHomeshopping, false),
          eq(s.isActive, true),
          ne(s.subjectId, math.subjectId!),
        ),
      )
      .orderBy(asc(s.id))
      .limit(1);
    expect(other, "a second monthly lecture in the seeded catalog").toBeDefined();
    const [device] = await t.database.db
      .select()
      .from(s)
      .where(and(eq(s.itemKind, "DEVICE"), eq(s.isHomeshopping, false), eq(s.isActive, true)))
      .orderBy(asc(s.id))
      .limit(1);
    const res = await subscribe(
      t,
      student,
      order(student, {
        ITEMS: [
          { id: math.id, lecture_multiple: 3 },
          { id: other!.id, lecture_multiple: 3 },
          ...(device ? [{ id: device.id, lecture_multiple: 1 }] : []),
        ],
      }),
    );
    const payment = responseOf(res);
    expect(payment.STATE, JSON.stringify(payment)).toBe("PAID");
    const lines = lectureLines(payment);
    expect(lines).toHaveLength(2);

    const lectures = await lecturesOfPayment(payment.PAYMENT_ID);
    expect(lectures.map((l) => l.paymentItemId)).toEqual([...lines].sort((a, b) => a - b));
    for (const lecture of lectures) {
      expect(lecture).toMatchObject({
        userId: student.userNo,
        state: "REGISTER",
        months: 3,
        tutorUserId: null,
      });
    }
    const moves = await movesOf(lectures.map((l) => l.id));
    expect(moves.map((m) => [m.lectureId, m.fromState, m.toState, m.initiator])).toEqual(
      lectures.map((l) => [l.id, null, "REGISTER", "AUTO"]),
    );

    // LECTURE_INFO: one entry per line, keyed by the line id (lecture_vt_No), state REGISTER.
    const info = await lectureInfo(student);
    for (const lecture of lectures) {
      expect(info.find((e) => e.LECTURE_NO === lecture.paymentItemId)).toMatchObject({
        STATE: "REGISTER",
        LECTURE_ID: lecture.id,
      });
    }
  });

  it("the same checkout sent five times at once: one payment, one lecture, one move", async () => {
    const student = await studentWithCard(t);
    const body = order(student);
    const answers = await Promise.all(Array.from({ length: 5 }, () => subscribe(t, student, body)));
    const ids = new Set(answers.map((a) => responseOf(a).PAYMENT_ID as number));
    expect(ids.size).toBe(1);
    const [paymentId] = [...ids];
    const lectures = await lecturesOfPayment(paymentId!);
    expect(lectures).toHaveLength(1);
    expect(await movesOf(lectures.map((l) => l.id))).toHaveLength(1);
  });

  it("a deposit confirmed by five webhooks at once: PAID once, one lecture, one move", async () => {
    const student = await newUser(t, "STUDENT");
    const body = order(student, { PAYMENT_METHOD: "VBANK" });
    const payment = responseOf(await subscribe(t, student, body));
    expect(payment.STATE).toBe("READY");
    // Nothing is written before the deposit; LECTURE_INFO derives NOPAY from the payment.
    expect(await lecturesOfPayment(payment.PAYMENT_ID)).toHaveLength(0);
    expect((await lectureInfo(student))[0]).toMatchObject({ STATE: "NOPAY", LECTURE_ID: null });

    const row = (await findPaymentById(t.database.db, payment.PAYMENT_ID))!;
    await gateway.simulateDeposit(row.gatewayPaymentId!);
    const hook = { imp_uid: row.gatewayPaymentId, merchant_uid: body.MERCHANT_UID, status: "paid" };
    const outcomes = (
      await Promise.all(Array.from({ length: 5 }, () => call(t, "/main/portone_webhook", hook)))
    ).map((r) => responseOf(r).OUTCOME as string);
    // (On PostgreSQL every answer may say APPLIED: the webhook compares with the state it read
    // before applying. The move itself is conditional: one READY → PAID row.)
    expect(outcomes.every((o) => o === "APPLIED" || o === "UNCHANGED")).toBe(true);
    const paidMoves = await t.database.db
      .select()
      .from(schema.paymentTransitions)
      .where(
        and(
          eq(schema.paymentTransitions.paymentId, payment.PAYMENT_ID),
          eq(schema.paymentTransitions.toState, "PAID"),
          isNull(schema.paymentTransitions.paymentItemId),
        ),
      );
    expect(paidMoves).toHaveLength(1);

    const lectures = await lecturesOfPayment(payment.PAYMENT_ID);
    expect(lectures).toHaveLength(1);
    expect(lectures[0]!.state).toBe("REGISTER");
    expect(await movesOf(lectures.map((l) => l.id))).toHaveLength(1);
    expect((await lectureInfo(student))[0]).toMatchObject({
      STATE: "REGISTER",
      LECTURE_ID: lectures[0]!.id,
    });
  });

  it("the payment.paid handler run again (twice at once) writes nothing more", async () => {
    const student = await studentWithCard(t);
    const payment = responseOf(await subscribe(t, student, order(student)));
    const row = (await findPaymentById(t.database.db, payment.PAYMENT_ID))!;
    const deps = { log: t.app.log };
    const again = await Promise.all([
      createLecturesForPayment(deps, t.database.db, row, "AUTO", clock.now()),
      createLecturesForPayment(deps, t.database.db, row, "AUTO", clock.now()),
    ]);
    expect(again.flat()).toEqual([]);
    const lectures = await lecturesOfPayment(payment.PAYMENT_ID);
    expect(lectures).toHaveLength(1);
    expect(await movesOf(lectures.map((l) => l.id))).toHaveLength(1);
  });
});

describe("renewals and refunds", () => {
  it("a monthly renewal writes no lecture: the first order's lecture carries on", async () => {
    const student = await studentWithCard(t);
    const first = responseOf(await subscribe(t, student, order(student)));
    const before = await t.database.db
      .select()
      .from(schema.lectures)
      .where(eq(schema.lectures.userId, student.userNo));
    expect(before).toHaveLength(1);

    clock.advance(95 * 86_400_000);
    await chargeDueRenewals(t.app.payments.deps);
    const renewals = await t.database.db
      .select()
      .from(schema.payments)
      .where(eq(schema.payments.subscriptionId, first.SUBSCRIPTION.ID));
    expect(renewals.map((r) => r.state)).toEqual(["PAID"]);
    expect(await lecturesOfPayment(renewals[0]!.id)).toHaveLength(0);
    const after = await t.database.db
      .select()
      .from(schema.lectures)
      .where(eq(schema.lectures.userId, student.userNo));
    expect(after.map((l) => [l.id, l.state])).toEqual(before.map((l) => [l.id, "REGISTER"]));
    // Asked directly, a renewal payment has no lecture either.
    expect(
      await createLecturesForPayment(
        { log: t.app.log },
        t.database.db,
        renewals[0]!,
        "AUTO",
        clock.now(),
      ),
    ).toEqual([]);
  });

  it("a refund of the line ends the lecture: FINISH (AUTO) with its move, shown in LECTURE_INFO", async () => {
    const student = await studentWithCard(t);
    const payment = responseOf(await subscribe(t, student, order(student)));
    const [lecture] = await lecturesOfPayment(payment.PAYMENT_ID);
    const res = await t.app.inject({
      method: "POST",
      url: "/payment/graphql",
      headers: { "content-type": "application/json", authorization: `Bearer ${student.token}` },
      payload: JSON.stringify({
        query: `mutation($input: RequestRefundInput!) { requestRefund(input: $input) { state } }`,
        variables: { input: { paymentId: String(payment.PAYMENT_ID), reason: "단순 변심" } },
      }),
    });
    expect(res.json().data.requestRefund.state).toBe("REFUNDED");
    const [ended] = await lecturesOfPayment(payment.PAYMENT_ID);
    expect(ended!.state).toBe("FINISH");
    const moves = await movesOf([lecture!.id]);
    expect(moves.map((m) => [m.fromState, m.toState, m.initiator])).toEqual([
      [null, "REGISTER", "AUTO"],
      ["REGISTER", "FINISH", "AUTO"],
    ]);
    expect(
      (await lectureInfo(student)).find((e) => e.LECTURE_NO === lecture!.paymentItemId),
    ).toMatchObject({ STATE: "FINISH", LECTURE_ID: lecture!.id });
  });
});

describe("migration 0014 backfill", () => {
  it("gives every paid first order that existed before it its lectures (REGISTER, FINISH when refunded) with one AUTO move", async () => {
    // A fresh database migrated up to 0013, orders written, then migrated to the end.
    const before = mkdtempSync(join(tmpdir(), "seoltab-migrations-"));
    const handle = await openDatabase({ kind: "pglite-memory" });
    try {
      const journal = JSON.parse(
        readFileSync(join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8"),
      ) as { entries: { idx: number; tag: string }[] };
      const upTo13 = journal.entries.filter((e) => e.idx <= 13);
      expect(upTo13.at(-1)!.tag).toBe("0013_tutor_applications");
      mkdirSync(join(before, "meta"));
      writeFileSync(
        join(before, "meta", "_journal.json"),
        JSON.stringify({ ...journal, entries: upTo13 }),
      );
      for (const e of upTo13)
        copyFileSync(join(MIGRATIONS_DIR, `${e.tag}.sql`), join(before, `${e.tag}.sql`));
      await handle.migrate(before);

      const db = handle.db;
      const [user] = await db
        .insert(schema.users)
        .values({
          email: "backfill@example.com",
          passwordHash: "x",
          userType: "STUDENT",
          name: "김설탭",
        })
        .returning();
      const paidAt = new Date("2026-09-01T01:00:00Z");
      const pay = async (merchant: string, state: string, subscriptionId: number | null = null) => {
        const [p] = await db
          .insert(schema.payments)
          .values({
            merchantUid: merchant,
            requestHash: "0".repeat(64),
            userId: user!.id,
            initiator: "USER",
            paymentMethod: "BILLING_CARD",
            state,
            name: "스마트 수학",
            productsPrice: 300_000,
            discountedValue: 0,
            paidPrice: 300_000,
            subscriptionId,
            billingPeriod: subscriptionId === null ? null : 1,
            createdAt: paidAt,
            completedAt: state === "READY" ? null : paidAt,
          })
          .returning();
        return p!;
      };
      const line = async (paymentId: number, itemKind: string, state: string | null) => {
        const [i] = await db
          .insert(schema.paymentItems)
          .values({
            paymentId,
            itemKind,
            name: itemKind === "LECTURE" ? "스마트 수학" : "태블릿",
            quantity: 3,
            months: itemKind === "LECTURE" ? 3 : 0,
            unitBasePrice: 100_000,
            unitSalePrice: 100_000,
            salePrice: 300_000,
            policyPrice: 0,
            paidPrice: 300_000,
            state,
          })
          .returning();
        return i!.id;
      };
      const paid = await pay("bf-paid", "PAID");
      const paidLecture = await line(paid.id, "LECTURE", "PAID");
      const paidDevice = await line(paid.id, "DEVICE", "PAID");
      const partly = await pay("bf-partly", "PARTIALLY_REFUNDED");
      const refundedLecture = await line(partly.id, "LECTURE", "REFUNDED");
      const keptLecture = await line(partly.id, "LECTURE", "PAID");
      const unpaid = await pay("bf-unpaid", "READY");
      await line(unpaid.id, "LECTURE", null);
      const failed = await pay("bf-failed", "FAILED");
      await line(failed.id, "LECTURE", null);
      const renewal = await pay("bf-renewal", "PAID", 77);
      await line(renewal.id, "LECTURE", "PAID");

      await handle.migrate();

      const lectures = await db
        .select()
        .from(schema.lectures)
        .orderBy(asc(schema.lectures.paymentItemId));
      expect(
        lectures.map((l) => [l.paymentId, l.paymentItemId, l.userId, l.state, l.months, l.title]),
      ).toEqual([
        [paid.id, paidLecture, user!.id, "REGISTER", 3, "스마트 수학"],
        [partly.id, refundedLecture, user!.id, "FINISH", 3, "스마트 수학"],
        [partly.id, keptLecture, user!.id, "REGISTER", 3, "스마트 수학"],
      ]);
      expect(lectures.map((l) => l.paymentItemId)).not.toContain(paidDevice);
      expect(lectures[0]!.createdAt.getTime()).toBe(paidAt.getTime());
      const moves = await db
        .select()
        .from(schema.lectureTransitions)
        .orderBy(asc(schema.lectureTransitions.lectureId));
      expect(moves.map((m) => [m.lectureId, m.fromState, m.toState, m.initiator])).toEqual(
        lectures.map((l) => [l.id, null, l.state, "AUTO"]),
      );
    } finally {
      await handle.close();
      rmSync(before, { recursive: true, force: true });
    }
  }, 60_000);
});
