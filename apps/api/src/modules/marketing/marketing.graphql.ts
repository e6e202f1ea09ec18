/**
 * Schema and resolvers of the `/marketing/graphql` backend (SPEC.md §7: the default backend for
 * any unknown clientName). Anonymous, read-only.
 */
import type { IResolvers } from "mercurius";
import type { Database } from "@seoltab/db";
import { listFaqCategories, listReviews, reviewFacets } from "./marketing.service.ts";

export const marketingSchema = /* GraphQL */ `
  """
  A review. verified: a family's per-cycle review of their tutor (issue #14), published by staff
  with the author's consent; otherwise a demo example (local mode only), shown marked as such.
  """
  type Review {
    id: ID!
    year: Int!
    subject: String!
    "Already masked for display, e.g. 김*준 학생."
    authorLabel: String!
    title: String!
    body: String!
    "0 to 5 stars (a verified review: half its score, rounded)"
    rating: Int!
    "A verified review's score, 0 to 10; null for an example."
    score: Int
    verified: Boolean!
    "ISO 8601, UTC"
    createdAt: String!
  }

  "A page of reviews (SPEC.md §3 review list: data, total pages, current page)."
  type ReviewPage {
    data: [Review!]!
    totalPages: Int!
    currentPage: Int!
    totalCount: Int!
  }

  "Values the review filters can take."
  type ReviewFacets {
    years: [Int!]!
    subjects: [String!]!
  }

  type FaqItem {
    id: ID!
    question: String!
    answer: String!
  }

  type FaqCategory {
    category: String!
    items: [FaqItem!]!
  }

  extend type Query {
    "Published reviews, newest first. page is 1-based; pageSize 1 to 50 (default 10)."
    reviews(page: Int = 1, pageSize: Int = 10, year: Int, subject: String): ReviewPage!
    reviewFacets: ReviewFacets!
    "FAQ by category, in display order."
    faqs(category: String): [FaqCategory!]!
  }
`;

export function marketingResolvers(db: Database): IResolvers {
  return {
    Query: {
      reviews: (
        _root: unknown,
        args: { page?: number; pageSize?: number; year?: number | null; subject?: string | null },
      ) =>
        listReviews(db, {
          ...(args.page == null ? {} : { page: args.page }),
          ...(args.pageSize == null ? {} : { pageSize: args.pageSize }),
          ...(args.year == null ? {} : { year: args.year }),
          ...(args.subject == null ? {} : { subject: args.subject }),
        }),
      reviewFacets: () => reviewFacets(db),
      faqs: (_root: unknown, args: { category?: string | null }) =>
        listFaqCategories(db, args.category ?? undefined),
    },
  };
}
