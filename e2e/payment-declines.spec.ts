/**
 * Issue #11 items 3 and 4 in a real browser against the real server (sandbox gateway, DESIGN.md
 * §5 test cards), at 360 and 1280 px:
 * - a declined card: with the main card 4242… registered, the family changes the card in the
 *   checkout to 4000000000009995 (a billing key, then every charge declined). The page says once,
 *   inline, that the payment did not go through and the new card was not made the main card
 *   (it stays after the toast is gone), no "registered" toast appears, and the main card is still
 *   4242… afterwards;
 * - no raw gateway text: the one-time card 4000000000000002 (F112) and the declined card show our
 *   Korean messages in the checkout and as 실패 사유 in 내 결제 내역 (with the attempt's time, not
 *   "결제 전"); "[F112]" and "[2116]" appear nowhere on the family's pages.
 * Screenshots under test-results/screenshots/payment-declines-*.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { GATEWAY_CODE_MESSAGES, INVALID_CARD_MESSAGE } from "@seoltab/domain";
import { overflowX, signIn, STUDENT_PER_WIDTH } from "./support/accounts.ts";
import { openPage, screenshot } from "./support/browser.ts";
import { fillCard, fillDelivery, openEnrollment, submitToCheckout } from "./support/payments.ts";
import { serverAndBrowser } from "./support/suite.ts";

const e2e = serverAndBrowser();
const { openFromMenu } = e2e;

const INSUFFICIENT = GATEWAY_CODE_MESSAGES["2116"]!;
const RAW = /\[(F112|2116)\]|card_bin|잔액이 부족합니다/;

/** Nothing of the gateway's own wording anywhere in the page (text or markup). */
async function expectNoRawGatewayText(page: Page, where: string) {
  expect(await page.content(), where).not.toMatch(RAW);
}

/** Enrollment with its defaults to the checkout, priced by the server. */
async function toCheckout(page: Page) {
  await openEnrollment(page, openFromMenu);
  await fillDelivery(page);
  await submitToCheckout(page, e2e.url);
}

describe.each(STUDENT_PER_WIDTH)(
  "payment declines at $name",
  ({ name, viewport, email, student }) => {
    it("a declined new card says so inline, is not made main; no raw gateway text anywhere", async () => {
      const { page, close } = await openPage(e2e.browser, { viewport });
      await signIn(page, e2e.url, "/sign_in", email, student);

      // The main card: 4242… registered on the card page.
      await openFromMenu(page, "결제 카드", "/_app/billing-card");
      await page.getByLabel("카드 번호").waitFor();
      await fillCard(page, "4242424242424242");
      await page.getByRole("button", { name: "카드 등록하기" }).click();
      await page.getByTestId("main-billing-card").waitFor();
      expect(await page.getByTestId("main-billing-card").innerText()).toContain("4242");
      // (that registration's own toast is gone before the checkout)
      await page
        .locator(".Toastify__toast")
        .first()
        .waitFor({ state: "detached", timeout: 15_000 });

      // Item 4: in the checkout, change the card to the declined test card and pay.
      await toCheckout(page);
      await page.getByTestId("main-billing-card").waitFor();
      await page.getByRole("button", { name: "카드 변경" }).click();
      await fillCard(page, "4000000000009995");
      await page.getByRole("button", { name: /^이 카드로 .+ 결제하기$/ }).click();
      const failure = page.getByTestId("checkout-failure");
      await failure.waitFor({ timeout: 30_000 });
      const said = await failure.innerText();
      expect(said).toContain(INSUFFICIENT);
      expect(said).toContain("방금 입력한 카드는 결제 카드로 등록하지 않았어요.");
      expect(said).toContain("4242");
      // No "registered" toast, ever; the decline toast goes, the inline message stays.
      expect(await page.getByText("결제 카드가 등록되었어요").count()).toBe(0);
      await page.waitForTimeout(800);
      await screenshot(page, `payment-declines-new-card-${name}`);
      await page
        .locator(".Toastify__toast")
        .first()
        .waitFor({ state: "detached", timeout: 15_000 })
        .catch(() => undefined);
      expect(await page.locator(".Toastify__toast").count()).toBe(0);
      expect(await failure.isVisible()).toBe(true);
      expect(await page.getByTestId("main-billing-card").innerText()).toContain("4242");
      expect(await overflowX(page)).toBeLessThanOrEqual(0);
      await expectNoRawGatewayText(page, "checkout after the decline");
      await screenshot(page, `payment-declines-new-card-after-toast-${name}`);

      // Item 3: the one-time card with invalid card information (F112).
      await page.getByRole("radio", { name: /일회성 카드 결제/ }).click();
      await fillCard(page, "4000000000000002");
      await page
        .getByRole("button", { name: /^[\d,]+원 결제하기$/ })
        .last()
        .click();
      await page.getByTestId("checkout-failure").getByText(INVALID_CARD_MESSAGE).waitFor();
      await page
        .locator(".Toastify__toast")
        .filter({ hasText: INVALID_CARD_MESSAGE })
        .waitFor({ state: "visible" });
      await page.waitForTimeout(800);
      await expectNoRawGatewayText(page, "checkout after the one-time refusal");
      await screenshot(page, `payment-declines-onetime-f112-${name}`);

      // The main card for renewals is still 4242….
      await openFromMenu(page, "결제 카드", "/_app/billing-card");
      await page.getByTestId("main-billing-card").waitFor();
      expect(await page.getByTestId("main-billing-card").innerText()).toContain("4242");
      expect(await page.getByTestId("main-billing-card").innerText()).not.toContain("9995");

      // 내 결제 내역: both failures with our words and their time.
      await openFromMenu(page, "결제 내역", "/_app/payments");
      await page.locator(".pay-history__item").first().waitFor();
      const failed = page.locator(".pay-history__item").filter({ hasText: "결제 실패" });
      expect(await failed.count()).toBe(2);
      const texts = await failed.allInnerTexts();
      expect(texts.join("\n")).toContain(`실패 사유: ${INSUFFICIENT}`);
      expect(texts.join("\n")).toContain(`실패 사유: ${INVALID_CARD_MESSAGE}`);
      for (const text of texts) {
        expect(text).toMatch(/시도/);
        expect(text).not.toContain("결제 전");
      }
      await expectNoRawGatewayText(page, "payments list");
      expect(await overflowX(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `payment-declines-payments-${name}`);

      // The failed payment's own page says the same.
      await failed
        .first()
        .getByRole("link", { name: /상세 보기/ })
        .click();
      await page.waitForURL(/\/payment_finish\?paymentId=/);
      await page.getByRole("heading", { level: 1 }).waitFor();
      await page.waitForTimeout(300);
      await expectNoRawGatewayText(page, "payment_finish of a failed payment");
      await screenshot(page, `payment-declines-finish-${name}`);
      await close();
    });
  },
);
