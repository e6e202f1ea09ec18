/**
 * The winter course in the catalog (issue #11 item 2, decision 017): the DB catalog that
 * Lecture_StoreItems serves holds exactly the items of packages/domain WINTER_COURSE_ITEMS (the
 * module the prerendered /promotion/winter pages print their prices from), and checkout sells
 * each at the advertised price — bought once, never multiplied, never renewed monthly.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray, schema } from "@seoltab/db";
import {
  toLectureItemWire,
  WINTER_COURSE_ITEMS,
  winterCourseItem,
  winterCoursePrice,
} from "@seoltab/domain";
import { buildTestApp, type TestApp } from "../../test/test-app.ts";
import {
  call,
  merchantUid,
  newUser,
  responseOf,
  subscribe,
  studentWithCard,
} from "../payments/payments.test-support.ts";

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
}, 60_000);
afterAll(() => t.close());

describe("winter course items in Lecture_StoreItems", () => {
  it("the served catalog holds exactly the domain's winter items, bought once", async () => {
    const res = await call(t, "/main/Lecture_StoreItems", {});
    expect(res.statusCode, res.body).toBe(200);
    const r = responseOf(res);
    const served = (r.LECTURE_ITEMS as { id: number; item_type: string }[]).filter(
      (l) => l.item_type === "LECTURE_WINTER",
    );
    expect(served).toEqual(WINTER_COURSE_ITEMS.map(toLectureItemWire));
    for (const item of served) expect(item).toMatchObject({ months: 2, allowed_multiples: [1] });
    // The prices the marketing pages advertise (한 달 · 8주).
    expect(WINTER_COURSE_ITEMS.map((i) => [i.salePrice, winterCoursePrice(i)])).toEqual([
      [169_000, 338_000],
      [199_000, 398_000],
      [219_000, 438_000],
      [239_000, 478_000],
    ]);
  });

  it("the rows of migration 0011 equal the domain module column by column", async () => {
    const rows = await t.database.db
      .select()
      .from(schema.storeItems)
      .where(
        inArray(
          schema.storeItems.id,
          WINTER_COURSE_ITEMS.map((i) => i.id),
        ),
      );
    expect(rows.sort((a, b) => a.id - b.id)).toEqual(
      WINTER_COURSE_ITEMS.map((i) => expect.objectContaining(i)),
    );
    const all = await t.database.db
      .select({ id: schema.storeItems.id })
      .from(schema.storeItems)
      .where(eq(schema.storeItems.itemType, "LECTURE_WINTER"));
    expect(all).toHaveLength(WINTER_COURSE_ITEMS.length);
  });
});

describe("checkout sells the winter course at the advertised price", () => {
  it("a billing-card order of the 중등 course charges 398,000원 once and starts no renewal", async () => {
    const item = winterCourseItem("MIDDLE");
    const student = await studentWithCard(t);
    const res = await subscribe(t, student, {
      USER_NO: student.userNo,
      MERCHANT_UID: merchantUid(),
      PAYMENT_METHOD: "BILLING_CARD",
      ITEMS: [{ id: item.id, lecture_multiple: 1 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const payment = responseOf(res);
    expect(payment).toMatchObject({
      STATE: "PAID",
      PRODUCTS_PRICE: 398_000,
      DISCOUNTED_VALUE: 0,
      PAID_PRICE: 398_000,
    });
    // A fixed-term course is not renewed at 199,000원 a month after the winter.
    expect(payment.SUBSCRIPTION).toBeNull();
    const subs = await t.database.db
      .select()
      .from(schema.subscriptions)
      .where(eq(schema.subscriptions.userId, student.userNo));
    expect(subs).toHaveLength(0);
  });

  it("a virtual account for the 초등 course is issued for 338,000원", async () => {
    const student = await newUser(t, "STUDENT");
    const res = await subscribe(t, student, {
      USER_NO: student.userNo,
      MERCHANT_UID: merchantUid(),
      PAYMENT_METHOD: "VBANK",
      ITEMS: [{ id: winterCourseItem("PRIMARY").id, lecture_multiple: 1 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(responseOf(res)).toMatchObject({ PAID_PRICE: 338_000 });
  });

  it.each([3, 6, 12])(
    "refuses the course bought %i times (months_not_allowed)",
    async (multiple) => {
      const student = await studentWithCard(t);
      const res = await subscribe(t, student, {
        USER_NO: student.userNo,
        MERCHANT_UID: merchantUid(),
        PAYMENT_METHOD: "BILLING_CARD",
        ITEMS: [{ id: winterCourseItem("HIGH").id, lecture_multiple: multiple }],
      });
      expect(res.statusCode).toBe(400);
      expect(responseOf(res).ERROR_CODE).toBe("months_not_allowed");
    },
  );

  it("refuses a price sent by the client for the course", async () => {
    const student = await studentWithCard(t);
    const res = await subscribe(t, student, {
      USER_NO: student.userNo,
      MERCHANT_UID: merchantUid(),
      PAYMENT_METHOD: "BILLING_CARD",
      ITEMS: [{ id: winterCourseItem("SPECIAL").id, lecture_multiple: 1 }],
      PAID_PRICE: 1000,
    });
    expect(res.statusCode).toBe(400);
  });
});
