/**
 * Reviews and FAQ for the marketing pages (issue #6; SPEC.md §3 "review list: data, total pages,
 * current page, year and subject filters"). Pages are 1-based; a page past the end is empty
 * with the true totalPages, never an error.
 */
import type { Database } from "@seoltab/db";
import { AppError } from "../../errors.ts";
import {
  countReviews,
  findFaqs,
  findReviewFacets,
  findReviewsPage,
  type ReviewFilter,
} from "./marketing.repository.ts";

export const REVIEW_PAGE_SIZE_DEFAULT = 10;
export const REVIEW_PAGE_SIZE_MAX = 50;

export interface ReviewPageInput extends ReviewFilter {
  page?: number;
  pageSize?: number;
}

/**
 * One page of published reviews with totals.
 * @throws AppError(validation) for page < 1, pageSize outside 1..50, or an implausible year.
 */
export async function listReviews(db: Database, input: ReviewPageInput) {
  const page = input.page ?? 1;
  const pageSize = input.pageSize ?? REVIEW_PAGE_SIZE_DEFAULT;
  if (!Number.isInteger(page) || page < 1) {
    throw new AppError("validation", "invalid_page", "페이지 번호는 1 이상이어야 해요.", [
      { field: "page", message: "1 이상의 정수" },
    ]);
  }
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > REVIEW_PAGE_SIZE_MAX) {
    throw new AppError("validation", "invalid_page_size", "한 번에 1~50개까지 볼 수 있어요.", [
      { field: "pageSize", message: `1~${REVIEW_PAGE_SIZE_MAX}` },
    ]);
  }
  if (input.year !== undefined && (input.year < 2000 || input.year > 2100)) {
    throw new AppError("validation", "invalid_year", "연도를 다시 확인해 주세요.", [
      { field: "year", message: "2000~2100" },
    ]);
  }
  const filter: ReviewFilter = {
    ...(input.year === undefined ? {} : { year: input.year }),
    ...(input.subject ? { subject: input.subject } : {}),
  };
  const [totalCount, rows] = await Promise.all([
    countReviews(db, filter),
    findReviewsPage(db, filter, (page - 1) * pageSize, pageSize),
  ]);
  return {
    data: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    totalCount,
    totalPages: Math.max(1, Math.ceil(totalCount / pageSize)),
    currentPage: page,
  };
}

export const reviewFacets = findReviewFacets;

/**
 * FAQ grouped by category; one category when `category` is given. Categories come in the order
 * of their first entry (the content migration inserts them in display order); items within a
 * category by `sort_order`, then id.
 */
export async function listFaqCategories(db: Database, category?: string) {
  const rows = await findFaqs(db, category);
  const groups = new Map<string, typeof rows>();
  for (const row of rows) groups.set(row.category, [...(groups.get(row.category) ?? []), row]);
  return [...groups].map(([name, items]) => ({
    category: name,
    items: items
      .sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id)
      .map(({ id, question, answer }) => ({ id, question, answer })),
  }));
}
