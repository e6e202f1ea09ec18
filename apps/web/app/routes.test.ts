import {
  APP_ROUTE_PATTERNS,
  MARKETING_PATHS,
  PRERENDERED_PATHS,
  isAppRoutePath,
} from "@seoltab/domain";
import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import routes from "./routes";

/** The route module file that renders `path`. */
function fileFor(path: string): string | undefined {
  const matches = matchRoutes(routes as RouteObject[], path);
  const leaf = matches?.at(-1)?.route as { file?: string } | undefined;
  return leaf?.file;
}

describe("route table", () => {
  it("gives every marketing path a page inside the marketing layout", () => {
    for (const path of MARKETING_PATHS) {
      const matches = matchRoutes(routes as RouteObject[], path) ?? [];
      const files = matches.map((match) => (match.route as { file?: string }).file);
      expect(files[0], path).toBe("routes/marketing-layout.tsx");
      expect(files.at(-1), path).not.toBe("routes/not-found.tsx");
    }
    expect(fileFor("/")).toBe("routes/home.tsx");
    expect(fileFor("/index")).toBe("routes/home.tsx");
    expect(fileFor("/promotion/winter/specialschool")).toBe(
      "routes/promotion-winter-specialschool.tsx",
    );
  });

  it("serves the marketing pages and the text-only product pages as static pages", () => {
    const layoutOf = (path: string) =>
      ((matchRoutes(routes as RouteObject[], path) ?? [])[0]?.route as { file?: string }).file;
    const staticPaths = PRERENDERED_PATHS.filter(
      (path) => layoutOf(path) === "routes/marketing-layout.tsx",
    );
    expect(staticPaths).toEqual([
      ...MARKETING_PATHS,
      "/examination_event",
      "/service_introduction",
      "/philosophy",
    ]);
    expect(layoutOf("/review")).toBe("routes/product-layout.tsx");
    expect(layoutOf("/seolbti")).toBe("routes/product-layout.tsx");
    // The level test runs in the browser (issue #20).
    expect(layoutOf("/ai_diagnosis")).toBe("routes/product-layout.tsx");
  });

  it("has a page for every prerendered path, /404 being the not-found page", () => {
    for (const path of PRERENDERED_PATHS) expect(fileFor(path), path).toBeDefined();
    expect(fileFor("/404")).toBe("routes/not-found.tsx");
    expect(fileFor("/500")).toBe("routes/server-error.tsx");
  });

  it("shows the not-found page at unknown paths", () => {
    for (const path of ["/nope", "/smart/extra", "/sign_in/x", "/accounts", "/promotion/summer"]) {
      expect(fileFor(path), path).toBe("routes/not-found.tsx");
    }
  });

  it("gives every accounts page of APP_ROUTE_PATTERNS a page in the accounts layout", () => {
    const pages: Record<string, string> = {
      "/sign_in": "routes/sign-in.tsx",
      "/parent_sign_in": "routes/parent-sign-in.tsx",
      "/JoinPage": "routes/join.tsx",
      "/accounts/login": "routes/accounts-login.tsx",
      "/find_email": "routes/find-email.tsx",
      "/find_password": "routes/find-password.tsx",
    };
    expect(APP_ROUTE_PATTERNS).toEqual(expect.arrayContaining(Object.keys(pages)));
    for (const pattern of APP_ROUTE_PATTERNS.filter((p) => p in pages)) {
      const matches = matchRoutes(routes as RouteObject[], pattern) ?? [];
      const files = matches.map((match) => (match.route as { file?: string }).file);
      expect(files, pattern).toEqual(["routes/accounts-layout.tsx", pages[pattern]]);
    }
  });

  it("serves the app shell at /_app and below (APP_ROUTE_PATTERNS)", () => {
    expect(APP_ROUTE_PATTERNS).toEqual(expect.arrayContaining(["/_app", "/_app/*"]));
    for (const path of ["/_app", "/_app/", "/_app/a/b"]) {
      const matches = matchRoutes(routes as RouteObject[], path) ?? [];
      const files = matches.map((match) => (match.route as { file?: string }).file);
      expect(files, path).toEqual(["routes/app-shell.tsx", "routes/app-home.tsx"]);
    }
  });

  it("serves the enrollment and payment pages (issue #4), each listed in APP_ROUTE_PATTERNS", () => {
    const pages: Record<string, string[]> = {
      "/guest_enrollment": ["routes/guest-enrollment.tsx"],
      "/payment_finish": ["routes/app-shell.tsx", "routes/payment-finish.tsx"],
      "/home_pre_member": ["routes/app-shell.tsx", "routes/home-pre-member.tsx"],
      "/_app/enrollment": ["routes/app-shell.tsx", "routes/app-enrollment.tsx"],
      "/_app/checkout": ["routes/app-shell.tsx", "routes/app-checkout.tsx"],
      "/_app/payments": ["routes/app-shell.tsx", "routes/app-payments.tsx"],
      "/_app/billing-card": ["routes/app-shell.tsx", "routes/app-billing-card.tsx"],
    };
    for (const [path, files] of Object.entries(pages)) {
      const matches = matchRoutes(routes as RouteObject[], path) ?? [];
      expect(
        matches.map((match) => (match.route as { file?: string }).file),
        path,
      ).toEqual(files);
      expect(isAppRoutePath(path), path).toBe(true);
    }
    expect(APP_ROUTE_PATTERNS).toEqual(
      expect.arrayContaining(["/guest_enrollment", "/payment_finish", "/home_pre_member"]),
    );
  });

  it("serves the account pages (issue #5) inside the app shell", () => {
    const pages: Record<string, string> = {
      "/_app/payments/12/refund": "routes/app-refund.tsx",
      "/_app/contracts": "routes/app-contracts.tsx",
      "/_app/contracts/sign": "routes/app-contract-sign.tsx",
      "/_app/contracts/7": "routes/app-contract.tsx",
      "/_app/profile": "routes/app-profile.tsx",
    };
    for (const [path, file] of Object.entries(pages)) {
      const matches = matchRoutes(routes as RouteObject[], path) ?? [];
      expect(
        matches.map((match) => (match.route as { file?: string }).file),
        path,
      ).toEqual(["routes/app-shell.tsx", file]);
      expect(isAppRoutePath(path), path).toBe(true);
    }
  });
});
