import type { FaqCategory } from "../content/faq";
import { fetchFaqs } from "../features/marketing/api";
import { h } from "./dom";
import { faqCategoryId, ISLAND } from "./markup";

/**
 * Categories in `displayOrder` (the page's order: 수업, 선생님, 태블릿, 결제·환불, 학부모),
 * categories it does not know after them in the order received. The backend sorts categories by
 * name; keeping the page's order also keeps the refreshed list from moving (no layout shift).
 */
export function inDisplayOrder<T extends { category: string }>(
  categories: readonly T[],
  displayOrder: readonly string[],
): T[] {
  const rank = new Map(displayOrder.map((category, index) => [category, index]));
  return categories
    .map((c, index) => ({ c, key: rank.get(c.category) ?? displayOrder.length + index }))
    .sort((a, b) => a.key - b.key)
    .map(({ c }) => c);
}

/**
 * The FAQ's category menu and lists for `categories`: the markup of
 * features/marketing/components/faq-browser.tsx (the prerendered copy; a test compares them),
 * with each question a `<details>` disclosure as in components/marketing/faq-list.tsx.
 */
export function faqContent(categories: readonly FaqCategory[]): Node[] {
  const menu = h(
    "nav",
    { class: "faq-browser__nav", "aria-label": "질문 분류" },
    h(
      "ul",
      { class: "chip-list" },
      ...categories.map((c, index) =>
        h(
          "li",
          {},
          h(
            "a",
            { class: "chip", href: `#${faqCategoryId(index)}` },
            c.category,
            h(
              "span",
              { class: "chip__count" },
              h("span", { class: "visually-hidden" }, ", 질문 "),
              c.items.length,
              h("span", { class: "visually-hidden" }, "개"),
            ),
          ),
        ),
      ),
    ),
  );
  const sections = categories.map((c, index) =>
    h(
      "section",
      {
        id: faqCategoryId(index),
        class: "faq-browser__category",
        "aria-labelledby": `${faqCategoryId(index)}-title`,
      },
      h("h2", { id: `${faqCategoryId(index)}-title`, class: "faq-browser__title" }, c.category),
      h(
        "div",
        { class: "faq-list" },
        ...c.items.map((item) =>
          h(
            "details",
            { class: "faq-item" },
            h("summary", { class: "faq-item__question" }, item.question),
            h("div", { class: "faq-item__answer" }, h("p", {}, item.answer)),
          ),
        ),
      ),
    ),
  );
  return [menu, ...sections];
}

/**
 * /seoltab_faq_st: the page holds the static copy of the FAQ (app/content/faq.ts); this asks
 * `/marketing/graphql` for the current one, where staff may have edited it, and shows it in the
 * page's category order (no layout shift when nothing changed). If the request fails or comes
 * back empty, the static copy stays: it is correct, only possibly older. Questions a reader
 * already opened stay open.
 */
export async function initFaq(root: ParentNode = document): Promise<void> {
  const browser = root.querySelector<HTMLElement>(`[data-island="${ISLAND.faq}"]`);
  if (!browser) return;
  let categories: FaqCategory[];
  try {
    categories = await fetchFaqs();
  } catch {
    return;
  }
  if (categories.length === 0) return;
  const pageOrder = Array.from(
    browser.querySelectorAll(".faq-browser__title"),
    (title) => title.textContent ?? "",
  );
  const open = new Set(
    Array.from(browser.querySelectorAll("details[open] > summary"), (s) => s.textContent),
  );
  browser.replaceChildren(...faqContent(inDisplayOrder(categories, pageOrder)));
  for (const summary of browser.querySelectorAll("details > summary")) {
    if (open.has(summary.textContent)) summary.parentElement?.setAttribute("open", "");
  }
}
