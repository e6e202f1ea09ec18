import { isMarketingPath, showsExtraComponent } from "@seoltab/domain";
import { Outlet, useLocation } from "react-router";
import { ExploreLinks } from "../components/marketing/explore-links";
import { FloatingCta } from "../components/marketing/floating-cta";
import { SiteFooter } from "../components/marketing/site-footer";
import { SiteHeader } from "../components/marketing/site-header";

/**
 * Layout of the marketing pages (SPEC.md §2): header, the page, the extra component, footer, and
 * the floating consultation button on the marketing paths (SPEC.md §1-2).
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
      <SiteFooter />
      {isMarketingPath(pathname) ? (
        <aside aria-label="상담 신청">
          <FloatingCta />
        </aside>
      ) : null}
    </>
  );
}
