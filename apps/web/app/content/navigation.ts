import type { LinkAction } from "../components/marketing/button-link";

/** The marketing pages, in the order of the header and footer menus. */
export const MARKETING_NAV: readonly { to: string; label: string }[] = [
  { to: "/smart", label: "스마트 수업" },
  { to: "/smart_content", label: "스마트 콘텐츠" },
  { to: "/examination", label: "입시 컨설팅" },
  { to: "/seoltab_review", label: "수강 후기" },
  { to: "/seoltab_faq_st", label: "자주 묻는 질문" },
  { to: "/promotion/winter", label: "겨울방학 수업" },
];

/** The product pages (PRODUCT_PAGE_PATHS without the consultation form), in the footer menu. */
export const PRODUCT_NAV: readonly { to: string; label: string }[] = [
  { to: "/service_introduction", label: "서비스 소개" },
  { to: "/philosophy", label: "교육 철학" },
  { to: "/ai_diagnosis", label: "AI 학습 진단" },
  { to: "/seolbti", label: "설BTI 학습 유형 검사" },
  { to: "/review", label: "수강 후기 전체 보기" },
  { to: "/examination_event", label: "입시 컨설팅 무료 체험" },
];

/** The consultation request (the funnel's own page, /consultation). */
export const CONSULTATION_CTA: LinkAction = { to: "/consultation", label: "무료 상담 신청하기" };

/** Enrollment (the plan chooser entry). */
export const ENROLLMENT_CTA: LinkAction = { to: "/enrollment", label: "수강 신청하기" };
