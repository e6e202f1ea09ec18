import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/test-app.ts";
import { DEMO_REVIEWS } from "./marketing.seed.ts";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 60_000);
afterAll(() => t.close());

async function query(q: string, variables: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: "POST",
    url: "/marketing/graphql",
    payload: { query: q, variables },
  });
  return { status: res.statusCode, body: res.json() };
}

const REVIEWS = `query ($page: Int, $pageSize: Int, $year: Int, $subject: String) {
  reviews(page: $page, pageSize: $pageSize, year: $year, subject: $subject) {
    data { id year subject authorLabel title body rating createdAt }
    totalPages currentPage totalCount
  }
}`;

describe("marketing reviews", () => {
  it("lists published reviews newest first with page totals", async () => {
    const { status, body } = await query(REVIEWS, { pageSize: 5 });
    expect(status).toBe(200);
    const page = body.data.reviews;
    expect(page.totalCount).toBeGreaterThanOrEqual(DEMO_REVIEWS.length);
    expect(page.totalPages).toBe(Math.ceil(page.totalCount / 5));
    expect(page.currentPage).toBe(1);
    expect(page.data).toHaveLength(5);
    const dates = page.data.map((r: { createdAt: string }) => r.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it("filters by year and subject", async () => {
    const { body } = await query(REVIEWS, { year: 2025, subject: "수학", pageSize: 50 });
    const expected = DEMO_REVIEWS.filter((r) => r.year === 2025 && r.subject === "수학").length;
    expect(body.data.reviews.totalCount).toBe(expected);
    for (const r of body.data.reviews.data)
      expect(r).toMatchObject({ year: 2025, subject: "수학" });
  });

  it("a page past the end is empty, with the true totals", async () => {
    const { body } = await query(REVIEWS, { page: 99 });
    expect(body.data.reviews.data).toEqual([]);
    expect(body.data.reviews.currentPage).toBe(99);
  });

  it.each([{ page: 0 }, { pageSize: 0 }, { pageSize: 51 }, { year: 1900 }])(
    "refuses %j with BAD_REQUEST and a Korean message",
    async (vars) => {
      const { body } = await query(REVIEWS, vars);
      expect(body.errors[0].extensions.classification).toBe("BAD_REQUEST");
      expect(body.errors[0].message).toMatch(/[가-힣]/);
    },
  );

  it("offers the filter values that have reviews", async () => {
    const { body } = await query("{ reviewFacets { years subjects } }");
    expect(body.data.reviewFacets.years).toEqual([2026, 2025, 2024]);
    expect(body.data.reviewFacets.subjects).toContain("수학");
  });
});

describe("marketing FAQ", () => {
  it("groups the FAQ by category in display order", async () => {
    const { body } = await query("{ faqs { category items { id question answer } } }");
    const categories = body.data.faqs.map((c: { category: string }) => c.category);
    expect(categories).toEqual(["수업", "선생님", "태블릿", "결제·환불", "학부모"]);
    const lessons = body.data.faqs.find((c: { category: string }) => c.category === "수업");
    expect(lessons.items[0].question).toBe("수업은 어떻게 진행되나요?");
  });

  it("returns one category on request, nothing for an unknown one", async () => {
    const one = await query('{ faqs(category: "태블릿") { category items { question } } }');
    expect(one.body.data.faqs).toHaveLength(1);
    const none = await query('{ faqs(category: "없는 분류") { category } }');
    expect(none.body.data.faqs).toEqual([]);
  });
});
