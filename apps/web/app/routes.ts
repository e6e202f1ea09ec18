import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";
import type { MARKETING_PATHS, PRODUCT_PAGE_PATHS } from "@seoltab/domain";

/**
 * Route table (explicit, not file-system routes).
 *
 * - Marketing pages (MARKETING_PATHS of @seoltab/domain) share the marketing layout. The map
 *   below is typed by that list, so a path added in the domain package fails the typecheck
 *   until it has a page. The product pages (PRODUCT_PAGE_PATHS but /consultation, which has
 *   its own route) share the same layout (header and footer); the layout shows the marketing-only
 *   parts (extra component, floating button) by path.
 * - `*` renders the not-found page. It also serves /404: the api answers unknown paths with the
 *   prerendered /404 HTML (status 404), and because /404 and every unknown path match the same
 *   route, the browser finds the route module already loaded and hydrates without a mismatch.
 * - /_app and /_app/* (APP_ROUTE_PATTERNS) are the app shell, rendered in the browser from the
 *   SPA fallback.
 * - The accounts pages (APP_ROUTE_PATTERNS too: /sign_in, /parent_sign_in, /JoinPage,
 *   /accounts/login) share the accounts layout, also rendered in the browser.
 */
type MarketingPath = (typeof MARKETING_PATHS)[number];

const MARKETING_PAGES: Record<MarketingPath, string> = {
  "/": "routes/home.tsx",
  "/index": "routes/home.tsx",
  "/smart": "routes/smart.tsx",
  "/smart_content": "routes/smart-content.tsx",
  "/examination": "routes/examination.tsx",
  "/seoltab_review": "routes/seoltab-review.tsx",
  "/seoltab_faq_st": "routes/seoltab-faq.tsx",
  "/enrollment": "routes/enrollment.tsx",
  "/promotion/winter": "routes/promotion-winter.tsx",
  "/promotion/winter/basicschool": "routes/promotion-winter-basicschool.tsx",
  "/promotion/winter/specialschool": "routes/promotion-winter-specialschool.tsx",
};

type ProductPath = Exclude<(typeof PRODUCT_PAGE_PATHS)[number], "/consultation">;

const PRODUCT_PAGES: Record<ProductPath, string> = {
  "/review": "routes/review.tsx",
  "/examination_event": "routes/examination-event.tsx",
  "/service_introduction": "routes/service-introduction.tsx",
  "/philosophy": "routes/philosophy.tsx",
  "/ai_diagnosis": "routes/ai-diagnosis.tsx",
  "/seolbti": "routes/seolbti.tsx",
};

export default [
  layout("routes/marketing-layout.tsx", [
    ...Object.entries(MARKETING_PAGES).map(([path, file]) =>
      path === "/"
        ? index(file)
        : // One module may serve two paths ("/" and "/index"), so ids come from the path.
          route(path.slice(1), file, { id: `marketing${path}` }),
    ),
    ...Object.entries(PRODUCT_PAGES).map(([path, file]) => route(path.slice(1), file)),
  ]),
  route("500", "routes/server-error.tsx"),
  route("consultation", "routes/consultation.tsx"),
  layout("routes/accounts-layout.tsx", [
    route("sign_in", "routes/sign-in.tsx"),
    route("parent_sign_in", "routes/parent-sign-in.tsx"),
    route("JoinPage", "routes/join.tsx"),
    route("accounts/login", "routes/accounts-login.tsx"),
  ]),
  route("_app", "routes/app-shell.tsx", [
    index("routes/app-home.tsx"),
    route("admin/consultations", "routes/admin-consultations.tsx"),
    route("*", "routes/app-home.tsx", { id: "routes/app-home-splat" }),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
