import { FaqList } from "../../../components/marketing/faq-list";
import { FAQ_CATEGORIES, type FaqCategory } from "../../../content/faq";
import { faqCategoryId, ISLAND } from "../../../islands/markup";

/**
 * The FAQ by category: a category menu (in-page links) and one titled list per category, from
 * the static copy (app/content/faq.ts). /seoltab_faq_st is a static page: in the browser
 * app/islands/faq.ts refreshes the categories from `/marketing/graphql`, where staff may have
 * edited them, and renders them with the same markup.
 */
export function FaqBrowser({
  categories = FAQ_CATEGORIES,
}: {
  categories?: readonly FaqCategory[];
}) {
  return (
    <div className="faq-browser" data-island={ISLAND.faq}>
      <nav className="faq-browser__nav" aria-label="질문 분류">
        <ul className="chip-list">
          {categories.map((c, index) => (
            <li key={c.category}>
              <a className="chip" href={`#${faqCategoryId(index)}`}>
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
          id={faqCategoryId(index)}
          className="faq-browser__category"
          aria-labelledby={`${faqCategoryId(index)}-title`}
        >
          <h2 id={`${faqCategoryId(index)}-title`} className="faq-browser__title">
            {c.category}
          </h2>
          <FaqList items={c.items} />
        </section>
      ))}
    </div>
  );
}
