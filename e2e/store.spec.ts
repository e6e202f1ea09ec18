/**
 * Everything the store sells in one order (issue #18): the demo student buys a lecture, a book
 * and AirPods Max rental with the second demo student's referral code (through the checkout API,
 * to keep the spec short: the checkout page's goods panel and server-priced summary are covered
 * by apps/web/app/features/payments/components/checkout.test.tsx), and the receipt (/payment_finish) shows every line —
 * the book, the rental, the delivery fee — and the referral discount by name, with the amount
 * the server charged, at 360 and 1440 px without horizontal overflow. Screenshots:
 * test-results/screenshots/store-receipt-*.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO, overflowX, signIn } from "./support/accounts.ts";
import { apiLogin, pageErrors, restCall, won } from "./support/api.ts";
import { launchBrowser, openPage, screenshot, VIEWPORTS } from "./support/browser.ts";
import { startServer, type RunningServer } from "./support/server.ts";

let server: RunningServer;
let browser: Browser;
let paymentId = 0;
let due = 0;

interface Payment {
  PAYMENT_ID: number;
  STATE: string;
  PAID_PRICE: number;
  DISCOUNTED_VALUE: number;
  ITEMS: { ITEM_KIND: string; NAME: string }[];
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const owner = await apiLogin(server.url, "student2@example.com");
  const buyer = await apiLogin(server.url, DEMO.student.email);
  const { REFERRAL_CODE } = await restCall<{ REFERRAL_CODE: string }>(
    server.url,
    "/main/referral_code",
    {},
    owner.token,
  );
  const ITEMS = [
    { id: 1, lecture_multiple: 3 },
    { id: 201, lecture_multiple: 1 },
    { id: 121, lecture_multiple: 1 },
  ];
  const quote = await restCall<{ PAID_PRICE: number }>(
    server.url,
    "/main/Cart_Price",
    { USER_NO: buyer.userNo, ITEMS, REFERRAL_CODE },
    buyer.token,
  );
  const paid = await restCall<Payment>(
    server.url,
    "/main/payreq_Iamport_Onetime",
    {
      USER_NO: buyer.userNo,
      MERCHANT_UID: `e2e-store-${Date.now()}`,
      ITEMS,
      REFERRAL_CODE,
      EXPECTED_PAID_PRICE: quote.PAID_PRICE,
      CARD_QUOTA: 0,
      CARD_NUMBER: "4242424242424242",
      EXPIRY: `${new Date().getFullYear() + 2}-12`,
      BIRTH: "080101",
      PWD_2DIGIT: "12",
    },
    buyer.token,
  );
  expect(paid.STATE).toBe("PAID");
  expect(paid.DISCOUNTED_VALUE).toBe(20_000);
  expect(paid.ITEMS.map((i) => i.ITEM_KIND)).toEqual([
    "LECTURE",
    "SEOLTAB_BOOK",
    "DEVICE",
    "DELIVERY_FEE",
  ]);
  paymentId = paid.PAYMENT_ID;
  due = paid.PAID_PRICE;
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe.each(Object.entries(VIEWPORTS))("the receipt of a mixed order at %s", (name, viewport) => {
  it("shows the lecture, the book, the rental, the delivery fee and the referral discount", async () => {
    const { page, errors, close } = await openPage(browser, { viewport });
    try {
      await signIn(page, server.url, "/sign_in", DEMO.student.email, DEMO.student.name);
      await page.goto(`${server.url}/payment_finish?paymentId=${paymentId}`);
      const main = page.locator("main");
      await main.getByText("설탭 중등 수학 개념서").first().waitFor();
      const text = await main.innerText();
      for (const line of ["스마트 수학", "AirPods Max 대여 (3개월)", "배송비", "친구 추천 할인"]) {
        expect(text).toContain(line);
      }
      expect(text).toContain(won(due));
      expect(await overflowX(page)).toBe(0);
      expect(pageErrors(errors)).toEqual([]);
      await screenshot(page, `store-receipt-${name}`);
    } finally {
      await close();
    }
  });
});
