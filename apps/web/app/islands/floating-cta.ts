import { appendUtm, type UtmValues } from "@seoltab/domain";
import { pushFloatingCtaClick } from "../lib/analytics";
import { appConfig } from "../lib/app-config";
import { getSessionUtm, subscribeSessionUtm } from "../lib/utm-session";

/** The consultation link: the configured address with the session's UTM values appended. */
export function consultationHref(consultationUrl: string, utm: UtmValues): string {
  return appendUtm(consultationUrl, utm);
}

/**
 * The floating consultation button (SPEC.md §1-2; markup: components/marketing/floating-cta.tsx):
 * its link becomes the configured consultation address (CONSULTATION_URL, from the page's
 * settings) with the session's first UTM values appended, and follows them if they are stored
 * later; a click pushes `{ event: "click-floating-cta" }` before the browser follows the link.
 */
export function initFloatingCta(root: ParentNode = document): void {
  const links = root.querySelectorAll<HTMLAnchorElement>('[data-testid="floating-cta"]');
  if (links.length === 0) return;
  const update = () => {
    const href = consultationHref(appConfig().consultationUrl, getSessionUtm());
    for (const link of links) link.setAttribute("href", href);
  };
  update();
  subscribeSessionUtm(update);
  for (const link of links) link.addEventListener("click", pushFloatingCtaClick);
}
