import { useEffect } from "react";
import { useLocation, type Location } from "react-router";
import { pushPageView } from "../../lib/analytics";
import { syncChatWidget } from "../../lib/channel-talk";
import { captureUtm } from "../../lib/utm-session";

let lastPageViewKey: string | null = null;

/**
 * Pushes the page view of `location` unless this location entry was already counted: the effect
 * may run twice for one entry (StrictMode in development, the root layout remounting when the
 * error boundary takes over).
 */
export function trackPageView(location: Pick<Location, "key" | "pathname">): boolean {
  if (location.key === lastPageViewKey) return false;
  lastPageViewKey = location.key;
  pushPageView({
    pathname: location.pathname,
    href: window.location.href,
    title: document.title,
  });
  return true;
}

/** Forgets the last counted entry (tests). */
export function resetPageViewsForTests(): void {
  lastPageViewKey = null;
}

/**
 * Follows route changes for analytics and chat (rendered once, in the root layout, so it runs on
 * every page the app renders, the not-found and error pages included): on each new location it
 * stores the UTM values of the query (first values of the session win), pushes the page view and
 * its audience event, and boots or shuts down the chat widget. Renders nothing.
 */
export function MarketingAnalytics() {
  const location = useLocation();
  useEffect(() => {
    captureUtm(location.search);
    trackPageView(location);
    syncChatWidget(location.pathname);
  }, [location]);
  return null;
}
