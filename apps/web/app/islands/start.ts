import { startMarketingAnalytics } from "../features/marketing-analytics/start";
import { pushPageView } from "../lib/analytics";
import { syncChatWidget } from "../lib/channel-talk";
import { initBusinessInfo } from "./business-info";
import { initFaq } from "./faq";
import { initFloatingCta } from "./floating-cta";
import { initLatestReviews } from "./latest-reviews";
import { initShareButtons } from "./share-button";
import { initSiteHeader } from "./site-header";
import { initSkipLink } from "./skip-link";

/**
 * Everything a static marketing page does in the browser (docs/decisions/010-marketing-islands.md),
 * run once by the islands entry (main.ts) after the page's markup is parsed:
 *
 * 1. analytics start, before anything pushes (features/marketing-analytics/start.ts, shared with
 *    the React pages' client entry): `window.dataLayer`, the GTM container when configured, the
 *    first-visit event once per browser, the landing address's UTM values for the session (the
 *    first values win);
 * 2. the page view (with its audience event), again when the browser shows the page from its
 *    back/forward cache;
 * 3. the chat widget on the marketing paths (lib/channel-talk.ts: the SDK loads after load and
 *    idle, only with a plugin key);
 * 4. the page's widgets: floating button, header, skip link, footer modals, share button, and
 *    the FAQ and latest reviews where the page has them.
 *
 * Returns a function that removes the window listener (tests run it more than once).
 */
export function startIslands(): () => void {
  startMarketingAnalytics();

  const pageView = () =>
    pushPageView({
      pathname: window.location.pathname,
      href: window.location.href,
      title: document.title,
    });
  pageView();
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) pageView();
  };
  window.addEventListener("pageshow", onPageShow);

  syncChatWidget(window.location.pathname);

  initFloatingCta();
  initSiteHeader();
  initSkipLink();
  initBusinessInfo();
  initShareButtons();
  void initFaq();
  void initLatestReviews();

  return () => window.removeEventListener("pageshow", onPageShow);
}
