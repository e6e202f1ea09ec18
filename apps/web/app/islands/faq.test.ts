import { screen, waitFor } from "@testing-library/react";
import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FAQ_CATEGORIES } from "../content/faq";
import { FaqBrowser } from "../features/marketing/components/faq-browser";
import { json, mockFetch } from "../test/fetch-mock";
import { faqContent, inDisplayOrder, initFaq } from "./faq";
import { fromHtml, shape, showStaticPage } from "./test-page";

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

const headings = () =>
  Array.from(document.querySelectorAll(".faq-browser__title"), (h) => h.textContent);
const ORDER = ["수업", "선생님", "태블릿", "결제·환불", "학부모"];

describe("FAQ of /seoltab_faq_st", () => {
  it("is in the static page by category, with a category menu, without JavaScript", () => {
    showStaticPage("/seoltab_faq_st");
    expect(headings()).toEqual(ORDER);
    const refunds = screen.getByRole("link", { name: /결제·환불/ });
    expect(refunds.getAttribute("href")).toBe("#faq-category-4");
    expect(refunds.textContent).toBe("결제·환불, 질문 3개");
    expect(screen.getByText("환불은 어떻게 하나요?").closest("details")).toBeTruthy();
  });

  it("is refreshed from the backend in the page's category order", async () => {
    const backend = [...FAQ_CATEGORIES]
      .sort((a, b) => a.category.localeCompare(b.category, "ko"))
      .map((c) => ({
        category: c.category,
        items: c.items.map((i) => ({ ...i, answer: `${i.answer} (수정됨)` })),
      }));
    const { calls } = mockFetch({
      "POST /marketing/graphql": () => json({ data: { faqs: backend } }),
    });
    showStaticPage("/seoltab_faq_st");
    const opened = screen.getByText("환불은 어떻게 하나요?").closest("details")!;
    opened.open = true;
    await initFaq();
    expect(calls[0]?.body).toMatchObject({ query: expect.stringContaining("faqs") });
    await waitFor(() => expect(screen.getAllByText(/\(수정됨\)/).length).toBe(13));
    expect(headings()).toEqual(ORDER);
    // What the reader had opened stays open.
    expect(screen.getByText("환불은 어떻게 하나요?").closest("details")!.open).toBe(true);
  });

  it("keeps the static copy when the backend fails or has nothing", async () => {
    const { calls } = mockFetch({ "POST /marketing/graphql": () => json({}, 500) });
    showStaticPage("/seoltab_faq_st");
    await initFaq();
    expect(calls).toHaveLength(1);
    expect(headings()).toEqual(ORDER);

    vi.unstubAllGlobals();
    mockFetch({ "POST /marketing/graphql": () => json({ data: { faqs: [] } }) });
    await initFaq();
    expect(screen.getByText("환불은 어떻게 하나요?")).toBeTruthy();
  });

  it("renders the same markup as the prerendered FAQ", () => {
    const react = fromHtml(renderToStaticMarkup(createElement(FaqBrowser))).firstElementChild!;
    const island = document.createElement("div");
    island.append(...faqContent(FAQ_CATEGORIES));
    expect(shape(island)).toMatchObject({ children: shape(react).children });
    expect(shape(island).children.length).toBe(1 + FAQ_CATEGORIES.length);
  });

  it("puts categories it does not know after the known ones", () => {
    const order = inDisplayOrder(
      [
        { category: "새 분류", items: [] },
        { category: "학부모", items: [] },
        { category: "수업", items: [] },
      ],
      ["수업", "선생님", "학부모"],
    ).map((c) => c.category);
    expect(order).toEqual(["수업", "학부모", "새 분류"]);
  });
});
