import { Link } from "react-router";
import { MARKETING_NAV } from "../../content/navigation";
import { Icon } from "./icons";

/**
 * The shared extra component of SPEC.md §2, shown only where `showsExtraComponent(path)` holds
 * (/index, /smart, /smart_content, /examination, /seoltab_review, /seoltab_faq_st): links to
 * the other service pages and to enrollment, so a reader can keep exploring.
 */
export function ExploreLinks({ current }: { current: string }) {
  const others = MARKETING_NAV.filter((item) => item.to !== current);
  return (
    <section className="explore" aria-labelledby="explore-title">
      <div className="container">
        <h2 id="explore-title" className="explore__title">
          설탭 더 알아보기
        </h2>
        <ul className="explore__links">
          {others.map((item) => (
            <li key={item.to}>
              <Link to={item.to} className="explore__link">
                <span>{item.label}</span>
                <Icon name="arrow" size={18} />
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
