import { afterEach, describe, expect, it, vi } from "vitest";
import {
  pushedEvents,
  resetMarketingAnalytics,
  treatScriptsAsLoaded,
} from "../features/marketing-analytics/test-helpers";
import {
  ensureDataLayer,
  FIRST_VISIT_STORAGE_KEY,
  loadGtm,
  pageViewEntries,
  pushFloatingCtaClick,
  pushPageView,
  recordFirstVisit,
} from "./analytics";

afterEach(() => {
  resetMarketingAnalytics();
  vi.restoreAllMocks();
});

describe("data layer", () => {
  it("creates window.dataLayer once and never replaces an existing array", () => {
    expect(window.dataLayer).toBeUndefined();
    const layer = ensureDataLayer();
    expect(layer).toEqual([]);
    layer.push({ event: "x" });
    expect(ensureDataLayer()).toBe(layer);
    expect(window.dataLayer).toBe(layer);
  });

  it("keeps entries pushed before the app started (e.g. by an inline snippet)", () => {
    const early = [{ event: "early" }];
    window.dataLayer = early;
    expect(ensureDataLayer()).toBe(early);
  });

  it("a floating-button click pushes exactly { event: 'click-floating-cta' }", () => {
    pushFloatingCtaClick();
    expect(window.dataLayer).toEqual([{ event: "click-floating-cta" }]);
  });
});

describe("GTM container", () => {
  it("adds gtm.js for the container once, after a gtm.js start entry", () => {
    const restore = treatScriptsAsLoaded();
    expect(loadGtm("GTM-TEST123")).toBe(true);
    expect(loadGtm("GTM-TEST123")).toBe(false);
    const scripts = document.querySelectorAll<HTMLScriptElement>("script[data-gtm-container]");
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.src).toBe("https://www.googletagmanager.com/gtm.js?id=GTM-TEST123");
    expect(scripts[0]!.async).toBe(true);
    expect(window.dataLayer).toEqual([{ "gtm.start": expect.any(Number), event: "gtm.js" }]);
    restore();
  });
});

describe("first visit (SPEC.md §1: config.visit_service_first on the first visit only)", () => {
  it("pushes the event and sets the marker on the first visit only", () => {
    expect(recordFirstVisit()).toBe(true);
    expect(window.dataLayer).toEqual([{ event: "config.visit_service_first" }]);
    expect(localStorage.getItem(FIRST_VISIT_STORAGE_KEY)).toMatch(/^\d{4}-\d\d-\d\dT/);
    // Next page load of the same browser.
    delete window.dataLayer;
    expect(recordFirstVisit()).toBe(false);
    expect(window.dataLayer ?? []).toEqual([]);
  });

  it("pushes nothing when the marker cannot be stored (it would repeat on every visit)", () => {
    vi.spyOn(localStorage, "setItem").mockImplementation(() => {
      throw new DOMException("quota", "QuotaExceededError");
    });
    expect(recordFirstVisit()).toBe(false);
    expect(pushedEvents()).toEqual([]);
    vi.spyOn(window, "localStorage", "get").mockImplementation(() => {
      throw new DOMException("blocked", "SecurityError");
    });
    expect(recordFirstVisit()).toBe(false);
    expect(pushedEvents()).toEqual([]);
  });
});

describe("page views (SPEC.md §2: 4059 → parents, 1319 or 1417 → students)", () => {
  it("pushes one page_view with path, address and title", () => {
    pushPageView({ pathname: "/smart", href: "https://seoltab.test/smart?a=1", title: "스마트" });
    expect(window.dataLayer).toEqual([
      {
        event: "page_view",
        page_path: "/smart",
        page_location: "https://seoltab.test/smart?a=1",
        page_title: "스마트",
      },
    ]);
  });

  it.each([
    ["/", []],
    ["/_app/4059", ["page_view_parents"]],
    ["/x4059y", ["page_view_parents"]],
    ["/_app/1319", ["page_view_students"]],
    ["/no/such/page/1417", ["page_view_students"]],
    ["/4059/1319", ["page_view_parents"]],
    ["/405", []],
    ["/131", []],
  ])("%s → page_view then %j", (pathname, audience) => {
    const entries = pageViewEntries({ pathname });
    expect(entries.map((e) => e.event)).toEqual(["page_view", ...audience]);
    // The audience events carry nothing but their name.
    for (const entry of entries.slice(1)) expect(Object.keys(entry)).toEqual(["event"]);
  });
});
