/**
 * Analytics, the floating consultation button, UTM capture and the chat widget (SPEC.md §1-2,
 * issue #6) in a real browser against the real server: one server without integrations and one
 * with CHANNEL_TALK_PLUGIN_KEY and GTM_CONTAINER_ID. The marketing pages are static pages with
 * the islands script (docs/decisions/010): a link from one to any page is a new page load; the
 * other pages hydrate and change routes in the browser. Third-party scripts never leave the machine:
 * https://cdn.channel.io/** is answered with a tiny fake ChannelIO that records its calls (and
 * draws a 60 px launcher at the bottom right, 24 px margins, like Channel Talk's default), and
 * https://www.googletagmanager.com/** with a stub that counts its loads.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage } from "./support/browser.ts";
import { startServer, type RunningServer } from "./support/server.ts";
import { mkdirSync } from "node:fs";
import { join } from "node:path";

const FAKE_CHANNEL_SDK = `(function () {
  var w = window;
  var calls = (w.__channelCalls = w.__channelCalls || []);
  var queued = (w.ChannelIO && w.ChannelIO.q) || [];
  function launcher(show, zIndex) {
    var el = document.getElementById("fake-channel-launcher");
    if (!show) { if (el) el.remove(); return; }
    if (el) return;
    el = document.createElement("div");
    el.id = "fake-channel-launcher";
    el.style.cssText = "position:fixed;right:24px;bottom:24px;width:60px;height:60px;" +
      "border-radius:50%;background:#7b5cff;z-index:" + zIndex;
    document.body.appendChild(el);
  }
  function ChannelIO(method, option, callback) {
    calls.push({
      method: method,
      option: option === undefined ? null : JSON.parse(JSON.stringify(option)),
      path: location.pathname,
    });
    if (method === "boot") {
      launcher(true, option.zIndex);
      if (typeof callback === "function") setTimeout(function () { callback(null, { id: "u" }); }, 0);
    }
    if (method === "shutdown") launcher(false);
  }
  w.ChannelIO = ChannelIO;
  for (var i = 0; i < queued.length; i++) ChannelIO.apply(null, queued[i]);
})();`;

const FAKE_GTM = "window.__gtmLoads = (window.__gtmLoads || 0) + 1;";

const SHORT_TEXT = "지금 상담 신청하고 무료 체험 혜택 받기 >";

interface ChannelCall {
  method: string;
  option: unknown;
  path: string;
}

// Page globals read by these tests (the data layer is declared the same way in app/lib/analytics.ts).
declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
    __channelCalls?: ChannelCall[];
    __gtmLoads?: number;
    __sameDocument?: boolean;
    __dataLayerCreatedEmpty?: boolean;
    __dataLayerCreatedBeforeHydration?: boolean;
  }
}

let plain: RunningServer;
let configured: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [plain, configured, browser] = await Promise.all([
    startServer(),
    startServer({ CHANNEL_TALK_PLUGIN_KEY: "test-plugin", GTM_CONTAINER_ID: "GTM-TEST123" }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([plain?.stop(), configured?.stop()]);
});

/** A page whose third-party requests are answered locally and recorded. */
async function openWithFakes(viewport = { width: 1280, height: 800 }) {
  const opened = await openPage(browser, { viewport });
  const thirdParty: string[] = [];
  await opened.page.route("https://cdn.channel.io/**", (route) => {
    thirdParty.push(route.request().url());
    return route.fulfill({ contentType: "text/javascript", body: FAKE_CHANNEL_SDK });
  });
  await opened.page.route("https://www.googletagmanager.com/**", (route) => {
    thirdParty.push(route.request().url());
    return route.fulfill({ contentType: "text/javascript", body: FAKE_GTM });
  });
  return { ...opened, thirdParty };
}

const events = (page: Page) =>
  page.evaluate(() => (window.dataLayer ?? []).map((entry) => entry.event as string));
const count = (list: string[], name: string) => list.filter((e) => e === name).length;
const channelCalls = (page: Page) => page.evaluate(() => window.__channelCalls ?? []);
const cta = (page: Page) => page.getByTestId("floating-cta");
const ctaHref = (page: Page) => cta(page).getAttribute("href");

// The browser logs a document's own 404 status as a console error; that one is expected.
const unexpected = (errors: string[]) =>
  errors.filter((e) => !/Failed to load resource: .*404/.test(e));

/** A viewport screenshot (the button is fixed, so a full-page one would misplace it). */
async function viewportShot(page: Page, name: string) {
  const dir = join(process.cwd(), "test-results", "screenshots");
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`) });
}

describe("floating consultation button", () => {
  it("carries the session's FIRST utm values after moving between pages", async () => {
    const { page, errors, close } = await openWithFakes();
    await page.goto(`${plain.url}/?utm_source=a&utm_campaign=winter`, { waitUntil: "networkidle" });
    await expect.poll(() => ctaHref(page)).toBe("/consultation?utm_campaign=winter&utm_source=a");
    // A new page load of the same tab session with other values.
    await page.goto(`${plain.url}/smart?utm_source=b&utm_medium=cpc`, {
      waitUntil: "networkidle",
    });
    await expect.poll(() => ctaHref(page)).toBe("/consultation?utm_campaign=winter&utm_source=a");
    // Following a link to another marketing page keeps them.
    await page.locator('.site-header a[href="/seoltab_review"]').click();
    await page.waitForURL(/\/seoltab_review$/);
    expect(await ctaHref(page)).toBe("/consultation?utm_campaign=winter&utm_source=a");
    const stored = await page.evaluate(() => sessionStorage.getItem("utmValues"));
    expect(JSON.parse(stored ?? "null")).toEqual({ utm_campaign: "winter", utm_source: "a" });
    expect(errors).toEqual([]);
    await close();
  });

  it("captures values first seen on a later page of the session, and a new session starts over", async () => {
    const { page, close } = await openWithFakes();
    await page.goto(`${plain.url}/`, { waitUntil: "networkidle" });
    expect(await ctaHref(page)).toBe("/consultation");
    await page.goto(`${plain.url}/smart?utm_source=b`, { waitUntil: "networkidle" });
    await expect.poll(() => ctaHref(page)).toBe("/consultation?utm_source=b");
    await close();

    const other = await openWithFakes();
    await other.page.goto(`${plain.url}/smart`, { waitUntil: "networkidle" });
    expect(await ctaHref(other.page)).toBe("/consultation");
    await other.close();
  });

  it("a click pushes { event: 'click-floating-cta' } and opens the consultation page", async () => {
    const { page, close } = await openWithFakes();
    // The link leaves the page: keep each page's data layer as it was when the page was left.
    await page.addInitScript(() => {
      window.addEventListener("pagehide", () =>
        sessionStorage.setItem("test:leftLayer", JSON.stringify(window.dataLayer ?? [])),
      );
    });
    await page.goto(`${plain.url}/smart?utm_source=naver`, { waitUntil: "networkidle" });
    await expect.poll(() => ctaHref(page)).toBe("/consultation?utm_source=naver");
    expect(count(await events(page), "click-floating-cta")).toBe(0);
    await cta(page).click();
    await page.waitForURL(/\/consultation\?utm_source=naver$/);
    await page.getByRole("heading", { level: 1 }).waitFor();
    const layer = JSON.parse(
      (await page.evaluate(() => sessionStorage.getItem("test:leftLayer"))) ?? "[]",
    ) as Record<string, unknown>[];
    expect(layer.filter((e) => e.event === "click-floating-cta")).toEqual([
      { event: "click-floating-cta" },
    ]);
    await close();
  });

  it("is 688 px wide from 768 px and 650 x 80 px from 1280 px, fixed at the bottom centre", async () => {
    const { page, close } = await openWithFakes({ width: 360, height: 740 });
    await page.goto(`${plain.url}/`, { waitUntil: "networkidle" });
    const measure = async (width: number, height: number) => {
      await page.setViewportSize({ width, height });
      const box = await cta(page).boundingBox();
      if (!box) throw new Error("no floating button");
      return {
        width: Math.round(box.width),
        height: Math.round(box.height),
        left: Math.round(box.x),
        right: Math.round(width - box.x - box.width),
        bottom: Math.round(height - box.y - box.height),
        text: await cta(page).innerText(),
      };
    };
    const phone = await measure(360, 740);
    expect(phone).toMatchObject({ width: 328, left: 16, right: 16, bottom: 16, text: SHORT_TEXT });
    expect(phone.height).toBeGreaterThanOrEqual(56);

    const tablet = await measure(768, 1024);
    expect(tablet).toMatchObject({ width: 688, height: 64, left: 40, right: 40, bottom: 24 });
    const below = await measure(1279, 800);
    expect(below).toMatchObject({ width: 688, height: 64, text: SHORT_TEXT });
    const desktop = await measure(1280, 800);
    expect(desktop).toMatchObject({ width: 650, height: 80, left: 315, right: 315, bottom: 24 });
    expect(await measure(1440, 900)).toMatchObject({ width: 650, height: 80, left: 395 });

    // The text differs only above 1279 px.
    expect(tablet.text).toBe(below.text);
    expect(desktop.text).not.toBe(below.text);
    expect(desktop.text).toBe("지금 바로 상담 신청하고 1:1 무료 체험 수업 혜택 받기 >");

    // Still at the bottom after scrolling (fixed).
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect((await measure(1280, 800)).bottom).toBe(24);
    await close();
  });

  it("shows on the marketing paths only", async () => {
    const { page, close } = await openWithFakes();
    for (const path of ["/", "/index", "/smart", "/enrollment", "/promotion/winter/basicschool"]) {
      await page.goto(`${plain.url}${path}`);
      expect(await cta(page).count(), path).toBe(1);
    }
    for (const path of ["/review", "/philosophy", "/sign_in", "/no/such/page", "/500"]) {
      await page.goto(`${plain.url}${path}`, { waitUntil: "networkidle" });
      expect(await cta(page).count(), path).toBe(0);
    }
    await close();
  });

  for (const viewport of [
    { width: 360, height: 740 },
    { width: 768, height: 1024 },
    { width: 1280, height: 800 },
  ]) {
    it(`never covers the end of the page (${viewport.width} px)`, async () => {
      const { page, close } = await openWithFakes(viewport);
      await page.goto(`${plain.url}/smart`, { waitUntil: "networkidle" });
      await viewportShot(page, `floating-cta-${viewport.width}`);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect
        .poll(() =>
          page.evaluate(
            () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1,
          ),
        )
        .toBe(true);
      const { contentBottom, ctaTop } = await page.evaluate(() => {
        const footer = document.querySelector(".site-footer")!;
        const bottoms = Array.from(footer.querySelectorAll("*"), (e) => e.getBoundingClientRect());
        return {
          contentBottom: Math.max(...bottoms.filter((r) => r.height > 0).map((r) => r.bottom)),
          ctaTop: document.querySelector('[data-testid="floating-cta"]')!.getBoundingClientRect()
            .top,
        };
      });
      expect(contentBottom).toBeLessThanOrEqual(ctaTop);
      await viewportShot(page, `floating-cta-${viewport.width}-end`);
      await page.keyboard.press("Tab"); // keyboard focus for the focus ring
      await cta(page).focus();
      await viewportShot(page, `floating-cta-${viewport.width}-focus`);
      await close();
    });
  }
});

describe("data layer and GTM", () => {
  it("sends config.visit_service_first once per browser (not on reload, again in a new one)", async () => {
    const first = await openWithFakes();
    await first.page.goto(`${plain.url}/`, { waitUntil: "networkidle" });
    expect(count(await events(first.page), "config.visit_service_first")).toBe(1);
    // The next page of the same visit: not again.
    await first.page.locator('.site-header a[href="/smart"]').click();
    await first.page.waitForURL(/\/smart$/);
    await expect.poll(() => events(first.page)).toContain("page_view");
    expect(count(await events(first.page), "config.visit_service_first")).toBe(0);
    await first.page.reload({ waitUntil: "networkidle" });
    await expect.poll(() => events(first.page)).toContain("page_view");
    expect(count(await events(first.page), "config.visit_service_first")).toBe(0);
    await first.page.goto(`${plain.url}/no/such/page`, { waitUntil: "networkidle" });
    expect(count(await events(first.page), "config.visit_service_first")).toBe(0);
    await first.close();

    const second = await openWithFakes();
    await second.page.goto(`${plain.url}/smart`, { waitUntil: "networkidle" });
    expect(count(await events(second.page), "config.visit_service_first")).toBe(1);
    await second.close();
  });

  it("pushes a page view on every page and route change, the first render included", async () => {
    const { page, close } = await openWithFakes();
    await page.goto(`${plain.url}/`, { waitUntil: "networkidle" });
    const pageViews = () =>
      page.evaluate(() =>
        (window.dataLayer ?? []).filter((e) => e.event === "page_view").map((e) => e.page_path),
      );
    await expect.poll(pageViews).toEqual(["/"]);
    const first = await page.evaluate(() =>
      (window.dataLayer ?? []).find((e) => e.event === "page_view"),
    );
    expect(first).toEqual({
      event: "page_view",
      page_path: "/",
      page_location: `${plain.url}/`,
      page_title: "서울대 선생님과 만드는 자기주도 학습 습관",
    });
    // Marketing pages: each page load counts once.
    await page.locator('.site-header a[href="/smart"]').click();
    await page.waitForURL(/\/smart$/);
    await expect.poll(pageViews).toEqual(["/smart"]);
    await page.locator('.site-header a[href="/examination"]').click();
    await page.waitForURL(/\/examination$/);
    await expect.poll(pageViews).toEqual(["/examination"]);
    // Back to a page the browser kept: counted again.
    await page.goBack();
    await page.waitForURL(/\/smart$/);
    await expect.poll(async () => (await pageViews()).at(-1)).toBe("/smart");
    // Pages React renders: every route change in the same document.
    await page.goto(`${plain.url}/review`, { waitUntil: "networkidle" });
    await page.evaluate(() => (window.__sameDocument = true));
    await page.locator('.site-footer a[href="/seolbti"]').click();
    await page.waitForURL(/\/seolbti$/);
    await expect.poll(pageViews).toEqual(["/review", "/seolbti"]);
    expect(await page.evaluate(() => window.__sameDocument)).toBe(true);
    await close();
  });

  it("adds the audience events on 4059 / 1319 / 1417 paths, the 404 page included", async () => {
    const { page, errors, close } = await openWithFakes();
    const cases: [string, number, string | null][] = [
      ["/_app/4059", 200, "page_view_parents"],
      ["/_app/1417", 200, "page_view_students"],
      ["/no/such/page/1319", 404, "page_view_students"],
      ["/event4059", 404, "page_view_parents"],
      ["/smart", 200, null],
    ];
    for (const [path, status, audience] of cases) {
      const res = await page.goto(`${plain.url}${path}`, { waitUntil: "networkidle" });
      expect(res?.status(), path).toBe(status);
      await expect.poll(() => events(page), { timeout: 5000 }).toContain("page_view");
      const list = await page.evaluate(() => window.dataLayer ?? []);
      const view = list.findIndex((e) => e.event === "page_view" && e.page_path === path);
      expect(view, path).toBeGreaterThanOrEqual(0);
      const audiences = list.filter((e) => String(e.event).startsWith("page_view_"));
      if (audience) {
        expect(list[view + 1], path).toEqual({ event: audience });
        expect(audiences, path).toEqual([{ event: audience }]);
      } else {
        expect(audiences, path).toEqual([]);
      }
    }
    expect(unexpected(errors)).toEqual([]);
    await close();
  });

  for (const [path, hydrates] of [
    ["/", false],
    ["/review", true],
  ] as const) {
    it(`creates window.dataLayer before anything pushes, and loads no GTM without a container (${path})`, async () => {
      const { page, thirdParty, errors, close } = await openWithFakes();
      await page.addInitScript(() => {
        // When the page creates the data layer: empty, and before React hydrates the document
        // (hydrateRoot marks its container with a "__reactContainer$..." property).
        Object.defineProperty(window, "dataLayer", {
          configurable: true,
          get: () => undefined,
          set(value: Record<string, unknown>[]) {
            Object.defineProperty(window, "dataLayer", {
              value,
              writable: true,
              configurable: true,
            });
            const hydrated = Object.keys(document).some((k) => k.startsWith("__reactContainer"));
            window.__dataLayerCreatedEmpty = Array.isArray(value) && value.length === 0;
            window.__dataLayerCreatedBeforeHydration = window.__dataLayerCreatedEmpty && !hydrated;
          },
        });
      });
      await page.goto(`${plain.url}${path}`, { waitUntil: "networkidle" });
      expect(await page.evaluate(() => window.__dataLayerCreatedEmpty)).toBe(true);
      expect(await page.evaluate(() => window.__dataLayerCreatedBeforeHydration)).toBe(true);
      await expect.poll(() => events(page)).toEqual(["config.visit_service_first", "page_view"]);
      // The marketing page is a static page: React never runs there. The other page hydrates
      // after the data layer was created (so the check above is meaningful).
      expect(
        await page.evaluate(() =>
          Object.keys(document).some((k) => k.startsWith("__reactContainer")),
        ),
      ).toBe(hydrates);
      await page.waitForTimeout(500);
      expect(thirdParty.filter((u) => u.includes("googletagmanager"))).toEqual([]);
      expect(await page.locator('script[src*="googletagmanager"]').count()).toBe(0);
      expect(errors).toEqual([]);
      await close();
    });
  }

  it("loads the GTM container when GTM_CONTAINER_ID is set (allowed by the CSP)", async () => {
    const { page, thirdParty, errors, close } = await openWithFakes();
    await page.goto(`${configured.url}/sign_in`, { waitUntil: "networkidle" });
    await expect
      .poll(() => thirdParty.filter((u) => u.includes("googletagmanager")))
      .toEqual(["https://www.googletagmanager.com/gtm.js?id=GTM-TEST123"]);
    await expect.poll(() => page.evaluate(() => window.__gtmLoads)).toBe(1);
    const layer = await page.evaluate(() => window.dataLayer ?? []);
    expect(layer[0]).toMatchObject({ event: "gtm.js" });
    expect(layer.map((e) => e.event)).toContain("config.visit_service_first");
    // Each page adds it once.
    await page.goto(`${configured.url}/`, { waitUntil: "networkidle" });
    await page.locator('.site-header a[href="/smart"]').click();
    await page.waitForURL(/\/smart$/);
    expect(await page.locator('script[src*="googletagmanager"]').count()).toBe(1);
    expect(errors).toEqual([]);
    await close();
  });
});

describe("chat widget (Channel Talk)", () => {
  it("boots with { pluginKey, zIndex: 1500 } on each marketing page, is gone after moving to another page and is back on the way back", async () => {
    const { page, thirdParty, errors, close } = await openWithFakes();
    const calls = async () => (await channelCalls(page)).map((c) => `${c.method} ${c.path}`);
    const shown = async () =>
      (await page.locator("#fake-channel-launcher").count()) === 1 &&
      (await page.locator("html").getAttribute("data-chat-widget")) === "on";
    await page.goto(`${configured.url}/`, { waitUntil: "networkidle" });
    await expect.poll(() => channelCalls(page), { timeout: 10_000 }).toHaveLength(1);
    expect(await channelCalls(page)).toEqual([
      { method: "boot", option: { pluginKey: "test-plugin", zIndex: 1500 }, path: "/" },
    ]);
    expect(thirdParty.filter((u) => u.includes("cdn.channel.io"))).toEqual([
      "https://cdn.channel.io/plugin/ch-plugin-web.js",
    ]);
    await expect.poll(shown).toBe(true);

    // Marketing → marketing (a new page): boots there too.
    await page.locator('.site-header a[href="/smart"]').click();
    await page.waitForURL(/\/smart$/);
    await expect.poll(calls, { timeout: 10_000 }).toEqual(["boot /smart"]);
    await expect.poll(shown).toBe(true);
    // Marketing → non-marketing: no widget there, nothing booted.
    await page.locator('.site-header a[href="/sign_in"]').click();
    await page.waitForURL(/\/sign_in$/);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.waitForTimeout(2500); // longer than the loader's idle wait
    expect(await calls()).toEqual([]);
    expect(await page.evaluate(() => "ChannelIO" in window)).toBe(false);
    expect(await page.locator("#fake-channel-launcher").count()).toBe(0);
    expect(await page.locator("html").getAttribute("data-chat-widget")).toBeNull();
    // And back (history): shown again.
    await page.goBack();
    await page.waitForURL(/\/smart$/);
    await expect.poll(shown, { timeout: 10_000 }).toBe(true);
    expect((await channelCalls(page)).at(-1)).toMatchObject({ method: "boot", path: "/smart" });

    // From a page React renders, a link to a marketing page loads that page: the widget boots.
    await page.goto(`${configured.url}/review`, { waitUntil: "networkidle" });
    await page.evaluate(() => (window.__sameDocument = true));
    await page.locator('.site-header a[href="/smart"]').click();
    await page.waitForURL(/\/smart$/);
    await expect.poll(calls, { timeout: 10_000 }).toEqual(["boot /smart"]);
    expect(await page.evaluate(() => window.__sameDocument)).toBeUndefined();
    expect(errors).toEqual([]);
    await close();
  });

  it("loads nothing on a non-marketing page (app, sign-in, 404, product pages)", async () => {
    const { page, thirdParty, close } = await openWithFakes();
    for (const path of ["/sign_in", "/_app", "/no/such/page", "/review", "/philosophy"]) {
      await page.goto(`${configured.url}${path}`, { waitUntil: "networkidle" });
    }
    await page.waitForTimeout(2500); // longer than the loader's idle wait
    expect(thirdParty.filter((u) => u.includes("cdn.channel.io"))).toEqual([]);
    expect(await page.evaluate(() => "ChannelIO" in window)).toBe(false);
    await close();
  });

  it("loads nothing without CHANNEL_TALK_PLUGIN_KEY", async () => {
    const { page, thirdParty, close } = await openWithFakes();
    await page.goto(`${plain.url}/`, { waitUntil: "networkidle" });
    await page.waitForTimeout(2500);
    expect(thirdParty).toEqual([]);
    expect(await page.evaluate(() => "ChannelIO" in window)).toBe(false);
    expect(await page.locator("html").getAttribute("data-chat-widget")).toBeNull();
    await close();
  });

  for (const viewport of [
    { width: 360, height: 740 },
    { width: 768, height: 1024 },
    { width: 1280, height: 800 },
  ]) {
    it(`the launcher never covers the floating button (${viewport.width} px)`, async () => {
      const { page, close } = await openWithFakes(viewport);
      await page.goto(`${configured.url}/`, { waitUntil: "networkidle" });
      await page.locator("#fake-channel-launcher").waitFor({ timeout: 10_000 });
      await expect.poll(() => page.locator("html").getAttribute("data-chat-widget")).toBe("on");
      // Wait for the button's move (a short transition) to finish.
      await page.waitForTimeout(400);
      const overlap = await page.evaluate(() => {
        const a = document.querySelector('[data-testid="floating-cta"]')!.getBoundingClientRect();
        const b = document.getElementById("fake-channel-launcher")!.getBoundingClientRect();
        return !(a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top);
      });
      expect(overlap).toBe(false);
      // Moved up above the launcher only where the centred button would reach under it.
      const bottomGap = await page.evaluate(
        () =>
          window.innerHeight -
          document.querySelector('[data-testid="floating-cta"]')!.getBoundingClientRect().bottom,
      );
      expect(Math.round(bottomGap)).toBe(viewport.width < 880 ? 96 : 24);
      // The button is on top at its centre and at both rounded ends.
      const box = (await cta(page).boundingBox())!;
      const middle = box.y + box.height / 2;
      for (const [x, y] of [
        [box.x + box.width / 2, middle],
        [box.x + box.width - box.height / 2, middle],
        [box.x + box.height / 2, middle],
      ] as const) {
        const hit = await page.evaluate(
          ([px, py]) =>
            document.elementFromPoint(px, py)?.closest('[data-testid="floating-cta"]') !== null,
          [x, y] as const,
        );
        expect(hit).toBe(true);
      }
      await viewportShot(page, `floating-cta-chat-${viewport.width}`);
      await close();
    });
  }
});
