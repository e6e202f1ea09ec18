import { isMarketingPath, showsExtraComponent } from "@seoltab/domain";
import { Outlet, redirectDocument, useLocation } from "react-router";
import { ExploreLinks } from "../components/marketing/explore-links";
import { FloatingCta } from "../components/marketing/floating-cta";
import { SiteFooter } from "../components/marketing/site-footer";
import { SiteHeader } from "../components/marketing/site-header";
import type { IslandsHandle } from "../lib/islands-page";
import type { Route } from "./+types/marketing-layout";

/**
 * The pages of this layout are static pages: prerendered HTML with the islands script, never
 * React in the browser (docs/decisions/010-marketing-islands.md; the root layout reads this
 * handle).
 */
export const handle: IslandsHandle = { islands: true };

/**
 * A page rendered by React (an app, account or error page, /review, /seolbti) that navigates to
 * one of these pages loads that page's document instead: they only exist as static pages, so
 * their browser behaviour (analytics, chat widget, floating button) lives in one place, the
 * islands.
 */
export function clientLoader({ request }: Route.ClientLoaderArgs): never {
  throw redirectDocument(request.url);
}

/**
 * Build time only (prerendering; nothing runs on a server). Its presence keeps React Router
 * from treating the client loader above as data the page needs before it can render, which
 * would prerender the loading screen instead of the page.
 */
export function loader() {
  return null;
}

/**
 * Layout of the marketing pages (SPEC.md §2 marketing paths) and of the product pages that are
 * text and links (/examination_event, /service_introduction, /philosophy):
 * header, the page, the extra component where SPEC.md §2 shows it, footer, and the floating
 * consultation button on the marketing paths (SPEC.md §1-2). Rendered at build time only;
 * app/islands/ makes it work in the browser.
 */
export default function MarketingLayout() {
  const { pathname } = useLocation();
  return (
    <>
      <SiteHeader />
      <main id="main-content" tabIndex={-1}>
        <Outlet />
        {showsExtraComponent(pathname) ? <ExploreLinks current={pathname} /> : null}
      </main>
      <SiteFooter staticPage />
      {isMarketingPath(pathname) ? (
        <aside aria-label="상담 신청">
          <FloatingCta />
        </aside>
      ) : null}
    </>
  );
}
