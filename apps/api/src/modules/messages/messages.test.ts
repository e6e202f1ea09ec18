/**
 * Messages (issue #17): each event leaves exactly the expected outbox rows, in the emitter's
 * transaction; the sender delivers each once, retries a provider fault and ends FAILED with the
 * reason; a person without a phone is FAILED, never silently dropped; a duplicate event writes
 * one message; a lesson moved twice leaves one reminder set for the final time. PGlite, and
 * PostgreSQL with DATABASE_URL.
 */
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray, schema } from "@seoltab/db";
import { offsetClock } from "../../clock.ts";
import { MessageProviderError, sandboxMessageSender } from "../../platform/messaging.ts";
import { buildTestApp, type TestApp } from "../../test/test-app.ts";
import { createSandboxGateway } from "../payments/gateway/sandbox.ts";
import {
  linkParent,
  merchantUid,
  newUser,
  registerCard,
  responseOf,
  smartMath,
  subscribe,
  type StoreItem,
  type TestUser,
} from "../payments/payments.test-support.ts";
import { TransitionNotAllowedError } from "@seoltab/domain";
import { gqlAs, matchLecture, okData } from "../lessons/lessons.test-support.ts";
import * as messagesRepo from "./messages.repository.ts";

let t: TestApp;
const clock = offsetClock();
const sender = sandboxMessageSender();
let math: StoreItem;
let admin: TestUser;
let gql: ReturnType<typeof gqlAs>;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  const gateway = createSandboxGateway({ clock: () => clock.now() });
  t = await buildTestApp(
    {},
    {},
    { payments: { gateway, clock }, accounts: { clock }, messages: { sender } },
  );
  gql = gqlAs(t);
  math = await smartMath(t);
  admin = await newUser(t, "ADMIN");
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function rows(subject: string) {
  return t.database.db
    .select()
    .from(schema.messages)
    .where(eq(schema.messages.subject, subject))
    .orderBy(schema.messages.id);
}
/**
 * The delivery job run until it claims nothing (a run takes at most 50 rows; on the PostgreSQL
 * database test:pg shares between files, earlier files leave rows of their own).
 */
const send = async () => {
  const total = { processed: 0, sent: 0, failed: 0 };
  for (let run = 0; run < 50; run += 1) {
    const report = (await t.app.jobTable["messages-send"]!()) as typeof total;
    total.processed += report.processed;
    total.sent += report.sent;
    total.failed += report.failed;
    if (report.processed === 0) break;
  }
  return total;
};
const summary = (list: Awaited<ReturnType<typeof rows>>) =>
  list.map((m) => [m.templateId, m.recipientUserId, m.state]);

const PLAN = [
  { day: "MON" as const, start: "18:00", end: "19:00" },
  { day: "THU" as const, start: "18:00", end: "19:00" },
];

async function payByCard(student: TestUser) {
  await registerCard(t, student);
  return responseOf(
    await subscribe(t, student, {
      USER_NO: student.userNo,
      MERCHANT_UID: merchantUid(),
      PAYMENT_METHOD: "BILLING_CARD",
      ITEMS: [{ id: math.id, lecture_multiple: 1 }],
    }),
  );
}

describe("payments", () => {
  it("a paid order: one receipt per family member, and lesson-request reminders that the form cancels", async () => {
    const student = await newUser(t, "STUDENT");
    const parent = await newUser(t, "PARENT");
    await linkParent(t, parent, student);
    const paid = await payByCard(student);
    const receipts = await rows(`payment:${paid.PAYMENT_ID}`);
    expect(summary(receipts)).toEqual([
      ["payment-paid", student.userNo, "PENDING"],
      ["payment-paid", parent.userNo, "PENDING"],
    ]);
    expect(receipts[0]!.text).toContain("결제가 완료되었어요");
    expect(receipts[0]!.text).toMatch(/결제 금액: [\d,]+원/);
    expect(receipts[0]!.buttons[0]!.name).toBe("영수증 보기");

    const [lecture] = await t.database.db
      .select()
      .from(schema.lectures)
      .where(eq(schema.lectures.paymentId, paid.PAYMENT_ID));
    const reminders = await rows(`lecture:${lecture!.id}:form`);
    expect(reminders).toHaveLength(4); // 1 and 3 days after, to the student and the parent
    expect(reminders.every((m) => m.templateId === "request-form-reminder")).toBe(true);
    const days = [
      ...new Set(reminders.map((m) => Math.round((m.scheduledAt.getTime() - Date.now()) / DAY))),
    ];
    expect(days.sort()).toEqual([1, 3]);

    // The delivery job sends what is due now (the receipts), not the reminders.
    const before = sender.delivered();
    const report = await send();
    expect(report.sent).toBeGreaterThanOrEqual(2);
    expect(sender.delivered() - before).toBe(report.sent);
    expect(summary(await rows(`payment:${paid.PAYMENT_ID}`)).map((r) => r[2])).toEqual([
      "SENT",
      "SENT",
    ]);
    // Sending again sends nothing twice.
    await send();
    expect(summary(await rows(`payment:${paid.PAYMENT_ID}`)).map((r) => r[2])).toEqual([
      "SENT",
      "SENT",
    ]);

    await okData(
      gql(
        "matching",
        student,
        `mutation($i: LessonRequestInput!) { saveLessonRequest(input: $i) { id } }`,
        {
          i: {
            lectureId: String(lecture!.id),
            schoolName: "휘문고등학교",
            gradeCode: "H2",
            lectureSubjectId: 1111,
            schedules: [{ day: "MON", start: "18:00", end: "20:00" }],
          },
        },
      ),
    );
    await okData(
      gql(
        "matching",
        student,
        `mutation($id: ID!) { submitLessonRequest(lectureId: $id) { state } }`,
        {
          id: String(lecture!.id),
        },
      ),
    );
    expect((await rows(`lecture:${lecture!.id}:form`)).every((m) => m.state === "CANCELLED")).toBe(
      true,
    );
  });

  it("a virtual account: issued and a reminder 24 h before the deadline, cancelled by the deposit", async () => {
    const student = await newUser(t, "STUDENT");
    const vbank = responseOf(
      await subscribe(t, student, {
        USER_NO: student.userNo,
        MERCHANT_UID: merchantUid(),
        PAYMENT_METHOD: "VBANK",
        ITEMS: [{ id: math.id, lecture_multiple: 1 }],
      }),
    );
    const list = await rows(`payment:${vbank.PAYMENT_ID}`);
    expect(summary(list)).toEqual([
      ["vbank-issued", student.userNo, "PENDING"],
      ["vbank-due-soon", student.userNo, "PENDING"],
    ]);
    expect(list[0]!.text).toContain("입금 계좌");
  });

  it("a refund: one refund-done message per request", async () => {
    const student = await newUser(t, "STUDENT");
    const paid = await payByCard(student);
    const res = await t.app.inject({
      method: "POST",
      url: "/payment/graphql",
      headers: { "content-type": "application/json", authorization: `Bearer ${student.token}` },
      payload: JSON.stringify({
        query: `mutation($i: RequestRefundInput!) { requestRefund(input: $i) { state refundedAmount } }`,
        variables: { i: { paymentId: String(paid.PAYMENT_ID), reason: "단순 변심" } },
      }),
    });
    const refunded = res.json().data.requestRefund;
    const done = (await rows(`payment:${paid.PAYMENT_ID}`)).filter(
      (m) => m.templateId === "refund-done",
    );
    expect(done).toHaveLength(1);
    expect(done[0]!.text).toContain(`${refunded.refundedAmount.toLocaleString("ko-KR")}원`);
  });
});

describe("lessons", () => {
  it("matched: family and tutor told; reminders the day before and an hour before; a move twice leaves one set for the final time", async () => {
    const { student, tutor, lectureId } = await matchLecture(t, { admin, item: math, plan: PLAN });
    const matched = await rows(`lecture:${lectureId}`);
    expect(summary(matched)).toEqual([
      ["tutor-matched", student.userNo, "PENDING"],
      ["tutor-matched", tutor.userNo, "PENDING"],
    ]);
    expect(matched[0]!.text).toMatch(/선생님: 박\*\*/);

    // The first lesson starts in 30 hours.
    const [first] = await t.database.db
      .select()
      .from(schema.lessons)
      .where(eq(schema.lessons.lectureId, lectureId))
      .orderBy(schema.lessons.startsAt);
    // 30-41 hours ahead (inside the reminders' 48-hour window), at a Seoul hour (08-18) from
    // which both moves below (2 hours later, 8 hours earlier) end before the 22:00 curfew on the
    // same day — a fixed +30 h failed whenever the suite ran between about 03:00 and 06:00 UTC.
    let soon = new Date(Math.ceil((Date.now() + 30 * HOUR) / HOUR) * HOUR);
    const seoulHour = (at: Date) => (at.getUTCHours() + 9) % 24;
    while (seoulHour(soon) < 8 || seoulHour(soon) > 18) soon = new Date(soon.getTime() + HOUR);
    await t.database.db
      .update(schema.lessons)
      .set({ startsAt: soon, endsAt: new Date(soon.getTime() + HOUR) })
      .where(eq(schema.lessons.id, first!.id));
    await t.app.jobTable["messages-lesson-reminders"]!();
    // Twice: nothing new, and this lesson is not even looked at again.
    const again = await t.app.jobTable["messages-lesson-reminders"]!();
    const reminded = await rows(`lesson:${first!.id}`);
    expect(reminded.filter((m) => m.templateId === "lesson-reminder").length).toBeGreaterThan(0);
    expect(again.processed).toBe(0);
    const planned = (await rows(`lesson:${first!.id}`)).filter((m) => m.state === "PENDING");
    const hourBefore = planned.filter((m) => m.scheduledAt.getTime() === soon.getTime() - HOUR);
    expect(hourBefore.map((m) => m.recipientUserId).sort()).toEqual(
      [student.userNo, tutor.userNo].sort(),
    );
    expect(planned.length === 2 || planned.length === 4).toBe(true); // D-1 20:00 if still ahead

    // Moved twice: the family asks, the tutor accepts, twice.
    const move = async (to: Date) => {
      const asked = (
        await okData(
          gql(
            "matching",
            student,
            `mutation($i: LectureChangeInput!) { requestLectureChange(input: $i) { id } }`,
            {
              i: {
                lectureId: String(lectureId),
                kind: "MOVE_LESSON",
                lessonId: String(first!.id),
                newStartsAt: to.toISOString(),
              },
            },
          ),
        )
      ).requestLectureChange;
      await okData(
        gql(
          "workspace",
          tutor,
          `mutation($i: RespondToLectureChangeInput!) { respondToLectureChange(input: $i) { state } }`,
          { i: { changeId: asked.id, decision: "ACCEPT" } },
        ),
      );
    };
    const firstMove = new Date(soon.getTime() + 2 * HOUR);
    const finalMove = new Date(soon.getTime() - 8 * HOUR);
    await move(firstMove);
    await move(finalMove);
    const after = await rows(`lesson:${first!.id}`);
    const pending = after.filter(
      (m) => m.state === "PENDING" && m.templateId === "lesson-reminder",
    );
    expect(pending.length).toBeGreaterThan(0);
    for (const m of pending) {
      expect(m.idempotencyKey).toContain(finalMove.toISOString());
      expect(m.scheduledAt.getTime()).toBeLessThan(finalMove.getTime());
    }
    const hourReminders = pending.filter(
      (m) => m.scheduledAt.getTime() === finalMove.getTime() - HOUR,
    );
    expect(hourReminders).toHaveLength(2); // one per person, for the final time only
    expect(
      after.filter((m) => m.templateId === "lesson-reminder" && m.state === "CANCELLED").length,
    ).toBeGreaterThanOrEqual(2);
    expect(after.filter((m) => m.templateId === "lesson-moved")).toHaveLength(4);
  });

  it("a refund ends the lecture: its pending reminders and form reminders are cancelled in the same transaction", async () => {
    const { student, lectureId, paymentId } = await matchLecture(t, {
      admin,
      item: math,
      plan: PLAN,
    });
    const [first] = await t.database.db
      .select()
      .from(schema.lessons)
      .where(eq(schema.lessons.lectureId, lectureId))
      .orderBy(schema.lessons.startsAt);
    const soon = new Date(Math.ceil((Date.now() + 30 * HOUR) / HOUR) * HOUR);
    await t.database.db
      .update(schema.lessons)
      .set({ startsAt: soon, endsAt: new Date(soon.getTime() + HOUR) })
      .where(eq(schema.lessons.id, first!.id));
    await t.app.jobTable["messages-lesson-reminders"]!();
    expect(
      (await rows(`lesson:${first!.id}`)).filter((m) => m.state === "PENDING").length,
    ).toBeGreaterThan(0);

    const res = await t.app.inject({
      method: "POST",
      url: "/payment/graphql",
      headers: { "content-type": "application/json", authorization: `Bearer ${student.token}` },
      payload: JSON.stringify({
        query: `mutation($i: RequestRefundInput!) { requestRefund(input: $i) { state } }`,
        variables: { i: { paymentId: String(paymentId), reason: "단순 변심" } },
      }),
    });
    expect(res.json().errors).toBeUndefined();
    const [lecture] = await t.database.db
      .select()
      .from(schema.lectures)
      .where(eq(schema.lectures.id, lectureId));
    expect(lecture!.state).toBe("FINISH");
    const after = await rows(`lesson:${first!.id}`);
    expect(
      after.filter((m) => m.templateId === "lesson-reminder" && m.state === "PENDING"),
    ).toEqual([]);
    expect(after.every((m) => m.templateId !== "lesson-reminder" || m.state === "CANCELLED")).toBe(
      true,
    );
    expect(
      (await rows(`payment:${paymentId}`)).filter((m) => m.templateId === "refund-done"),
    ).toHaveLength(1);
    // The job never writes them again for the cancelled lesson.
    await t.app.jobTable["messages-lesson-reminders"]!();
    expect(
      (await rows(`lesson:${first!.id}`)).filter(
        (m) => m.state === "PENDING" && m.templateId === "lesson-reminder",
      ),
    ).toEqual([]);
  });

  it("the tutor's note reaches the parents only", async () => {
    const { student, tutor, lectureId } = await matchLecture(t, { admin, item: math, plan: PLAN });
    const parent = await newUser(t, "PARENT");
    await linkParent(t, parent, student);
    const [first] = await t.database.db
      .select()
      .from(schema.lessons)
      .where(eq(schema.lessons.lectureId, lectureId))
      .orderBy(schema.lessons.startsAt);
    await t.database.db
      .update(schema.lessons)
      .set({ startsAt: new Date(Date.now() - HOUR) })
      .where(eq(schema.lessons.id, first!.id));
    await okData(
      gql(
        "workspace",
        tutor,
        `mutation($i: RecordLessonInput!) { recordLesson(input: $i) { state } }`,
        {
          i: { lessonId: String(first!.id), minutes: 60, note: "이차함수 개념, 숙제 p.32" },
        },
      ),
    );
    const notes = (await rows(`lesson:${first!.id}`)).filter((m) => m.templateId === "lesson-note");
    expect(summary(notes)).toEqual([["lesson-note", parent.userNo, "PENDING"]]);
    expect(notes[0]!.text).toContain("이차함수 개념, 숙제 p.32");
  });
});

describe("recipients and delivery faults", () => {
  it("a student under 14 is told through the parent; someone without a phone is FAILED with the reason", async () => {
    const child = await newUser(t, "STUDENT");
    await t.database.db
      .update(schema.users)
      .set({ birthDate: "2015-05-05" })
      .where(eq(schema.users.id, child.userNo));
    const parent = await newUser(t, "PARENT");
    await linkParent(t, parent, child);
    const paid = await payByCard(child);
    expect(summary(await rows(`payment:${paid.PAYMENT_ID}`))).toEqual([
      ["payment-paid", parent.userNo, "PENDING"],
    ]);
    // The parent's phone is removed before sending.
    await t.database.db
      .update(schema.users)
      .set({ phone: null })
      .where(eq(schema.users.id, parent.userNo));
    await send();
    const [row] = await rows(`payment:${paid.PAYMENT_ID}`);
    expect(row!.state).toBe("FAILED");
    expect(row!.providerResult).toContain("휴대폰 번호");
  });

  it("a provider time-out is retried with backoff, then sent; a refusal is FAILED at once", async () => {
    await send(); // nothing else due
    const student = await newUser(t, "STUDENT");
    await payByCard(student);
    const mine = () =>
      t.database.db
        .select()
        .from(schema.messages)
        .where(eq(schema.messages.recipientUserId, student.userNo))
        .orderBy(schema.messages.id);
    const due = (await mine()).filter((m) => m.scheduledAt.getTime() <= Date.now());
    expect(due.length).toBeGreaterThanOrEqual(2); // the contract to sign and the receipt
    sender.failNext(1, new MessageProviderError("provider time-out", true));
    await send();
    const retrying = (await mine()).filter((m) => m.state === "PENDING" && m.attempts === 1);
    expect(retrying).toHaveLength(1);
    expect(retrying[0]!.providerResult).toBe("provider time-out");
    expect(retrying[0]!.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());
    // Not retried before its time.
    await send();
    expect((await mine()).find((m) => m.id === retrying[0]!.id)!.attempts).toBe(1);
    await t.database.db
      .update(schema.messages)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(schema.messages.id, retrying[0]!.id));
    await send();
    expect((await mine()).find((m) => m.id === retrying[0]!.id)).toMatchObject({
      state: "SENT",
      attempts: 2,
    });

    const other = await newUser(t, "STUDENT");
    await payByCard(other);
    sender.failNext(1, new MessageProviderError("유효하지 않은 수신번호", false));
    await send();
    const theirs = await t.database.db
      .select()
      .from(schema.messages)
      .where(eq(schema.messages.recipientUserId, other.userNo));
    const refused = theirs.filter((m) => m.state === "FAILED");
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ attempts: 1 });
    expect(refused[0]!.providerResult).toContain("수신번호");
  });

  it("two senders at once deliver each message once", async () => {
    await send();
    const students = await Promise.all([1, 2, 3].map(() => newUser(t, "STUDENT")));
    for (const s of students) await payByCard(s);
    const before = sender.deliveredKeys().length;
    await Promise.all([send(), send()]);
    const delivered = sender.deliveredKeys().slice(before);
    expect(new Set(delivered).size).toBe(delivered.length);
    const theirs = await t.database.db
      .select()
      .from(schema.messages)
      .where(
        inArray(
          schema.messages.recipientUserId,
          students.map((s) => s.userNo),
        ),
      );
    const due = theirs.filter((m) => m.scheduledAt.getTime() <= Date.now());
    expect(due.length).toBeGreaterThanOrEqual(6); // a receipt and a contract each
    for (const m of due) {
      expect(m.state).toBe("SENT");
      expect(delivered.filter((k) => k === m.idempotencyKey)).toHaveLength(1);
    }
  });
});

describe("consent and the dev outbox", () => {
  it("a person records choices; staff read the outbox; /dev/messages shows it in local mode", async () => {
    const student = await newUser(t, "STUDENT");
    const set = (kind: string, granted: boolean) =>
      gql(
        "matching",
        student,
        `mutation($k: String!, $g: Boolean!) { setMessageConsent(kind: $k, granted: $g) { kind granted needsReconfirm } }`,
        { k: kind, g: granted },
      );
    const after = (await okData(set("MARKETING_SMS", true))).setMessageConsent;
    expect(after.find((c: { kind: string }) => c.kind === "MARKETING_SMS")).toMatchObject({
      granted: true,
    });
    const bad = (await (set("EVERYTHING", true) as Promise<LightMyRequestResponse>)).json();
    expect(bad.errors[0].extensions.classification).toBe("BAD_REQUEST");
    const consents = await t.database.db
      .select()
      .from(schema.messageConsents)
      .where(eq(schema.messageConsents.userId, student.userNo));
    expect(consents).toHaveLength(1);

    const outbox = (
      await okData(gql("matching", admin, `{ messageOutbox { id templateId state } }`))
    ).messageOutbox;
    expect(outbox.length).toBeGreaterThan(0);
    const refused = (await gql("matching", student, `{ messageOutbox { id } }`)).json();
    expect(refused.errors[0].extensions.classification).toBe("FORBIDDEN");

    // Local mode (as tests run): the dev outbox, newest first, with the rendered Korean text.
    // (app.ts registers devRoutes only in local mode; deployed hosts answer 404.)
    const dev = await t.app.inject({
      method: "GET",
      url: `/dev/messages?recipient=${admin.userNo}`,
    });
    expect(dev.statusCode).toBe(200);
    const all = (await t.app.inject({ method: "GET", url: "/dev/messages" })).json().messages;
    expect(all[0]).toMatchObject({
      channel: "ALIMTALK",
      recipient: { userId: expect.any(Number) },
    });
    expect(all[0].template).toMatch(/^[a-z-]+@\d+$/);
    expect(typeof all[0].text).toBe("string");
    expect(
      (await t.app.inject({ method: "GET", url: "/dev/messages?state=LOST" })).statusCode,
    ).toBe(400);
  });
});

describe("contracts and renewals", () => {
  it("a paid first order asks the family to sign its contract, once", async () => {
    const student = await newUser(t, "STUDENT");
    const paid = await payByCard(student);
    const [contract] = await t.database.db
      .select()
      .from(schema.contracts)
      .where(eq(schema.contracts.paymentId, paid.PAYMENT_ID));
    const asked = await rows(`contract:${contract!.id}`);
    expect(summary(asked)).toEqual([["contract-to-sign", student.userNo, "PENDING"]]);
    expect(asked[0]!.buttons[0]!.url).toMatch(/\/_app\/contracts\/sign$/);
  });

  it("a renewal notice 3 days before the charge (once per period), and a failed renewal", async () => {
    const student = await newUser(t, "STUDENT");
    const paid = await payByCard(student);
    const subscriptionId = paid.SUBSCRIPTION.ID as number;
    await t.database.db
      .update(schema.subscriptions)
      .set({ nextChargeAt: new Date(Date.now() + 2 * DAY) })
      .where(eq(schema.subscriptions.id, subscriptionId));
    await t.app.jobTable["messages-renewal-notices"]!();
    await t.app.jobTable["messages-renewal-notices"]!();
    const notices = await rows(`subscription:${subscriptionId}`);
    expect(summary(notices)).toEqual([["renewal-notice", student.userNo, "PENDING"]]);
    expect(notices[0]!.text).toContain("자동 결제를 멈추려면");

    // Due now, and no card any more: the renewal fails and the family is told.
    await t.database.db
      .update(schema.subscriptions)
      .set({ nextChargeAt: new Date(Date.now() - HOUR) })
      .where(eq(schema.subscriptions.id, subscriptionId));
    await t.database.db
      .update(schema.billingCards)
      .set({ isMain: false })
      .where(eq(schema.billingCards.userId, student.userNo));
    await t.app.jobTable["payments-renewals"]!();
    const failed = (await rows(`subscription:${subscriptionId}`)).filter(
      (m) => m.templateId === "renewal-failed",
    );
    expect(failed).toHaveLength(1);
    expect(failed[0]!.text).toContain("카드");
  });
});

describe("outbox writers ask MESSAGE_TRANSITIONS (issue #10)", () => {
  it("a claimed message cannot be settled CANCELLED, nor a new one written SENT: nothing is written", async () => {
    const student = await newUser(t, "STUDENT");
    const subject = `transition-test:${student.userNo}`;
    const base = {
      subject,
      recipientUserId: student.userNo,
      recipientRole: "STUDENT",
      channel: "ALIMTALK",
      templateId: "transition-test",
      templateVersion: 1,
      variables: {},
      text: "테스트",
      buttons: [],
      scheduledAt: new Date(clock.now().getTime() + 365 * DAY),
      createdAt: clock.now(),
    };
    await expect(
      messagesRepo.insertMessage(t.database.db, {
        ...base,
        idempotencyKey: `${subject}:sent`,
        state: "SENT",
      }),
    ).rejects.toBeInstanceOf(TransitionNotAllowedError);
    expect(await rows(subject)).toHaveLength(0);

    const row = await messagesRepo.insertMessage(t.database.db, {
      ...base,
      idempotencyKey: `${subject}:pending`,
    });
    await t.database.db
      .update(schema.messages)
      .set({ state: "SENDING", claimedAt: clock.now() })
      .where(eq(schema.messages.id, row!.id));
    await expect(
      messagesRepo.settle(t.database.db, row!.id, { state: "CANCELLED", claimedAt: null }),
    ).rejects.toBeInstanceOf(TransitionNotAllowedError);
    expect((await rows(subject)).map((m) => [m.state, m.claimedAt !== null])).toEqual([
      ["SENDING", true],
    ]);
    // The legal end: FAILED from SENDING; a second settle finds it no longer SENDING.
    await messagesRepo.settle(t.database.db, row!.id, { state: "FAILED", claimedAt: null });
    await messagesRepo.settle(t.database.db, row!.id, { state: "SENT", claimedAt: null });
    expect(summary(await rows(subject))).toEqual([["transition-test", student.userNo, "FAILED"]]);
  });
});
