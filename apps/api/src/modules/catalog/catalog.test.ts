/**
 * The catalog calls through the real app (issue #4 "Catalog"; docs/api/catalog.md): the seeded
 * catalog of migration 0007, the anonymous answer, the device rules, home-shopping users, the
 * USER_NO access rule, user sales methods, the banner, and the interest-free periods of the
 * payment GraphQL backend. Runs on PGlite and, with DATABASE_URL, on PostgreSQL: users and
 * policies are created fresh per test, and anything that changes the shared catalog happens
 * inside a transaction that is rolled back.
 */
import { buildSchema, graphql } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, schema, type Database } from "@seoltab/db";
import { TWELVE_MONTH_POLICY_NAME } from "@seoltab/domain";
import { baseSchema } from "../../graphql/graphql-backend.ts";
import {
  GOOD_PASSWORD,
  call,
  errorCodeOf,
  randomIp,
  responseOf,
  signIn,
  uniqueEmail,
} from "../../test/accounts.ts";
import { buildTestApp, type TestApp } from "../../test/test-app.ts";
import { DEMO_PASSWORD, hashPassword } from "../accounts/accounts.seed.ts";
import { catalogPaymentResolvers, catalogPaymentSchema } from "./catalog.graphql.ts";
import { catalogCache, loadCatalogSnapshot } from "./catalog.service.ts";

const URL = "/main/Lecture_StoreItems";

let t: TestApp;
let db: Database;
let studentNo: number;
let studentToken: string;
let parentToken: string;
let adminToken: string;
let tutorToken: string;

async function userNoOf(email: string): Promise<number> {
  const [row] = await db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.email, email));
  return row!.id;
}

/** A fresh STUDENT (or other type) signed in; returns its USER_NO and token. */
async function freshUser(
  fields: { userType?: string; isOnlyHomeshopping?: boolean } = {},
): Promise<{ userNo: number; token: string }> {
  const email = uniqueEmail("catalog");
  const [row] = await db
    .insert(schema.users)
    .values({
      email,
      passwordHash: await hashPassword(GOOD_PASSWORD),
      userType: fields.userType ?? "STUDENT",
      name: "최유진",
      birthDate: "2008-04-01",
      isOnlyHomeshopping: fields.isOnlyHomeshopping ?? false,
    })
    .returning({ id: schema.users.id });
  const { token } = await signIn(t, email, GOOD_PASSWORD, randomIp());
  return { userNo: row!.id, token };
}

/** Rolls back whatever `work` did in the database. */
async function inRolledBackTransaction(work: (tx: Database) => Promise<void>): Promise<void> {
  const rollback = new Error("rollback");
  await db
    .transaction(async (tx) => {
      await work(tx as unknown as Database);
      throw rollback;
    })
    .catch((err: unknown) => {
      if (err !== rollback) throw err;
    });
}

beforeAll(async () => {
  t = await buildTestApp();
  db = t.database.db;
  studentNo = await userNoOf("student@example.com");
  const tokenOf = (who: string) =>
    signIn(t, `${who}@example.com`, DEMO_PASSWORD, randomIp()).then((s) => s.token);
  [studentToken, parentToken, adminToken, tutorToken] = await Promise.all([
    tokenOf("student"),
    tokenOf("parent"),
    tokenOf("admin"),
    tokenOf("tutor"),
  ]);
}, 60_000);
afterAll(() => t.close());

interface LectureItem {
  id: number;
  TTEOK_HAM_Title: string;
  subjectId: number | null;
  item_type: string;
  months: number;
  group_No: number | null;
  basePrice: number;
  salePrice: number;
}

const ids = (list: { id: number }[]) => list.map((i) => i.id);

describe("POST /main/Lecture_StoreItems, anonymous", () => {
  it("answers the seeded catalog in the documented shape", async () => {
    const res = await call(t, URL, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    const body = res.json();
    expect(body.ONUEI_RES.STATUS.STATUSCODE).toBe("0000");
    const r = responseOf(res);
    expect(Object.keys(r).sort()).toEqual([
      "BASE_SALES_METHOD_WITH_POLICIES",
      "CARD_FREE_QUOTA",
      "LECTURE_ITEMS",
      "RENT_DEVICES",
      "USER_SALES_METHOD_WITH_POLICIES",
    ]);

    const lectures: LectureItem[] = r.LECTURE_ITEMS;
    // 스마트 수학, the default subject 8906, sold per month.
    expect(lectures[0]).toEqual({
      id: 1,
      TTEOK_HAM_Title: "스마트 수학",
      TTEOK_HAM_SubTitle1: "주 2회, 60분, 총 8회 수업",
      subjects: ["수학"],
      subjectId: 8906,
      item_type: "LECTURE_SMART",
      school_level: null,
      months: 1,
      group_No: null,
      lecture_vt_No: 2101,
      basePrice: 219_000,
      salePrice: 189_000,
      allowed_multiples: [1, 3, 6, 12],
    });
    expect(lectures.filter((l) => l.subjectId === 8906).map((l) => l.id)).toEqual([1]);
    // Group items 63, 64, 65 with months 1 (SPEC.md §9).
    expect(lectures.filter((l) => l.group_No !== null).map((l) => [l.group_No, l.months])).toEqual([
      [63, 1],
      [64, 1],
      [65, 1],
    ]);
    // The winter course (LECTURE_WINTER, migration 0011) sells at one price, no list price:
    // apps/api/src/modules/catalog/winter-course.test.ts.
    expect(new Set(lectures.map((l) => l.item_type))).toEqual(
      new Set(["LECTURE_SMART", "LECTURE_BASIC", "LECTURE_WINTER"]),
    );
    for (const l of lectures.filter((i) => i.item_type !== "LECTURE_WINTER")) {
      expect(l.basePrice).toBeGreaterThan(l.salePrice);
      expect(l.TTEOK_HAM_Title).not.toContain("홈쇼핑");
    }
    // The retired plan (id 6) and the home-shopping products are not offered.
    expect(ids(lectures)).not.toContain(6);
    expect(ids(lectures).some((id) => id >= 51 && id <= 69)).toBe(false);

    expect(r.BASE_SALES_METHOD_WITH_POLICIES).toEqual([
      {
        id: 0,
        name: "기본 할인",
        policies: [
          {
            id: 0,
            name: TWELVE_MONTH_POLICY_NAME,
            discountKind: null,
            discountType: "PERCENT",
            value: 5,
            months: 12,
            itemKind: "LECTURE",
          },
        ],
      },
    ]);
    expect(r.USER_SALES_METHOD_WITH_POLICIES).toEqual([]);
    expect(r.CARD_FREE_QUOTA).toHaveLength(10);
    expect(r.CARD_FREE_QUOTA[0]).toEqual({ name: "신한카드", free_months: 6, is_show: true });
    expect(r.CARD_FREE_QUOTA.filter((c: { is_show: boolean }) => !c.is_show)).toEqual([
      { name: "씨티카드", free_months: 3, is_show: false },
    ]);
  });

  it("offers the devices of SPEC.md §9 in display order", async () => {
    const devices = responseOf(await call(t, URL, {})).RENT_DEVICES;
    expect(
      devices.map((d: Record<string, unknown>) => [
        d.id,
        d.name,
        d.used_type,
        d.device_gen,
        d.color,
        d.etc,
      ]),
    ).toEqual([
      [101, "수강 기간 무료 대여 태블릿", "USED", "9", null, "무료 대여"],
      [102, "iPad 9세대 새 제품", "NEW", "9", "스페이스 그레이", null],
      [103, "iPad 10세대 새 제품", "NEW", "10", "실버", null],
      // 104 (NEW 11th generation) is hidden while its count is 0.
      [105, "iPad 9세대 중고 실버 (2023년 생산)", "USED", "9", "실버", "2023"],
      [106, "iPad 9세대 중고 실버", "USED", "9", "실버", null],
      // 107 (space gray 2023) is out of stock, so the regular one is offered alone.
      [108, "iPad 9세대 중고 스페이스 그레이", "USED", "9", "스페이스 그레이", null],
      [109, "AirPods Max", "NEW", "AirPods Max", "실버", null],
      [110, "AirPods Max", "NEW", "AirPods Max", "스페이스 그레이", null],
    ]);
    expect(devices[0]).toMatchObject({ device_type: "IPAD", count: 150, basePrice: 0, price: 0 });
    expect(devices[1]).toMatchObject({ basePrice: 499_000, price: 399_000, count: 35 });
  });

  it("shows the 11th generation once it is in stock (snapshot of a changed catalog)", async () => {
    await inRolledBackTransaction(async (tx) => {
      await tx.update(schema.storeItems).set({ count: 4 }).where(eq(schema.storeItems.id, 104));
      const snapshot = await loadCatalogSnapshot(tx);
      expect(ids(snapshot.rentDevices).slice(1, 4)).toEqual([102, 103, 104]);
    });
  });

  it("IS_ONLY_HOMESHOPPING=YES gives only the home-shopping products (1, 3 and 10 months)", async () => {
    const res = await call(t, URL, { IS_ONLY_HOMESHOPPING: "YES" });
    expect(res.statusCode, res.body).toBe(200);
    const lectures: LectureItem[] = responseOf(res).LECTURE_ITEMS;
    expect(ids(lectures)).toEqual([51, 52, 53, 54, 55, 56]);
    expect([...new Set(lectures.map((l) => l.months))]).toEqual([1, 3, 10]);
    expect(responseOf(await call(t, URL, { IS_ONLY_HOMESHOPPING: "NO" })).LECTURE_ITEMS).toEqual(
      responseOf(await call(t, URL, {})).LECTURE_ITEMS,
    );
  });

  it("accepts no body and null fields; refuses unknown fields and bad values", async () => {
    expect((await call(t, URL)).statusCode).toBe(200);
    expect((await call(t, URL, { USER_NO: null, IS_ONLY_HOMESHOPPING: null })).statusCode).toBe(
      200,
    );
    for (const body of [
      { EXTRA: 1 },
      { IS_ONLY_HOMESHOPPING: "Y" },
      { USER_NO: "abc" },
      { USER_NO: 1.5 },
      { USER_NO: -3 },
    ]) {
      const res = await call(t, URL, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorCodeOf(res)).toBe("validation_failed");
    }
  });

  it("USER_NO without a token: 401; a bad token: 401", async () => {
    const res = await call(t, URL, { USER_NO: studentNo });
    expect(res.statusCode).toBe(401);
    expect(errorCodeOf(res)).toBe("token_invalid");
    const bad = await call(t, URL, {}, { token: "not-a-token" });
    expect(bad.statusCode).toBe(401);
    expect(errorCodeOf(bad)).toBe("token_invalid");
  });
});

describe("POST /main/Lecture_StoreItems for a user", () => {
  it("the demo student gets the regular catalog and no user policy", async () => {
    for (const body of [{ USER_NO: studentNo }, {}, { USER_NO: String(studentNo) }]) {
      const res = await call(t, URL, body, { token: studentToken });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-store");
      const r = responseOf(res);
      expect(r.USER_SALES_METHOD_WITH_POLICIES).toEqual([]);
      expect(r.BASE_SALES_METHOD_WITH_POLICIES.map((m: { id: number }) => m.id)).toEqual([0]);
      expect(r).toEqual(responseOf(await call(t, URL, {})));
    }
    // The user's flag decides, not IS_ONLY_HOMESHOPPING.
    const asked = await call(
      t,
      URL,
      { USER_NO: studentNo, IS_ONLY_HOMESHOPPING: "YES" },
      { token: studentToken },
    );
    expect(ids(responseOf(asked).LECTURE_ITEMS)[0]).toBe(1);
  });

  it("a home-shopping user gets only home-shopping products", async () => {
    const shopper = await freshUser({ isOnlyHomeshopping: true });
    for (const body of [
      { USER_NO: shopper.userNo },
      {},
      { USER_NO: shopper.userNo, IS_ONLY_HOMESHOPPING: "NO" },
    ]) {
      const res = await call(t, URL, body, { token: shopper.token });
      expect(res.statusCode, res.body).toBe(200);
      expect(ids(responseOf(res).LECTURE_ITEMS)).toEqual([51, 52, 53, 54, 55, 56]);
    }
    // Staff looking at that user see what the user sees.
    const staff = await call(t, URL, { USER_NO: shopper.userNo }, { token: adminToken });
    expect(ids(responseOf(staff).LECTURE_ITEMS)).toEqual([51, 52, 53, 54, 55, 56]);
  });

  it("USER_NO of someone else: 403 (student, tutor, unlinked parent); unknown for staff: 404", async () => {
    const other = await freshUser();
    for (const token of [studentToken, tutorToken, parentToken]) {
      const res = await call(t, URL, { USER_NO: other.userNo }, { token });
      expect(res.statusCode).toBe(403);
      expect(errorCodeOf(res)).toBe("forbidden");
    }
    const other2 = await call(t, URL, { USER_NO: studentNo }, { token: other.token });
    expect(other2.statusCode).toBe(403);
    // Existence is not revealed to non-staff.
    const missing = 2_000_000_000;
    expect((await call(t, URL, { USER_NO: missing }, { token: studentToken })).statusCode).toBe(
      403,
    );
    const staff = await call(t, URL, { USER_NO: missing }, { token: adminToken });
    expect(staff.statusCode).toBe(404);
    expect(errorCodeOf(staff)).toBe("user_not_found");
  });

  it("a parent may ask for their linked child, staff for anyone", async () => {
    for (const token of [parentToken, adminToken]) {
      const res = await call(t, URL, { USER_NO: studentNo }, { token });
      expect(res.statusCode, res.body).toBe(200);
      expect(ids(responseOf(res).LECTURE_ITEMS)[0]).toBe(1);
    }
    // A parent without USER_NO gets the anonymous catalog.
    const own = await call(t, URL, {}, { token: parentToken });
    expect(own.statusCode).toBe(200);
    expect(responseOf(own)).toEqual(responseOf(await call(t, URL, {})));
  });

  it("a user's own sales methods appear in USER_SALES_METHOD_WITH_POLICIES, for them only", async () => {
    const buyer = await freshUser();
    const [method] = await db
      .insert(schema.salesMethods)
      .values({ name: "추천인 할인", userId: buyer.userNo })
      .returning({ id: schema.salesMethods.id });
    const [p1, p2] = await db
      .insert(schema.salesPolicies)
      .values([
        {
          salesMethodId: method!.id,
          name: "추천인 코드 3만원 할인",
          discountKind: "REFERRAL_CODE_DISCOUNT",
          discountType: "AMOUNT",
          value: 30_000,
          months: 3,
          itemKind: "LECTURE",
        },
        {
          salesMethodId: method!.id,
          name: "태블릿 보유 10% 할인",
          discountKind: "DEVICE_OWNER_DISCOUNT",
          discountType: "PERCENT",
          value: 10,
          months: null,
          itemKind: null,
        },
      ])
      .returning({ id: schema.salesPolicies.id });
    // An inactive method of the same user is not shown.
    await db.insert(schema.salesMethods).values({
      name: "종료된 이벤트",
      userId: buyer.userNo,
      isActive: false,
    });

    const expected = [
      {
        id: method!.id,
        name: "추천인 할인",
        policies: [
          {
            id: p1!.id,
            name: "추천인 코드 3만원 할인",
            discountKind: "REFERRAL_CODE_DISCOUNT",
            discountType: "AMOUNT",
            value: 30_000,
            months: 3,
            itemKind: "LECTURE",
          },
          {
            id: p2!.id,
            name: "태블릿 보유 10% 할인",
            discountKind: "DEVICE_OWNER_DISCOUNT",
            discountType: "PERCENT",
            value: 10,
            months: null,
            itemKind: null,
          },
        ],
      },
    ];
    for (const [body, token] of [
      [{ USER_NO: buyer.userNo }, buyer.token],
      [{}, buyer.token],
      [{ USER_NO: buyer.userNo }, adminToken],
    ] as const) {
      const r = responseOf(await call(t, URL, body, { token }));
      expect(r.USER_SALES_METHOD_WITH_POLICIES).toEqual(expected);
      expect(r.BASE_SALES_METHOD_WITH_POLICIES.map((m: { id: number }) => m.id)).toEqual([0]);
    }
    expect(
      responseOf(await call(t, URL, {}, { token: studentToken })).USER_SALES_METHOD_WITH_POLICIES,
    ).toEqual([]);
    expect(responseOf(await call(t, URL, {})).USER_SALES_METHOD_WITH_POLICIES).toEqual([]);
  });

  it("base sales methods of the database follow the built-in 12-month method", async () => {
    await inRolledBackTransaction(async (tx) => {
      const [method] = await tx
        .insert(schema.salesMethods)
        .values({ name: "겨울 프로모션", userId: null })
        .returning({ id: schema.salesMethods.id });
      await tx.insert(schema.salesPolicies).values({
        salesMethodId: method!.id,
        name: "겨울방학 2만원 할인",
        discountKind: "ADDITIONAL_LECTURE_DISCOUNT",
        discountType: "AMOUNT",
        value: 20_000,
        months: null,
        itemKind: "LECTURE",
      });
      const snapshot = await loadCatalogSnapshot(tx);
      expect(snapshot.baseMethods.map((m) => [m.id, m.name])).toEqual([
        [0, "기본 할인"],
        [method!.id, "겨울 프로모션"],
      ]);
      expect(
        JSON.parse(snapshot.anonymousJson.regular.toString("utf8")).ONUEI_RES.DATA.RESPONSE,
      ).toMatchObject({
        BASE_SALES_METHOD_WITH_POLICIES: [{ id: 0 }, { id: method!.id }],
      });
    });
  });
});

describe("catalog snapshot cache", () => {
  it("serves one read for the time-to-live, then reads again", async () => {
    await inRolledBackTransaction(async (tx) => {
      let clock = 0;
      const cache = catalogCache(tx, 5_000, () => clock);
      const first = await cache.get();
      await tx.update(schema.storeItems).set({ count: 7 }).where(eq(schema.storeItems.id, 102));
      clock = 4_999;
      expect(await cache.get()).toBe(first);
      clock = 5_000;
      const second = await cache.get();
      expect(second).not.toBe(first);
      expect(second.rentDevices.find((d) => d.id === 102)?.count).toBe(7);
    });
  });
});

describe("POST /main/seoltab_banner_info", () => {
  it("answers the offered devices' stock and the total, anonymously", async () => {
    const res = await call(t, "/main/seoltab_banner_info", {});
    expect(res.statusCode, res.body).toBe(200);
    const r = responseOf(res);
    expect(r.device_count_result).toEqual([
      { device_type: "IPAD", device_gen: "9", used_type: "USED", color: null, count: 150 },
      {
        device_type: "IPAD",
        device_gen: "9",
        used_type: "NEW",
        color: "스페이스 그레이",
        count: 35,
      },
      { device_type: "IPAD", device_gen: "10", used_type: "NEW", color: "실버", count: 20 },
      { device_type: "IPAD", device_gen: "9", used_type: "USED", color: "실버", count: 54 },
      {
        device_type: "IPAD",
        device_gen: "9",
        used_type: "USED",
        color: "스페이스 그레이",
        count: 37,
      },
      {
        device_type: "AIR_PODS_MAX",
        device_gen: "AirPods Max",
        used_type: "NEW",
        color: "실버",
        count: 15,
      },
      {
        device_type: "AIR_PODS_MAX",
        device_gen: "AirPods Max",
        used_type: "NEW",
        color: "스페이스 그레이",
        count: 8,
      },
    ]);
    expect(r.total_count).toBe(150 + 35 + 20 + 54 + 37 + 15 + 8);
    expect((await call(t, "/main/seoltab_banner_info")).statusCode).toBe(200);
    expect((await call(t, "/main/seoltab_banner_info", { X: 1 })).statusCode).toBe(400);
  });
});

describe("POST /main/getTaxonomy subject map", () => {
  it("maps the 38 subject ids to INGANG terms that exist", async () => {
    const r = responseOf(await call(t, "/main/getTaxonomy", {}));
    expect(r.SUBJECT_TERM_MAP).toHaveLength(38);
    expect(r.SUBJECT_TERM_MAP).toContainEqual({
      SUBJECT_ID: 8906,
      NAME: "스마트 수학",
      TERM_TAXONOMY_ID: 1001,
    });
    const terms = new Set(
      r.RESULT_TAXONOMIES.map((e: { TERM_TAXONOMY_ID: number }) => e.TERM_TAXONOMY_ID),
    );
    for (const s of r.SUBJECT_TERM_MAP) expect(terms.has(s.TERM_TAXONOMY_ID)).toBe(true);
    // Every lecture's subject id is one of them.
    const subjectIds = new Set(r.SUBJECT_TERM_MAP.map((s: { SUBJECT_ID: number }) => s.SUBJECT_ID));
    const lectures = [
      ...responseOf(await call(t, URL, {})).LECTURE_ITEMS,
      ...responseOf(await call(t, URL, { IS_ONLY_HOMESHOPPING: "YES" })).LECTURE_ITEMS,
    ] as LectureItem[];
    for (const l of lectures)
      if (l.subjectId !== null) expect(subjectIds.has(l.subjectId)).toBe(true);
  });
});

describe("GraphQL interestFreeInstallmentPeriods (payment backend)", () => {
  it("the schema and resolvers list the shown periods in display order", async () => {
    const gqlSchema = buildSchema(baseSchema() + catalogPaymentSchema);
    const resolvers = catalogPaymentResolvers(db) as {
      Query: Record<string, () => unknown>;
    };
    const result = await graphql({
      schema: gqlSchema,
      source: "{ interestFreeInstallmentPeriods { id name freeMonth } }",
      rootValue: { backend: () => "payment", ...resolvers.Query },
    });
    expect(result.errors).toBeUndefined();
    const periods = (
      result.data as {
        interestFreeInstallmentPeriods: { id: number; name: string; freeMonth: number }[];
      }
    ).interestFreeInstallmentPeriods;
    expect(periods.map((p) => p.name)).toEqual([
      "신한카드",
      "삼성카드",
      "KB국민카드",
      "현대카드",
      "롯데카드",
      "하나카드",
      "우리카드",
      "NH농협카드",
      "BC카드",
    ]);
    expect(periods[0]).toEqual({ id: 1, name: "신한카드", freeMonth: 6 });
    for (const p of periods) {
      expect(p.freeMonth).toBeGreaterThanOrEqual(2);
      expect(p.freeMonth).toBeLessThanOrEqual(6);
    }
  });

  it("is served anonymously on /payment/graphql", async () => {
    const res = await call(t, "/payment/graphql", {
      query:
        "query InterestFreeInstallmentPeriod { interestFreeInstallmentPeriods { id name freeMonth } }",
    });
    expect(res.statusCode, res.body).toBe(200);
    const periods = res.json().data.interestFreeInstallmentPeriods;
    expect(periods).toHaveLength(9);
    expect(periods[0]).toEqual({ id: 1, name: "신한카드", freeMonth: 6 });
    expect(periods.map((p: { name: string }) => p.name)).not.toContain("씨티카드");
  });
});
