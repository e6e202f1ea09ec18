import type { Browser, Page } from "playwright-core";
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

const bodyOverflow = (page: Page) => page.evaluate(() => getComputedStyle(document.body).overflow);

describe("toasts", () => {
  it("appear top-right without a progress bar, close on click", async () => {
    const { page, errors, close } = await openPage(browser, {
      viewport: VIEWPORTS.desktop,
      permissions: ["clipboard-read", "clipboard-write"],
    });
    await page.goto(`${server.url}/`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "링크 복사" }).first().click();
    const toast = page.locator(".Toastify__toast").filter({ hasText: "링크를 복사했어요" });
    await toast.waitFor({ state: "visible" });
    expect(await page.locator(".Toastify__toast-container--top-right").count()).toBe(1);
    const box = await toast.boundingBox();
    expect(box!.x).toBeGreaterThan(VIEWPORTS.desktop.width / 2);
    expect(box!.y).toBeLessThan(100);
    // hideProgressBar: react-toastify 11 keeps the bar in the DOM, marked hidden and transparent.
    const bar = toast.locator(".Toastify__progress-bar--wrp");
    expect(await bar.getAttribute("data-hidden")).toBe("true");
    expect(await bar.evaluate((el) => getComputedStyle(el).opacity)).toBe("0");
    await page.waitForTimeout(800); // the enter animation
    await screenshot(page, "toast-desktop");
    await toast.click();
    await toast.waitFor({ state: "detached", timeout: 3000 });
    expect(errors).toEqual([]);
    await close();
  });

  it("close by themselves after 5 seconds", async () => {
    const { page, close } = await openPage(browser, {
      viewport: VIEWPORTS.phone,
      permissions: ["clipboard-read", "clipboard-write"],
    });
    await page.goto(`${server.url}/`, { waitUntil: "networkidle" });
    await page.mouse.move(0, 700);
    await page.getByRole("button", { name: "링크 복사" }).first().click();
    const toast = page.locator(".Toastify__toast");
    await toast.waitFor({ state: "visible" });
    await page.mouse.move(0, 700); // away from the toast: hovering pauses it
    await page.waitForTimeout(3500);
    expect(await toast.count()).toBe(1); // still there before 5 s
    await toast.waitFor({ state: "detached", timeout: 4000 });
    await close();
  });
});

describe("modal stack", () => {
  it("stacks, closes the top one on a backdrop click, locks body scroll while open", async () => {
    const { page, errors, close } = await openPage(browser, { viewport: VIEWPORTS.desktop });
    await page.goto(`${server.url}/`, { waitUntil: "networkidle" });
    expect(await bodyOverflow(page)).not.toBe("hidden");

    await page.getByRole("button", { name: "사업자 정보" }).click();
    const alert = page.getByTestId("modal-alert");
    await alert.waitFor({ state: "visible" });
    expect((await alert.boundingBox())!.width).toBe(328);
    expect(await bodyOverflow(page)).toBe("hidden");
    expect(await alert.getByRole("button", { name: "확인" }).isVisible()).toBe(true);

    await alert.getByRole("button", { name: "환불 규정 보기" }).click();
    const full = page.getByTestId("modal-full");
    await full.waitFor({ state: "visible" });
    expect(await page.getByRole("dialog").count()).toBe(2);
    await screenshot(page, "modal-stack-desktop");

    // The top backdrop, clicked beside the dialog, closes only the top modal.
    await page
      .getByTestId("modal-backdrop")
      .last()
      .click({ position: { x: 10, y: 10 } });
    await full.waitFor({ state: "detached" });
    expect(await alert.isVisible()).toBe(true);
    expect(await bodyOverflow(page)).toBe("hidden");

    // Escape closes the (new) top one; then nothing is open and scrolling comes back.
    await page.keyboard.press("Escape");
    await alert.waitFor({ state: "detached" });
    expect(await page.getByRole("dialog").count()).toBe(0);
    expect(await bodyOverflow(page)).not.toBe("hidden");
    expect(errors).toEqual([]);
    await close();
  });

  it("is usable on a phone: the default button closes the alert and focus returns", async () => {
    const { page, close } = await openPage(browser, { viewport: VIEWPORTS.phone });
    await page.goto(`${server.url}/`, { waitUntil: "networkidle" });
    const opener = page.getByRole("button", { name: "사업자 정보" });
    await opener.scrollIntoViewIfNeeded();
    await opener.click();
    const alert = page.getByTestId("modal-alert");
    await alert.waitFor({ state: "visible" });
    await screenshot(page, "modal-alert-phone");
    await alert.getByRole("button", { name: "확인" }).click();
    await alert.waitFor({ state: "detached" });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    await close();
  });
});
