/**
 * `ownsPurchasedTablet` (DEVICE_OWNER_DISCOUNT's question, issue #18) and the partial index that
 * answers it (migration 0034, issue 19 performance): a paid tablet line of the student's own
 * counts; a refunded line, a rental, headphones, another student's tablet and any number of
 * lecture orders do not. Orders go through the real checkout.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, schema, sql } from "@seoltab/db";
import { buildTestApp, type TestApp } from "../../test/test-app.ts";
import { createSandboxGateway } from "./gateway/sandbox.ts";
import { ownsPurchasedTablet } from "./payments.repository.ts";
import {
  merchantUid,
  responseOf,
  smartMath,
  studentWithCard,
  subscribe,
  type StoreItem,
  type TestUser,
} from "./payments.test-support.ts";

/** Seeded catalog: a new iPad 9, AirPods Max bought, AirPods Max rented (3 months). */
const IPAD = 102;
const AIRPODS_MAX = 109;
const AIRPODS_RENTAL = 121;

let t: TestApp;
let math: StoreItem;

beforeAll(async () => {
  t = await buildTestApp({}, {}, { payments: { gateway: createSandboxGateway() } });
  math = await smartMath(t);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

/** A paid order of one month of the lecture and `deviceId` if given; its payment id. */
async function paidOrder(s: TestUser, deviceId?: number): Promise<number> {
  const items: { id: number; lecture_multiple: number }[] = [{ id: math.id, lecture_multiple: 1 }];
  if (deviceId !== undefined) items.push({ id: deviceId, lecture_multiple: 1 });
  const res = await subscribe(t, s, {
    USER_NO: s.userNo,
    MERCHANT_UID: merchantUid(),
    PAYMENT_METHOD: "BILLING_CARD",
    ITEMS: items,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(responseOf(res).STATE).toBe("PAID");
  return responseOf(res).PAYMENT_ID as number;
}

const owns = (s: TestUser) => ownsPurchasedTablet(t.database.db, s.userNo);

describe("ownsPurchasedTablet", () => {
  it("counts the student's own paid tablet, and no longer once that line is refunded", async () => {
    const owner = await studentWithCard(t);
    const neighbour = await studentWithCard(t);
    await paidOrder(neighbour);
    expect(await owns(owner)).toBe(false);
    const paymentId = await paidOrder(owner, IPAD);
    expect(await owns(owner)).toBe(true);
    expect(await owns(neighbour)).toBe(false); // another student's tablet is not theirs

    await t.database.db
      .update(schema.paymentItems)
      .set({ state: "REFUNDED" })
      .where(
        and(
          eq(schema.paymentItems.paymentId, paymentId),
          eq(schema.paymentItems.itemKind, "DEVICE"),
        ),
      );
    expect(await owns(owner)).toBe(false);
  });

  it("does not count headphones bought or rented, nor any number of lecture orders", async () => {
    const s = await studentWithCard(t);
    await paidOrder(s, AIRPODS_MAX);
    await paidOrder(s, AIRPODS_RENTAL);
    for (let i = 0; i < 5; i++) await paidOrder(s);
    expect(await owns(s)).toBe(false);
  });

  it("is answered by the paid-device partial index (migration 0034)", async () => {
    const rows = await t.database.db.execute<{ indexdef: string }>(
      sql`select indexdef from pg_indexes where indexname = 'payment_items_paid_device_idx'`,
    );
    const [index] = (rows as unknown as { rows: { indexdef: string }[] }).rows;
    expect(index?.indexdef).toMatch(/ON public\.payment_items USING btree \(payment_id\) WHERE/);
    expect(index?.indexdef).toContain("'DEVICE'");
    expect(index?.indexdef).toContain("'PAID'");
    expect(index?.indexdef).toMatch(/paid_price > 0/);
  });
});
