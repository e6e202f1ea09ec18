import { Link } from "react-router";

/**
 * The page numbers to show for `current` of `total`: the first, the last and two around the
 * current one, with null where numbers are left out. Example: (6, 12) → [1, null, 5, 6, 7, null, 12].
 */
export function pageWindow(current: number, total: number): (number | null)[] {
  const pages = new Set([1, total, current - 1, current, current + 1]);
  const sorted = [...pages].filter((p) => p >= 1 && p <= total).sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const page of sorted) {
    const last = out.at(-1);
    if (typeof last === "number" && page - last > 1) out.push(page - last === 2 ? page - 1 : null);
    out.push(page);
  }
  return out;
}

/**
 * Page links (이전, numbers, 다음) inside a labelled navigation landmark, on the current path:
 * `searchFor(page)` gives each link's query string (keeping the other query values). The
 * current page is marked with aria-current.
 */
export function Pagination({
  label,
  current,
  total,
  searchFor,
  onNavigate,
}: {
  label: string;
  current: number;
  total: number;
  searchFor: (page: number) => string;
  onNavigate?: (page: number) => void;
}) {
  if (total <= 1) return null;
  const link = (page: number, text: string, className: string, ariaLabel?: string) => (
    <Link
      to={{ search: searchFor(page) }}
      className={className}
      aria-label={ariaLabel}
      preventScrollReset
      onClick={() => onNavigate?.(page)}
    >
      {text}
    </Link>
  );
  return (
    <nav className="pagination" aria-label={label}>
      <ul className="pagination__list">
        <li>
          {current > 1 ? (
            link(current - 1, "이전", "pagination__link pagination__step", "이전 페이지")
          ) : (
            <span className="pagination__link pagination__step" aria-disabled="true">
              이전
            </span>
          )}
        </li>
        {pageWindow(current, total).map((page, index) =>
          page === null ? (
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={page}>
              {page === current ? (
                <span className="pagination__link" aria-current="page">
                  <span className="visually-hidden">현재 </span>
                  {page}
                  <span className="visually-hidden"> 페이지</span>
                </span>
              ) : (
                link(page, String(page), "pagination__link", `${page} 페이지`)
              )}
            </li>
          ),
        )}
        <li>
          {current < total ? (
            link(current + 1, "다음", "pagination__link pagination__step", "다음 페이지")
          ) : (
            <span className="pagination__link pagination__step" aria-disabled="true">
              다음
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
