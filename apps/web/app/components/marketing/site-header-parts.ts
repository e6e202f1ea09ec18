/**
 * What the header shows in each state, shared by the React header (components/marketing/
 * site-header.tsx, hydrated pages) and its island (app/islands/site-header.ts, static pages).
 */

/** The menu button's icon (SVG path) and accessible name, by whether the menu is open. */
export const MENU_BUTTON = {
  open: { icon: "M6 6l12 12M18 6L6 18", label: "메뉴 닫기" },
  closed: { icon: "M4 7h16M4 12h16M4 17h16", label: "메뉴 열기" },
} as const;

/** The account link, by the persisted auth flag (SPEC.md §3). */
export const ACCOUNT_LINK = {
  signedIn: { to: "/_app", label: "내 학습 공간" },
  signedOut: { to: "/sign_in", label: "로그인" },
} as const;

/** Selects the account link (`data-account-link`), which the island updates. */
export const ACCOUNT_LINK_SELECTOR = "[data-account-link]";
