import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";
import type { MARKETING_PATHS, PRODUCT_PAGE_PATHS } from "@seoltab/domain";

/**
 * Route table (explicit, not file-system routes).
 *
 * - Marketing pages (MARKETING_PATHS of @seoltab/domain) share the marketing layout, which makes
 *   them static pages with islands (no React in the browser; docs/decisions/010). The map
 *   below is typed by that list, so a path added in the domain package fails the typecheck
 *   until it has a page. The product pages (PRODUCT_PAGE_PATHS but /consultation, which has
 *   its own route) that are text and links only join them in that layout (it shows the
 *   marketing-only parts, extra component and floating button, by path); the three that are
 *   applications in the browser, /review (filters, pages), /seolbti (a quiz) and /ai_diagnosis
 *   (the level test, issue #20), use the product layout (the same header and footer) and
 *   hydrate.
 * - `*` renders the not-found page. It also serves /404: the api answers unknown paths with the
 *   prerendered /404 HTML (status 404), and because /404 and every unknown path match the same
 *   route, the browser finds the route module already loaded and hydrates without a mismatch.
 * - /_app and /_app/* (APP_ROUTE_PATTERNS) are the app shell, rendered in the browser from the
 *   SPA fallback.
 * - The accounts pages (APP_ROUTE_PATTERNS too: /sign_in, /parent_sign_in, /JoinPage,
 *   /accounts/login, and account recovery /find_email and /find_password) share the accounts
 *   layout, also rendered in the browser.
 * - Enrollment and payments (issue #4; APP_ROUTE_PATTERNS): /guest_enrollment stands alone
 *   (no sign-in needed); /payment_finish and /home_pre_member use the app shell as a layout;
 *   /_app/enrollment, /_app/checkout, /_app/payments and /_app/billing-card are app pages.
 * - Account pages (issue #5): the refund of a payment (/_app/payments/:paymentId/refund),
 *   contracts (/_app/contracts, /_app/contracts/sign, /_app/contracts/:contractId with its
 *   printable view) and the profile with the password change (/_app/profile); lessons are on
 *   the /_app home.
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

/** Product pages React renders in the browser; every other one is a static page. */
const HYDRATED_PRODUCT_PATHS: readonly ProductPath[] = ["/review", "/seolbti", "/ai_diagnosis"];

const productPages = (hydrated: boolean) =>
  Object.entries(PRODUCT_PAGES)
    .filter(([path]) => HYDRATED_PRODUCT_PATHS.includes(path as ProductPath) === hydrated)
    .map(([path, file]) => route(path.slice(1), file));

export default [
  layout("routes/marketing-layout.tsx", [
    ...Object.entries(MARKETING_PAGES).map(([path, file]) =>
      path === "/"
        ? index(file)
        : // One module may serve two paths ("/" and "/index"), so ids come from the path.
          route(path.slice(1), file, { id: `marketing${path}` }),
    ),
    ...productPages(false),
  ]),
  layout("routes/product-layout.tsx", productPages(true)),
  route("500", "routes/server-error.tsx"),
  route("consultation", "routes/consultation.tsx"),
  layout("routes/accounts-layout.tsx", [
    route("sign_in", "routes/sign-in.tsx"),
    route("parent_sign_in", "routes/parent-sign-in.tsx"),
    route("JoinPage", "routes/join.tsx"),
    route("accounts/login", "routes/accounts-login.tsx"),
    route("find_email", "routes/find-email.tsx"),
    route("find_password", "routes/find-password.tsx"),
  ]),
  route("guest_enrollment", "routes/guest-enrollment.tsx"),
  // The app shell (header, GraphQL client) also frames the two top-level payment pages.
  layout("routes/app-shell.tsx", { id: "routes/app-shell-pages" }, [
    route("payment_finish", "routes/payment-finish.tsx"),
    route("home_pre_member", "routes/home-pre-member.tsx"),
    // Family accounts and account links (issue 15; SPEC.md §2).
    route("CreateStudentAccount", "routes/create-student-account.tsx"),
    route("ViewStudentAccount", "routes/view-student-account.tsx"),
    route("UpdateStudentAccount", "routes/update-student-account.tsx"),
    route("connect_account", "routes/connect-account.tsx"),
    route("active_account_finish", "routes/active-account-finish.tsx"),
  ]),
  route("_app", "routes/app-shell.tsx", [
    index("routes/app-home.tsx"),
    route("enrollment", "routes/app-enrollment.tsx"),
    route("checkout", "routes/app-checkout.tsx"),
    route("payments", "routes/app-payments.tsx"),
    route("payments/:paymentId/refund", "routes/app-refund.tsx"),
    route("billing-card", "routes/app-billing-card.tsx"),
    route("contracts", "routes/app-contracts.tsx"),
    route("contracts/sign", "routes/app-contract-sign.tsx"),
    route("contracts/:contractId", "routes/app-contract.tsx"),
    route("profile", "routes/app-profile.tsx"),
    route("admin/consultations", "routes/admin-consultations.tsx"),
    route("tutor", "routes/app-tutor.tsx"),
    route("lectures/:lectureId", "routes/app-lecture.tsx"),
    route("admin/matchings", "routes/admin-matchings.tsx"),
    route("admin/tutor-applications", "routes/admin-tutor-applications.tsx"),
    route("admin/reviews", "routes/admin-reviews.tsx"),
    route("admin/lecture-changes", "routes/admin-lecture-changes.tsx"),
    route("admin/messages", "routes/admin-messages.tsx"),
    route("admin/audit", "routes/admin-audit.tsx"),
    route("admin/view-as", "routes/admin-view-as.tsx"),
    route("admin", "routes/admin-console.tsx"),
    route("admin/families/:userNo", "routes/admin-family.tsx"),
    route("admin/payments/:paymentId", "routes/admin-payment.tsx"),
    route("admin/refunds", "routes/admin-refunds.tsx"),
    route("admin/queues", "routes/admin-queues.tsx"),
    route("admin/sales-policies", "routes/admin-sales-policies.tsx"),
    route("diagnoses/:diagnosisId", "routes/app-diagnosis.tsx"),
    route("*", "routes/app-home.tsx", { id: "routes/app-home-splat" }),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
