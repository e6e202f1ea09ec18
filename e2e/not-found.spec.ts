import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

// The browser logs the document's own 404 status as a console error; that one is expected.
const unexpected = (errors: string[]) =>
  errors.filter((e) => !/Failed to load resource: .*404/.test(e));

describe("unknown paths", () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`answer HTTP 404 with the /404 page and a way back (${name})`, async () => {
      const { page, errors, close } = await openPage(browser, { viewport });
      const res = await page.goto(`${server.url}/no/such/page`, { waitUntil: "networkidle" });
      expect(res?.status()).toBe(404);
      expect(await page.locator("h1").textContent()).toContain("찾을 수 없");
      expect(await page.locator("html").getAttribute("data-global-style")).toBe("light");
      await screenshot(page, `404-${name}`);
      await page.getByRole("link", { name: /홈으로/ }).click();
      await page.waitForURL(`${server.url}/`);
      await expect.poll(() => page.title()).toBe("서울대 선생님과 만드는 자기주도 학습 습관");
      expect(unexpected(errors)).toEqual([]);
      await close();
    });
  }

  it("app routes are served from the SPA and render client-side", async () => {
    const { page, errors, close } = await openPage(browser, { viewport: VIEWPORTS.phone });
    const res = await page.goto(`${server.url}/_app`, { waitUntil: "networkidle" });
    expect(res?.status()).toBe(200);
    await page.getByRole("heading", { name: "로그인 후 이용할 수 있어요" }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it("the /500 page offers a way back", async () => {
    const { page, close } = await openPage(browser, { viewport: VIEWPORTS.phone });
    const res = await page.goto(`${server.url}/500`, { waitUntil: "networkidle" });
    expect(res?.status()).toBe(200);
    expect(await page.getByRole("link", { name: /홈으로/ }).count()).toBeGreaterThan(0);
    await close();
  });
});
