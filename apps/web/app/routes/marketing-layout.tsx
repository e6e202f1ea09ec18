import { showsExtraComponent } from "@seoltab/domain";
import { Outlet, useLocation } from "react-router";
import { ExploreLinks } from "../components/marketing/explore-links";
import { SiteFooter } from "../components/marketing/site-footer";
import { SiteHeader } from "../components/marketing/site-header";

/** Layout of the marketing pages (SPEC.md §2): header, the page, the extra component, footer. */
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
    </>
  );
}
