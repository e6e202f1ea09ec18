import { UTM_STORAGE_KEY } from "@seoltab/domain";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  resetMarketingAnalytics,
  setAppConfigBlock,
} from "../features/marketing-analytics/test-helpers";
import { FIRST_VISIT_STORAGE_KEY } from "../lib/analytics";
import { startIslands } from "./start";
import { showStaticPage } from "./test-page";

/*
 * What the islands entry runs on a static page (start.ts; main.ts only calls it), on the markup
 * of real marketing pages.
 */

const sdkMock = vi.hoisted(() => ({ loadScript: vi.fn(), boot: vi.fn(), shutdown: vi.fn() }));
vi.mock("@channel.io/channel-web-sdk-loader", () => sdkMock);

const stops: (() => void)[] = [];

function runEntry(path: string) {
  showStaticPage(path);
  stops.push(startIslands());
}

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  resetMarketingAnalytics();
  vi.clearAllMocks();
  document.body.innerHTML = "";
  document.title = "";
  window.history.replaceState(null, "", "/");
});

describe("islands start (what app/islands/main.ts runs)", () => {
  it("starts analytics, counts the page view and points the button at the session's campaign", async () => {
    document.title = "스마트 수업 | 설탭";
    runEntry("/smart?utm_source=naver&utm_medium=cpc");
    expect(window.dataLayer).toEqual([
      { event: "config.visit_service_first" },
      {
        event: "page_view",
        page_path: "/smart",
        page_location: "http://localhost:3000/smart?utm_source=naver&utm_medium=cpc",
        page_title: "스마트 수업 | 설탭",
      },
    ]);
    expect(localStorage.getItem(FIRST_VISIT_STORAGE_KEY)).not.toBeNull();
    expect(JSON.parse(sessionStorage.getItem(UTM_STORAGE_KEY)!)).toEqual({
      utm_medium: "cpc",
      utm_source: "naver",
    });
    expect(screen.getByTestId("floating-cta").getAttribute("href")).toBe(
      "/consultation?utm_medium=cpc&utm_source=naver",
    );
  });

  it("on a later page of the session: no first-visit event, the first campaign stays", async () => {
    runEntry("/?utm_source=first");
    resetMarketingAnalytics();
    runEntry("/smart?utm_source=second");
    expect(window.dataLayer?.map((e) => e.event)).toEqual(["page_view"]);
    expect(screen.getByTestId("floating-cta").getAttribute("href")).toBe(
      "/consultation?utm_source=first",
    );
  });

  it("counts the page again when the browser shows it from its back/forward cache", async () => {
    runEntry("/smart");
    const pageshow = (persisted: boolean) =>
      window.dispatchEvent(Object.assign(new Event("pageshow"), { persisted }));
    pageshow(true);
    pageshow(false);
    expect(window.dataLayer?.filter((e) => e.event === "page_view")).toHaveLength(2);
  });

  it("boots the chat widget with the page's plugin key (zIndex 1500)", async () => {
    setAppConfigBlock({ channelTalkPluginKey: "test-plugin" });
    runEntry("/examination");
    await vi.waitFor(() => expect(sdkMock.boot).toHaveBeenCalledTimes(1), { timeout: 3000 });
    expect(sdkMock.boot.mock.calls[0]?.[0]).toEqual({ pluginKey: "test-plugin", zIndex: 1500 });
    expect(sdkMock.loadScript).toHaveBeenCalledTimes(1);
  });

  it("loads nothing for the chat on a static page that is not a marketing page", async () => {
    setAppConfigBlock({ channelTalkPluginKey: "test-plugin" });
    runEntry("/philosophy");
    expect(screen.queryByTestId("floating-cta")).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sdkMock.boot).not.toHaveBeenCalled();
    expect(window.dataLayer?.map((e) => e.event)).toEqual([
      "config.visit_service_first",
      "page_view",
    ]);
  });
});
