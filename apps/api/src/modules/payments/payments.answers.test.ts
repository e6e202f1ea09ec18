/**
 * `userPayments` answers sent again (graphql/answers-again.ts) on the real app: the kept bytes
 * never reach someone the read refuses, staff and the family keep their own rendering of the
 * same page, and a write — through the API or straight into the database on another
 * connection — is in the very next answer. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, schema } from "@seoltab/db";
import { buildTestApp, type TestApp } from "../../test/test-app.ts";
import {
  CARDS,
  linkParent,
  merchantUid,
  newUser,
  registerCard,
  smartMath,
  subscribe,
  type StoreItem,
  type TestUser,
} from "./payments.test-support.ts";

let t: TestApp;
let math: StoreItem;
beforeAll(async () => {
  t = await buildTestApp();
  math = await smartMath(t);
}, 60_000);
afterAll(() => t?.close());

/** The same text and variables for every caller: only the token differs. */
const PAGE = /* GraphQL */ `
  query ($userId: Int) {
    userPayments(userId: $userId, first: 50) {
      payments {
        id
        state
        failReason
        gatewayFailReason
        paidPrice
        receiptUrl
      }
    }
  }
`;

interface Row {
  id: string;
  state: string;
  failReason: string | null;
  gatewayFailReason: string | null;
  paidPrice: number;
  receiptUrl: string | null;
}

async function page(user: TestUser | null, userId: number, headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: "POST",
    url: "/payment/graphql",
    headers: {
      "content-type": "application/json",
      ...(user ? { authorization: `Bearer ${user.token}` } : {}),
      ...headers,
    },
    payload: JSON.stringify({ query: PAGE, variables: { userId } }),
  });
  return res;
}

const rowsOf = (res: { json(): { data: { userPayments: { payments: Row[] } } } }) =>
  res.json().data.userPayments.payments;

async function pay(student: TestUser) {
  const res = await subscribe(t, student, {
    USER_NO: student.userNo,
    MERCHANT_UID: merchantUid(),
    PAYMENT_METHOD: "BILLING_CARD",
    ITEMS: [{ id: math.id, lecture_multiple: 3 }],
  });
  return res.statusCode;
}

describe("userPayments answers sent again", () => {
  it("family, staff and strangers asking the same text and variables each get their own answer", async () => {
    const student = await newUser(t);
    expect((await registerCard(t, student, CARDS.declined)).json().errors).toBeUndefined();
    expect(await pay(student)).toBe(402);
    const parent = await newUser(t, "PARENT");
    await linkParent(t, parent, student);
    const [admin, stranger, otherParent] = await Promise.all([
      newUser(t, "ADMIN"),
      newUser(t),
      newUser(t, "PARENT"),
    ]);

    for (let round = 0; round < 3; round += 1) {
      const own = await page(student, student.userNo);
      expect(own.statusCode).toBe(200);
      expect(rowsOf(own)).toHaveLength(1);
      expect(rowsOf(own)[0]!.gatewayFailReason).toBeNull();
      // The parent's answer is the family's rendering: the same bytes as the student's.
      expect((await page(parent, student.userNo)).body).toBe(own.body);

      const staff = await page(admin, student.userNo);
      expect(rowsOf(staff)[0]!.gatewayFailReason).toMatch(/2116/);
      expect(rowsOf(staff)[0]!.failReason).toBe(rowsOf(own)[0]!.failReason);

      for (const other of [stranger, otherParent]) {
        const refused = await page(other, student.userNo);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().errors[0].extensions.code).toBe("not_your_user");
        expect(refused.body).not.toContain(rowsOf(own)[0]!.id);
      }
      const anonymous = await page(null, student.userNo);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().errors[0].extensions).toMatchObject({
        classification: "UNAUTHORIZED",
      });
      const forged = await page(
        { ...student, token: `${student.token.slice(0, -4)}AAAA` },
        student.userNo,
      );
      expect(forged.statusCode).toBe(401);
    }
  });

  it("a write is in the next answer: a checkout through the API, a change made on another connection", async () => {
    const student = await newUser(t);
    expect((await registerCard(t, student)).json().errors).toBeUndefined();
    expect(rowsOf(await page(student, student.userNo))).toEqual([]);
    expect(rowsOf(await page(student, student.userNo))).toEqual([]);

    expect(await pay(student)).toBe(200);
    const one = rowsOf(await page(student, student.userNo));
    expect(one.map((r) => r.state)).toEqual(["PAID"]);
    expect(rowsOf(await page(student, student.userNo))).toEqual(one);

    expect(await pay(student)).toBe(200);
    expect(rowsOf(await page(student, student.userNo))).toHaveLength(2);

    // Straight into the database (as another process would): the NOTIFY empties the read cache.
    await t.database.db
      .update(schema.payments)
      .set({ receiptUrl: "https://receipts.example/changed" })
      .where(eq(schema.payments.id, Number(one[0]!.id)));
    const after = rowsOf(await page(student, student.userNo));
    expect(after.find((r) => r.id === one[0]!.id)!.receiptUrl).toBe(
      "https://receipts.example/changed",
    );
  });

  it("a kept answer is compressed for a client that asks for it, and reads the same", async () => {
    const student = await newUser(t);
    expect((await registerCard(t, student)).json().errors).toBeUndefined();
    for (let i = 0; i < 12; i += 1) expect(await pay(student)).toBe(200);
    const plain = await page(student, student.userNo);
    expect(plain.body.length).toBeGreaterThan(1024);
    for (let i = 0; i < 2; i += 1) {
      const gz = await page(student, student.userNo, { "accept-encoding": "gzip" });
      expect(gz.headers["content-encoding"]).toBe("gzip");
      expect(gunzipSync(gz.rawPayload).toString("utf8")).toBe(plain.body);
    }
  });
});
