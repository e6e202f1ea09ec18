import { useCallback } from "react";
import { FaqList } from "../../../components/marketing/faq-list";
import { FAQ_CATEGORIES, type FaqCategory } from "../../../content/faq";
import { fetchFaqs } from "../api";
import { useHydrated, useRemote } from "../hooks";

/**
 * Categories in the display order of the static copy (수업, 선생님, 태블릿, 결제·환불, 학부모),
 * categories it does not know after them in the order received. The backend sorts categories by
 * name; keeping the page's order also keeps the refreshed list from moving (no layout shift).
 */
export function inDisplayOrder(
  categories: readonly FaqCategory[],
  displayOrder: readonly FaqCategory[] = FAQ_CATEGORIES,
): FaqCategory[] {
  const rank = new Map(displayOrder.map((c, index) => [c.category, index]));
  return categories
    .map((c, index) => ({ c, key: rank.get(c.category) ?? displayOrder.length + index }))
    .sort((a, b) => a.key - b.key)
    .map(({ c }) => c);
}

/**
 * The FAQ by category: a category menu (in-page links) and one titled list per category.
 * Prerendered from the static copy (app/content/faq.ts); after hydration the categories are
 * refreshed from `/marketing/graphql`, where staff may have edited them. If that fails or comes
 * back empty, the static copy stays: it is correct, only possibly older.
 */
export function FaqBrowser() {
  const hydrated = useHydrated();
  const load = useCallback((signal: AbortSignal) => fetchFaqs(signal), []);
  const remote = useRemote(hydrated ? load : null);
  const categories: readonly FaqCategory[] =
    remote.data && remote.data.length > 0 ? inDisplayOrder(remote.data) : FAQ_CATEGORIES;

  return (
    <div className="faq-browser">
      <nav className="faq-browser__nav" aria-label="질문 분류">
        <ul className="chip-list">
          {categories.map((c, index) => (
            <li key={c.category}>
              <a className="chip" href={`#faq-category-${index + 1}`}>
                {c.category}
                <span className="chip__count">
                  <span className="visually-hidden">, 질문 </span>
                  {c.items.length}
                  <span className="visually-hidden">개</span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {categories.map((c, index) => (
        <section
          key={c.category}
          id={`faq-category-${index + 1}`}
          className="faq-browser__category"
          aria-labelledby={`faq-category-${index + 1}-title`}
        >
          <h2 id={`faq-category-${index + 1}-title`} className="faq-browser__title">
            {c.category}
          </h2>
          <FaqList items={c.items} />
        </section>
      ))}
    </div>
  );
}
