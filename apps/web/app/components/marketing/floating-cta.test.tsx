import { UTM_STORAGE_KEY } from "@seoltab/domain";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { createRoutesStub, Link, Outlet, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MarketingAnalytics } from "../../features/marketing-analytics/marketing-analytics";
import {
  pushedEvents,
  resetMarketingAnalytics,
  setAppConfigBlock,
} from "../../features/marketing-analytics/test-helpers";
import { captureUtm } from "../../lib/utm-session";
import MarketingLayout from "../../routes/marketing-layout";
import {
  consultationHref,
  FLOATING_CTA_LABEL,
  FLOATING_CTA_LABEL_WIDE,
  FloatingCta,
} from "./floating-cta";

afterEach(() => {
  resetMarketingAnalytics();
  vi.restoreAllMocks();
});

function Page() {
  const { pathname } = useLocation();
  return (
    <>
      <h1>{pathname}</h1>
      <Link to="/smart?utm_source=b&utm_medium=later">이동: 스마트</Link>
      <Link to="/sign_in">이동: 로그인</Link>
      <Link to="/review">이동: 후기</Link>
    </>
  );
}

/** Root (with the route tracker), the real marketing layout around marketing and product pages. */
function renderApp(path: string) {
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
        {
          Component: MarketingLayout,
          children: [
            { path: "/", Component: Page },
            { path: "/smart", Component: Page },
            { path: "/review", Component: Page },
          ],
        },
        { path: "/sign_in", Component: Page },
        { path: "/consultation", Component: () => <h1>상담 신청</h1> },
      ],
    },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

const cta = () => screen.queryByTestId("floating-cta");

describe("floating consultation button (SPEC.md §1-2)", () => {
  it("is a link with the Korean label, both width variants and a '>'", () => {
    renderApp("/");
    const link = cta()!;
    expect(link.tagName).toBe("A");
    expect(link.textContent).toBe(`${FLOATING_CTA_LABEL}${FLOATING_CTA_LABEL_WIDE} >`);
    expect(FLOATING_CTA_LABEL).toBe("지금 상담 신청하고 무료 체험 혜택 받기");
    expect(link.querySelector(".floating-cta__label--narrow")?.textContent).toBe(
      FLOATING_CTA_LABEL,
    );
    expect(link.querySelector(".floating-cta__label--wide")?.textContent).toBe(
      FLOATING_CTA_LABEL_WIDE,
    );
  });

  it("shows on the marketing paths only", async () => {
    const user = userEvent.setup();
    renderApp("/");
    expect(cta()).not.toBeNull();
    // /review shares the marketing layout but is not a SPEC.md §2 marketing path.
    await user.click(screen.getByRole("link", { name: "이동: 후기" }));
    await screen.findByRole("heading", { name: "/review" });
    expect(cta()).toBeNull();
    await user.click(screen.getByRole("link", { name: "이동: 스마트" }));
    await screen.findByRole("heading", { name: "/smart" });
    expect(cta()).not.toBeNull();
    await user.click(screen.getByRole("link", { name: "이동: 로그인" }));
    await screen.findByRole("heading", { name: "/sign_in" });
    expect(cta()).toBeNull();
  });

  it("links to /consultation by default, with the session's first UTM values", async () => {
    const user = userEvent.setup();
    window.history.replaceState(null, "", "/?utm_source=a&utm_campaign=winter");
    captureUtm(window.location.search); // what the client entry does at start
    renderApp("/?utm_source=a&utm_campaign=winter");
    expect(cta()!.getAttribute("href")).toBe("/consultation?utm_campaign=winter&utm_source=a");
    await user.click(screen.getByRole("link", { name: "이동: 스마트" }));
    await screen.findByRole("heading", { name: "/smart" });
    expect(cta()!.getAttribute("href")).toBe("/consultation?utm_campaign=winter&utm_source=a");
    expect(JSON.parse(sessionStorage.getItem(UTM_STORAGE_KEY)!)).toEqual({
      utm_campaign: "winter",
      utm_source: "a",
    });
  });

  it("picks up values first seen after a client-side navigation", async () => {
    const user = userEvent.setup();
    renderApp("/");
    expect(cta()!.getAttribute("href")).toBe("/consultation");
    await user.click(screen.getByRole("link", { name: "이동: 스마트" }));
    await screen.findByRole("heading", { name: "/smart" });
    expect(cta()!.getAttribute("href")).toBe("/consultation?utm_medium=later&utm_source=b");
  });

  it("uses the configured consultation address", () => {
    setAppConfigBlock({ consultationUrl: "https://consult.example.com/apply?ref=site#form" });
    sessionStorage.setItem(UTM_STORAGE_KEY, JSON.stringify({ utm_source: "naver" }));
    renderApp("/");
    expect(cta()!.getAttribute("href")).toBe(
      "https://consult.example.com/apply?ref=site&utm_source=naver#form",
    );
  });

  it("a click pushes { event: 'click-floating-cta' } and opens the consultation page", async () => {
    const user = userEvent.setup();
    renderApp("/");
    await user.click(cta()!);
    await screen.findByRole("heading", { name: "상담 신청" });
    expect(window.dataLayer).toContainEqual({ event: "click-floating-cta" });
    expect(pushedEvents().filter((e) => e === "click-floating-cta")).toHaveLength(1);
  });

  it("consultationHref appends the values with appendUtm", () => {
    expect(consultationHref("/consultation", {})).toBe("/consultation");
    expect(consultationHref("/consultation", { utm_term: "수학 과외" })).toBe(
      "/consultation?utm_term=%EC%88%98%ED%95%99%20%EA%B3%BC%EC%99%B8",
    );
  });

  it("hydrates the prerendered link without a mismatch, then shows the session's address", async () => {
    function Prerendered() {
      return <FloatingCta />;
    }
    const Stub = createRoutesStub([{ path: "/", Component: Prerendered }]);
    const html = renderToString(<Stub initialEntries={["/"]} />);
    expect(html).toContain('href="/consultation"');

    sessionStorage.setItem(UTM_STORAGE_KEY, JSON.stringify({ utm_source: "a" }));
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.appendChild(container);
    const recoverable = vi.fn();
    const consoleError = vi.spyOn(console, "error");
    await act(async () => {
      hydrateRoot(container, <Stub initialEntries={["/"]} />, {
        onRecoverableError: recoverable,
      });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    expect(container.querySelector("a")!.getAttribute("href")).toBe("/consultation?utm_source=a");
    container.remove();
  });
});
