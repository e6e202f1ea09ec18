import { ANALYTICS_EVENTS, PAGE_VIEW_EVENTS, pageViewAudience } from "@seoltab/domain";

/**
 * Tag-manager data layer (SPEC.md §1-2; reference/INTEGRATIONS.md §4). Everything the app
 * records is a push onto `window.dataLayer`; Google Tag Manager reads it when a container is
 * configured, otherwise the pushes simply stay in the array.
 *
 * Events and their shapes (also in app/features/marketing-analytics/README.md):
 * - `{ event: "config.visit_service_first" }` on a browser's first visit (localStorage marker);
 * - `{ event: "page_view", page_path, page_location, page_title }` on every route change, the
 *   first render included;
 * - `{ event: "page_view_parents" }` right after it when the path contains 4059,
 *   `{ event: "page_view_students" }` when it contains 1319 or 1417;
 * - `{ event: "click-floating-cta" }` on a click of the floating button.
 */

/** One data-layer entry: an `event` key fires GTM custom-event triggers, other keys are variables. */
export type DataLayerEntry = Record<string, unknown>;

declare global {
  interface Window {
    dataLayer?: DataLayerEntry[];
  }
}

/** Name of the page-view event pushed on every route change. */
export const PAGE_VIEW_EVENT = "page_view";

/** localStorage key marking that this browser has visited before (value: first visit, ISO). */
export const FIRST_VISIT_STORAGE_KEY = "seoltab:firstVisitAt";

/** Origin of the GTM container script (the api's CSP allows it only when GTM is configured). */
export const GTM_SCRIPT_ORIGIN = "https://www.googletagmanager.com";

/**
 * `window.dataLayer`, created empty if missing. An existing array is kept (never reassigned):
 * GTM may already hold a reference to it.
 */
export function ensureDataLayer(win: Window = window): DataLayerEntry[] {
  if (!Array.isArray(win.dataLayer)) win.dataLayer = [];
  return win.dataLayer;
}

/** Pushes one entry onto the data layer; nothing outside a browser (prerendering). */
export function pushToDataLayer(entry: DataLayerEntry): void {
  if (typeof window === "undefined") return;
  ensureDataLayer(window).push(entry);
}

/**
 * Adds the GTM container script once (the standard snippet: a `gtm.js` start entry, then
 * `gtm.js?id=...` loaded async). Returns false if it was already added.
 */
export function loadGtm(containerId: string, win: Window = window): boolean {
  const doc = win.document;
  if (doc.querySelector("script[data-gtm-container]")) return false;
  ensureDataLayer(win).push({ "gtm.start": Date.now(), event: "gtm.js" });
  const script = doc.createElement("script");
  script.async = true;
  script.src = `${GTM_SCRIPT_ORIGIN}/gtm.js?id=${encodeURIComponent(containerId)}`;
  script.dataset.gtmContainer = containerId;
  doc.head.appendChild(script);
  return true;
}

/**
 * Pushes `{ event: "config.visit_service_first" }` if this browser has no first-visit marker,
 * and sets the marker. Without usable storage nothing is pushed: a marker that cannot be kept
 * would report every visit as the first. Returns whether the event was pushed.
 */
export function recordFirstVisit(win: Window = window): boolean {
  try {
    const storage = win.localStorage;
    if (storage.getItem(FIRST_VISIT_STORAGE_KEY) !== null) return false;
    storage.setItem(FIRST_VISIT_STORAGE_KEY, new Date().toISOString());
  } catch {
    return false;
  }
  ensureDataLayer(win).push({ event: ANALYTICS_EVENTS.visitServiceFirst });
  return true;
}

/** What a page view reports: the path and, when known, the full address and the title. */
export interface PageViewInput {
  pathname: string;
  /** The full address (with query), e.g. `location.href`. */
  href?: string;
  title?: string;
}

/**
 * The entries one page view pushes, in order: the page view itself, then the audience event of
 * the path (SPEC.md §2: 4059 → parents, 1319 or 1417 → students), if any.
 */
export function pageViewEntries({ pathname, href, title }: PageViewInput): DataLayerEntry[] {
  const entries: DataLayerEntry[] = [
    {
      event: PAGE_VIEW_EVENT,
      page_path: pathname,
      page_location: href ?? pathname,
      page_title: title ?? "",
    },
  ];
  const audience = pageViewAudience(pathname);
  if (audience) entries.push({ event: PAGE_VIEW_EVENTS[audience] });
  return entries;
}

/** Pushes the entries of one page view (see `pageViewEntries`). */
export function pushPageView(input: PageViewInput): void {
  for (const entry of pageViewEntries(input)) pushToDataLayer(entry);
}

/** Pushes `{ event: "click-floating-cta" }` (SPEC.md §1). */
export function pushFloatingCtaClick(): void {
  pushToDataLayer({ event: ANALYTICS_EVENTS.clickFloatingCta });
}
