/**
 * The app header at every width (issue #11 item 13): on a phone the menu row scrolls sideways
 * with a visible cue on the side that has more links and brings the current page's link into
 * view; at 768 px the menu is one row (no wrapping into a second line of links); toasts open
 * below the header, never over 로그아웃.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, overflowX, signIn } from "./support/accounts.ts";
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

const STUDENT = { email: "student@example.com", name: "김하늘" } as const;

function menu(page: Page) {
  return page.locator(".app-header__menu");
}

async function box(page: Page, selector: string) {
  const b = await page.locator(selector).first().boundingBox();
  expect(b, selector).not.toBeNull();
  return b!;
}

/** The tops of the menu's links, rounded: one value when the links are on one row. */
async function linkRows(page: Page): Promise<number[]> {
  const tops = await page
    .locator(".app-header__link")
    .evaluateAll((links) => links.map((l) => Math.round(l.getBoundingClientRect().top)));
  return [...new Set(tops)];
}

describe("the app header", () => {
  it("phone (360 px): the menu scrolls sideways with a cue and shows the current page's link", async () => {
    const { page, errors, close } = await openPage(browser, {
      viewport: { width: 360, height: 740 },
    });
    await signIn(page, server.url, "/sign_in", STUDENT.email, STUDENT.name);
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    expect(await linkRows(page)).toHaveLength(1);

    // More links to the right: the fade and the chevron say so.
    await expect.poll(() => menu(page).getAttribute("data-more-end")).toBe("true");
    expect(await menu(page).getAttribute("data-more-start")).toBeNull();
    const chevron = await menu(page).evaluate((el) => getComputedStyle(el, "::after").content);
    expect(chevron).toBe('""');
    await screenshot(page, "app-header-phone-start");

    // The last link's page: its link is scrolled into view, the cue now points left.
    await page.goto(`${server.url}/_app/profile`);
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    const nav = await box(page, ".app-header__nav");
    const current = await box(page, '.app-header__link[aria-current="page"]');
    expect(current.x).toBeGreaterThanOrEqual(nav.x - 1);
    expect(current.x + current.width).toBeLessThanOrEqual(nav.x + nav.width + 1);
    await expect.poll(() => menu(page).getAttribute("data-more-start")).toBe("true");
    await screenshot(page, "app-header-phone-profile");
    expect(errors.filter((e) => !e.startsWith("Failed to load resource"))).toEqual([]);
    await close();
  });

  it("tablet (768 px): the menu is one row below the account, nothing wraps or overflows", async () => {
    const { page, close } = await openPage(browser, { viewport: { width: 768, height: 1024 } });
    await signIn(page, server.url, "/sign_in", STUDENT.email, STUDENT.name);
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    expect(await linkRows(page)).toHaveLength(1);
    const logout = await box(page, ".app-header__logout");
    const nav = await box(page, ".app-header__nav");
    expect(nav.y).toBeGreaterThanOrEqual(logout.y + logout.height - 1);
    await screenshot(page, "app-header-tablet");
    await close();
  });

  it.each([
    ["phone", { width: 360, height: 740 }],
    ["desktop", { width: 1440, height: 900 }],
  ] as const)("%s: a toast opens below the header, not over 로그아웃", async (name, viewport) => {
    const { page, close } = await openPage(browser, { viewport });
    // Each changes its own password: the second child on a phone, then the first student last.
    const person = name === "phone" ? "student2@example.com" : "student@example.com";
    const who = name === "phone" ? "김바다" : "김하늘";
    await signIn(page, server.url, "/sign_in", person, who);
    await page.goto(`${server.url}/_app/profile`);
    await page.getByLabel("지금 비밀번호", { exact: true }).fill(DEMO_PASSWORD);
    await page.getByLabel("새 비밀번호", { exact: true }).fill("Demo1234!!");
    await page.getByLabel("새 비밀번호 확인", { exact: true }).fill("Demo1234!!");
    await page.getByRole("button", { name: "비밀번호 바꾸기" }).click();
    const toast = page.locator(".Toastify__toast").first();
    await toast.waitFor({ state: "visible" });
    await page.waitForTimeout(700); // the enter animation
    const header = await box(page, "header");
    const shown = await toast.boundingBox();
    expect(shown!.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
    await screenshot(page, `app-header-toast-${name}`);
    await close();
  });
});
