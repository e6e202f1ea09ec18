/**
 * `ownsPurchasedTablet` (DEVICE_OWNER_DISCOUNT's question, issue #18) and the partial index that
 * answers it (migration 0034, issue 19 performance): a paid tablet line of the student's own
 * counts; a refunded line, a rental, headphones, another student's tablet and any number of
 * lecture orders do not; the next quote's DEVICE_OWNER_DISCOUNT follows it. Orders, the quote and the
 * refund go through the real endpoints.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, schema, sql } from "@seoltab/db";
import { DEVICE_OWNER_DISCOUNT_WON } from "@seoltab/domain";
import { buildTestApp, type TestApp } from "../../test/test-app.ts";
import { createSandboxGateway } from "./gateway/sandbox.ts";
import { ownsPurchasedTablet } from "./payments.repository.ts";
import {
  call,
  graphql,
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

/** A paid order of the lecture and `deviceId`: the payment id and the device line's id. */
async function paidOrderWithDevice(
  s: TestUser,
  deviceId: number,
): Promise<{ paymentId: number; deviceItemId: number }> {
  const paymentId = await paidOrder(s, deviceId);
  const [line] = await t.database.db
    .select({ id: schema.paymentItems.id })
    .from(schema.paymentItems)
    .where(
      and(eq(schema.paymentItems.paymentId, paymentId), eq(schema.paymentItems.itemKind, "DEVICE")),
    );
  return { paymentId, deviceItemId: line!.id };
}

const REQUEST_REFUND = /* GraphQL */ `
  mutation ($input: RequestRefundInput!) {
    requestRefund(input: $input) {
      state
    }
  }
`;

/** DEVICE_OWNER_DISCOUNT (won) in /main/Cart_Price's quote for one more month of the lecture. */
async function ownerDiscountOfNextQuote(s: TestUser): Promise<number> {
  const res = await call(
    t,
    "/main/Cart_Price",
    { USER_NO: s.userNo, ITEMS: [{ id: math.id, lecture_multiple: 1 }] },
    { token: s.token },
  );
  expect(res.statusCode, res.body).toBe(200);
  const lines = responseOf(res).LINES as {
    POLICIES: { DISCOUNT_KIND: string; AMOUNT: number }[];
  }[];
  return lines
    .flatMap((l) => l.POLICIES)
    .filter((p) => p.DISCOUNT_KIND === "DEVICE_OWNER_DISCOUNT")
    .reduce((sum, p) => sum + p.AMOUNT, 0);
}

const owns = (s: TestUser) => ownsPurchasedTablet(t.database.db, s.userNo);

describe("ownsPurchasedTablet", () => {
  it("counts the student's own paid tablet, and no longer once that line is refunded", async () => {
    const owner = await studentWithCard(t);
    const neighbour = await studentWithCard(t);
    await paidOrder(neighbour);
    expect(await owns(owner)).toBe(false);
    const { paymentId, deviceItemId } = await paidOrderWithDevice(owner, IPAD);
    expect(await owns(owner)).toBe(true);
    expect(await owns(neighbour)).toBe(false); // another student's tablet is not theirs
    // The next order's quote takes DEVICE_OWNER_DISCOUNT off the lecture.
    expect(await ownerDiscountOfNextQuote(owner)).toBe(DEVICE_OWNER_DISCOUNT_WON);
    expect(await ownerDiscountOfNextQuote(neighbour)).toBe(0);

    // The family refunds the tablet line alone (requestRefund, as on the refund page).
    const refunded = await graphql(t, owner, REQUEST_REFUND, {
      input: {
        paymentId: String(paymentId),
        paymentItemIds: [String(deviceItemId)],
        reason: "단순 변심",
      },
    });
    expect(refunded.json().data?.requestRefund?.state, refunded.body).toBe("REFUNDED");
    expect(await owns(owner)).toBe(false);
    expect(await ownerDiscountOfNextQuote(owner)).toBe(0);
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
