import { UTM_STORAGE_KEY } from "@seoltab/domain";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { StrictMode } from "react";
import { createRoutesStub, Link, Outlet, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FIRST_VISIT_STORAGE_KEY } from "../../lib/analytics";
import { MarketingAnalytics } from "./marketing-analytics";
import { startMarketingAnalytics } from "./start";
import {
  pushedEvents,
  resetMarketingAnalytics,
  setAppConfigBlock,
  treatScriptsAsLoaded,
} from "./test-helpers";

const sdkMock = vi.hoisted(() => ({
  loadScript: vi.fn(),
  boot: vi.fn(),
  shutdown: vi.fn(),
}));
vi.mock("@channel.io/channel-web-sdk-loader", () => sdkMock);

afterEach(() => {
  resetMarketingAnalytics();
  vi.clearAllMocks();
  window.history.replaceState(null, "", "/");
});

function Page() {
  const { pathname } = useLocation();
  return (
    <>
      <h1>{pathname}</h1>
      <Link to="/smart?utm_source=b">스마트</Link>
      <Link to="/_app/4059">학부모</Link>
      <Link to="/nothing/here/1319">없는 페이지</Link>
      <Link to="/">홈</Link>
    </>
  );
}

function renderApp(path: string, { strict = false } = {}) {
  const Stub = createRoutesStub([
    {
      id: "root",
      Component: () => (
        <>
          <Outlet />
          <MarketingAnalytics />
        </>
      ),
      children: [
        { path: "/", Component: Page },
        { path: "/smart", Component: Page },
        { path: "/_app/*", Component: Page },
        { path: "*", Component: Page },
      ],
    },
  ]);
  const app = <Stub initialEntries={[path]} />;
  return render(strict ? <StrictMode>{app}</StrictMode> : app);
}

const pageViews = () =>
  (window.dataLayer ?? []).filter((entry) => entry.event === "page_view").map((e) => e.page_path);

describe("route tracker: page views on every route change (SPEC.md §2)", () => {
  it("pushes a page view for the first render and for each client-side navigation", async () => {
    const user = userEvent.setup();
    renderApp("/");
    await screen.findByRole("heading", { name: "/" });
    expect(pageViews()).toEqual(["/"]);
    await user.click(screen.getByRole("link", { name: "스마트" }));
    await screen.findByRole("heading", { name: "/smart" });
    await user.click(screen.getByRole("link", { name: "홈" }));
    await screen.findByRole("heading", { name: "/" });
    expect(pageViews()).toEqual(["/", "/smart", "/"]);
  });

  it("adds page_view_parents on 4059 and page_view_students on 1319, the not-found page included", async () => {
    const user = userEvent.setup();
    renderApp("/");
    await user.click(screen.getByRole("link", { name: "학부모" }));
    await screen.findByRole("heading", { name: "/_app/4059" });
    await user.click(screen.getByRole("link", { name: "없는 페이지" }));
    await screen.findByRole("heading", { name: "/nothing/here/1319" });
    expect(pushedEvents()).toEqual([
      "page_view",
      "page_view",
      "page_view_parents",
      "page_view",
      "page_view_students",
    ]);
  });

  it("counts one page view per location under StrictMode's double effects", async () => {
    renderApp("/_app/1417", { strict: true });
    await screen.findByRole("heading", { name: "/_app/1417" });
    expect(pushedEvents()).toEqual(["page_view", "page_view_students"]);
  });

  it("captures UTM values of later pages while the session has none", async () => {
    const user = userEvent.setup();
    renderApp("/");
    expect(sessionStorage.getItem(UTM_STORAGE_KEY)).toBeNull();
    await user.click(screen.getByRole("link", { name: "스마트" }));
    await screen.findByRole("heading", { name: "/smart" });
    expect(JSON.parse(sessionStorage.getItem(UTM_STORAGE_KEY)!)).toEqual({ utm_source: "b" });
  });

  it("boots the chat widget on marketing paths and shuts it down elsewhere", async () => {
    setAppConfigBlock({ channelTalkPluginKey: "test-plugin" });
    const user = userEvent.setup();
    renderApp("/");
    await vi.waitFor(() => expect(sdkMock.boot).toHaveBeenCalledTimes(1), { timeout: 3000 });
    expect(sdkMock.boot.mock.calls[0]?.[0]).toEqual({ pluginKey: "test-plugin", zIndex: 1500 });
    await user.click(screen.getByRole("link", { name: "학부모" }));
    await screen.findByRole("heading", { name: "/_app/4059" });
    expect(sdkMock.shutdown).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole("link", { name: "홈" }));
    await screen.findByRole("heading", { name: "/" });
    expect(sdkMock.boot).toHaveBeenCalledTimes(2);
    expect(sdkMock.loadScript).toHaveBeenCalledTimes(1);
  });
});

describe("client entry start (before hydration)", () => {
  it("creates the data layer, records the first visit once and captures the landing UTM values", () => {
    window.history.replaceState(null, "", "/smart?utm_source=naver&utm_medium=cpc");
    startMarketingAnalytics();
    expect(window.dataLayer).toEqual([{ event: "config.visit_service_first" }]);
    expect(localStorage.getItem(FIRST_VISIT_STORAGE_KEY)).not.toBeNull();
    expect(JSON.parse(sessionStorage.getItem(UTM_STORAGE_KEY)!)).toEqual({
      utm_medium: "cpc",
      utm_source: "naver",
    });
    expect(document.querySelector("script[data-gtm-container]")).toBeNull();

    // A reload of the same browser: no first-visit event, the landing values stay.
    delete window.dataLayer;
    window.history.replaceState(null, "", "/?utm_source=other");
    startMarketingAnalytics();
    expect(window.dataLayer).toEqual([]);
    expect(JSON.parse(sessionStorage.getItem(UTM_STORAGE_KEY)!)).toMatchObject({
      utm_source: "naver",
    });
  });

  it("adds the GTM container only when the settings name one", () => {
    const restore = treatScriptsAsLoaded();
    setAppConfigBlock({ gtmContainerId: "GTM-TEST123" });
    startMarketingAnalytics();
    const script = document.querySelector<HTMLScriptElement>("script[data-gtm-container]");
    expect(script?.src).toBe("https://www.googletagmanager.com/gtm.js?id=GTM-TEST123");
    expect(pushedEvents()).toEqual(["gtm.js", "config.visit_service_first"]);
    restore();
  });
});
