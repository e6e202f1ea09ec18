import { Outlet } from "react-router";
import { SiteFooter } from "../components/marketing/site-footer";
import { SiteHeader } from "../components/marketing/site-header";

/**
 * Layout of the product pages that are applications in the browser, /review (filters and pages
 * in the address) and /seolbti (a quiz): the marketing pages' header and footer, without the
 * extra component and the floating button (SPEC.md §2 shows those on the marketing paths only).
 * These pages are prerendered and hydrated by React (docs/decisions/010-marketing-islands.md).
 */
export default function ProductLayout() {
  return (
    <>
      <SiteHeader />
      <main id="main-content" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </>
  );
}
