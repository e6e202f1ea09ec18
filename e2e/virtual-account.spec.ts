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
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { overflowX, signIn } from "./support/accounts.ts";
import { launchBrowser, openPage, screenshot } from "./support/browser.ts";
import { startServer, type RunningServer } from "./support/server.ts";

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const CASES = [
  {
    name: "mobile",
    viewport: { width: 360, height: 740 },
    email: "student@example.com",
    student: "김하늘",
  },
  {
    name: "desktop",
    viewport: { width: 1280, height: 900 },
    email: "student2@example.com",
    student: "김바다",
  },
] as const;

async function openFromMenu(page: Page, name: string, path: string) {
  await page
    .getByRole("navigation", { name: "학습 공간 메뉴" })
    .getByRole("link", { name, exact: true })
    .click();
  await page.waitForURL(`${server.url}${path}`);
}

/** Enrollment with its defaults (스마트 수학, 3개월, 무료 대여 태블릿) to the checkout. */
async function toCheckout(page: Page) {
  await openFromMenu(page, "수강 신청", "/_app/enrollment");
  await page.getByTestId("enrollment-total").waitFor();
  expect(await page.getByRole("radio", { name: "3개월", exact: true }).isChecked()).toBe(true);
  expect(await page.getByRole("radio", { name: /무료 대여/ }).isChecked()).toBe(true);
  await page.getByLabel("주소", { exact: true }).fill("서울특별시 강남구 테헤란로 123");
  await page.getByLabel(/상세 주소/).fill("4층");
  const parentName = page.getByLabel("학부모 이름");
  if ((await parentName.inputValue()) === "") await parentName.fill("김서연");
  const parentPhone = page.getByLabel("학부모 휴대폰 번호");
  if ((await parentPhone.inputValue()) === "") await parentPhone.fill("010-1234-5678");
  await page.getByRole("button", { name: "결제하기" }).click();
  await page.waitForURL(`${server.url}/_app/checkout`);
  // The server-priced cart (Cart_Price), not the estimate shown while it loads.
  await page.getByTestId("server-paid-price").waitFor();
}

describe.each(CASES)("virtual account at $name", ({ name, viewport, email, student }) => {
  it("issues a grouped account with a working copy button, lists it, and turns 결제 완료 in place", async () => {
    const { page, close } = await openPage(browser, {
      viewport,
      permissions: ["clipboard-read", "clipboard-write"],
    });
    await signIn(page, server.url, "/sign_in", email, student);
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
    await list.goto(`${server.url}/_app/payments`);
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
    const deposit = await fetch(`${server.url}/dev/payments/vbank-deposit`, {
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
});
