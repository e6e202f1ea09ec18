import { render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, mockFetch } from "../../../test/fetch-mock";
import { LatestReviews } from "./latest-reviews";

afterEach(() => vi.unstubAllGlobals());

function renderIt() {
  const Stub = createRoutesStub([{ path: "/", Component: LatestReviews }]);
  return render(<Stub />);
}

describe("LatestReviews", () => {
  it("asks for the three newest and shows them with a link to all reviews", async () => {
    const { calls } = mockFetch({
      "POST /marketing/graphql": () =>
        json({
          data: {
            reviews: {
              data: ["가", "나", "다"].map((t, i) => ({
                id: String(i),
                year: 2026,
                subject: "영어",
                authorLabel: "중2 학부모",
                title: t,
                body: "본문",
                rating: 5,
                createdAt: "2026-09-30T01:00:00.000Z",
              })),
              totalPages: 5,
              currentPage: 1,
              totalCount: 14,
            },
          },
        }),
    });
    renderIt();
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(3));
    expect(calls[0]?.body).toMatchObject({ variables: { page: 1, pageSize: 3 } });
    expect(screen.getAllByText("2026년 9월 30일")).toHaveLength(3);
    expect(screen.getAllByRole("img", { name: "별점 5점 만점에 5점" })).toHaveLength(3);
    expect(screen.getByRole("link", { name: "수강 후기 전체 보기" }).getAttribute("href")).toBe(
      "/review",
    );
  });

  it("says so when there are no reviews yet", async () => {
    mockFetch({
      "POST /marketing/graphql": () =>
        json({ data: { reviews: { data: [], totalPages: 1, currentPage: 1, totalCount: 0 } } }),
    });
    renderIt();
    expect(await screen.findByText("아직 등록된 후기가 없어요")).toBeTruthy();
  });
});
