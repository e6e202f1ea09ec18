import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useRootStore } from "../../../stores/root-store";
import { json, mockFetch, type RecordedCall } from "../../../test/fetch-mock";
import { parseReviewFilter, ReviewBrowser, reviewSearch } from "./review-browser";

afterEach(() => {
  vi.unstubAllGlobals();
  // The last list shown stays in the root store (SPEC.md §3): each test starts without one.
  useRootStore.getState().reset();
});

const YEARS = [2026, 2025];
const SUBJECTS = ["국어", "수학"];

/** A fake backend: 8 reviews in 2026 (3 math), 2 in 2025 (no Korean). */
const ALL = [
  ...Array.from({ length: 8 }, (_, i) => ({ year: 2026, subject: i < 3 ? "수학" : "국어" })),
  { year: 2025, subject: "수학" },
  { year: 2025, subject: "수학" },
].map((r, i) => ({
  id: String(i + 1),
  ...r,
  authorLabel: `고${(i % 3) + 1} 학생`,
  title: `후기 ${i + 1}`,
  body: "본문이에요.",
  rating: 4,
  score: 8,
  verified: true,
  createdAt: "2026-10-01T01:00:00.000Z",
}));

function backend(call: RecordedCall) {
  const { variables, query } = call.body as {
    query: string;
    variables: { page: number; pageSize: number; year: number | null; subject: string | null };
  };
  const matching = ALL.filter(
    (r) =>
      (variables.year === null || r.year === variables.year) &&
      (variables.subject === null || r.subject === variables.subject),
  );
  const start = (variables.page - 1) * variables.pageSize;
  return json({
    data: {
      reviews: {
        data: matching.slice(start, start + variables.pageSize),
        totalCount: matching.length,
        totalPages: Math.max(1, Math.ceil(matching.length / variables.pageSize)),
        currentPage: variables.page,
      },
      ...(query.includes("reviewFacets")
        ? { reviewFacets: { years: YEARS, subjects: SUBJECTS } }
        : {}),
    },
  });
}

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname + location.search}</output>;
}

function renderAt(entry: string) {
  const Stub = createRoutesStub([
    {
      path: "/review",
      Component: () => (
        <>
          <ReviewBrowser />
          <Address />
        </>
      ),
    },
  ]);
  return render(<Stub initialEntries={[entry]} />);
}

const titles = () =>
  screen.queryAllByRole("article").map((a) => within(a).getByRole("heading").textContent);
const address = () => screen.getByTestId("address").textContent;

describe("review filter in the address", () => {
  it.each([
    ["", { page: 1 }],
    ["?page=3&year=2025&subject=수학", { page: 3, year: 2025, subject: "수학" }],
    ["?page=0&year=1999&subject=%20", { page: 1 }],
    ["?page=abc&year=20x6", { page: 1 }],
  ])("%s", (search, filter) => {
    expect(parseReviewFilter(new URLSearchParams(search))).toEqual(filter);
  });

  it("writes only what is set", () => {
    expect(reviewSearch({ page: 1 })).toBe("");
    expect(reviewSearch({ page: 2, year: 2026, subject: "수학" })).toBe(
      `?year=2026&subject=${encodeURIComponent("수학")}&page=2`,
    );
  });
});

describe("ReviewBrowser", () => {
  it("loads the first page with the filter choices, then pages and filters", async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({ "POST /marketing/graphql": backend });
    renderAt("/review");
    await waitFor(() => expect(titles()).toHaveLength(6));
    expect(screen.getByText("총 10개의 후기 · 2페이지 중 1페이지")).toBeTruthy();
    expect(
      within(screen.getByLabelText("작성 연도"))
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["전체 연도", "2026년", "2025년"]);

    await user.click(screen.getByRole("link", { name: "2 페이지" }));
    await waitFor(() => expect(titles()).toEqual(["후기 7", "후기 8", "후기 9", "후기 10"]));
    expect(address()).toBe("/review?page=2");

    await user.selectOptions(screen.getByLabelText("작성 연도"), "2026");
    await waitFor(() => expect(address()).toBe("/review?year=2026"));
    await user.selectOptions(screen.getByLabelText("과목"), "수학");
    await waitFor(() => expect(titles()).toEqual(["후기 1", "후기 2", "후기 3"]));
    expect(address()).toBe(`/review?year=2026&subject=${encodeURIComponent("수학")}`);
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("2026년 수학 수강 후기");
    expect(screen.queryByRole("navigation", { name: "후기 페이지" })).toBeNull();
    expect(calls.at(-1)?.body).toMatchObject({
      variables: { page: 1, pageSize: 6, year: 2026, subject: "수학" },
    });
  });

  it("shows the empty state with a way back to every review", async () => {
    const user = userEvent.setup();
    mockFetch({ "POST /marketing/graphql": backend });
    renderAt(`/review?year=2025&subject=${encodeURIComponent("국어")}`);
    expect(await screen.findByText("조건에 맞는 후기가 아직 없어요")).toBeTruthy();
    const box = screen.getByText("조건에 맞는 후기가 아직 없어요").parentElement as HTMLElement;
    await user.click(within(box).getByRole("button", { name: "필터 초기화" }));
    await waitFor(() => expect(titles()).toHaveLength(6));
    expect(address()).toBe("/review");
  });

  it("shows placeholders while loading, an error with a retry, then the reviews", async () => {
    const user = userEvent.setup();
    let fail = true;
    mockFetch({
      "POST /marketing/graphql": (call) =>
        fail ? json({ errors: [{ message: "down" }] }, 500) : backend(call),
    });
    renderAt("/review");
    expect(screen.getByText("후기를 불러오는 중이에요.")).toBeTruthy();
    expect(document.querySelectorAll(".review-card--skeleton")).toHaveLength(6);
    expect(await screen.findByText("후기를 불러오지 못했어요")).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole("button", { name: "다시 시도" }));
    await waitFor(() => expect(titles()).toHaveLength(6));
  });
});
