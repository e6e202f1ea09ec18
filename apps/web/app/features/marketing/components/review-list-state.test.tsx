import { render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useRootStore } from "../../../stores/root-store";
import { json, mockFetch } from "../../../test/fetch-mock";
import { ReviewBrowser, storedPageFor } from "./review-browser";

afterEach(() => {
  vi.unstubAllGlobals();
  useRootStore.getState().reset();
});

const REVIEW = {
  id: "1",
  year: 2026,
  subject: "수학",
  authorLabel: "고1 학생",
  title: "수학이 재밌어졌어요",
  body: "본문이에요.",
  rating: 5,
  score: 9,
  verified: true,
  createdAt: "2026-10-01T01:00:00.000Z",
};

function renderAt(entry: string) {
  const Stub = createRoutesStub([{ path: "/review", Component: ReviewBrowser }]);
  return render(<Stub initialEntries={[entry]} />);
}

// SPEC.md §3: the review list state (data, total pages, current page, year and subject filters)
// is used, not only declared (issue #20).
describe("the review list in the root store", () => {
  it("keeps the list shown with its pages and filters", async () => {
    mockFetch({
      "POST /marketing/graphql": () =>
        json({
          data: {
            reviews: { data: [REVIEW], totalCount: 1, totalPages: 1, currentPage: 1 },
            reviewFacets: { years: [2026], subjects: ["수학"] },
          },
        }),
    });
    renderAt("/review?year=2026&subject=수학");
    await screen.findByText("수학이 재밌어졌어요");
    await waitFor(() =>
      expect(useRootStore.getState().review).toMatchObject({
        totalPages: 1,
        currentPage: 1,
        year: "2026",
        subject: "수학",
      }),
    );
    expect(useRootStore.getState().review.data).toHaveLength(1);
  });

  it("shows the stored list at once when coming back to the same page, while it loads again", async () => {
    useRootStore.getState().setReview({
      data: [REVIEW],
      totalPages: 2,
      currentPage: 1,
      year: null,
      subject: null,
    });
    mockFetch({ "POST /marketing/graphql": () => new Promise<Response>(() => undefined) });
    renderAt("/review");
    expect(await screen.findByText("수학이 재밌어졌어요")).toBeTruthy();
    expect(storedPageFor(useRootStore.getState().review, { page: 2 })).toBeNull();
    expect(storedPageFor(useRootStore.getState().review, { page: 1, year: 2026 })).toBeNull();
  });
});
