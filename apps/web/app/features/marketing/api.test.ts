import { afterEach, describe, expect, it, vi } from "vitest";
import { json, mockFetch } from "../../test/fetch-mock";
import { fetchFaqs, fetchReviews, MarketingApiError } from "./api";

const review = {
  id: "7",
  year: 2026,
  subject: "수학",
  authorLabel: "고2 김*준 학생",
  title: "풀이가 보여요",
  body: "본문",
  rating: 5,
  score: 9,
  verified: true,
  createdAt: "2026-10-28T01:00:00.000Z",
};

afterEach(() => vi.unstubAllGlobals());

describe("fetchReviews", () => {
  it("asks /marketing/graphql with plain fetch, no credentials, and the filter as variables", async () => {
    const { calls } = mockFetch({
      "POST /marketing/graphql": () =>
        json({
          data: {
            reviews: { data: [review], totalPages: 2, currentPage: 1, totalCount: 7 },
            reviewFacets: { years: [2026, 2025], subjects: ["수학"] },
          },
        }),
    });
    const result = await fetchReviews(
      { page: 1, pageSize: 6, year: 2026, subject: "수학" },
      { withFacets: true },
    );
    expect(result).toEqual({
      page: { data: [review], totalPages: 2, currentPage: 1, totalCount: 7 },
      facets: { years: [2026, 2025], subjects: ["수학"] },
    });
    const call = calls[0];
    expect(call?.credentials).toBe("omit");
    expect(call?.body).toMatchObject({
      variables: { page: 1, pageSize: 6, year: 2026, subject: "수학" },
    });
    const query = (call?.body as { query: string }).query;
    expect(query).toContain("reviewFacets { years subjects }");
    expect(query).not.toContain("@include");
  });

  it("leaves the facets out unless asked, and sends null for no filter", async () => {
    const { calls } = mockFetch({
      "POST /marketing/graphql": () =>
        json({ data: { reviews: { data: [], totalPages: 1, currentPage: 1, totalCount: 0 } } }),
    });
    const result = await fetchReviews({ page: 1, pageSize: 3 });
    expect(result.facets).toBeNull();
    const body = calls[0]?.body as { query: string; variables: Record<string, unknown> };
    expect(body.query).not.toContain("reviewFacets");
    expect(body.variables).toEqual({ page: 1, pageSize: 3, year: null, subject: null });
  });

  it.each([
    ["a GraphQL error", () => json({ data: null, errors: [{ message: "bad" }] }, 400)],
    ["an HTTP error", () => json({}, 503)],
    ["a malformed review", () => json({ data: { reviews: { data: [{ id: 1 }] } } })],
    ["a body that is not JSON", () => new Response("<html>", { status: 200 })],
  ])("fails with MarketingApiError on %s", async (_name, handler) => {
    mockFetch({ "POST /marketing/graphql": handler });
    await expect(fetchReviews({ page: 1, pageSize: 6 })).rejects.toBeInstanceOf(MarketingApiError);
  });

  it("fails with MarketingApiError when the network is down", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))),
    );
    await expect(fetchReviews({ page: 1, pageSize: 6 })).rejects.toBeInstanceOf(MarketingApiError);
  });
});

describe("fetchFaqs", () => {
  it("returns the categories with their questions, ids as strings", async () => {
    mockFetch({
      "POST /marketing/graphql": () =>
        json({
          data: {
            faqs: [{ category: "수업", items: [{ id: 1, question: "질문?", answer: "답" }] }],
          },
        }),
    });
    expect(await fetchFaqs()).toEqual([
      { category: "수업", items: [{ id: "1", question: "질문?", answer: "답" }] },
    ]);
  });

  it("refuses an unexpected shape", async () => {
    mockFetch({ "POST /marketing/graphql": () => json({ data: { faqs: [{ category: 3 }] } }) });
    await expect(fetchFaqs()).rejects.toBeInstanceOf(MarketingApiError);
  });
});
