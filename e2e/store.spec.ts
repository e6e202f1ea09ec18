/**
 * Everything the store sells in one order, bought through the pages (issue #18): a new student
 * signs in, chooses smart math for 3 months and AirPods Max rental (named by device_gen) on the
 * enrollment form, goes to the checkout where the rental is still in the cart, adds one book
 * (교재 +), applies the second demo student's referral code, reads the server's lines (the
 * rental, the book, the delivery fee, 친구 추천 할인) and pays with a one-time card; the receipt
 * (/payment_finish) shows every line and the amount the server charged. One journey at 360 and
 * one at 1440 px (a new buyer each: a family uses a friend's code once), without horizontal
 * overflow. Screenshots: test-results/screenshots/store-*.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { joinStudentByApi, overflowX, signIn } from "./support/accounts.ts";
import { pageErrors, won } from "./support/api.ts";
import { openPage, screenshot, VIEWPORTS } from "./support/browser.ts";
import { fillCard, fillDelivery, openEnrollment, submitToCheckout } from "./support/payments.ts";
import { serverAndBrowser } from "./support/suite.ts";

const e2e = serverAndBrowser();
let referralCode = "";

beforeAll(async () => {
  const owner = await e2e.apiLogin("student2@example.com");
  ({ REFERRAL_CODE: referralCode } = await e2e.rest<{ REFERRAL_CODE: string }>(
    "/main/referral_code",
    {},
    owner.token,
  ));
}, 60_000);

async function fits(page: Page, name: string) {
  expect(await overflowX(page), name).toBeLessThanOrEqual(0);
  await screenshot(page, name);
}

describe.each(Object.entries(VIEWPORTS))(
  "a mixed order through the pages at %s",
  (name, viewport) => {
    it("buys a lecture, a book and headphone rental with a referral code", async () => {
      const buyer = await joinStudentByApi(e2e.url);
      const { page, errors, close } = await openPage(e2e.browser, { viewport });
      try {
        await signIn(page, e2e.url, "/sign_in", buyer.email, buyer.name, buyer.password);
        await openEnrollment(page, e2e.openFromMenu);

        // The form: smart math (the default) for 3 months, AirPods Max rented for 3 months.
        await page.getByRole("radio", { name: "3개월", exact: true }).check();
        const rental = page.getByRole("radio", { name: /AirPods Max 실버 3개월 대여/ });
        await rental.check();
        await page.getByTestId("enrollment-headphone").waitFor();
        await fillDelivery(page, "박보호");
        await fits(page, `store-enrollment-${name}`);
        await submitToCheckout(page, e2e.url);

        // The checkout: the rental chosen on the form is still in the cart; add one book.
        const rentalBox = page.getByRole("checkbox", { name: "AirPods Max 실버 대여 담기" });
        await rentalBox.waitFor();
        expect(await rentalBox.isChecked()).toBe(true);
        await page.getByRole("button", { name: "설탭 중등 수학 개념서 한 권 더하기" }).click();
        const summary = page.getByTestId("server-summary");
        await summary.getByText("설탭 중등 수학 개념서").waitFor();

        // The friend's code, priced by the server.
        await page.getByLabel("친구 추천 코드").fill(referralCode);
        await page.getByRole("button", { name: "적용" }).click();
        await page.getByTestId("cart-quote").waitFor();
        await summary
          .getByText(/친구 추천 할인/)
          .first()
          .waitFor();
        const text = await summary.innerText();
        for (const line of [
          "스마트 수학",
          "AirPods Max 대여 (3개월)",
          "설탭 중등 수학 개념서",
          "배송비",
        ]) {
          expect(text).toContain(line);
        }
        const due = (await page.getByTestId("server-paid-price").textContent()) ?? "";
        expect(due).toMatch(/^[\d,]+원$/);
        await fits(page, `store-checkout-${name}`);

        // Pay once with a one-time card; the receipt shows every line and what was charged.
        await page.getByRole("radio", { name: /일회성 카드 결제/ }).click();
        await fillCard(page, "4242424242424242");
        await page.getByRole("button", { name: `${due} 결제하기` }).click();
        await page.waitForURL(/\/payment_finish\?paymentId=/, { timeout: 30_000 });
        const main = page.locator("main");
        await main.getByText("설탭 중등 수학 개념서").first().waitFor();
        expect(await page.getByTestId("finish-paid-price").textContent()).toBe(due);
        const receipt = await main.innerText();
        for (const line of [
          "스마트 수학",
          "AirPods Max 대여 (3개월)",
          "배송비",
          "친구 추천 할인",
        ]) {
          expect(receipt).toContain(line);
        }
        expect(due).not.toBe(won(0));
        await fits(page, `store-receipt-${name}`);
        expect(pageErrors(errors)).toEqual([]);
      } finally {
        await close();
      }
    });
  },
);
