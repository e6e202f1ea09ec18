import { ensureDataLayer, loadGtm, recordFirstVisit } from "../../lib/analytics";
import { appConfig } from "../../lib/app-config";
import { captureUtm } from "../../lib/utm-session";

/**
 * What runs at the very start of a page's script, before anything else (SPEC.md §1-2): first in
 * the React pages' client entry (before hydration), first in the static marketing pages' islands
 * (app/islands/start.ts):
 * 1. `window.dataLayer` is created, so it exists before anything pushes;
 * 2. the GTM container script is added, only when the page's settings name a container;
 * 3. `{ event: "config.visit_service_first" }` on this browser's first visit;
 * 4. the landing address's UTM values are stored for the session, before any page component
 *    (e.g. a form reading them on mount) renders.
 * Page views, later UTM captures and the chat widget follow route changes (`MarketingAnalytics`).
 */
export function startMarketingAnalytics(win: Window = window): void {
  ensureDataLayer(win);
  const { gtmContainerId } = appConfig();
  if (gtmContainerId) loadGtm(gtmContainerId, win);
  recordFirstVisit(win);
  captureUtm(win.location.search);
}
