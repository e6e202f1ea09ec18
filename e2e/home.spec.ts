import { MARKETING_PATHS } from "@seoltab/domain";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, screenshot, VIEWPORTS } from "./support/browser.ts";
import { startServer, type RunningServer } from "./support/server.ts";

const TAGLINE = "서울대 선생님과 만드는 자기주도 학습 습관";

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("home page", () => {
  it("is prerendered HTML: title, landing content and style without JavaScript", async () => {
    const { page, close } = await openPage(browser, { javaScriptEnabled: false });
    const res = await page.goto(`${server.url}/`);
    expect(res?.status()).toBe(200);
    expect(await page.title()).toBe(TAGLINE);
    expect(await page.locator("h1").first().textContent()).toContain("자기주도");
    const text = await page.locator("main").innerText();
    for (const words of [
      "수학",
      "국어",
      "영어",
      "상담 신청",
      "레벨 진단",
      "선생님 매칭",
      "자주 묻는 질문",
    ]) {
      expect(text).toContain(words);
    }
    expect(await page.locator("html").getAttribute("data-global-style")).toBe("legacy");
    expect(await page.locator("html").getAttribute("lang")).toBe("ko");
    await close();
  });

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`loads without errors and fits a ${name} screen (${viewport.width} px)`, async () => {
      const { page, errors, close } = await openPage(browser, { viewport });
      await page.goto(`${server.url}/`, { waitUntil: "networkidle" });
      expect(errors).toEqual([]);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, `home-${name}`);
      await close();
    });
  }

  it("chooses the lighter global style by path, including after following a link", async () => {
    const { page, errors, close } = await openPage(browser, { viewport: VIEWPORTS.desktop });
    await page.goto(`${server.url}/enrollment`, { waitUntil: "networkidle" });
    expect(await page.locator("html").getAttribute("data-global-style")).toBe("light");
    await page.goto(`${server.url}/smart`, { waitUntil: "networkidle" });
    expect(await page.locator("html").getAttribute("data-global-style")).toBe("legacy");
    // A link to a light-style page (a new page: the marketing pages are static pages).
    await page.locator('a[href="/enrollment"]').first().click();
    await page.waitForURL(/\/enrollment$/);
    await expect.poll(() => page.locator("html").getAttribute("data-global-style")).toBe("light");
    expect(errors).toEqual([]);
    await close();
  });

  it("is keyboard-usable: the first Tab reaches the skip link, which moves focus to the content", async () => {
    const { page, close } = await openPage(browser, { viewport: VIEWPORTS.phone });
    await page.goto(`${server.url}/`, { waitUntil: "networkidle" });
    await page.keyboard.press("Tab");
    const focused = page.locator(":focus");
    expect(await focused.textContent()).toContain("본문");
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("main-content");
    await close();
  });

  it("every marketing page is prerendered with its own title", async () => {
    const titles = new Set<string>();
    // "/" and "/index" are the landing page (title: the tagline); every other page has its own.
    const pages = MARKETING_PATHS.filter((p) => p !== "/" && p !== "/index");
    for (const path of pages) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      const title = /<title>([^<]+)<\/title>/.exec(html)?.[1] ?? "";
      expect(title, path).toContain("설탭");
      titles.add(title);
    }
    expect(titles.size).toBe(pages.length);
  });
});
