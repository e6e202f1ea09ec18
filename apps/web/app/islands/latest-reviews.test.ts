import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ReviewCard, ReviewSkeletons } from "../components/marketing/review-card";
import type { Review } from "../features/marketing/api";
import { json, mockFetch } from "../test/fetch-mock";
import { initLatestReviews } from "./latest-reviews";
import { reviewCard, reviewSkeletons } from "./review-card";
import { fromHtml, shape, showStaticPage } from "./test-page";

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

const review = (title: string, i: number): Review => ({
  id: String(i),
  year: 2026,
  subject: "영어",
  authorLabel: "중2 학부모",
  title,
  body: "본문",
  rating: 4,
  score: null,
  verified: false,
  createdAt: "2026-09-30T01:00:00.000Z",
});

const page = (data: Review[], totalCount = data.length) =>
  json({ data: { reviews: { data, totalPages: 5, currentPage: 1, totalCount } } });

const region = () => screen.getByRole("region", { name: "최근 수강 후기" });

describe("latest reviews of /seoltab_review", () => {
  it("shows placeholders in the static page, then the three newest with a link to all", async () => {
    const { calls } = mockFetch({
      "POST /marketing/graphql": () => page(["가", "나", "다"].map(review), 14),
    });
    showStaticPage("/seoltab_review");
    expect(region().querySelectorAll(".review-card--skeleton")).toHaveLength(3);
    expect(within(region()).getByRole("status").textContent).toBe("최근 후기를 불러오는 중이에요.");
    await initLatestReviews();
    expect(calls[0]?.body).toMatchObject({ variables: { page: 1, pageSize: 3 } });
    expect(within(region()).getAllByRole("article")).toHaveLength(3);
    expect(within(region()).getAllByText("2026년 9월 30일")).toHaveLength(3);
    expect(within(region()).getAllByRole("img", { name: "별점 5점 만점에 4점" })).toHaveLength(3);
    expect(region().querySelector(".latest-reviews")?.getAttribute("aria-busy")).toBe("false");
    expect(
      within(region()).getByRole("link", { name: "수강 후기 전체 보기" }).getAttribute("href"),
    ).toBe("/review");
  });

  it("says so when there are no reviews yet", async () => {
    mockFetch({ "POST /marketing/graphql": () => page([]) });
    showStaticPage("/seoltab_review");
    await initLatestReviews();
    expect(within(region()).getByText("아직 등록된 후기가 없어요")).toBeTruthy();
  });

  it("shows an error with a retry, then the reviews", async () => {
    const user = userEvent.setup();
    let fail = true;
    mockFetch({
      "POST /marketing/graphql": () =>
        fail ? json({ errors: [{ message: "down" }] }, 500) : page(["가"].map(review)),
    });
    showStaticPage("/seoltab_review");
    await initLatestReviews();
    expect(within(region()).getByText("최근 후기를 불러오지 못했어요")).toBeTruthy();
    fail = false;
    await user.click(within(region()).getByRole("button", { name: "다시 시도" }));
    await waitFor(() => expect(within(region()).getAllByRole("article")).toHaveLength(1));
    expect(within(region()).getByRole("link", { name: "수강 후기 전체 보기" })).toBeTruthy();
  });

  it("builds the same review card and placeholders as the React components", () => {
    for (const r of [
      review("가", 1),
      { ...review("나", 2), rating: 2, createdAt: "not a date" },
      { ...review("다", 3), rating: 4, score: 8, verified: true },
    ]) {
      const react = fromHtml(renderToStaticMarkup(createElement(ReviewCard, { review: r })));
      expect(shape(reviewCard(r))).toEqual(shape(react.firstElementChild!));
    }
    const skeletons = fromHtml(renderToStaticMarkup(createElement(ReviewSkeletons, { count: 3 })));
    expect(shape(reviewSkeletons(3))).toEqual(shape(skeletons.firstElementChild!));
  });
});
