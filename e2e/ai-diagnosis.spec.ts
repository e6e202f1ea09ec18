/**
 * The AI learning diagnosis in a real browser (issue #20): a guest on a phone (360 px) takes
 * the middle-school math level test on /ai_diagnosis one item per screen, sees the report
 * (start level, weak units, the consultation link with 수학 chosen), signs in as the demo
 * student from the report's link and finds the result under 나의 진단 on /_app, then opens it.
 * Screenshots under test-results/screenshots/ai-diagnosis-*.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO, overflowX, submitSignIn } from "./support/accounts.ts";
import { axeViolations, pageErrors } from "./support/api.ts";
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

/**
 * The right choice (0-based) of each item of MATH-MIDDLE-1, in order (the bank in
 * packages/domain/src/diagnosis/content/math.ts: two items per unit).
 */
const RIGHT = [0, 1, 1, 0, 3, 0, 2, 1, 0, 2];

describe("AI learning diagnosis", () => {
  it("a guest takes the math test on a phone, reads the report, signs in and finds it on /_app", async () => {
    const { page, errors, close } = await openPage(browser, { viewport: VIEWPORTS.phone });
    try {
      await page.goto(`${server.url}/ai_diagnosis`, { waitUntil: "networkidle" });
      await page.getByRole("heading", { level: 1, name: /막혀 있는지/ }).waitFor();
      const start = page.locator("#diagnosis-start");
      await start.getByRole("radio", { name: "수학" }).check();
      await start.getByRole("radio", { name: "중학생" }).check();
      await start.getByRole("button", { name: "진단 시작하기" }).click();

      // Six right (three units), four wrong (two units): 60 points, 현행 개념 완성.
      for (const [i, right] of RIGHT.entries()) {
        const heading = start.getByRole("heading", { level: 3, name: new RegExp(`^${i + 1}\\. `) });
        await heading.waitFor();
        const choice = i < 6 ? right : (right + 1) % 4;
        await start.getByRole("radio").nth(choice).check();
        if (i === 0) await screenshot(page, "ai-diagnosis-item-360");
        await start
          .getByRole("button", { name: i === RIGHT.length - 1 ? "제출하고 결과 보기" : "다음" })
          .click();
      }

      const report = page.getByTestId("diagnosis-report");
      await report.waitFor();
      expect(await report.getByTestId("start-level").textContent()).toBe("현행 개념 완성");
      expect(await report.getByTestId("weak-units").innerText()).toMatch(
        /일차함수[\s\S]*이차방정식/,
      );
      expect(await report.getByTestId("strong-units").innerText()).toContain("소인수분해");
      expect(await report.getByRole("heading", { level: 2 }).textContent()).toContain(
        "10문항 중 6문항 정답",
      );
      const consult = report.getByRole("link", { name: "수학 상담 신청하기" });
      expect(await consult.getAttribute("href")).toBe(
        `/consultation?subject=${encodeURIComponent("수학")}&from=ai_diagnosis`,
      );
      expect(await overflowX(page)).toBeLessThanOrEqual(0);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, "ai-diagnosis-report-360");

      // Sign in from the report: the result is kept for the account and listed on /_app.
      await page.getByRole("link", { name: "로그인하고 결과 저장하기" }).click();
      await page.waitForURL(`${server.url}/sign_in`);
      await submitSignIn(page, DEMO.student.email);
      await page.waitForURL(`${server.url}/_app`);
      const mine = page.getByTestId("my-diagnoses");
      const entry = mine.getByRole("link", { name: /중학 수학 레벨 진단 · 60점/ });
      await entry.waitFor();
      expect(await entry.innerText()).toContain("현행 개념 완성");
      expect(await page.evaluate(() => localStorage.getItem("diagnosisAttempts"))).toBeNull();
      await screenshot(page, "ai-diagnosis-app-home-360");

      await entry.click();
      await page.waitForURL(/\/_app\/diagnoses\/\d+$/);
      const kept = page.getByTestId("diagnosis-report");
      await kept.waitFor();
      expect(await kept.getByTestId("start-level").textContent()).toBe("현행 개념 완성");
      await screenshot(page, "ai-diagnosis-app-report-360");
      expect(pageErrors(errors)).toEqual([]);
    } finally {
      await close();
    }
  }, 120_000);
});
