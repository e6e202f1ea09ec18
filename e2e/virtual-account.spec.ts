/**
 * Issue #11 item 13 (virtual account, receipt figures) in a real browser against the real server
 * (sandbox gateway), at 360 and 1280 px:
 * - the checkout's 가상계좌 copy names the button it explains (가상계좌 발급받기);
 * - /payment_finish shows the issued account grouped for reading, and 계좌번호 복사 puts the
 *   digits only on the clipboard and says 복사했어요;
 * - 내 결제 내역, before the deposit, shows the account's bank, number and 입금 기한;
 * - the deposit (POST /dev/payments/vbank-deposit, as the bank + PortOne notification would)
 *   turns the same /payment_finish page into 결제 완료 without a reload;
 * - the receipt's 정가 / 할인 / 결제 금액 for 스마트 수학 3개월 with the free tablet are the
 *   checkout's, row for row.
 * Screenshots under test-results/screenshots/virtual-account-*.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { overflowX, signIn, STUDENT_PER_WIDTH } from "./support/accounts.ts";
import { openPage, screenshot } from "./support/browser.ts";
import { fillDelivery, openEnrollment, submitToCheckout } from "./support/payments.ts";
import { serverAndBrowser } from "./support/suite.ts";

const e2e = serverAndBrowser();

/** Enrollment with its defaults (스마트 수학, 3개월, 무료 대여 태블릿) to the checkout. */
async function toCheckout(page: Page) {
  await openEnrollment(page, e2e.openFromMenu);
  expect(await page.getByRole("radio", { name: "3개월", exact: true }).isChecked()).toBe(true);
  expect(await page.getByRole("radio", { name: /무료 대여/ }).isChecked()).toBe(true);
  await fillDelivery(page);
  await submitToCheckout(page, e2e.url);
}

describe.each(STUDENT_PER_WIDTH)(
  "virtual account at $name",
  ({ name, viewport, email, student }) => {
    it("issues a grouped account with a working copy button, lists it, and turns 결제 완료 in place", async () => {
      const { page, close } = await openPage(e2e.browser, {
        viewport,
        permissions: ["clipboard-read", "clipboard-write"],
      });
      await signIn(page, e2e.url, "/sign_in", email, student);
      await toCheckout(page);

      // The checkout's figures, as shown (정가, 할인 rows, 결제 금액).
      const checkoutFigures = await page
        .getByTestId("server-summary")
        .locator("dl.price-list")
        .innerText();
      expect(checkoutFigures).toContain("정가");
      const total = (await page.getByTestId("server-paid-price").textContent())!;
      expect(await page.getByText("무료 대여").first().isVisible()).toBe(true);

      // 가상계좌: the explanation names the button it explains.
      await page.getByRole("radio", { name: /가상계좌/ }).click();
      const guide = page.getByRole("region", { name: "가상계좌 안내" });
      expect(await guide.innerText()).toContain("가상계좌 발급받기를 누르면");
      const issue = page.getByRole("button", { name: `${total} 가상계좌 발급받기` });
      expect(await issue.isVisible()).toBe(true);
      await screenshot(page, `virtual-account-checkout-${name}`);
      await issue.click();

      await page.waitForURL(/\/payment_finish\?paymentId=/, { timeout: 30_000 });
      const paymentId = new URL(page.url()).searchParams.get("paymentId")!;
      await page.getByRole("heading", { level: 1, name: "가상계좌가 발급되었어요" }).waitFor();
      // Marks this document: still there after the deposit means no reload happened.
      await page.evaluate(() => {
        (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
      });

      // The number grouped for reading; copied as digits only.
      const grouped = (await page.getByTestId("vbank-account-number").textContent())!;
      expect(grouped).toMatch(/^\d{2,7}(-\d{2,7}){2,}$/);
      const digits = grouped.replace(/-/g, "");
      await page.getByRole("button", { name: "계좌번호 복사" }).click();
      await page.getByText("복사했어요").waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(digits);

      // The receipt's figures are the checkout's, row for row.
      const receiptFigures = await page
        .locator("dl.price-list", { has: page.getByTestId("finish-list-price") })
        .innerText();
      expect(receiptFigures).toBe(checkoutFigures);
      expect(await page.getByTestId("finish-paid-price").textContent()).toBe(total);
      expect(await overflowX(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `virtual-account-issued-${name}`);

      // 내 결제 내역 (another tab), before the deposit: bank, account and 입금 기한.
      const list = await page.context().newPage();
      await list.goto(`${e2e.url}/_app/payments`);
      const row = list.locator(".pay-history__item").filter({ hasText: "입금 대기" }).first();
      await row.waitFor();
      const vbank = row.getByTestId("payments-vbank");
      const vbankText = await vbank.innerText();
      expect(vbankText).toContain(grouped);
      expect(vbankText).toMatch(/입금 기한\s+\d{4}년 \d{1,2}월 \d{1,2}일 23:59까지/);
      expect(await overflowX(list)).toBeLessThanOrEqual(0);
      await screenshot(list, `virtual-account-payments-${name}`);
      await list.close();

      // The deposit, as the bank and PortOne's notification would make it.
      const deposit = await fetch(`${e2e.url}/dev/payments/vbank-deposit`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ payment_id: Number(paymentId) }),
      });
      expect(deposit.status).toBe(200);

      // The same page learns of it by itself.
      await page
        .getByRole("heading", { level: 1, name: "결제가 완료되었어요" })
        .waitFor({ timeout: 30_000 });
      expect(
        await page.evaluate(
          () => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true,
        ),
      ).toBe(true);
      expect(await page.getByTestId("finish-deposit-status").textContent()).toBe(
        "입금이 확인되어 결제가 완료되었어요.",
      );
      expect(await page.getByRole("button", { name: "계좌번호 복사" }).count()).toBe(0);
      expect(
        await page
          .locator("dl.price-list", { has: page.getByTestId("finish-list-price") })
          .innerText(),
      ).toBe(checkoutFigures);
      await screenshot(page, `virtual-account-paid-${name}`);
      await close();
    });
  },
);
