import type { MetaDescriptor } from "react-router";
import { canonicalPath } from "./content/seo";
import { DEFAULT_SITE_ORIGIN } from "./content/site-origin";

/** Defined by vite.config.ts at build time (see SITE_ORIGIN). */
declare const __SITE_ORIGIN__: string | undefined;

/** Service name shown in the header, footer, page titles and Open Graph site name. */
export const SITE_NAME = "설탭";

/**
 * The site title: the Korean tagline of SPEC.md §1 (self-directed study habits with tutors from
 * a top university). The landing page's <title> is exactly this string.
 */
export const SITE_TITLE = "서울대 선생님과 만드는 자기주도 학습 습관";

/** The tagline without the service name, used as the landing page's h1. */
export const SITE_TAGLINE = "서울대 선생님과 만드는 자기주도 학습 습관";

/** Default description for pages that do not set their own. */
export const SITE_DESCRIPTION =
  "설탭은 서울대 재학생·졸업생 선생님과 태블릿으로 만나는 1:1 실시간 수업이에요. 수학, 국어, 영어, 사회, 과학, 제2외국어, 입시 컨설팅까지 함께해요.";

/**
 * The public origin of the site (scheme and host, no trailing slash), for canonical URLs, Open
 * Graph URLs, sitemap.xml and robots.txt. Fixed at build time: `SITE_ORIGIN=https://… npm run
 * build` overrides the default (vite.config.ts defines `__SITE_ORIGIN__`; react-router.config.ts
 * writes the sitemap with the same value). Unit tests, which do not run Vite's define, get the
 * default.
 */
export const SITE_ORIGIN: string =
  typeof __SITE_ORIGIN__ === "string" ? __SITE_ORIGIN__ : DEFAULT_SITE_ORIGIN;

/** Path of the Open Graph image (1200 x 630 JPEG in public/). */
export const OG_IMAGE_PATH = "/og-image.jpg";

/**
 * "<page> | 설탭 · <SITE_TITLE>", the title of every page except the landing page (whose title is
 * SITE_TITLE alone): SPEC.md §1's tagline is the site's title on every page, the page's own
 * name first (issue #20), with the service name a search result needs.
 */
export function pageTitle(page: string): string {
  return `${page} | ${SITE_NAME} · ${SITE_TITLE}`;
}

export interface PageMetaOptions {
  /**
   * The page's path. Adds the canonical link and og:url: the absolute URL of `canonicalPath(path)`
   * on SITE_ORIGIN. Route meta functions pass `location.pathname`.
   */
  path?: string;
  /** Keeps the page out of search results (`robots: noindex`): error pages. */
  noindex?: boolean;
}

/**
 * The meta descriptors of a page: <title>, description, canonical link, Open Graph (title,
 * description, type, url, image, locale, site name) and the Twitter card.
 */
export function pageMeta(
  title: string,
  description: string = SITE_DESCRIPTION,
  options: PageMetaOptions = {},
): MetaDescriptor[] {
  const descriptors: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:locale", content: "ko_KR" },
    { property: "og:image", content: `${SITE_ORIGIN}${OG_IMAGE_PATH}` },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: `${SITE_NAME}: ${SITE_TAGLINE}` },
    { name: "twitter:card", content: "summary_large_image" },
  ];
  if (options.path !== undefined) {
    const url = canonicalUrl(options.path);
    descriptors.push(
      { tagName: "link", rel: "canonical", href: url },
      { property: "og:url", content: url },
    );
  }
  if (options.noindex) descriptors.push({ name: "robots", content: "noindex" });
  return descriptors;
}

/** The absolute canonical URL of a path on SITE_ORIGIN (see `canonicalPath`). */
export function canonicalUrl(path: string): string {
  return `${SITE_ORIGIN}${canonicalPath(path)}`;
}

/**
 * Business information shown by the footer's "사업자 정보" button.
 * Only facts we can stand behind are listed; the legally required registration number,
 * representative, address and mail-order registration number are added when the operator
 * provides them (they are not in SPEC.md).
 */
export const BUSINESS_INFO: readonly { label: string; value: string }[] = [
  { label: "상호", value: "주식회사 오누이" },
  { label: "서비스", value: "설탭 (1:1 온라인 과외·태블릿 학습)" },
  { label: "결제 수단", value: "카드(정기결제·일회성), 가상계좌" },
];

/**
 * The customer center, shown wherever a page says to contact 고객센터 (CustomerCenterContact).
 * No number is published yet: SPEC.md and the marketing footer name none, and one is not made up
 * here. Set `phone` (e.g. "1600-0000") and `hours` once the operator provides them; every page
 * that promises 고객센터 then shows it as a tel: link.
 */
export const CUSTOMER_CENTER: { name: string; phone: string | null; hours: string | null } = {
  name: "설탭 고객센터",
  phone: null,
  hours: null,
};
