import type { MetaDescriptor } from "react-router";

/** Service name shown in the header, footer and page titles. */
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

/** "<page> | 설탭", the title of every page except the landing page. */
export function pageTitle(page: string): string {
  return `${page} | ${SITE_NAME}`;
}

/** The meta descriptors of a page: <title>, description and their Open Graph copies. */
export function pageMeta(title: string, description: string = SITE_DESCRIPTION): MetaDescriptor[] {
  return [
    { title },
    { name: "description", content: description },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:locale", content: "ko_KR" },
  ];
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
  { label: "결제 수단", value: "정기결제 카드, 현금, 가상계좌" },
];
