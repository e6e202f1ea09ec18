/**
 * Family accounts and account linking in a real browser (issue 15). Phone (360 px): the demo
 * parent creates a child on /CreateStudentAccount, sees them (the acting child) on
 * /ViewStudentAccount and renames them on /UpdateStudentAccount. Desktop (1440 px): a person
 * coming from the other service (its proof made through the API) proves their 설탭 account on
 * /connect_account — a wrong password shows the SPEC.md §8 toast 'check email and password' —
 * agrees to the terms and lands on /active_account_finish. Paying for a child is covered by the
 * API test (family-accounts.test.ts: the parent's virtual-account order shows on the child).
 * Screenshots under test-results/screenshots/family-*.
 */
import { ACCOUNT_LINK_MESSAGES } from "@seoltab/domain/family-accounts";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO, DEMO_PASSWORD, overflowX, signIn } from "./support/accounts.ts";
import { pageErrors, restCall } from "./support/api.ts";
import { launchBrowser, openPage, screenshot, VIEWPORTS } from "./support/browser.ts";
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

describe("family accounts", () => {
  it("a parent creates a child, sees them and updates them (360 px)", async () => {
    const { page, errors, close } = await openPage(browser, { viewport: VIEWPORTS.phone });
    await signIn(page, server.url, "/parent_sign_in", DEMO.parent.email, DEMO.parent.name);
    await page.goto(`${server.url}/CreateStudentAccount`, { waitUntil: "networkidle" });
    await page.getByLabel("자녀 이름").fill("최새싹");
    await page.getByLabel("학년").selectOption("MIDDLE_2");
    await page.getByLabel("여자").check();
    const year = new Date().getFullYear() - 15;
    await page.getByLabel("생년월일").fill(`${year}-03-05`);
    await screenshot(page, "family-create-phone");
    await page.getByRole("button", { name: "자녀 계정 만들기" }).click();
    await page.waitForURL(`${server.url}/ViewStudentAccount`);
    const card = page.locator(".family-card", { hasText: "최새싹" });
    await card.getByText("지금 보고 있는 자녀").waitFor();
    await card.getByText("중학교 2학년").waitFor();
    await card.getByText("결제 내역이 없어요.").waitFor();
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    await screenshot(page, "family-view-phone");

    await card.getByRole("link", { name: "정보 수정" }).click();
    await page.waitForURL(/\/UpdateStudentAccount\?child=\d+$/);
    const name = page.getByLabel("이름", { exact: true });
    await expect.poll(() => name.inputValue()).toBe("최새싹");
    await name.fill("최새봄");
    await page.getByRole("button", { name: "정보 저장" }).click();
    await page.getByText("자녀 정보를 바꿨어요.").waitFor();
    await page.getByRole("heading", { name: "최새봄 학생 정보" }).waitFor();
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    await screenshot(page, "family-update-phone");
    expect(pageErrors(errors)).toEqual([]);
    await close();
  });

  it("a person links the two services: a wrong password shows the §8 toast, then /active_account_finish (1440 px)", async () => {
    const email = `question-${Date.now()}@example.com`;
    const created = await fetch(`${server.url}/dev/family-service-account`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ EMAIL_ID: email, PASSWORD: DEMO_PASSWORD, NAME: "김하늘" }),
    });
    expect(created.status).toBe(200);
    // The other service's own sign-in gives the proof it sends the person here with.
    const from = await restCall<{ LINK_TICKET: string }>(server.url, "/main/account_link/login", {
      EMAIL_ID: email,
      PASSWORD: DEMO_PASSWORD,
      SERVICE_TYPE: "QUESTION",
    });
    const { page, errors, close } = await openPage(browser, { viewport: VIEWPORTS.desktop });
    await page.goto(
      `${server.url}/connect_account?from=QUESTION&ticket=${encodeURIComponent(from.LINK_TICKET)}`,
      { waitUntil: "networkidle" },
    );
    await page.getByLabel("이메일").fill(DEMO.student.email);
    await page.getByLabel("비밀번호", { exact: true }).fill("Wrong!pass1");
    await page.getByRole("button", { name: "계정 확인" }).click();
    await page
      .locator(".Toastify__toast", { hasText: ACCOUNT_LINK_MESSAGES.loginFailed })
      .waitFor();
    await screenshot(page, "family-connect-wrong-desktop");

    await page.getByLabel("비밀번호", { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "계정 확인" }).click();
    await page.getByLabel("전체 동의").check();
    await screenshot(page, "family-connect-terms-desktop");
    await page.getByRole("button", { name: "동의하고 연동하기" }).click();
    await page.waitForURL(`${server.url}/active_account_finish`);
    await page.getByRole("heading", { name: "계정 연동이 완료되었어요" }).waitFor();
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    await screenshot(page, "family-finish-desktop");
    expect(pageErrors(errors)).toEqual([]);
    await close();
  });
});
