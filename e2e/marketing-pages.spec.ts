/**
 * The public pages of issue #6 against the real server (local mode, demo reviews seeded):
 * prerendered content, titles and canonical URLs without JavaScript; sitemap.xml and robots.txt;
 * no axe-core violations at 360 and 1280 px (with a screenshot of every page at both widths);
 * the review list's filters, pages, empty and error states; the latest reviews; the FAQ by
 * category; fees and periods of the winter pages; the 설BTI quiz; the share toast.
 */
import {
  ERROR_PAGE_PATHS,
  MARKETING_PATHS,
  PRERENDERED_PATHS,
  PRODUCT_PAGE_PATHS,
} from "@seoltab/domain";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, screenshot, VIEWPORTS } from "./support/browser.ts";
import { axeViolations } from "./support/api.ts";
import { startServer, type RunningServer } from "./support/server.ts";

/** The origin the build wrote into canonical URLs and the sitemap (SITE_ORIGIN at build). */
const ORIGIN = process.env.SITE_ORIGIN ?? "https://www.seoltab.com";

/** Pages built in this area: each with words of its h1 and of its body. */
const PAGES: Record<string, { h1: string; text: string[] }> = {
  "/": { h1: "자기주도", text: ["수학", "선생님 매칭", "설탭 알아보기"] },
  "/index": { h1: "자기주도", text: ["수학", "선생님 매칭"] },
  "/smart": { h1: "1:1 수업", text: ["한 번의 수업", "수업에 필요한 것"] },
  "/smart_content": { h1: "수업 밖에서도", text: ["설탭 교재"] },
  "/examination": { h1: "입시 전략", text: ["학생부 분석", "무료 체험"] },
  "/seoltab_review": { h1: "이야기", text: ["최근 수강 후기", "후기는 이렇게 모아요"] },
  "/seoltab_faq_st": { h1: "먼저 확인", text: ["결제·환불", "환불은 어떻게 하나요?"] },
  "/enrollment": { h1: "수강 신청 안내", text: ["12개월", "5% 할인"] },
  "/promotion/winter": {
    h1: "겨울방학",
    text: ["2026년 11월 23일(월) ~ 2026년 12월 31일(목)", "169,000원", "239,000원"],
  },
  "/promotion/winter/basicschool": {
    h1: "초등학생 겨울방학 수업",
    text: ["2026년 12월 28일(월) ~ 2027년 2월 26일(금)", "338,000원", "169,000원"],
  },
  "/promotion/winter/specialschool": {
    h1: "특목고·자사고 겨울방학 수업",
    text: ["478,000원", "239,000원", "특목고·자사고 8주 과정 신청하기"],
  },
  "/review": { h1: "후기", text: ["작성 연도", "과목"] },
  "/examination_event": { h1: "무료 체험", text: ["2026년 12월 1일(화) ~ 2027년 1월 31일(일)"] },
  "/service_introduction": { h1: "공부를 도와요", text: ["결제와 관리", "제2외국어"] },
  "/philosophy": { h1: "혼자 공부하는 시간", text: ["네 가지 원칙"] },
  "/ai_diagnosis": { h1: "막혀 있는지", text: ["단원별 이해도", "보장하지 않아요"] },
  "/seolbti": { h1: "가장 잘될까", text: ["Q1.", "차근차근 설계자형"] },
};

/** Every public page: marketing, product (with the consultation form) and the error pages. */
const PUBLIC_PATHS = [...PRERENDERED_PATHS];

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Asks the marketing backend directly, to compare the page with what it serves. */
async function graphql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await fetch(`${server.url}/marketing/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data: T };
  return body.data;
}

async function reviewTotal(filter: { year?: number; subject?: string } = {}): Promise<number> {
  const data = await graphql<{ reviews: { totalCount: number } }>(
    "query($year: Int, $subject: String) { reviews(year: $year, subject: $subject) { totalCount } }",
    filter,
  );
  return data.reviews.totalCount;
}

const cards = (page: Page) => page.locator("main .review-list:not([aria-hidden]) .review-card");

describe("prerendered public pages", () => {
  it("has every page of this area in the list of prerendered paths", () => {
    const publicPaths = [...MARKETING_PATHS, ...PRODUCT_PAGE_PATHS].filter(
      (p) => p !== "/consultation",
    );
    expect(Object.keys(PAGES).sort()).toEqual([...publicPaths].sort());
  });

  it("serves each page's text, title, description, canonical URL and Open Graph without JavaScript", async () => {
    const { page, close } = await openPage(browser, {
      javaScriptEnabled: false,
      viewport: VIEWPORTS.phone,
    });
    const titles = new Map<string, string>();
    for (const [path, expected] of Object.entries(PAGES)) {
      const res = await page.goto(`${server.url}${path}`);
      expect(res?.status(), path).toBe(200);
      expect(await page.locator("h1").count(), path).toBe(1);
      expect(await page.locator("h1").innerText(), path).toContain(expected.h1);
      const text = await page.locator("main").innerText();
      for (const words of expected.text) expect(text, `${path}: ${words}`).toContain(words);
      expect(text, path).not.toMatch(/준비 ?중|lorem|TODO|undefined|NaN/i);

      const title = await page.title();
      expect(title, path).toMatch(/설탭|자기주도/);
      if (path !== "/index") titles.set(path, title);
      const canonical = `${ORIGIN}${path === "/index" ? "/" : path}`;
      expect(await page.locator('link[rel="canonical"]').getAttribute("href"), path).toBe(
        canonical,
      );
      const meta = (selector: string) => page.locator(selector).getAttribute("content");
      expect((await meta('meta[name="description"]'))?.length, path).toBeGreaterThan(30);
      expect(await meta('meta[property="og:url"]'), path).toBe(canonical);
      expect(await meta('meta[property="og:title"]'), path).toBe(title);
      expect(await meta('meta[property="og:image"]'), path).toBe(`${ORIGIN}/og-image.jpg`);
      expect(await page.locator('meta[name="robots"]').count(), path).toBe(0);
    }
    expect(new Set(titles.values()).size).toBe(titles.size);
    await close();
  });

  it("keeps the error pages out of search results", async () => {
    for (const path of ["/404", "/500", "/no/such/page"]) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      expect(html, path).toContain('<meta name="robots" content="noindex"/>');
    }
  });

  it("serves the Open Graph image", async () => {
    const res = await fetch(`${server.url}/og-image.jpg`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
  });
});

describe("sitemap.xml and robots.txt", () => {
  it("lists every prerendered public page but the error pages and the /index alias", async () => {
    const res = await fetch(`${server.url}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("xml");
    const xml = await res.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const errors: readonly string[] = ERROR_PAGE_PATHS;
    const expected = PRERENDERED_PATHS.filter((p) => !errors.includes(p) && p !== "/index").map(
      (p) => `${ORIGIN}${p}`,
    );
    expect(locs).toEqual(expected);
  });

  it("allows everything but the app and account pages, and points at the sitemap", async () => {
    const res = await fetch(`${server.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const lines = (await res.text()).split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Allow: /");
    for (const path of ["/_app", "/accounts", "/sign_in", "/JoinPage", "/parent_sign_in"]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(lines.filter((l) => l.startsWith("Disallow:"))).toHaveLength(5);
  });
});

describe("accessibility and layout of every public page", () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`has no axe-core violations and fits the screen at ${viewport.width} px (screenshots)`, async () => {
      const { page, errors, close } = await openPage(browser, { viewport });
      const failures: string[] = [];
      for (const path of [...PUBLIC_PATHS, "/no/such/page"]) {
        await page.goto(`${server.url}${path}`, { waitUntil: "networkidle" });
        if (path === "/review" || path === "/seoltab_review") await cards(page).first().waitFor();
        for (const violation of await axeViolations(page)) failures.push(`${path}: ${violation}`);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        if (overflow > 0) failures.push(`${path}: ${overflow} px wider than the screen`);
        const file = path === "/" ? "home" : path.slice(1).replaceAll("/", "-");
        await screenshot(page, `page-${file}-${name}`);
      }
      expect(failures).toEqual([]);
      // The /404 document itself answers 404; the browser logs that as an error.
      expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
      await close();
      // Every public page with axe and a full-page screenshot: past 90 s on a loaded machine.
    }, 240_000);
  }
});

describe("/review", () => {
  it("pages through every review and filters by year and subject, in the address too", async () => {
    const { page, errors, close } = await openPage(browser, { viewport: VIEWPORTS.desktop });
    const total = await reviewTotal();
    const pages = Math.ceil(total / 6);
    expect(total).toBeGreaterThan(12);

    await page.goto(`${server.url}/review`, { waitUntil: "networkidle" });
    await expect.poll(() => cards(page).count()).toBe(6);
    await expect
      .poll(() => page.locator(".review-browser__summary").innerText())
      .toBe(`총 ${total}개의 후기 · ${pages}페이지 중 1페이지`);
    const firstTitle = await cards(page).first().locator("h3").innerText();

    const nav = page.getByRole("navigation", { name: "후기 페이지" });
    await nav.getByRole("link", { name: "2 페이지" }).click();
    await page.waitForURL(/\/review\?page=2$/);
    await expect.poll(() => nav.locator('[aria-current="page"]').innerText()).toContain("2");
    await expect.poll(() => cards(page).first().locator("h3").innerText()).not.toBe(firstTitle);

    await nav.getByRole("link", { name: "다음 페이지" }).click();
    await page.waitForURL(new RegExp(`page=${Math.min(3, pages)}$`));
    if (pages === 3) await expect.poll(() => cards(page).count()).toBe(total - 12);

    // Year filter: back to page 1, only that year.
    const year2025 = await reviewTotal({ year: 2025 });
    await page.getByLabel("작성 연도").selectOption("2025");
    await page.waitForURL(/\/review\?year=2025$/);
    await expect.poll(() => cards(page).count()).toBe(Math.min(6, year2025));
    for (const tag of await cards(page).locator(".review-card__tag--plain").allInnerTexts()) {
      expect(tag).toBe("2025년");
    }

    // Subject on top of it.
    const math2025 = await reviewTotal({ year: 2025, subject: "수학" });
    await page.getByLabel("과목").selectOption("수학");
    await page.waitForURL(/year=2025&subject=%EC%88%98%ED%95%99$/);
    await expect.poll(() => cards(page).count()).toBe(math2025);
    expect(await page.locator("#review-results-title").innerText()).toBe("2025년 수학 수강 후기");

    // The back button returns to the year-only list.
    await page.goBack();
    await page.waitForURL(/\/review\?year=2025$/);
    await expect.poll(() => page.getByLabel("과목").inputValue()).toBe("");
    await expect.poll(() => cards(page).count()).toBe(Math.min(6, year2025));

    // A combination without reviews: the empty state, and a way out.
    expect(await reviewTotal({ year: 2024, subject: "국어" })).toBe(0);
    await page.goto(`${server.url}/review?year=2024&subject=국어`, { waitUntil: "networkidle" });
    await page.getByText("조건에 맞는 후기가 아직 없어요").waitFor();
    await page.locator(".state-box").getByRole("button", { name: "필터 초기화" }).click();
    await page.waitForURL(/\/review$/);
    await expect.poll(() => cards(page).count()).toBe(6);
    expect(errors).toEqual([]);
    await close();
  });

  it("opens a filtered address directly, with the filters shown", async () => {
    const { page, errors, close } = await openPage(browser, { viewport: VIEWPORTS.phone });
    const count = await reviewTotal({ year: 2026, subject: "수학" });
    await page.goto(`${server.url}/review?year=2026&subject=${encodeURIComponent("수학")}`, {
      waitUntil: "networkidle",
    });
    await expect.poll(() => cards(page).count()).toBe(Math.min(6, count));
    expect(await page.getByLabel("작성 연도").inputValue()).toBe("2026");
    expect(await page.getByLabel("과목").inputValue()).toBe("수학");
    await screenshot(page, "review-filtered-phone");
    expect(errors).toEqual([]);
    await close();
  });

  it("shows an error with a retry when the backend fails, and recovers", async () => {
    const { page, close } = await openPage(browser, { viewport: VIEWPORTS.phone });
    await page.route("**/marketing/graphql", (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: "{}" }),
    );
    await page.goto(`${server.url}/review`);
    await page.getByText("후기를 불러오지 못했어요", { exact: true }).waitFor();
    await screenshot(page, "review-error-phone");
    await page.unroute("**/marketing/graphql");
    await page.getByRole("button", { name: "다시 시도" }).click();
    await expect.poll(() => cards(page).count()).toBe(6);
    await close();
  });
});

describe("/seoltab_review", () => {
  it("shows the newest reviews from the backend and links to all of them", async () => {
    const { page, errors, close } = await openPage(browser, { viewport: VIEWPORTS.phone });
    const newest = await graphql<{ reviews: { data: { title: string }[] } }>(
      "{ reviews(pageSize: 3) { data { title } } }",
    );
    await page.goto(`${server.url}/seoltab_review`, { waitUntil: "networkidle" });
    await expect.poll(() => cards(page).count()).toBe(3);
    expect(await cards(page).locator("h3").allInnerTexts()).toEqual(
      newest.reviews.data.map((r) => r.title),
    );
    await page
      .getByRole("region", { name: "최근 수강 후기" })
      .getByRole("link", { name: "수강 후기 전체 보기" })
      .click();
    await page.waitForURL(/\/review$/);
    await expect.poll(() => cards(page).count()).toBe(6);
    expect(errors).toEqual([]);
    await close();
  });
});

describe("/seoltab_faq_st", () => {
  const ORDER = ["수업", "선생님", "태블릿", "결제·환불", "학부모"];

  it("lists the questions by category without JavaScript", async () => {
    const { page, close } = await openPage(browser, { javaScriptEnabled: false });
    await page.goto(`${server.url}/seoltab_faq_st`);
    expect(await page.locator("main h2.faq-browser__title").allInnerTexts()).toEqual(ORDER);
    const nav = page.getByRole("navigation", { name: "질문 분류" });
    expect(await nav.getByRole("link").count()).toBe(5);
    expect(await page.locator("#faq-category-4 summary").allInnerTexts()).toContain(
      "환불은 어떻게 하나요?",
    );
    await close();
  });

  it("keeps the categories in order after refreshing them from the backend", async () => {
    const { page, errors, close } = await openPage(browser, { viewport: VIEWPORTS.desktop });
    const backend = await graphql<{ faqs: { category: string; items: { question: string }[] }[] }>(
      "{ faqs { category items { question } } }",
    );
    const answered = page.waitForResponse((r) => r.url().endsWith("/marketing/graphql"));
    await page.goto(`${server.url}/seoltab_faq_st`, { waitUntil: "networkidle" });
    await answered;
    expect(await page.locator("main h2.faq-browser__title").allInnerTexts()).toEqual(ORDER);
    for (const { category, items } of backend.faqs) {
      const section = page.locator("section.faq-browser__category", {
        has: page.getByRole("heading", { name: category, exact: true }),
      });
      expect(await section.locator("summary").allInnerTexts()).toEqual(
        items.map((i) => i.question),
      );
    }
    await page.getByRole("link", { name: /결제·환불/ }).click();
    await page.getByText("환불은 어떻게 하나요?").click();
    await page.getByText(/법정 환불 기준에 따라/).waitFor();
    await screenshot(page, "faq-open-desktop");
    expect(errors).toEqual([]);
    await close();
  });
});

describe("/seolbti", () => {
  it("names the unanswered questions, then shows the type", async () => {
    const { page, errors, close } = await openPage(browser, { viewport: VIEWPORTS.phone });
    await page.goto(`${server.url}/seolbti`, { waitUntil: "networkidle" });
    await page.getByRole("radio", { name: "과목별로 날짜를 나눠 계획표부터 만든다" }).check();
    await page.getByRole("button", { name: "결과 보기" }).click();
    expect(await page.getByRole("alert").innerText()).toBe("Q2, Q3, Q4, Q5, Q6에 답해 주세요.");
    for (const option of [
      "교과서 개념 설명부터 꼼꼼히 읽는다",
      "매일 정해진 시간에 조금씩 할 때",
      "왜 틀렸는지 원리를 다시 찾아본다",
      "받은 날 나눠서 조금씩 한다",
      "어려운 문제를 끝까지 풀어냈을 때",
    ]) {
      await page.getByRole("radio", { name: option }).check();
    }
    await page.getByRole("button", { name: "결과 보기" }).click();
    const result = page.getByRole("heading", { level: 2, name: "차근차근 설계자형" });
    await result.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      "차근차근 설계자형",
    );
    await screenshot(page, "seolbti-result-phone");
    expect(errors).toEqual([]);
    await close();
  });
});

describe("share button", () => {
  it("copies the address and confirms with a toast (the landing page's islands)", async () => {
    const { page, errors, close } = await openPage(browser, { viewport: VIEWPORTS.desktop });
    await page.goto(`${server.url}/`, { waitUntil: "networkidle" });
    expect(await page.getByRole("alert").count()).toBe(0);
    await page.getByRole("button", { name: "링크 복사" }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: /링크를 복사/ })
      .waitFor();
    expect(errors).toEqual([]);
    await close();
  });
});
