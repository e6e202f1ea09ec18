/**
 * The operations console API (issue 16; docs/api/admin.md): every search key finds its record,
 * partial names / phones / emails match anywhere, keyset pages, the family and payment pages,
 * actions (refund half, cash, notes, a refund decision raced by two staff), the permission
 * table at the edge, and bad input. Runs on PGlite, and on PostgreSQL with DATABASE_URL (a
 * shared database: every assertion names this file's own rows).
 */
import { createHash, randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, schema, sql } from "@seoltab/db";
import { findAuditLogsByAction } from "../../platform/audit.ts";
import { buildTestApp, type TestApp } from "../../test/test-app.ts";
import {
  call,
  graphql,
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

let t: TestApp;
let admin: TestUser;
let admin2: TestUser;
let sales: TestUser;
let student: TestUser;
let parent: TestUser;
let math: StoreItem;
/** A syllable pair no other test uses: names, and a unique card number. */
const tag = randomUUID().replace(/\D/g, "").padEnd(12, "7").slice(0, 6);
const NAME_PART = `탭${["가", "나", "다", "라", "마", "바"][Number(tag[0]) % 6]}${["서", "어", "저", "처", "커", "터"][Number(tag[1]) % 6]}`;
let card: string;
let paid: { paymentId: number; impUid: string; merchantUid: string; paidPrice: number };
let subscriptionId: number;
let studentPhone: string;
const accessKey = randomUUID().replace(/-/g, "").padEnd(43, "A").slice(0, 43);

/** A Luhn-valid 16-digit number starting with 9 and this file's digits. */
function luhnCard(prefix: string): string {
  const body = (prefix + "0".repeat(15)).slice(0, 15);
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    let d = Number(body[14 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return body + String((10 - (sum % 10)) % 10);
}

function consoleCall(user: TestUser | null, path: string, body: unknown) {
  return call(t, `/main/admin/console${path}`, body, user ? { token: user.token } : {});
}

async function search(user: TestUser, query: string, extra: Record<string, unknown> = {}) {
  const res = await consoleCall(user, "/search", { QUERY: query, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return responseOf(res) as {
    HITS: {
      KIND: string;
      ID: number;
      MATCHED_KEYS: string[];
      MATCHED: string[];
      PAYMENT: Record<string, unknown> | null;
      USER: Record<string, unknown> | null;
    }[];
    NEXT_CURSOR: string | null;
    DIRECT: { KIND: string; ID: number } | null;
  };
}

function errorOf(res: LightMyRequestResponse) {
  return res.json().ONUEI_RES.DATA.RESPONSE.ERROR_CODE as string;
}

beforeAll(async () => {
  t = await buildTestApp();
  math = await smartMath(t);
  [admin, admin2, sales, student, parent] = await Promise.all([
    newUser(t, "ADMIN"),
    newUser(t, "ADMIN"),
    newUser(t, "SALES_TEAM"),
    newUser(t, "STUDENT"),
    newUser(t, "PARENT"),
  ]);
  await linkParent(t, parent, student);
  await t.database.db
    .update(schema.users)
    .set({ name: `김${NAME_PART}` })
    .where(eq(schema.users.id, student.userNo));
  const [row] = await t.database.db
    .select({ phone: schema.users.phone })
    .from(schema.users)
    .where(eq(schema.users.id, student.userNo));
  studentPhone = row!.phone!;
  card = luhnCard(`9${tag}${tag.slice(0, 1)}`);
  expect((await registerCard(t, student, card)).json().errors).toBeUndefined();
  const uid = merchantUid();
  const res = await subscribe(t, student, {
    USER_NO: student.userNo,
    MERCHANT_UID: uid,
    PAYMENT_METHOD: "BILLING_CARD",
    ITEMS: [{ id: math.id, lecture_multiple: 1 }],
  });
  const p = responseOf(res);
  expect(p.STATE).toBe("PAID");
  const [payment] = await t.database.db
    .select()
    .from(schema.payments)
    .where(eq(schema.payments.id, p.PAYMENT_ID));
  paid = {
    paymentId: payment!.id,
    impUid: payment!.gatewayPaymentId!,
    merchantUid: uid,
    paidPrice: payment!.paidPrice,
  };
  const [subscription] = await t.database.db
    .select()
    .from(schema.subscriptions)
    .where(eq(schema.subscriptions.firstPaymentId, payment!.id));
  subscriptionId = subscription!.id;
  await t.database.db.insert(schema.calendarFeeds).values({
    userId: student.userNo,
    tokenHash: createHash("sha256").update(accessKey).digest("hex"),
  });
}, 90_000);

afterAll(async () => {
  await t?.close();
});

describe("one search box: every SPEC.md §3 key, phone and last 4 digits", () => {
  it("IMP_UID and MERCHANT_UID land on the payment", async () => {
    for (const q of [paid.impUid, paid.merchantUid]) {
      const r = await search(sales, q);
      expect(r.DIRECT).toEqual({ KIND: "PAYMENT", ID: paid.paymentId });
      expect(r.HITS[0]!.MATCHED[0]).toContain("일치");
    }
  });

  it("PAYMENT_ID, PACKAGE_ID and USER_ID find their records", async () => {
    const byPayment = await search(admin, String(paid.paymentId));
    expect(byPayment.HITS).toContainEqual(
      expect.objectContaining({
        KIND: "PAYMENT",
        ID: paid.paymentId,
        MATCHED_KEYS: expect.arrayContaining(["PAYMENT_ID"]),
      }),
    );
    const byPackage = await search(admin, String(subscriptionId));
    expect(byPackage.HITS).toContainEqual(
      expect.objectContaining({
        KIND: "PAYMENT",
        ID: paid.paymentId,
        MATCHED_KEYS: expect.arrayContaining(["PACKAGE_ID"]),
      }),
    );
    const byUser = await search(admin, String(student.userNo));
    expect(byUser.HITS).toContainEqual(
      expect.objectContaining({
        KIND: "FAMILY",
        ID: student.userNo,
        MATCHED_KEYS: expect.arrayContaining(["USER_ID"]),
      }),
    );
  });

  it("FIRST_EIGHT_CARD_NUMBER and the last 4 digits find the payment; numbers shown masked", async () => {
    const first8 = await search(admin, `${card.slice(0, 4)}-${card.slice(4, 8)}`);
    const hit = first8.HITS.find((h) => h.ID === paid.paymentId && h.KIND === "PAYMENT")!;
    expect(hit.MATCHED_KEYS).toContain("FIRST_EIGHT_CARD_NUMBER");
    expect(hit.MATCHED).toContain(`카드 앞 8자리 ${card.slice(0, 4)}-${card.slice(4, 8)} 일치`);
    expect(hit.PAYMENT!.CARD_NUMBER).toBe(
      `${card.slice(0, 4)}-${card.slice(4, 8)}-****-${card.slice(12)}`,
    );
    expect(JSON.stringify(first8)).not.toContain(card);
    let cursor: string | null = null;
    let found = false;
    for (let i = 0; i < 20 && !found; i++) {
      const page = await search(admin, card.slice(12), {
        LIMIT: 50,
        ...(cursor ? { CURSOR: cursor } : {}),
      });
      found = page.HITS.some(
        (h) => h.ID === paid.paymentId && h.MATCHED_KEYS.includes("LAST_FOUR_CARD_NUMBER"),
      );
      cursor = page.NEXT_CURSOR;
      if (!cursor) break;
    }
    expect(found).toBe(true);
  });

  it("partial name, phone and email match anywhere in the value; ACCESS_KEY finds its person", async () => {
    const byName = await search(sales, NAME_PART.slice(1));
    expect(byName.HITS).toContainEqual(
      expect.objectContaining({
        KIND: "FAMILY",
        ID: student.userNo,
        MATCHED: [`이름에 '${NAME_PART.slice(1)}' 포함`],
      }),
    );
    const middle = studentPhone.slice(3, 9);
    const byPhone = await search(sales, middle);
    expect(byPhone.HITS).toContainEqual(
      expect.objectContaining({ KIND: "FAMILY", ID: student.userNo, MATCHED_KEYS: ["PHONE"] }),
    );
    const local = student.email.split("@")[0]!;
    const byEmail = await search(sales, `${local.slice(3)}@`);
    expect(byEmail.HITS.map((h) => h.ID)).toContain(student.userNo);
    const byKey = await search(sales, accessKey);
    expect(byKey.DIRECT).toEqual({ KIND: "FAMILY", ID: student.userNo });
  });

  it("keyset pages, newest first, no record twice", async () => {
    const fragment = `쪽${NAME_PART}`;
    const made: number[] = [];
    for (let i = 0; i < 3; i++) {
      const u = await newUser(t, "STUDENT");
      await t.database.db
        .update(schema.users)
        .set({ name: `이${fragment}${i}`, createdAt: new Date(Date.UTC(2026, 0, 1 + i)) })
        .where(eq(schema.users.id, u.userNo));
      made.push(u.userNo);
    }
    const first = await search(admin, fragment, { LIMIT: 2 });
    expect(first.HITS.map((h) => h.ID)).toEqual([made[2], made[1]]);
    expect(first.NEXT_CURSOR).toBeTruthy();
    const second = await search(admin, fragment, { LIMIT: 2, CURSOR: first.NEXT_CURSOR });
    expect(second.HITS.map((h) => h.ID)).toEqual([made[0]]);
    expect(second.NEXT_CURSOR).toBeNull();
  });

  it("bad input: 10,000 characters, SQL fragments, LIKE wildcards, one letter, a forged cursor, no staff token", async () => {
    const long = await consoleCall(admin, "/search", { QUERY: "가".repeat(10_000) });
    expect(long.statusCode).toBe(400);
    expect(errorOf(long)).toBe("validation_failed");
    expect(long.json().ONUEI_RES.DATA.RESPONSE.FIELDS).toEqual([
      { NAME: "QUERY", MESSAGE: "검색어는 100자까지 입력할 수 있어요." },
    ]);
    const injected = await search(admin, "'; drop table payments; --");
    expect(injected.HITS).toEqual([]);
    const still = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.payments);
    expect(still[0]!.n).toBeGreaterThan(0);
    expect((await search(admin, "%%")).HITS).toEqual([]);
    expect((await search(admin, "__")).HITS).toEqual([]);
    const one = await consoleCall(admin, "/search", { QUERY: "김" });
    expect(one.statusCode).toBe(400);
    expect(errorOf(one)).toBe("search_too_short");
    const forged = await consoleCall(admin, "/search", {
      QUERY: "김하늘",
      CURSOR: "bm90LWEtY3Vyc29y",
    });
    expect(errorOf(forged)).toBe("cursor_invalid");
    const extra = await consoleCall(admin, "/search", { QUERY: "김하늘", SQL: "1" });
    expect(extra.statusCode).toBe(400);
    const asStudent = await consoleCall(student, "/search", { QUERY: "김하늘" });
    expect(asStudent.statusCode).toBe(403);
    expect(errorOf(asStudent)).toBe("staff_only");
    expect((await consoleCall(null, "/search", { QUERY: "김하늘" })).statusCode).toBe(401);
  });
});

describe("the family and payment pages", () => {
  it("the family page: the student and parent, a timeline newest first, filterable by kind", async () => {
    const res = await consoleCall(sales, "/family", { USER_NO: parent.userNo });
    expect(res.statusCode, res.body).toBe(200);
    const page = responseOf(res);
    expect(page.MEMBERS.map((m: { USER_NO: number }) => m.USER_NO).sort()).toEqual(
      [student.userNo, parent.userNo].sort(),
    );
    const kinds = new Set(page.TIMELINE.map((e: { KIND: string }) => e.KIND));
    for (const k of ["PAYMENT", "PAYMENT_ITEM", "LECTURE"]) expect(kinds).toContain(k);
    const times = page.TIMELINE.map((e: { AT: string }) => Date.parse(e.AT));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const only = responseOf(
      await consoleCall(sales, "/family", { USER_NO: student.userNo, KINDS: ["PAYMENT"] }),
    );
    expect(new Set(only.TIMELINE.map((e: { KIND: string }) => e.KIND))).toEqual(
      new Set(["PAYMENT"]),
    );
    const tutor = await newUser(t, "TEACHER");
    expect((await consoleCall(sales, "/family", { USER_NO: tutor.userNo })).statusCode).toBe(404);
  });

  it("the payment page: items, history, gateway ids, masked card, quote, actions for the role", async () => {
    const res = await consoleCall(admin, "/payment", { PAYMENT_ID: paid.paymentId });
    expect(res.statusCode, res.body).toBe(200);
    const page = responseOf(res);
    expect(page.PAYMENT).toMatchObject({
      STATE: "PAID",
      IMP_UID: paid.impUid,
      MERCHANT_UID: paid.merchantUid,
      BALANCE: paid.paidPrice,
    });
    expect(page.CARD.NUMBER).toBe(`${card.slice(0, 4)}-${card.slice(4, 8)}-****-${card.slice(12)}`);
    expect(page.ITEMS.length).toBeGreaterThan(0);
    expect(page.HISTORY.map((h: { TO: string }) => h.TO)).toContain("PAID");
    expect(page.QUOTE.REFUNDABLE_AMOUNT).toBeGreaterThan(0);
    expect(page.ACTIONS).toEqual([{ ACTION: "REFUND", ALLOWED: true, WHY: null }]);
    const forSales = responseOf(
      await consoleCall(sales, "/payment", { PAYMENT_ID: paid.paymentId }),
    );
    expect(forSales.ACTIONS[0]).toMatchObject({ ALLOWED: false });
    expect((await consoleCall(admin, "/payment", { PAYMENT_ID: 2_000_000_000 })).statusCode).toBe(
      404,
    );
  });
});

describe("actions", () => {
  it("refund half of a card payment: once per key, never above the balance, ADMIN only, audited", async () => {
    const half = Math.floor(paid.paidPrice / 2);
    const body = {
      IDEMPOTENCY_KEY: `refund-${randomUUID()}`,
      PAYMENT_ID: paid.paymentId,
      AMOUNT: half,
      REASON_CODE: "CUSTOMER_REQUEST",
      REASON: "절반 환불 합의",
    };
    const bySales = await consoleCall(sales, "/refund", body);
    expect(bySales.statusCode).toBe(403);
    expect(errorOf(bySales)).toBe("admin_role_required");
    // The console's ADMIN-only refusal is a SECURITY permission_denied entry (decision 038).
    const denials = await findAuditLogsByAction(t.database.db, "permission_denied", {
      actorUserId: sales.userNo,
    });
    expect(denials[0]).toMatchObject({
      kind: "SECURITY",
      target: "POST /main/admin/console/refund",
      detail: { role: "SALES_TEAM", required: "admin", code: "admin_role_required" },
    });

    const tooMuch = await consoleCall(admin, "/refund", {
      ...body,
      IDEMPOTENCY_KEY: `refund-${randomUUID()}`,
      AMOUNT: paid.paidPrice + 1,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(errorOf(tooMuch)).toBe("refund_exceeds_paid");
    const none = await t.database.db
      .select()
      .from(schema.refundRequests)
      .where(eq(schema.refundRequests.paymentId, paid.paymentId));
    expect(none).toEqual([]);

    const res = await consoleCall(admin, "/refund", body);
    expect(res.statusCode, res.body).toBe(200);
    const answer = responseOf(res);
    expect(answer.AFTER).toEqual({ STATE: "PARTIALLY_REFUNDED", REFUNDED_AMOUNT: half });
    expect(answer.BEFORE).toEqual({ STATE: "PAID", REFUNDED_AMOUNT: 0 });
    expect(answer.REFUND_REQUEST.STATE).toBe("REFUNDED");

    const again = await consoleCall(admin, "/refund", body);
    expect(responseOf(again)).toEqual(answer);
    const reused = await consoleCall(admin, "/refund", { ...body, AMOUNT: 1000 });
    expect(errorOf(reused)).toBe("idempotency_key_reused");
    const [row] = await t.database.db
      .select()
      .from(schema.payments)
      .where(eq(schema.payments.id, paid.paymentId));
    expect(row!.refundedAmount).toBe(half);

    const [entry] = await findAuditLogsByAction(t.database.db, "admin_refund_payment", {
      actorUserId: admin.userNo,
    });
    expect(entry).toMatchObject({ kind: "EXECUTION", target: `payment:${paid.paymentId}` });
    expect(entry!.detail).toMatchObject({
      role: "ADMIN",
      before: { refundedAmount: 0 },
      after: { refundedAmount: half },
      reason: "고객 요청 — 절반 환불 합의",
    });
    expect(entry!.requestId).toBeTruthy();

    const timeline = responseOf(
      await consoleCall(sales, "/family", { USER_NO: student.userNo, KINDS: ["REFUND"] }),
    );
    expect(timeline.TIMELINE[0].STATE).toBe("REFUNDED");
  });

  it("cash entry, then two staff deciding its refund request at once: exactly one wins", async () => {
    const cashKey = `cash-${randomUUID()}`;
    const cashBody = {
      IDEMPOTENCY_KEY: cashKey,
      USER_NO: student.userNo,
      ITEMS: [{ id: math.id, lecture_multiple: 1 }],
      RECEIPT: { TYPE: "INCOME_DEDUCTION", NUMBER: "01012345678" },
      REASON_CODE: "CASH_RECEIVED",
      REASON: "방문 현금 결제",
    };
    const cash = await consoleCall(sales, "/cash", cashBody);
    expect(cash.statusCode, cash.body).toBe(200);
    const cashPayment = responseOf(cash);
    expect(cashPayment.STATE).toBe("PAID");
    expect(responseOf(await consoleCall(sales, "/cash", cashBody))).toEqual(cashPayment);
    const [row] = await t.database.db
      .select()
      .from(schema.payments)
      .where(eq(schema.payments.id, cashPayment.PAYMENT_ID));
    expect(row).toMatchObject({ paymentMethod: "CASH", initiator: "SALES_TEAM" });
    expect(row!.memo).toContain("현금영수증 소득공제");

    const asked = await graphql(
      t,
      student,
      /* GraphQL */ `
        mutation ($input: RequestRefundInput!) {
          requestRefund(input: $input) {
            state
            refundRequestId
          }
        }
      `,
      {
        input: {
          paymentId: String(cashPayment.PAYMENT_ID),
          reason: "이사",
          refundAccount: { bankCode: "004", accountNumber: "12345678901", holder: "김설탭" },
        },
      },
    );
    const request = asked.json().data.requestRefund;
    expect(request.state).toBe("STAFF_REVIEW");

    const queue = responseOf(await consoleCall(sales, "/refund_queue", {}));
    expect(
      queue.REFUND_REQUESTS.map((r: { REFUND_REQUEST_ID: number }) => r.REFUND_REQUEST_ID),
    ).toContain(Number(request.refundRequestId));

    const decide = (who: TestUser) =>
      consoleCall(who, "/refund_decide", {
        IDEMPOTENCY_KEY: `decide-${randomUUID()}`,
        REFUND_REQUEST_ID: Number(request.refundRequestId),
        DECISION: "APPROVE",
        REASON_CODE: "LEGAL_REFUND",
        REASON: "법정 기준 전액",
      });
    const both = await Promise.all([decide(admin), decide(admin2)]);
    const codes = both.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    // The loser finds the request taken, or the winner's cancel still in flight.
    expect(["refund_request_decided", "refund_in_progress"]).toContain(
      errorOf(both.find((r) => r.statusCode === 409)!),
    );
    const [after] = await t.database.db
      .select()
      .from(schema.payments)
      .where(eq(schema.payments.id, cashPayment.PAYMENT_ID));
    expect(after!.state).toBe("TOTALLY_REFUNDED");
  });

  it("staff notes on a family (SALES_TEAM may), shown on the timeline; once per key", async () => {
    const body = {
      IDEMPOTENCY_KEY: `note-${randomUUID()}`,
      USER_NO: parent.userNo,
      BODY: "오후 3시 이후 통화 선호",
    };
    const first = await consoleCall(sales, "/notes", body);
    expect(first.statusCode, first.body).toBe(200);
    expect(responseOf(await consoleCall(sales, "/notes", body))).toEqual(responseOf(first));
    const page = responseOf(
      await consoleCall(admin, "/family", { USER_NO: student.userNo, KINDS: ["NOTE"] }),
    );
    expect(page.TIMELINE).toHaveLength(1);
    expect(page.TIMELINE[0].DETAIL).toBe("오후 3시 이후 통화 선호");
    expect(
      (await consoleCall(student, "/notes", { ...body, IDEMPOTENCY_KEY: `note-${randomUUID()}` }))
        .statusCode,
    ).toBe(403);
  });

  it("queues with counts for staff; refused to others", async () => {
    const res = await consoleCall(sales, "/queues", {});
    expect(res.statusCode, res.body).toBe(200);
    const q = responseOf(res);
    expect(q.QUEUES.map((x: { QUEUE: string }) => x.QUEUE)).toEqual([
      "REFUND_REQUESTS",
      "FAILED_RENEWALS",
      "VBANK_DEADLINE",
      "FORMS_NOT_FILLED",
      "MATCHINGS_WITHOUT_TUTOR",
      "STALLED_APPLICANTS",
      "ZERO_MINUTE_LESSONS",
    ]);
    for (const x of q.QUEUES) expect(Number.isInteger(x.COUNT)).toBe(true);
    expect((await consoleCall(student, "/queues", {})).statusCode).toBe(403);
    const me = responseOf(await consoleCall(sales, "/me", {}));
    expect(me.ACTIONS).not.toContain("refund.decide");
  });
});
