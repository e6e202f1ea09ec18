import { render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FAQ_CATEGORIES } from "../../../content/faq";
import { json, mockFetch } from "../../../test/fetch-mock";
import { FaqBrowser, inDisplayOrder } from "./faq-browser";

afterEach(() => vi.unstubAllGlobals());

const headings = () => screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);

describe("FaqBrowser", () => {
  it("shows the static copy by category, then the backend's text in display order", async () => {
    const backend = [...FAQ_CATEGORIES]
      .sort((a, b) => a.category.localeCompare(b.category, "ko"))
      .map((c) => ({
        category: c.category,
        items: c.items.map((i) => ({ ...i, answer: `${i.answer} (수정됨)` })),
      }));
    mockFetch({ "POST /marketing/graphql": () => json({ data: { faqs: backend } }) });
    render(<FaqBrowser />);
    expect(headings()).toEqual(["수업", "선생님", "태블릿", "결제·환불", "학부모"]);
    const refunds = screen.getByRole("link", { name: /결제·환불/ });
    expect(refunds.getAttribute("href")).toBe("#faq-category-4");
    expect(refunds.textContent).toBe("결제·환불, 질문 3개");
    await waitFor(() => expect(screen.getAllByText(/\(수정됨\)/).length).toBe(13));
    expect(headings()).toEqual(["수업", "선생님", "태블릿", "결제·환불", "학부모"]);
  });

  it("keeps the static copy when the backend fails", async () => {
    const { calls } = mockFetch({ "POST /marketing/graphql": () => json({}, 500) });
    render(<FaqBrowser />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(headings()).toEqual(FAQ_CATEGORIES.map((c) => c.category));
    expect(screen.getByText("환불은 어떻게 하나요?")).toBeTruthy();
  });

  it("puts categories it does not know after the known ones", () => {
    const order = inDisplayOrder([
      { category: "새 분류", items: [] },
      { category: "학부모", items: [] },
      { category: "수업", items: [] },
    ]).map((c) => c.category);
    expect(order).toEqual(["수업", "학부모", "새 분류"]);
  });
});
