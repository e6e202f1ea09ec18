/**
 * Reviews and FAQ from the `/marketing/graphql` backend (issue #6; SPEC.md §3 review list, §7
 * "any other clientName goes to the marketing backend"; credentials omitted for marketing).
 *
 * Plain `fetch`, no GraphQL client: these calls run on prerendered marketing pages, whose
 * bundles stay free of Apollo, graphql and rxjs (app/bundle-boundary.test.ts). Responses are
 * checked field by field (no zod, for the same reason) and anything unexpected is an error.
 */
import { graphqlEndpoint } from "../../lib/base-urls";

/** The default (same-origin) address; calls use the environment's, graphqlEndpoint("marketing"). */
export const MARKETING_GRAPHQL_URL = "/marketing/graphql";

/**
 * A published review, as the backend sends it (author label already masked). `verified`: a
 * family's per-cycle review of their tutor, published with consent (issue #14); otherwise a
 * demo example, shown marked as such.
 */
export interface Review {
  id: string;
  year: number;
  subject: string;
  authorLabel: string;
  title: string;
  body: string;
  /** 0 to 5 stars */
  rating: number;
  /** A verified review's score, 0 to 10; null for an example. */
  score: number | null;
  verified: boolean;
  /** ISO 8601, UTC */
  createdAt: string;
}

/** One page of reviews (SPEC.md §3: data, total pages, current page). */
export interface ReviewPage {
  data: Review[];
  totalPages: number;
  currentPage: number;
  totalCount: number;
}

export interface ReviewFacets {
  years: number[];
  subjects: string[];
}

export interface ReviewQuery {
  /** 1-based */
  page: number;
  pageSize: number;
  year?: number;
  subject?: string;
}

export interface FaqCategoryData {
  category: string;
  items: { id: string; question: string; answer: string }[];
}

/** The request failed: network, HTTP status, GraphQL errors or an unexpected answer. */
export class MarketingApiError extends Error {
  override name = "MarketingApiError";
}

async function marketingQuery(
  query: string,
  variables: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(graphqlEndpoint("marketing"), {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ query, variables }),
      credentials: "omit",
      signal: signal ?? null,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new MarketingApiError("network error");
  }
  const body = (await response.json().catch(() => null)) as {
    data?: Record<string, unknown> | null;
    errors?: unknown[];
  } | null;
  if (!response.ok || !body || (body.errors && body.errors.length > 0) || !body.data) {
    throw new MarketingApiError(`marketing graphql failed (HTTP ${response.status})`);
  }
  return body.data;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;
const isInt = (v: unknown): v is number => Number.isInteger(v);
const isString = (v: unknown): v is string => typeof v === "string";

function asReview(v: unknown): Review {
  if (
    isObject(v) &&
    (isString(v.id) || isInt(v.id)) &&
    isInt(v.year) &&
    isString(v.subject) &&
    isString(v.authorLabel) &&
    isString(v.title) &&
    isString(v.body) &&
    isInt(v.rating) &&
    isString(v.createdAt)
  ) {
    return {
      id: String(v.id),
      year: v.year,
      subject: v.subject,
      authorLabel: v.authorLabel,
      title: v.title,
      body: v.body,
      rating: Math.min(5, Math.max(0, v.rating)),
      score: isInt(v.score) ? Math.min(10, Math.max(0, v.score)) : null,
      verified: v.verified === true,
      createdAt: v.createdAt,
    };
  }
  throw new MarketingApiError("unexpected review");
}

function asReviewPage(v: unknown): ReviewPage {
  if (
    isObject(v) &&
    Array.isArray(v.data) &&
    isInt(v.totalPages) &&
    isInt(v.currentPage) &&
    isInt(v.totalCount)
  ) {
    return {
      data: v.data.map(asReview),
      totalPages: Math.max(1, v.totalPages),
      currentPage: v.currentPage,
      totalCount: v.totalCount,
    };
  }
  throw new MarketingApiError("unexpected review page");
}

function asFacets(v: unknown): ReviewFacets {
  if (isObject(v) && Array.isArray(v.years) && Array.isArray(v.subjects)) {
    return { years: v.years.filter(isInt), subjects: v.subjects.filter(isString) };
  }
  throw new MarketingApiError("unexpected review facets");
}

const REVIEW_FIELDS =
  "data { id year subject authorLabel title body rating score verified createdAt } totalPages currentPage totalCount";

/**
 * The reviews query, with the filter facets in the same round trip when asked. Two query texts
 * rather than `@include(if: $withFacets)`: the api rejects directive variables ("was not
 * provided", seen with mercurius 16 on this backend).
 */
function reviewsQuery(withFacets: boolean): string {
  return `query Reviews($page: Int, $pageSize: Int, $year: Int, $subject: String) {
  reviews(page: $page, pageSize: $pageSize, year: $year, subject: $subject) { ${REVIEW_FIELDS} }${
    withFacets ? "\n  reviewFacets { years subjects }" : ""
  }
}`;
}

/**
 * One page of published reviews, newest first, and, with `withFacets`, the values the year and
 * subject filters can take (one round trip).
 * @throws MarketingApiError on any failure; the abort error when `signal` aborts
 */
export async function fetchReviews(
  query: ReviewQuery,
  options: { withFacets?: boolean; signal?: AbortSignal } = {},
): Promise<{ page: ReviewPage; facets: ReviewFacets | null }> {
  const withFacets = options.withFacets ?? false;
  const data = await marketingQuery(
    reviewsQuery(withFacets),
    {
      page: query.page,
      pageSize: query.pageSize,
      year: query.year ?? null,
      subject: query.subject ?? null,
    },
    options.signal,
  );
  return {
    page: asReviewPage(data.reviews),
    facets: withFacets ? asFacets(data.reviewFacets) : null,
  };
}

const FAQ_QUERY = "query Faqs { faqs { category items { id question answer } } }";

/**
 * The FAQ by category, in display order.
 * @throws MarketingApiError on any failure; the abort error when `signal` aborts
 */
export async function fetchFaqs(signal?: AbortSignal): Promise<FaqCategoryData[]> {
  const data = await marketingQuery(FAQ_QUERY, {}, signal);
  if (!Array.isArray(data.faqs)) throw new MarketingApiError("unexpected faqs");
  return data.faqs.map((c: unknown) => {
    if (!isObject(c) || !isString(c.category) || !Array.isArray(c.items)) {
      throw new MarketingApiError("unexpected faq category");
    }
    return {
      category: c.category,
      items: c.items.map((item: unknown) => {
        if (
          !isObject(item) ||
          !(isString(item.id) || isInt(item.id)) ||
          !isString(item.question) ||
          !isString(item.answer)
        ) {
          throw new MarketingApiError("unexpected faq item");
        }
        return { id: String(item.id), question: item.question, answer: item.answer };
      }),
    };
  });
}
