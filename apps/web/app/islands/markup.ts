/**
 * What the static pages' markup promises the islands: the `data-island` names, template ids and
 * texts both sides use. The React components that render the markup at build time and the
 * islands that wire it up in the browser import them from here (a pure module: no React).
 */

/** `data-island` values. */
export const ISLAND = {
  /** The landing page's "링크 복사" button (components/marketing/share-button.tsx). */
  share: "share",
  /** The FAQ of /seoltab_faq_st (features/marketing/components/faq-browser.tsx). */
  faq: "faq",
  /** The newest reviews of /seoltab_review (features/marketing/components/latest-reviews.tsx). */
  latestReviews: "latest-reviews",
  /** The footer's "사업자 정보" button (components/marketing/site-footer.tsx). */
  businessInfo: "business-info",
  /** The "환불 규정 보기" button inside the business information. */
  refundPolicy: "refund-policy",
} as const;

/** Ids of the `<template>`s holding the footer modals' content. */
export const TEMPLATE_ID = {
  businessInfo: "business-info-content",
  refundPolicy: "refund-policy-content",
} as const;

/** Titles of the two stacked modals: the business information (alert), the refund policy (full). */
export const BUSINESS_INFO_TITLE = "사업자 정보";
export const REFUND_POLICY_TITLE = "환불 규정";

/** How many of the newest reviews /seoltab_review shows. */
export const LATEST_REVIEW_COUNT = 3;

/** The id of a FAQ category's section (index 0-based, id 1-based), its menu link's target. */
export function faqCategoryId(index: number): string {
  return `faq-category-${index + 1}`;
}
