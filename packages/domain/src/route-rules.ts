/**
 * Path rules of SPEC.md §2: which paths are marketing pages (chat widget + shared extra
 * component), which show the extra component, which use the lighter global style, and which
 * analytics audience a path's page view counts for.
 *
 * Paths are compared after normalisation: query and hash dropped, trailing slash removed
 * (except for "/"). Matching is exact and case-sensitive, as the paths are listed in SPEC.md.
 */

/** Marketing paths: the chat widget boots here and is shut down everywhere else (SPEC.md §2). */
export const MARKETING_PATHS = [
  "/",
  "/index",
  "/smart",
  "/smart_content",
  "/examination",
  "/seoltab_review",
  "/seoltab_faq_st",
  "/enrollment",
  "/promotion/winter",
  "/promotion/winter/basicschool",
  "/promotion/winter/specialschool",
] as const;

/** Paths that show the shared extra component (a subset of the marketing paths; SPEC.md §2). */
export const EXTRA_COMPONENT_PATHS = [
  "/index",
  "/smart",
  "/smart_content",
  "/examination",
  "/seoltab_review",
  "/seoltab_faq_st",
] as const;

/** Paths that use the lighter global style; every other path uses the older one (SPEC.md §2). */
export const LIGHT_STYLE_PATHS = [
  "/review",
  "/enrollment",
  "/404",
  "/500",
  "/examination",
  "/examination_event",
  "/JoinPage",
  "/seolbti",
  "/CreateStudentAccount",
  "/ViewStudentAccount",
  "/UpdateStudentAccount",
  "/connect_account",
  "/service_introduction",
  "/ai_diagnosis",
  "/smart_content",
  "/philosophy",
] as const;

/** The two global styles of SPEC.md §2. */
export type GlobalStyle = "light" | "legacy";

/** Audience of a page view (SPEC.md §2: 4059 → parents, 1319 or 1417 → students). */
export type PageViewAudience = "parents" | "students";

/** Strips query, hash and a trailing slash: "/smart/?a=1#x" → "/smart". */
export function normalizePath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? "";
  const withSlash = bare.startsWith("/") ? bare : `/${bare}`;
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, "") || "/" : withSlash;
}

const marketing: ReadonlySet<string> = new Set(MARKETING_PATHS);
const extra: ReadonlySet<string> = new Set(EXTRA_COMPONENT_PATHS);
const light: ReadonlySet<string> = new Set(LIGHT_STYLE_PATHS);

/** True on a marketing path, where the chat widget is shown (SPEC.md §2). */
export function isMarketingPath(path: string): boolean {
  return marketing.has(normalizePath(path));
}

/** True where the chat-support widget may be booted; it is shut down on every other path. */
export const showsChatWidget = isMarketingPath;

/** True where the shared extra component is shown (SPEC.md §2). */
export function showsExtraComponent(path: string): boolean {
  return extra.has(normalizePath(path));
}

/** The global style for a path: "light" on the SPEC.md §2 list, "legacy" (older style) elsewhere. */
export function globalStyleFor(path: string): GlobalStyle {
  return light.has(normalizePath(path)) ? "light" : "legacy";
}

/**
 * The audience a page view of this path counts for, or null.
 * A path containing "4059" is a parents page view; one containing "1319" or "1417" a students
 * page view. If both markers appear, parents wins (checked first).
 */
export function pageViewAudience(path: string): PageViewAudience | null {
  const p = normalizePath(path);
  if (p.includes("4059")) return "parents";
  if (p.includes("1319") || p.includes("1417")) return "students";
  return null;
}

/** Error pages, prerendered and served by the api for unknown paths (404) and failures (500). */
export const ERROR_PAGE_PATHS = ["/404", "/500"] as const;

/**
 * Public product pages outside the SPEC.md §2 marketing list (no chat widget, no floating
 * button), all prerendered; most use the lighter style. `/consultation` is the funnel's form.
 */
export const PRODUCT_PAGE_PATHS = [
  "/review",
  "/examination_event",
  "/service_introduction",
  "/philosophy",
  "/ai_diagnosis",
  "/seolbti",
  "/consultation",
] as const;

/** Paths prerendered to static HTML at build time: marketing, product and error pages. */
export const PRERENDERED_PATHS: readonly string[] = [
  ...MARKETING_PATHS,
  ...PRODUCT_PAGE_PATHS,
  ...ERROR_PAGE_PATHS,
];

/**
 * App routes rendered client-side from the SPA fallback (not prerendered). A pattern ending in
 * "/*" also matches every path below it. The api answers 404 with the /404 page for any path
 * that is neither prerendered nor matched here.
 */
export const APP_ROUTE_PATTERNS: readonly string[] = [
  "/_app",
  "/_app/*",
  "/sign_in",
  "/parent_sign_in",
  "/JoinPage",
  "/accounts/login",
  "/find_email",
  "/find_password",
  "/guest_enrollment",
  "/payment_finish",
  "/home_pre_member",
  // Family accounts and account links (issue 15).
  "/CreateStudentAccount",
  "/ViewStudentAccount",
  "/UpdateStudentAccount",
  "/connect_account",
  "/active_account_finish",
];

/** True when the path is an app route served from the SPA fallback (see APP_ROUTE_PATTERNS). */
export function isAppRoutePath(path: string): boolean {
  const p = normalizePath(path);
  return APP_ROUTE_PATTERNS.some((pattern) =>
    pattern.endsWith("/*") ? p.startsWith(pattern.slice(0, -1)) : p === pattern,
  );
}
