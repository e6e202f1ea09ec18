/**
 * Everything the store sells in one order, with discounts, delivery and stock (issue #18):
 * Store_Goods, Cart_Price, the checkout with books, contents, headphone rental and a referral
 * code, the owner's reward, the staff home-shopping flag, and each bad input (own / unknown /
 * second referral code, home-shopping multiple, out-of-stock book, own tablet with a tablet,
 * price changed between cart and payment) — a clear Korean error and nothing charged. Parallel
 * orders never take more books than there are, nor one code twice. PGlite, and PostgreSQL with
 * DATABASE_URL (rows of other tests tolerated: this file makes its own books and users).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray, schema } from "@seoltab/db";
import { REFERRAL_DISCOUNT_WON } from "@seoltab/domain";
import { buildTestApp, type TestApp } from "../../test/test-app.ts";
import { createSandboxGateway, type SandboxGateway } from "../payments/gateway/sandbox.ts";
import {
  CARDS,
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

let t: TestApp;
let gateway: SandboxGateway;
let math: StoreItem;
let admin: TestUser;
const madeItems: number[] = [];

beforeAll(async () => {
  gateway = createSandboxGateway();
  t = await buildTestApp({}, {}, { payments: { gateway, settings: { duplicateWaitMs: 5_000 } } });
  math = await smartMath(t);
  admin = await newUser(t, "ADMIN");
}, 60_000);

afterAll(async () => {
  if (madeItems.length > 0) {
    await t.database.db
      .update(schema.storeItems)
      .set({ isActive: false })
      .where(inArray(schema.storeItems.id, madeItems));
  }
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

async function codeOf(user: TestUser): Promise<string> {
  const res = await call(t, "/main/referral_code", {}, { token: user.token });
  expect(res.statusCode, res.body).toBe(200);
  return responseOf(res).REFERRAL_CODE;
}

async function paymentsOf(userNo: number) {
  return t.database.db.select().from(schema.payments).where(eq(schema.payments.userId, userNo));
}

async function stockOf(id: number): Promise<number> {
  const [row] = await t.database.db
    .select({ count: schema.storeItems.count })
    .from(schema.storeItems)
    .where(eq(schema.storeItems.id, id));
  return row!.count;
}

/** A book of this test's own with `count` copies (stock kept). */
async function newBook(count: number, salePrice = 15_000): Promise<number> {
  const [row] = await t.database.db
    .insert(schema.storeItems)
    .values({
      itemKind: "SEOLTAB_BOOK",
      title: `테스트 교재 ${Date.now()}`,
      months: 1,
      basePrice: salePrice,
      salePrice,
      count,
      trackStock: true,
      sortOrder: 9_000,
    })
    .returning({ id: schema.storeItems.id });
  madeItems.push(row!.id);
  return row!.id;
}

describe("POST /main/Store_Goods", () => {
  it("lists books with stock, digital contents, headphone rentals by device_gen and the delivery rule", async () => {
    const res = await call(t, "/main/Store_Goods", {});
    expect(res.statusCode, res.body).toBe(200);
    const r = responseOf(res);
    const byId = new Map(r.GOODS_ITEMS.map((g: { id: number }) => [g.id, g]));
    expect(byId.get(201)).toMatchObject({
      item_kind: "SEOLTAB_BOOK",
      salePrice: 15_000,
      delivery: "DELIVERY",
      allowed_multiples: [1, 2, 3, 4, 5],
    });
    expect(byId.get(203)).toMatchObject({ stock: 0 });
    expect(byId.get(251)).toMatchObject({
      item_kind: "CONTENTS",
      delivery: "DIGITAL",
      stock: null,
      allowed_multiples: [1],
    });
    expect(r.HEADPHONE_RENTALS.map((h: { id: number; name: string }) => [h.id, h.name])).toEqual([
      [121, "AirPods Max"],
      [122, "AirPods Max"],
    ]);
    expect(r.HEADPHONE_RENTALS[0]).toMatchObject({ months: 3, rentFee: 45_000 });
    expect(r.DELIVERY).toEqual({
      DELIVERY_FEE: 3_000,
      FREE_DELIVERY_FROM: 30_000,
      DELIVERY_FEE_FOR_REFUND: 3_000,
    });
    expect(r.HOMESHOPPING_LISTS).toEqual({ "1": [], "3": [], "10": [] });
    // The rentals are not among RENT_DEVICES (those are bought or lent free).
    const devices = responseOf(await call(t, "/main/Lecture_StoreItems", {})).RENT_DEVICES;
    expect(devices.map((d: { id: number }) => d.id)).not.toContain(121);
  });

  it("the home-shopping lists of 1, 3 and 10 months, each bought once", async () => {
    const r = responseOf(await call(t, "/main/Store_Goods", { IS_ONLY_HOMESHOPPING: "YES" }));
    const ids = (list: { id: number; allowed_multiples: number[] }[]) => list.map((i) => i.id);
    expect([ids(r.HOMESHOPPING_LISTS["1"]), ids(r.HOMESHOPPING_LISTS["3"])]).toEqual([
      [51, 54],
      [52, 55],
    ]);
    expect(ids(r.HOMESHOPPING_LISTS["10"])).toEqual([53, 56]);
    for (const list of Object.values(r.HOMESHOPPING_LISTS) as { allowed_multiples: number[] }[][])
      for (const item of list) expect(item.allowed_multiples).toEqual([1]);
  });

  it("the discount table is published", async () => {
    const r = responseOf(await call(t, "/main/Discount_Table", {}));
    expect(r.DISCOUNTS.map((d: { STEP: number; KIND: string | null }) => [d.STEP, d.KIND])).toEqual(
      [
        [1, null],
        [2, null],
        [3, "ADDITIONAL_LECTURE_DISCOUNT"],
        [4, "DEVICE_OWNER_DISCOUNT"],
        [5, "USER_OWNED_DEVICE_DISCOUNT"],
        [6, "REFERRAL_CODE_DISCOUNT"],
      ],
    );
  });
});

describe("one order of every kind with a friend's referral code", () => {
  it("a lecture, a book, contents and headphone rental: lines, delivery, discount, stock, receipt; the owner benefits once", async () => {
    const owner = await studentWithCard(t);
    const friend = await studentWithCard(t);
    const code = await codeOf(owner);
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    expect(await codeOf(owner)).toBe(code); // one code per account

    const items = [
      { id: math.id, lecture_multiple: 3 },
      { id: 201, lecture_multiple: 1 },
      { id: 251, lecture_multiple: 1 },
      { id: 121, lecture_multiple: 1 },
    ];
    const quoteRes = await call(
      t,
      "/main/Cart_Price",
      { USER_NO: friend.userNo, ITEMS: items, REFERRAL_CODE: code.toLowerCase() },
      { token: friend.token },
    );
    expect(quoteRes.statusCode, quoteRes.body).toBe(200);
    const quote = responseOf(quoteRes);
    const lecturePrice = math.salePrice * 3;
    expect(
      quote.LINES.map((l: { ITEM_KIND: string; SALE_PRICE: number; PAID_PRICE: number }) => [
        l.ITEM_KIND,
        l.SALE_PRICE,
        l.PAID_PRICE,
      ]),
    ).toEqual([
      ["LECTURE", lecturePrice, lecturePrice - REFERRAL_DISCOUNT_WON],
      ["SEOLTAB_BOOK", 15_000, 15_000],
      ["CONTENTS", 29_000, 29_000],
      ["DEVICE", 45_000, 45_000],
      ["DELIVERY_FEE", 3_000, 3_000],
    ]);
    expect(quote.LINES[0].POLICIES).toEqual([
      {
        NAME: "친구 추천 할인",
        DISCOUNT_KIND: "REFERRAL_CODE_DISCOUNT",
        DISCOUNT_TYPE: "AMOUNT",
        VALUE: REFERRAL_DISCOUNT_WON,
        AMOUNT: REFERRAL_DISCOUNT_WON,
      },
    ]);
    expect(quote.DELIVERY_FEE).toBe(3_000);
    const due = lecturePrice + 15_000 + 29_000 + 45_000 + 3_000 - REFERRAL_DISCOUNT_WON;
    expect(quote.PAID_PRICE).toBe(due);

    const bookStock = await stockOf(201);
    const rentalStock = await stockOf(121);
    const body = order(friend, { ITEMS: items, REFERRAL_CODE: code, EXPECTED_PAID_PRICE: due });
    const res = await subscribe(t, friend, body);
    expect(res.statusCode, res.body).toBe(200);
    const payment = responseOf(res);
    expect(payment).toMatchObject({
      STATE: "PAID",
      PRODUCTS_PRICE: due + REFERRAL_DISCOUNT_WON,
      DISCOUNTED_VALUE: REFERRAL_DISCOUNT_WON,
      PAID_PRICE: due,
    });
    expect(payment.ITEMS.map((i: { ITEM_KIND: string }) => i.ITEM_KIND)).toEqual([
      "LECTURE",
      "SEOLTAB_BOOK",
      "CONTENTS",
      "DEVICE",
      "DELIVERY_FEE",
    ]);
    expect(gateway.charges().filter((c) => c.merchantUid === body.MERCHANT_UID)).toHaveLength(1);
    expect(await stockOf(201)).toBe(bookStock - 1);
    expect(await stockOf(121)).toBe(rentalStock - 1);
    const [device] = await t.database.db
      .select({
        purchaseOrGift: schema.paymentItemDevices.purchaseOrGift,
        deviceCondition: schema.paymentItemDevices.deviceCondition,
        isRental: schema.paymentItemDevices.isRental,
      })
      .from(schema.paymentItemDevices)
      .innerJoin(
        schema.paymentItems,
        eq(schema.paymentItems.id, schema.paymentItemDevices.paymentItemId),
      )
      .where(eq(schema.paymentItems.paymentId, payment.PAYMENT_ID));
    expect(device).toEqual({
      purchaseOrGift: "PURCHASE",
      deviceCondition: "USED_DEVICE",
      isRental: true,
    });

    // The receipt (payment(id)) shows the same lines and the discount by name.
    const detail = await call(
      t,
      "/payment/graphql",
      {
        query: `{ payment(id: "${payment.PAYMENT_ID}") { paidPrice items { itemKind paidPrice policies { name amount } } } }`,
      },
      { token: friend.token },
    );
    const receipt = detail.json().data.payment;
    expect(receipt.paidPrice).toBe(due);
    expect(receipt.items[0].policies).toEqual([
      { name: "친구 추천 할인", amount: REFERRAL_DISCOUNT_WON },
    ]);

    // The owner: one friend joined, one reward, taken by the next order, then none.
    const summary = responseOf(await call(t, "/main/referral_code", {}, { token: owner.token }));
    expect(summary).toMatchObject({ FRIENDS_JOINED: 1, REWARDS_LEFT: 1 });
    const ownerPaid = responseOf(await subscribe(t, owner, order(owner)));
    expect(ownerPaid).toMatchObject({ STATE: "PAID", DISCOUNTED_VALUE: REFERRAL_DISCOUNT_WON });
    const after = responseOf(await call(t, "/main/referral_code", {}, { token: owner.token }));
    expect(after.REWARDS_LEFT).toBe(0);
    expect(responseOf(await subscribe(t, owner, order(owner))).DISCOUNTED_VALUE).toBe(0);

    // The friend used a code once: a second code is refused.
    const third = await studentWithCard(t);
    const again = await subscribe(t, friend, order(friend, { REFERRAL_CODE: await codeOf(third) }));
    expect(again.statusCode).toBe(409);
    expect(responseOf(again).ERROR_CODE).toBe("referral_already_used");
    expect(again.json().ONUEI_RES.STATUS.STATUSMSG).toBe(
      "추천 코드 할인은 한 번만 받을 수 있어요. 이미 추천 코드를 쓰셨어요.",
    );
  });

  it("a second subject takes the additional-lecture discount; two books of 15,000 ship free", async () => {
    const student = await studentWithCard(t);
    const [korean] = await t.database.db
      .select()
      .from(schema.storeItems)
      .where(eq(schema.storeItems.id, 2));
    const res = await subscribe(
      t,
      student,
      order(student, {
        ITEMS: [
          { id: math.id, lecture_multiple: 3 },
          { id: korean!.id, lecture_multiple: 3 },
          { id: 201, lecture_multiple: 2 },
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const p = responseOf(res);
    const cheaper = korean!.salePrice * 3;
    expect(p.DISCOUNTED_VALUE).toBe(Math.floor(cheaper / 10));
    expect(p.ITEMS.map((i: { ITEM_KIND: string }) => i.ITEM_KIND)).not.toContain("DELIVERY_FEE");
    expect(p.ITEMS[1].POLICIES).toEqual([
      { NAME: "추가 과목 10% 할인", AMOUNT: Math.floor(cheaper / 10) },
    ]);
  });

  it("a family using its own tablet gets its discount, and cannot also take a tablet", async () => {
    const student = await studentWithCard(t);
    const own = await subscribe(t, student, order(student, { USES_OWN_DEVICE: true }));
    expect(own.statusCode, own.body).toBe(200);
    expect(responseOf(own).ITEMS[0].POLICIES).toEqual([
      { NAME: "내 태블릿 사용 할인", AMOUNT: 20_000 },
    ]);
    const body = order(student, {
      USES_OWN_DEVICE: true,
      ITEMS: [
        { id: math.id, lecture_multiple: 3 },
        { id: 102, lecture_multiple: 1 },
      ],
    });
    const both = await subscribe(t, student, body);
    expect(both.statusCode).toBe(400);
    expect(responseOf(both).ERROR_CODE).toBe("own_device_with_tablet");
    expect(gateway.charges().filter((c) => c.merchantUid === body.MERCHANT_UID)).toHaveLength(0);
  });
});

describe("bad input: a clear Korean error, nothing charged, nothing written", () => {
  async function refused(
    student: TestUser,
    extra: Record<string, unknown>,
    status: number,
    code: string,
    message: RegExp,
  ) {
    const before = (await paymentsOf(student.userNo)).length;
    const body = order(student, extra);
    const res = await subscribe(t, student, body);
    expect(res.statusCode, res.body).toBe(status);
    expect(responseOf(res).ERROR_CODE).toBe(code);
    expect(res.json().ONUEI_RES.STATUS.STATUSMSG).toMatch(message);
    expect(gateway.charges().filter((c) => c.merchantUid === body.MERCHANT_UID)).toHaveLength(0);
    expect((await paymentsOf(student.userNo)).length).toBe(before);
    return res;
  }

  it("my own referral code", async () => {
    const student = await studentWithCard(t);
    await refused(
      student,
      { REFERRAL_CODE: await codeOf(student) },
      400,
      "referral_own_code",
      /내 추천 코드는 쓸 수 없어요/,
    );
  });

  it("an unknown referral code", async () => {
    const student = await studentWithCard(t);
    await refused(
      student,
      { REFERRAL_CODE: "ZZZZ9999" },
      400,
      "referral_unknown",
      /없는 추천 코드/,
    );
  });

  it("a home-shopping item bought with a multiple", async () => {
    const student = await studentWithCard(t);
    await t.database.db
      .update(schema.users)
      .set({ isOnlyHomeshopping: true })
      .where(eq(schema.users.id, student.userNo));
    await refused(
      student,
      { ITEMS: [{ id: 53, lecture_multiple: 3 }] },
      400,
      "homeshopping_once",
      /홈쇼핑 상품은 한 번에 하나씩만/,
    );
    const once = await subscribe(
      t,
      student,
      order(student, { ITEMS: [{ id: 53, lecture_multiple: 1 }] }),
    );
    expect(once.statusCode, once.body).toBe(200);
    expect(responseOf(once).ITEMS[0]).toMatchObject({ MONTHS: 10, QUANTITY: 1 });
  });

  it("a book out of stock", async () => {
    const student = await studentWithCard(t);
    await refused(
      student,
      {
        ITEMS: [
          { id: math.id, lecture_multiple: 3 },
          { id: 203, lecture_multiple: 1 },
        ],
      },
      409,
      "out_of_stock",
      /「설탭 국어 독해 교재」 재고가 없어요/,
    );
  });

  it("a negative or zero line", async () => {
    const student = await studentWithCard(t);
    await refused(
      student,
      { ITEMS: [{ id: 201, lecture_multiple: -1 }] },
      400,
      "validation_failed",
      /.+/,
    );
  });

  it("a price changed between cart and payment: the server's price wins and is sent back", async () => {
    const student = await studentWithCard(t);
    const res = await refused(
      student,
      { EXPECTED_PAID_PRICE: math.salePrice * 3 - 1 },
      409,
      "price_changed",
      /가격이 바뀌었어요/,
    );
    expect(responseOf(res).QUOTE.PAID_PRICE).toBe(math.salePrice * 3);
  });
});

describe("parallel orders", () => {
  it("never sell more books than there are; a failed order gives its book back", async () => {
    const book = await newBook(2);
    const students = await Promise.all([1, 2, 3, 4].map(() => studentWithCard(t)));
    const results = await Promise.all(
      students.map((s) =>
        subscribe(
          t,
          s,
          order(s, {
            ITEMS: [
              { id: math.id, lecture_multiple: 1 },
              { id: book, lecture_multiple: 1 },
            ],
          }),
        ),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(responseOf(r).ERROR_CODE).toBe("out_of_stock");
    }
    expect(await stockOf(book)).toBe(0);

    const other = await newBook(1);
    const declined = await studentWithCard(t, CARDS.declined);
    const res = await subscribe(
      t,
      declined,
      order(declined, {
        ITEMS: [
          { id: math.id, lecture_multiple: 1 },
          { id: other, lecture_multiple: 1 },
        ],
      }),
    );
    expect(res.statusCode).toBe(402);
    expect(await stockOf(other)).toBe(1);
  });

  it("one referral code use however many orders race", async () => {
    const owner = await studentWithCard(t);
    const friend = await studentWithCard(t);
    const code = await codeOf(owner);
    const results = await Promise.all(
      [1, 2, 3].map(() => subscribe(t, friend, order(friend, { REFERRAL_CODE: code }))),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(responseOf(r).ERROR_CODE).toBe("referral_already_used");
    }
    const rows = await t.database.db
      .select()
      .from(schema.referralRedemptions)
      .where(eq(schema.referralRedemptions.friendUserId, friend.userNo));
    expect(rows).toHaveLength(1);
  });
});

describe("staff set or clear IS_ONLY_HOMESHOPPING", () => {
  it("staff only; the family's catalog follows the flag", async () => {
    const student = await newUser(t, "STUDENT");
    const URL = "/main/admin/user_homeshopping";
    const denied = await call(
      t,
      URL,
      { USER_NO: student.userNo, IS_ONLY_HOMESHOPPING: "YES" },
      { token: student.token },
    );
    expect(denied.statusCode).toBe(403);
    const set = await call(
      t,
      URL,
      { USER_NO: student.userNo, IS_ONLY_HOMESHOPPING: "YES" },
      { token: admin.token },
    );
    expect(set.statusCode, set.body).toBe(200);
    const catalog = (token: string) =>
      call(t, "/main/Lecture_StoreItems", {}, { token }).then((r) => responseOf(r).LECTURE_ITEMS);
    expect((await catalog(student.token)).map((l: { id: number }) => l.id)).toEqual([
      51, 52, 53, 54, 55, 56,
    ]);
    await call(
      t,
      URL,
      { USER_NO: student.userNo, IS_ONLY_HOMESHOPPING: "NO" },
      { token: admin.token },
    );
    expect((await catalog(student.token)).map((l: { id: number }) => l.id)).not.toContain(51);
    const unknown = await call(
      t,
      URL,
      { USER_NO: 999_999_999, IS_ONLY_HOMESHOPPING: "YES" },
      { token: admin.token },
    );
    expect(unknown.statusCode).toBe(404);
  });
});
