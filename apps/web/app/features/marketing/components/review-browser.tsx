import { useCallback, useEffect, useId, useMemo, useRef, type ChangeEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { Pagination } from "../../../components/marketing/pagination";
import { ReviewCard, ReviewSkeletons } from "../../../components/marketing/review-card";
import { useRootStore, type ReviewListState } from "../../../stores/root-store";
import { fetchReviews, type Review, type ReviewFacets } from "../api";
import { useHydrated, useRemote } from "../hooks";

/** Reviews per page on /review. */
export const REVIEW_PAGE_SIZE = 6;

export interface ReviewFilter {
  page: number;
  year?: number;
  subject?: string;
}

/**
 * The filter in the address (`?year=2026&subject=수학&page=2`), so a filtered page can be
 * shared and the back button works. Invalid values are ignored: page < 1 or not a number → 1,
 * a year outside 2000-2100 or a blank subject → no filter.
 */
export function parseReviewFilter(params: URLSearchParams): ReviewFilter {
  const page = Number(params.get("page"));
  const year = Number(params.get("year"));
  const subject = params.get("subject")?.trim().slice(0, 40);
  return {
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    ...(Number.isInteger(year) && year >= 2000 && year <= 2100 ? { year } : {}),
    ...(subject ? { subject } : {}),
  };
}

/** The query string of a filter; page 1 and empty filters are left out. */
export function reviewSearch(filter: ReviewFilter): string {
  const params = new URLSearchParams();
  if (filter.year !== undefined) params.set("year", String(filter.year));
  if (filter.subject) params.set("subject", filter.subject);
  if (filter.page > 1) params.set("page", String(filter.page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

const NO_FILTER: ReviewFilter = { page: 1 };
const EMPTY_FACETS: ReviewFacets = { years: [], subjects: [] };

/** The root store's review list for a loaded page of `filter`. */
export function reviewListStateOf(
  page: { data: Review[]; totalPages: number; currentPage: number },
  filter: ReviewFilter,
): ReviewListState {
  return {
    data: page.data as unknown as Record<string, unknown>[],
    totalPages: page.totalPages,
    currentPage: page.currentPage,
    year: filter.year === undefined ? null : String(filter.year),
    subject: filter.subject ?? null,
  };
}

/** The stored list as a result to show, when it is the page of `filter`; else null. */
export function storedPageFor(stored: ReviewListState, filter: ReviewFilter) {
  const same =
    stored.data.length > 0 &&
    stored.currentPage === filter.page &&
    stored.year === (filter.year === undefined ? null : String(filter.year)) &&
    stored.subject === (filter.subject ?? null);
  if (!same) return null;
  return {
    page: {
      data: stored.data as unknown as Review[],
      totalPages: stored.totalPages,
      currentPage: stored.currentPage,
      totalCount: 0,
    },
    facets: EMPTY_FACETS,
  };
}

/**
 * The review list of /review (SPEC.md §3 review list): year and subject filters, pages, and
 * loading, empty and error states (with a retry). Fetched in the browser from
 * `/marketing/graphql`; the prerendered HTML, and the hydration render, show the loading state
 * with no filter, so hydration matches whatever the address says.
 */
export function ReviewBrowser() {
  const hydrated = useHydrated();
  const [params, setParams] = useSearchParams();
  // The prerendered HTML has no query: until hydrated, render as if there were none.
  const search = hydrated ? params.toString() : "";
  const filter = useMemo(() => parseReviewFilter(new URLSearchParams(search)), [search]);
  const { year, subject } = filter;
  const yearId = useId();
  const subjectId = useId();
  const resultsTitle = useRef<HTMLHeadingElement>(null);

  const load = useCallback(
    (signal: AbortSignal) =>
      fetchReviews({ ...filter, pageSize: REVIEW_PAGE_SIZE }, { withFacets: true, signal }),
    [filter],
  );
  const reviews = useRemote(hydrated ? load : null);
  // SPEC.md §3 review list (data, pages, year and subject) in the root store: the last list
  // shown, so coming back to /review in this tab shows it at once while it is fetched again.
  const stored = useRootStore((state) => state.review);
  const loaded = reviews.data?.page;
  useEffect(() => {
    if (!loaded) return;
    useRootStore.getState().setReview(reviewListStateOf(loaded, filter));
  }, [loaded, filter]);
  const shown = reviews.data ?? reviews.lastData ?? storedPageFor(stored, filter);
  const facets = shown?.facets ?? EMPTY_FACETS;
  const years =
    year !== undefined && !facets.years.includes(year) ? [year, ...facets.years] : facets.years;
  const subjects =
    subject !== undefined && !facets.subjects.includes(subject)
      ? [subject, ...facets.subjects]
      : facets.subjects;
  const filtered = year !== undefined || subject !== undefined;

  const setFilter = (next: ReviewFilter) => {
    setParams(new URLSearchParams(reviewSearch(next)), { preventScrollReset: true });
  };
  const onYear = (event: ChangeEvent<HTMLSelectElement>) => {
    const value = event.target.value;
    setFilter({
      page: 1,
      ...(value ? { year: Number(value) } : {}),
      ...(subject ? { subject } : {}),
    });
  };
  const onSubject = (event: ChangeEvent<HTMLSelectElement>) => {
    const value = event.target.value;
    setFilter({
      page: 1,
      ...(year === undefined ? {} : { year }),
      ...(value ? { subject: value } : {}),
    });
  };
  const showPage = () => {
    resultsTitle.current?.focus({ preventScroll: true });
    resultsTitle.current?.scrollIntoView({ block: "start" });
  };

  const status = reviews.status === "idle" ? "loading" : reviews.status;
  const result = reviews.data?.page;
  let summary = "후기를 불러오는 중이에요.";
  if (status === "error") summary = "후기를 불러오지 못했어요.";
  else if (result)
    summary =
      result.totalCount === 0
        ? "조건에 맞는 후기가 없어요."
        : `총 ${result.totalCount}개의 후기 · ${result.totalPages}페이지 중 ${result.currentPage}페이지`;

  return (
    <div className="review-browser">
      <form className="review-filters" aria-label="후기 필터" onSubmit={(e) => e.preventDefault()}>
        <div className="review-filters__field">
          <label htmlFor={yearId}>작성 연도</label>
          <select id={yearId} value={year ?? ""} onChange={onYear} disabled={!hydrated}>
            <option value="">전체 연도</option>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}년
              </option>
            ))}
          </select>
        </div>
        <div className="review-filters__field">
          <label htmlFor={subjectId}>과목</label>
          <select id={subjectId} value={subject ?? ""} onChange={onSubject} disabled={!hydrated}>
            <option value="">전체 과목</option>
            {subjects.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        {filtered ? (
          <button type="button" className="btn btn--secondary" onClick={() => setFilter(NO_FILTER)}>
            필터 초기화
          </button>
        ) : null}
      </form>

      <h2
        id="review-results-title"
        ref={resultsTitle}
        tabIndex={-1}
        className="review-browser__title"
      >
        {filtered
          ? `${year === undefined ? "" : `${year}년 `}${subject ?? ""} 수강 후기`.trim()
          : "전체 수강 후기"}
      </h2>
      <p className="review-browser__summary" role="status">
        {summary}
      </p>

      <div aria-busy={status === "loading"} className="review-browser__results">
        {status === "error" ? (
          <div className="state-box" data-state="error">
            <p className="state-box__title">후기를 불러오지 못했어요</p>
            <p>네트워크 연결을 확인하고 다시 시도해 주세요.</p>
            <button type="button" className="btn btn--primary" onClick={reviews.retry}>
              다시 시도
            </button>
          </div>
        ) : status === "ready" && result && result.data.length === 0 ? (
          <div className="state-box" data-state="empty">
            {result.totalCount === 0 ? (
              <>
                <p className="state-box__title">조건에 맞는 후기가 아직 없어요</p>
                <p>연도나 과목을 바꾸거나 필터를 초기화해 보세요.</p>
                <button
                  type="button"
                  className="btn btn--secondary"
                  onClick={() => setFilter(NO_FILTER)}
                >
                  필터 초기화
                </button>
              </>
            ) : (
              <>
                <p className="state-box__title">이 페이지에는 후기가 없어요</p>
                <Link
                  className="btn btn--secondary"
                  to={{ search: reviewSearch({ ...filter, page: 1 }) }}
                >
                  첫 페이지로
                </Link>
              </>
            )}
          </div>
        ) : shown ? (
          <>
            <ul className={`review-list${status === "loading" ? " review-list--stale" : ""}`}>
              {shown.page.data.map((review) => (
                <li key={review.id}>
                  <ReviewCard review={review} />
                </li>
              ))}
            </ul>
            <Pagination
              label="후기 페이지"
              current={shown.page.currentPage}
              total={shown.page.totalPages}
              searchFor={(p) => reviewSearch({ ...filter, page: p })}
              onNavigate={showPage}
            />
          </>
        ) : (
          <>
            <ReviewSkeletons count={REVIEW_PAGE_SIZE} />
            <noscript>
              <p className="state-box">
                후기 목록은 브라우저에서 자바스크립트를 켜면 볼 수 있어요.
              </p>
            </noscript>
          </>
        )}
      </div>
    </div>
  );
}
