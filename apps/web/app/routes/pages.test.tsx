import { MARKETING_PATHS, PRODUCT_PAGE_PATHS, showsExtraComponent } from "@seoltab/domain";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ComponentType } from "react";
import { createRoutesStub, matchRoutes, type MetaDescriptor, type RouteObject } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import App from "../root";
import routes from "../routes";
import { canonicalUrl, SITE_ORIGIN, SITE_TAGLINE, SITE_TITLE } from "../site";
import { useRootStore } from "../stores/root-store";
import { json, mockFetch, ok } from "../test/fetch-mock";
import MarketingLayout from "./marketing-layout";
import ProductLayout from "./product-layout";

interface PageModule {
  default: ComponentType;
  meta?: (args: never) => MetaDescriptor[];
  handle?: unknown;
}

const modules = import.meta.glob<PageModule>(["./*.tsx", "!./*.test.tsx"], { eager: true });

function moduleFor(path: string): PageModule {
  const leaf = matchRoutes(routes as RouteObject[], path)?.at(-1)?.route as { file: string };
  const module = modules[`./${leaf.file.replace("routes/", "")}`];
  if (!module) throw new Error(`no module for ${path}`);
  return module;
}

/** The public pages of this layout: marketing pages and product pages (/consultation has its own). */
const PUBLIC_PATHS = [
  ...MARKETING_PATHS,
  ...PRODUCT_PAGE_PATHS.filter((p) => p !== "/consultation"),
];

function metaOf(module: PageModule, path: string) {
  const descriptors = (
    module.meta as (args: { location: { pathname: string } }) => MetaDescriptor[]
  )({ location: { pathname: path } });
  const title = descriptors.find((d): d is { title: string } => "title" in d)?.title;
  const description = descriptors.find(
    (d): d is { name: string; content: string } => "name" in d && d.name === "description",
  )?.content;
  const canonical = descriptors.find(
    (d): d is { tagName: "link"; rel: string; href: string } =>
      "tagName" in d && d.tagName === "link" && d.rel === "canonical",
  )?.href;
  const og = (property: string) =>
    descriptors.find(
      (d): d is { property: string; content: string } => "property" in d && d.property === property,
    )?.content;
  return { title, description, canonical, og };
}

/** The layout of a public page: the marketing layout (static pages) or the product layout. */
function layoutFor(path: string): ComponentType {
  const first = matchRoutes(routes as RouteObject[], path)?.[0]?.route as { file: string };
  return first.file === "routes/marketing-layout.tsx" ? MarketingLayout : ProductLayout;
}

/**
 * The page at `path` rendered by React with the root (modals, toasts) and its layout. For the
 * marketing pages that is their markup only: in the browser they are static pages whose
 * behaviour the islands add (app/islands/*.test.ts).
 */
function renderPage(path: string) {
  const page = moduleFor(path);
  const Stub = createRoutesStub([
    {
      id: "root",
      Component: App,
      children: [
        {
          Component: layoutFor(path),
          children: [{ path, Component: page.default }],
        },
        { path: "*", Component: moduleFor("/404").default },
        {
          path: "/_app",
          // The app shell (its GraphQL client serves the home's contract question).
          Component: modules["./app-shell.tsx"]!.default,
          children: [{ index: true, Component: moduleFor("/_app/x").default }],
        },
      ],
    },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

describe("marketing and product pages", () => {
  it.each(PUBLIC_PATHS.map((path) => [path]))(
    "%s has one h1, landmarks, Korean title, description, canonical URL and Open Graph",
    async (path) => {
      mockFetch({ "POST /marketing/graphql": () => json({ errors: [{ message: "offline" }] }) });
      renderPage(path);
      const main = await screen.findByRole("main");
      expect(main.id).toBe("main-content");
      expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
      expect(screen.getByRole("banner")).toBeTruthy();
      expect(screen.getByRole("contentinfo")).toBeTruthy();
      expect(screen.getByRole("navigation", { name: "주요 메뉴" })).toBeTruthy();
      expect(document.body.textContent).not.toMatch(/준비 ?중|lorem|TODO/i);
      for (const image of screen.queryAllByRole("img")) {
        expect(image.getAttribute("aria-label")).toBeTruthy();
      }
      const extra = screen.queryByRole("heading", { name: "설탭 더 알아보기" });
      expect(extra !== null).toBe(showsExtraComponent(path));

      const { title, description, canonical, og } = metaOf(moduleFor(path), path);
      if (path === "/" || path === "/index") expect(title).toBe(SITE_TITLE);
      // SPEC.md §1: the tagline is on every page, the page's name first (issue #20).
      else expect(title?.endsWith(` | 설탭 · ${SITE_TITLE}`)).toBe(true);
      expect(description?.length).toBeGreaterThan(20);
      expect(canonical).toBe(`${SITE_ORIGIN}${path === "/index" ? "/" : path}`);
      expect(og("og:url")).toBe(canonical);
      expect(og("og:title")).toBe(title);
      expect(og("og:image")).toMatch(/^https:\/\/.+\.jpg$/);
      vi.unstubAllGlobals();
    },
  );

  it("uses the production origin for canonical URLs unless SITE_ORIGIN is set at build", () => {
    expect(SITE_ORIGIN).toBe("https://www.seoltab.com");
    expect(canonicalUrl("/promotion/winter/")).toBe("https://www.seoltab.com/promotion/winter");
  });

  it("titles the landing page with the tagline, which is also its h1", async () => {
    renderPage("/");
    expect(metaOf(moduleFor("/"), "/").title).toBe(SITE_TITLE);
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe(SITE_TAGLINE);
  });

  it("gives every page its own title", () => {
    const titles = PUBLIC_PATHS.filter((path) => path !== "/index").map(
      (path) => metaOf(moduleFor(path), path).title,
    );
    expect(new Set(titles).size).toBe(titles.length);
  });

  it("walks through subjects, the four steps and links to enrollment and the FAQ", async () => {
    renderPage("/");
    await screen.findByRole("heading", { level: 1 });
    for (const subject of ["수학", "국어", "영어", "사회", "과학", "제2외국어", "입시 컨설팅"]) {
      expect(screen.getByRole("heading", { level: 3, name: subject })).toBeTruthy();
    }
    const steps = screen.getByRole("heading", { name: /네 단계/ }).closest("section");
    const stepTitles = within(steps as HTMLElement)
      .getAllByRole("heading", { level: 3 })
      .map((heading) => heading.textContent?.replace(/^\d단계: /, ""));
    expect(stepTitles).toEqual(["상담 신청", "레벨 진단", "선생님 매칭", "태블릿 수업"]);
    expect(screen.getAllByRole("link", { name: "수강 신청하기" })[0]?.getAttribute("href")).toBe(
      "/enrollment",
    );
    expect(
      screen.getByRole("link", { name: "자주 묻는 질문 전체 보기" }).getAttribute("href"),
    ).toBe("/seoltab_faq_st");
  });
});

describe("header and footer on the pages React renders (product pages)", () => {
  // /review loads reviews once rendered; these tests do not need them.
  beforeEach(() => {
    mockFetch({ "POST /marketing/graphql": () => json({ errors: [{ message: "offline" }] }) });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("opens business info, then the refund policy stacked on top of it", async () => {
    const user = userEvent.setup();
    renderPage("/review");
    await user.click(await screen.findByRole("button", { name: "사업자 정보" }));
    const info = screen.getByRole("dialog", { name: "사업자 정보" });
    expect(within(info).getByText("주식회사 오누이")).toBeTruthy();

    await user.click(within(info).getByRole("button", { name: "환불 규정 보기" }));
    const refund = screen.getByRole("dialog", { name: "환불 규정" });
    expect(within(refund).getByText(/1개월이 지나지 않았다면 화면에서 바로 환불/)).toBeTruthy();
    expect(screen.getAllByTestId("modal-backdrop")).toHaveLength(2);
    expect(document.body.style.overflow).toBe("hidden");

    await user.click(screen.getAllByTestId("modal-backdrop")[1] as HTMLElement);
    expect(screen.queryByRole("dialog", { name: "환불 규정" })).toBeNull();
    expect(screen.getByRole("dialog", { name: "사업자 정보" })).toBeTruthy();

    await user.click(within(info).getByRole("button", { name: "확인" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.body.style.overflow).toBe("");
  });

  it("opens the page menu from its button and closes it with Escape", async () => {
    const user = userEvent.setup();
    renderPage("/review");
    const button = await screen.findByRole("button", { name: "메뉴 열기" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    await user.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(button.textContent).toContain("메뉴 닫기");

    await user.keyboard("{Escape}");
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(button);
  });

  it("links the header to sign-in, or to the app once signed in (persisted auth)", async () => {
    const { unmount } = renderPage("/review");
    expect((await screen.findByRole("link", { name: "로그인" })).getAttribute("href")).toBe(
      "/sign_in",
    );
    unmount();

    useRootStore.getState().setAuth({ flag: true });
    renderPage("/review");
    expect((await screen.findByRole("link", { name: "내 학습 공간" })).getAttribute("href")).toBe(
      "/_app",
    );
    useRootStore.getState().reset();
  });
});

describe("status and app pages", () => {
  it("shows the not-found page with ways back at an unknown path", async () => {
    renderPage("/no/such/page");
    expect(
      await screen.findByRole("heading", { level: 1, name: "페이지를 찾을 수 없어요" }),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: "홈으로" }).getAttribute("href")).toBe("/");
    expect(screen.getByRole("button", { name: "이전 페이지" })).toBeTruthy();
  });

  it("tells a signed-out visitor of /_app to sign in", async () => {
    renderPage("/_app");
    expect(
      await screen.findByRole("heading", { level: 1, name: "로그인 후 이용할 수 있어요" }),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: "로그인하기" }).getAttribute("href")).toBe("/sign_in");
  });

  it("shows the stored account in /_app when auth was restored, and refreshes its user info", async () => {
    const { calls } = mockFetch({
      "POST /main/getUserInfo": () => ok({ USER_NO: 3, PHONE: "010-****-0001", LECTURE_INFO: [] }),
    });
    useRootStore.getState().setAuth({
      flag: true,
      data: { token: "t", EMAIL_ID: "student@example.com", USER_NO: 3, USER_TYPE: "STUDENT" },
    });
    renderPage("/_app");
    expect(
      await screen.findByRole("heading", { level: 1, name: "student@example.com님, 반가워요" }),
    ).toBeTruthy();
    expect(await screen.findByText("010-****-0001")).toBeTruthy();
    expect(calls.find((c) => c.url === "/main/getUserInfo")).toMatchObject({
      body: { USER_NO: 3 },
    });
    useRootStore.getState().reset();
    vi.unstubAllGlobals();
  });
});
