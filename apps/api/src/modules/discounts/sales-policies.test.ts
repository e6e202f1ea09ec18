/**
 * The sales-policy console and the cart's conversion (issue #18; SPEC.md §3 BASE_/USER_SALES_
 * METHOD_WITH_POLICIES, "active lecture sales methods: id, to_sales_method_no, policy11,
 * policy9", convertSalesMethodNo): the seeded example (migration 0029), ADMIN creating and
 * deactivating a policy with its audit entry, bad input (a discount that would make a line
 * negative, a percent over 100, unknown fields), permission (student, SALES_TEAM), two parallel
 * creations of one policy (one wins), and policy9 pricing a NEW 9th generation tablet bought
 * with a lecture. PGlite, and PostgreSQL with DATABASE_URL (this file makes its own methods).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray, schema } from "@seoltab/db";
import { buildTestApp, type TestApp } from "../../test/test-app.ts";
import {
  call,
  newUser,
  responseOf,
  smartMath,
  type StoreItem,
  type TestUser,
} from "../payments/payments.test-support.ts";

let t: TestApp;
let admin: TestUser;
let sales: TestUser;
let student: TestUser;
let math: StoreItem;
const madeMethods: number[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  admin = await newUser(t, "ADMIN");
  sales = await newUser(t, "SALES_TEAM");
  student = await newUser(t, "STUDENT");
  math = await smartMath(t);
}, 60_000);

afterAll(async () => {
  if (madeMethods.length > 0) {
    await t.database.db
      .update(schema.salesMethods)
      .set({ isActive: false })
      .where(inArray(schema.salesMethods.id, madeMethods));
  }
  await t?.close();
});

/** A sales method of this test's own for `userId` (a family's method). */
async function newMethod(userId: number): Promise<number> {
  const [row] = await t.database.db
    .insert(schema.salesMethods)
    .values({ name: `테스트 판매 방식 ${Date.now()}`, userId })
    .returning({ id: schema.salesMethods.id });
  madeMethods.push(row!.id);
  return row!.id;
}

const create = (user: TestUser, body: Record<string, unknown>) =>
  call(t, "/main/admin/sales_policies/create", body, { token: user.token });

function draft(methodId: number, over: Record<string, unknown> = {}) {
  return {
    SALES_METHOD_ID: methodId,
    NAME: "두 번째 과목 만원 할인",
    DISCOUNT_KIND: "ADDITIONAL_LECTURE_DISCOUNT",
    DISCOUNT_TYPE: "AMOUNT",
    VALUE: 10_000,
    ITEM_KIND: "LECTURE",
    REASON: "영업팀 요청으로 가족 할인 적용",
    ...over,
  };
}

async function auditOf(action: string, target: string) {
  const a = schema.auditLogs;
  return t.database.db
    .select()
    .from(a)
    .where(and(eq(a.action, action), eq(a.target, target)));
}

describe("POST /main/admin/sales_policies (the list)", () => {
  it("shows the seeded conversion with policy11 and policy9 in SPEC's shape, to staff only", async () => {
    const res = await call(t, "/main/admin/sales_policies", {}, { token: sales.token });
    expect(res.statusCode, res.body).toBe(200);
    const r = responseOf(res);
    const target = r.SALES_METHODS.find((m: { ID: number }) => m.ID === 9001);
    expect(target).toMatchObject({ CONVERSION_ONLY: true, USER_NO: null, IS_ACTIVE: true });
    expect(r.SALES_METHODS.find((m: { ID: number }) => m.ID === 9000)).toMatchObject({
      TO_SALES_METHOD_NO: 9001,
      CONVERSION_ONLY: false,
    });
    const lecture = r.ACTIVE_LECTURE_SALES_METHODS.find((m: { id: number }) => m.id === 9000);
    expect(lecture).toEqual({
      id: 9000,
      to_sales_method_no: 9001,
      policy11: {
        id: expect.any(Number),
        name: "수업과 함께 사는 새 iPad 11세대 할인",
        discountKind: "DEVICE_OWNER_DISCOUNT",
        discountType: "AMOUNT",
        value: 50_000,
        months: null,
        itemKind: "DEVICE",
        deviceGen: "11",
      },
      policy9: {
        id: expect.any(Number),
        name: "수업과 함께 사는 새 iPad 9세대 할인",
        discountKind: "DEVICE_OWNER_DISCOUNT",
        discountType: "AMOUNT",
        value: 30_000,
        months: null,
        itemKind: "DEVICE",
        deviceGen: "9",
      },
    });
    // The conversion-only method is never listed as a lecture method by itself.
    expect(r.ACTIVE_LECTURE_SALES_METHODS.map((m: { id: number }) => m.id)).not.toContain(9001);

    const refused = await call(t, "/main/admin/sales_policies", {}, { token: student.token });
    expect(refused.statusCode).toBe(403);
    expect(responseOf(refused).ERROR_CODE).toBe("staff_only");
    expect((await call(t, "/main/admin/sales_policies", {})).statusCode).toBe(401);
  });
});

describe("POST /main/admin/sales_policies/create and /deactivate", () => {
  it("ADMIN creates a family's policy (audited), it prices their cart, and deactivating it stops that", async () => {
    const family = await newUser(t, "STUDENT");
    const methodId = await newMethod(family.userNo);
    const res = await create(admin, draft(methodId));
    expect(res.statusCode, res.body).toBe(200);
    const policy = responseOf(res).POLICY;
    expect(policy).toMatchObject({
      SALES_METHOD_ID: methodId,
      NAME: "두 번째 과목 만원 할인",
      VALUE: 10_000,
      MONTHS: null,
      ITEM_KIND: "LECTURE",
      DEVICE_GEN: null,
      IS_ACTIVE: true,
    });
    const [entry] = await auditOf("sales_policy_created", `sales_policy:${policy.ID}`);
    expect(entry).toMatchObject({
      kind: "EXECUTION",
      initiator: "ADMIN",
      actorUserId: admin.userNo,
    });
    expect(entry!.detail).toMatchObject({ reason: "영업팀 요청으로 가족 할인 적용" });

    const quote = async () =>
      responseOf(
        await call(
          t,
          "/main/Cart_Price",
          { USER_NO: family.userNo, ITEMS: [{ id: math.id, lecture_multiple: 1 }] },
          { token: family.token },
        ),
      );
    const withPolicy = await quote();
    expect(withPolicy.LINES[0].POLICIES).toEqual([
      expect.objectContaining({ NAME: "두 번째 과목 만원 할인", AMOUNT: 10_000 }),
    ]);
    expect(withPolicy.PAID_PRICE).toBe(math.salePrice - 10_000);

    const off = await call(
      t,
      "/main/admin/sales_policies/deactivate",
      { POLICY_ID: policy.ID, REASON: "행사 종료" },
      { token: admin.token },
    );
    expect(off.statusCode, off.body).toBe(200);
    expect(responseOf(off)).toMatchObject({ CHANGED: true, POLICY: { IS_ACTIVE: false } });
    const again = await call(
      t,
      "/main/admin/sales_policies/deactivate",
      { POLICY_ID: policy.ID, REASON: "행사 종료" },
      { token: admin.token },
    );
    expect(responseOf(again)).toMatchObject({ CHANGED: false });
    expect(await auditOf("sales_policy_deactivated", `sales_policy:${policy.ID}`)).toHaveLength(1);
    expect((await quote()).PAID_PRICE).toBe(math.salePrice);

    // A deactivated name may be used again.
    const reused = await create(admin, draft(methodId));
    expect(reused.statusCode, reused.body).toBe(200);
  });

  it("refuses a student (staff_only) and SALES_TEAM (admin_role_required) before reading the body", async () => {
    const methodId = await newMethod(student.userNo);
    const bySales = await create(sales, { nonsense: true });
    expect(bySales.statusCode).toBe(403);
    expect(responseOf(bySales).ERROR_CODE).toBe("admin_role_required");
    const byStudent = await create(student, draft(methodId));
    expect(byStudent.statusCode).toBe(403);
    expect(responseOf(byStudent).ERROR_CODE).toBe("staff_only");
    const p = schema.salesPolicies;
    const rows = await t.database.db.select().from(p).where(eq(p.salesMethodId, methodId));
    expect(rows).toHaveLength(0);
  });

  it("bad input: a discount that would make a line negative, a percent over 100, a generation on a lecture, unknown fields, an unknown method", async () => {
    const methodId = await newMethod(student.userNo);
    const negative = await create(admin, draft(methodId, { VALUE: math.salePrice + 1 }));
    expect(negative.statusCode, negative.body).toBe(400);
    expect(responseOf(negative).ERROR_CODE).toBe("policy_makes_line_negative");
    expect(negative.json().ONUEI_RES.STATUS.STATUSMSG).toMatch(/0원 아래/);

    const percent = await create(admin, draft(methodId, { DISCOUNT_TYPE: "PERCENT", VALUE: 101 }));
    expect(percent.statusCode).toBe(400);
    expect(percent.json().ONUEI_RES.STATUS.STATUSMSG).toBe("비율 할인은 100%를 넘을 수 없어요.");

    const gen = await create(admin, draft(methodId, { DEVICE_GEN: "9" }));
    expect(gen.statusCode).toBe(400);
    expect(responseOf(gen).ERROR_CODE).toBe("validation_failed");

    const unknownField = await create(admin, { ...draft(methodId), EXTRA: 1 });
    expect(unknownField.statusCode).toBe(400);
    const noReason = await create(admin, { ...draft(methodId), REASON: " " });
    expect(noReason.statusCode).toBe(400);

    const missing = await create(admin, draft(2_000_000_000));
    expect(missing.statusCode).toBe(404);
    expect(responseOf(missing).ERROR_CODE).toBe("sales_method_not_found");

    const p = schema.salesPolicies;
    expect(await t.database.db.select().from(p).where(eq(p.salesMethodId, methodId))).toEqual([]);
  });

  it("two parallel creations of the same policy: one is stored, the other answers 409", async () => {
    const methodId = await newMethod(student.userNo);
    const body = draft(methodId, { NAME: "동시에 만든 정책" });
    const answers = await Promise.all([create(admin, body), create(admin, body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((a) => a.statusCode === 409)!;
    expect(responseOf(loser).ERROR_CODE).toBe("sales_policy_duplicate");
    const p = schema.salesPolicies;
    const rows = await t.database.db.select().from(p).where(eq(p.salesMethodId, methodId));
    expect(rows).toHaveLength(1);
    expect(await auditOf("sales_policy_created", `sales_policy:${rows[0]!.id}`)).toHaveLength(1);
  });
});

describe("convertSalesMethodNo at pricing: policy9 prices a NEW 9th generation tablet", () => {
  it("a lecture with the new iPad 9세대 converts to 9001 and takes 30,000 won off the tablet only", async () => {
    const family = await newUser(t, "STUDENT");
    const quote = async (deviceId: number) => {
      const res = await call(
        t,
        "/main/Cart_Price",
        {
          USER_NO: family.userNo,
          ITEMS: [
            { id: math.id, lecture_multiple: 3 },
            { id: deviceId, lecture_multiple: 1 },
          ],
        },
        { token: family.token },
      );
      expect(res.statusCode, res.body).toBe(200);
      return responseOf(res);
    };
    const ninth = await quote(102);
    expect(ninth.CONVERT_SALES_METHOD_NO).toBe(9001);
    const [lecture, tablet] = ninth.LINES;
    expect(lecture.POLICIES).toEqual([]);
    expect(tablet).toMatchObject({ ITEM_KIND: "DEVICE", SALE_PRICE: 399_000, PAID_PRICE: 369_000 });
    expect(tablet.POLICIES).toEqual([
      {
        NAME: "수업과 함께 사는 새 iPad 9세대 할인",
        DISCOUNT_KIND: "DEVICE_OWNER_DISCOUNT",
        DISCOUNT_TYPE: "AMOUNT",
        VALUE: 30_000,
        AMOUNT: 30_000,
      },
    ]);
    // The 10th generation has no policy10: nothing converts.
    const tenth = await quote(103);
    expect(tenth.CONVERT_SALES_METHOD_NO).toBeNull();
    expect(tenth.LINES[1]).toMatchObject({ SALE_PRICE: 569_000, PAID_PRICE: 569_000 });
    expect(tenth.LINES[1].POLICIES).toEqual([]);
  });
});
