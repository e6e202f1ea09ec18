/**
 * Launches the system Chromium through playwright-core (CHROME_PATH, else /usr/bin/chromium)
 * with the flags this machine needs: no sandbox as root, no GPU, and no background networking
 * (the network is closed; Chromium's own connections would be refused).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContextOptions, type Page } from "playwright-core";
import { expect, onTestFailed } from "vitest";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
  "--disable-quic",
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
}

/** Phone and desktop viewports every journey is walked at. */
export const VIEWPORTS = {
  phone: { width: 360, height: 740 },
  desktop: { width: 1440, height: 900 },
} as const;

/**
 * A fresh page; collects uncaught page errors and console errors so tests can assert there
 * were none (hydration mismatches surface here).
 */
export async function openPage(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ locale: "ko-KR", ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  // A failing test leaves what the page showed and its errors (test-results/failures/).
  // (Only inside a test: a page opened in a hook has no test to fail.)
  const inTest = expect.getState().currentTestName !== undefined;
  if (inTest)
    onTestFailed(async ({ task }) => {
      if (page.isClosed()) return;
      const dir = join(process.cwd(), "test-results", "failures");
      mkdirSync(dir, { recursive: true });
      const name = task.name.replace(/[^\p{L}\p{N}]+/gu, "-").slice(0, 80);
      await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true }).catch(() => {});
      writeFileSync(join(dir, `${name}.txt`), [`url: ${page.url()}`, ...errors].join("\n"));
    });
  return { page, errors, close: () => context.close() };
}

/**
 * Saves a full-page screenshot under test-results/screenshots (looked at when a page changes),
 * taken from the top: scrolled down, Chromium paints fixed elements (the hidden skip link) at the
 * scroll offset of the capture, which no person sees.
 *
 * Taken as Playwright's `page.screenshot({ fullPage: true })` takes it in Chromium (the text
 * caret hidden, the page's fonts loaded, then DevTools' `Page.captureScreenshot` of the whole
 * content size beyond the viewport), plus Chromium's `optimizeForSpeed`, which Playwright does
 * not pass: a faster PNG encoder, the same pixels in a larger file. About 340 screenshots per
 * run, 0.15-0.46 s each before and about half after on this machine (docs/performance.md
 * "Session 14").
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.evaluate(async () => {
    window.scrollTo(0, 0);
    const hideCaret = document.createElement("style");
    hideCaret.id = "e2e-screenshot-caret";
    hideCaret.textContent = "* { caret-color: transparent !important; }";
    document.head.append(hideCaret);
    await document.fonts.ready;
  });
  const dir = join(process.cwd(), "test-results", "screenshots");
  mkdirSync(dir, { recursive: true });
  const cdp = await page.context().newCDPSession(page);
  try {
    const { cssContentSize } = await cdp.send("Page.getLayoutMetrics");
    const { data } = await cdp.send("Page.captureScreenshot", {
      format: "png",
      optimizeForSpeed: true,
      captureBeyondViewport: true,
      clip: {
        x: 0,
        y: 0,
        width: Math.ceil(cssContentSize.width),
        height: Math.ceil(cssContentSize.height),
        scale: 1,
      },
    });
    writeFileSync(join(dir, `${name}.png`), Buffer.from(data, "base64"));
  } finally {
    await cdp.detach();
    await page.evaluate(() => document.getElementById("e2e-screenshot-caret")?.remove());
  }
}
