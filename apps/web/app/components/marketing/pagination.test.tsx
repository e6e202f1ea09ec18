import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { pageWindow, Pagination } from "./pagination";

describe("pageWindow", () => {
  it.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    // A gap of one page shows that page rather than "…".
    [2, 5, [1, 2, 3, 4, 5]],
    [2, 6, [1, 2, 3, null, 6]],
    [5, 6, [1, null, 4, 5, 6]],
    [6, 12, [1, null, 5, 6, 7, null, 12]],
    [3, 12, [1, 2, 3, 4, null, 12]],
  ])("page %i of %i → %j", (current, total, expected) => {
    expect(pageWindow(current, total)).toEqual(expected);
  });
});

describe("Pagination", () => {
  function renderAt(current: number, total: number) {
    const Stub = createRoutesStub([
      {
        path: "/review",
        Component: () => (
          <Pagination
            label="후기 페이지"
            current={current}
            total={total}
            searchFor={(p) => (p > 1 ? `?year=2026&page=${p}` : "?year=2026")}
          />
        ),
      },
    ]);
    return render(<Stub initialEntries={["/review"]} />);
  }

  it("links every other page, keeping the filter, and marks the current one", () => {
    renderAt(2, 3);
    const nav = screen.getByRole("navigation", { name: "후기 페이지" });
    expect(within(nav).getByRole("link", { name: "이전 페이지" }).getAttribute("href")).toBe(
      "/review?year=2026",
    );
    expect(within(nav).getByRole("link", { name: "3 페이지" }).getAttribute("href")).toBe(
      "/review?year=2026&page=3",
    );
    expect(nav.querySelector('[aria-current="page"]')?.textContent).toBe("현재 2 페이지");
  });

  it("disables the step links at the ends and hides itself for one page", () => {
    const { unmount } = renderAt(1, 2);
    expect(screen.queryByRole("link", { name: "이전 페이지" })).toBeNull();
    expect(screen.getByText("이전").getAttribute("aria-disabled")).toBe("true");
    unmount();
    renderAt(1, 1);
    expect(screen.queryByRole("navigation")).toBeNull();
  });
});
