/**
 * The audit view in a real browser (issue 16 "Audit"; docs/api/audit.md): a student signs in
 * and tries a staff call (403) through the api, so the audit has their SECURITY entries
 * (로그인, 권한 없음); the demo ADMIN opens /_app/admin/audit at 1440 px, filters by the
 * student's USER_NO, sees both entries with their role, and checks the chain (이상 없어요).
 * No sideways scroll, axe clean; screenshot test-results/screenshots/admin-audit-desktop.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO, overflowX, signIn } from "./support/accounts.ts";
import { apiLogin, axeViolations, openFromConsoleMenu, pageErrors } from "./support/api.ts";
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

describe("the audit view", () => {
  it("ADMIN filters by person and sees the student's sign-in and permission denial (1440 px)", async () => {
    const student = await apiLogin(server.url, DEMO.student.email);
    const refused = await fetch(`${server.url}/main/admin/payments/search`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${student.token}` },
      body: JSON.stringify({ SEARCH_KEY: "PAYMENT_ID", VALUE: "1" }),
    });
    expect(refused.status).toBe(403);

    const { page, errors, close } = await openPage(browser, { viewport: VIEWPORTS.desktop });
    await signIn(page, server.url, "/sign_in", DEMO.admin.email, DEMO.admin.name);
    // Through the menu first: a goto right after signing in can beat the stored session.
    await openFromConsoleMenu(page, server.url, "알림 발송 내역", "/_app/admin/messages");
    await page.goto(`${server.url}/_app/admin/audit`, { waitUntil: "networkidle" });
    const view = page.getByTestId("audit-page");
    await view.getByRole("heading", { level: 1, name: "감사 기록" }).waitFor();
    await view.getByLabel("사람 (회원 번호)").fill(String(student.userNo));
    await view.getByRole("button", { name: "찾기", exact: true }).click();
    await page.waitForURL(new RegExp(`[?&]person=${student.userNo}(&|$)`));

    const rows = view.getByTestId("audit-row");
    await expect
      .poll(async () => (await rows.allInnerTexts()).join("\n"), { timeout: 10_000 })
      .toContain("권한 없음");
    const texts = await rows.allInnerTexts();
    const denied = texts.find((t) => t.includes("권한 없음"))!;
    expect(denied).toContain("보안");
    expect(denied).toContain(`${DEMO.student.name} #${student.userNo}`);
    expect(denied).toContain("POST /main/admin/payments/search");
    expect(texts.some((t) => t.includes("로그인") && t.includes("보안"))).toBe(true);

    await view.getByRole("button", { name: "체인 검증" }).click();
    await expect
      .poll(() => view.getByTestId("audit-chain").innerText())
      .toMatch(/건 모두 이상 없어요/);

    expect(await overflowX(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(pageErrors(errors)).toEqual([]);
    await screenshot(page, "admin-audit-desktop");
    await close();
  });
});
