/** The marketing pages, in the order of the header and footer menus. */
export const MARKETING_NAV: readonly { to: string; label: string }[] = [
  { to: "/smart", label: "스마트 수업" },
  { to: "/smart_content", label: "스마트 콘텐츠" },
  { to: "/examination", label: "입시 컨설팅" },
  { to: "/seoltab_review", label: "수강 후기" },
  { to: "/seoltab_faq_st", label: "자주 묻는 질문" },
  { to: "/promotion/winter", label: "겨울방학 수업" },
];
