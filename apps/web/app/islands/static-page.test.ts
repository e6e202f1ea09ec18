import { UTM_STORAGE_KEY } from "@seoltab/domain";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FLOATING_CTA_LABEL, FLOATING_CTA_LABEL_WIDE } from "../components/marketing/floating-cta";
import {
  pushedEvents,
  resetMarketingAnalytics,
  setAppConfigBlock,
} from "../features/marketing-analytics/test-helpers";
import { captureUtm } from "../lib/utm-session";
import { ROOT_STORE_KEY } from "../stores/persisted-root";
import { initBusinessInfo } from "./business-info";
import { consultationHref, initFloatingCta } from "./floating-cta";
import { closeAllModalsForTests } from "./modal";
import { initShareButtons } from "./share-button";
import { initSiteHeader } from "./site-header";
import { initSkipLink } from "./skip-link";
import { showStaticPage } from "./test-page";

/*
 * The islands on the static markup of real marketing pages (test-page.tsx renders it as the
 * build does): what a person can do on a marketing page without React.
 */

afterEach(() => {
  closeAllModalsForTests();
  resetMarketingAnalytics();
  vi.restoreAllMocks();
  document.body.innerHTML = "";
  window.history.replaceState(null, "", "/");
});

const cta = () => screen.getByTestId("floating-cta");

describe("floating consultation button (SPEC.md §1-2)", () => {
  it("is a link to /consultation in the static page, with both labels and a '>'", () => {
    showStaticPage("/smart");
    expect(cta().tagName).toBe("A");
    expect(cta().getAttribute("href")).toBe("/consultation");
    expect(cta().textContent).toBe(`${FLOATING_CTA_LABEL}${FLOATING_CTA_LABEL_WIDE} >`);
    expect(FLOATING_CTA_LABEL).toBe("지금 상담 신청하고 무료 체험 혜택 받기");
    expect(cta().querySelector(".floating-cta__label--narrow")?.textContent).toBe(
      FLOATING_CTA_LABEL,
    );
    expect(cta().querySelector(".floating-cta__label--wide")?.textContent).toBe(
      FLOATING_CTA_LABEL_WIDE,
    );
  });

  it("carries the session's first UTM values, and values stored later", () => {
    sessionStorage.setItem(
      UTM_STORAGE_KEY,
      JSON.stringify({ utm_source: "a", utm_campaign: "winter" }),
    );
    showStaticPage("/smart");
    initFloatingCta();
    expect(cta().getAttribute("href")).toBe("/consultation?utm_campaign=winter&utm_source=a");

    sessionStorage.clear();
    resetMarketingAnalytics();
    showStaticPage("/");
    initFloatingCta();
    expect(cta().getAttribute("href")).toBe("/consultation");
    captureUtm("?utm_source=b&utm_medium=later");
    expect(cta().getAttribute("href")).toBe("/consultation?utm_medium=later&utm_source=b");
  });

  it("uses the configured consultation address", () => {
    setAppConfigBlock({ consultationUrl: "https://consult.example.com/apply?ref=site#form" });
    sessionStorage.setItem(UTM_STORAGE_KEY, JSON.stringify({ utm_source: "naver" }));
    showStaticPage("/");
    initFloatingCta();
    expect(cta().getAttribute("href")).toBe(
      "https://consult.example.com/apply?ref=site&utm_source=naver#form",
    );
  });

  it("a click pushes { event: 'click-floating-cta' } once", async () => {
    const user = userEvent.setup();
    showStaticPage("/smart");
    initFloatingCta();
    // happy-dom does not navigate; the push happens before the browser would follow the link.
    cta().addEventListener("click", (event) => event.preventDefault());
    await user.click(cta());
    expect(window.dataLayer).toContainEqual({ event: "click-floating-cta" });
    expect(pushedEvents().filter((e) => e === "click-floating-cta")).toHaveLength(1);
  });

  it("consultationHref appends the values with appendUtm", () => {
    expect(consultationHref("/consultation", {})).toBe("/consultation");
    expect(consultationHref("/consultation", { utm_term: "수학 과외" })).toBe(
      "/consultation?utm_term=%EC%88%98%ED%95%99%20%EA%B3%BC%EC%99%B8",
    );
  });
});

describe("header", () => {
  it("opens the page menu from its button and closes it with Escape", async () => {
    const user = userEvent.setup();
    showStaticPage("/");
    initSiteHeader();
    const button = screen.getByRole("button", { name: "메뉴 열기" });
    const nav = screen.getByRole("navigation", { name: "주요 메뉴" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    await user.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(nav.dataset.open).toBe("true");
    expect(button.textContent).toContain("메뉴 닫기");
    expect(button.querySelector("path")?.getAttribute("d")).toBe("M6 6l12 12M18 6L6 18");

    await user.keyboard("{Escape}");
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(nav.dataset.open).toBe("false");
    expect(button.textContent).toContain("메뉴 열기");
    expect(document.activeElement).toBe(button);
  });

  it("links to sign-in, or to the app when the persisted auth flag is set", () => {
    showStaticPage("/smart");
    initSiteHeader();
    expect(screen.getByRole("link", { name: "로그인" }).getAttribute("href")).toBe("/sign_in");

    localStorage.setItem(
      ROOT_STORE_KEY,
      JSON.stringify({ state: { auth: { flag: true } }, version: 0 }),
    );
    showStaticPage("/smart");
    initSiteHeader();
    expect(screen.getByRole("link", { name: "내 학습 공간" }).getAttribute("href")).toBe("/_app");
  });

  it("ignores an unreadable persisted state", () => {
    localStorage.setItem(ROOT_STORE_KEY, "{not json");
    showStaticPage("/smart");
    initSiteHeader();
    expect(screen.getByRole("link", { name: "로그인" })).toBeTruthy();
  });
});

describe("skip link", () => {
  it("moves focus to the main content without changing the address", async () => {
    const user = userEvent.setup();
    showStaticPage("/smart");
    initSkipLink();
    await user.click(screen.getByRole("link", { name: "본문 바로가기" }));
    expect(document.activeElement?.id).toBe("main-content");
    expect(window.location.hash).toBe("");
  });
});

describe("business information (modals of SPEC.md §2)", () => {
  it("opens business info, then the refund policy stacked on top of it", async () => {
    const user = userEvent.setup();
    showStaticPage("/");
    initBusinessInfo();
    const opener = screen.getByRole("button", { name: "사업자 정보" });
    await user.click(opener);
    const info = screen.getByRole("dialog", { name: "사업자 정보" });
    expect(within(info).getByText("주식회사 오누이")).toBeTruthy();
    expect(info.style.width).toBe("328px");
    expect(document.activeElement).toBe(
      within(info).getByRole("button", { name: "환불 규정 보기" }),
    );

    await user.click(within(info).getByRole("button", { name: "환불 규정 보기" }));
    const refund = screen.getByRole("dialog", { name: "환불 규정" });
    expect(within(refund).getByText(/1개월이 지나지 않았다면 화면에서 바로 환불/)).toBeTruthy();
    expect(screen.getAllByTestId("modal-backdrop")).toHaveLength(2);
    expect(document.body.style.overflow).toBe("hidden");
    expect((info.parentElement as HTMLElement).inert).toBe(true);

    await user.click(screen.getAllByTestId("modal-backdrop")[1] as HTMLElement);
    expect(screen.queryByRole("dialog", { name: "환불 규정" })).toBeNull();
    expect(screen.getByRole("dialog", { name: "사업자 정보" })).toBeTruthy();
    expect((info.parentElement as HTMLElement).inert).toBe(false);

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.body.style.overflow).toBe("");
    expect(document.activeElement).toBe(opener);
  });

  it("closes the alert with its default button and keeps Tab inside the modal", async () => {
    const user = userEvent.setup();
    showStaticPage("/smart");
    initBusinessInfo();
    await user.click(screen.getByRole("button", { name: "사업자 정보" }));
    const info = screen.getByRole("dialog", { name: "사업자 정보" });
    const [first, last] = within(info).getAllByRole("button");
    await user.tab();
    expect(document.activeElement).toBe(last);
    await user.tab();
    expect(document.activeElement).toBe(first);
    await user.click(within(info).getByRole("button", { name: "확인" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("share button", () => {
  it("copies the page address and confirms with a toast", async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    vi.spyOn(navigator, "clipboard", "get").mockReturnValue({
      writeText,
    } as unknown as Clipboard);
    showStaticPage("/");
    initShareButtons();
    await user.click(screen.getByRole("button", { name: "링크 복사" }));
    expect(writeText).toHaveBeenCalledWith(window.location.href);
    expect((await screen.findByRole("alert")).textContent).toContain("링크를 복사했어요");
  });
});
