import { appendUtm, type UtmValues } from "@seoltab/domain";
import { useSyncExternalStore } from "react";
import { Link } from "react-router";
import { pushFloatingCtaClick } from "../../lib/analytics";
import { appConfig, DEFAULT_APP_CONFIG } from "../../lib/app-config";
import { getSessionUtm, subscribeSessionUtm } from "../../lib/utm-session";

/** Label up to 1279 px wide (SPEC.md §1: 'Apply for a consultation now and get the free trial benefit >'). */
export const FLOATING_CTA_LABEL = "지금 상담 신청하고 무료 체험 혜택 받기";
/** The longer label from 1280 px ("the text differs only above 1279 px"). */
export const FLOATING_CTA_LABEL_WIDE = "지금 바로 상담 신청하고 1:1 무료 체험 수업 혜택 받기";

/** The consultation link: the configured address with the session's UTM values appended. */
export function consultationHref(consultationUrl: string, utm: UtmValues): string {
  return appendUtm(consultationUrl, utm);
}

const currentHref = () => consultationHref(appConfig().consultationUrl, getSessionUtm());
// Prerendered HTML knows neither the settings nor the session: the plain default address.
const prerenderedHref = () => DEFAULT_APP_CONFIG.consultationUrl;

/**
 * The floating consultation button of the marketing pages (SPEC.md §1-2): fixed at the bottom
 * centre, full width with margins below 768 px, 688 px wide from 768 px, 650 x 80 px from
 * 1280 px (app/styles/floating-cta.css), where its text is the longer variant. The link carries
 * the session's first UTM values and follows them after client-side navigation; a click pushes
 * `{ event: "click-floating-cta" }`. The page's footer gets matching bottom space, so the button
 * never covers content for good.
 */
export function FloatingCta() {
  const href = useSyncExternalStore(subscribeSessionUtm, currentHref, prerenderedHref);
  return (
    <Link
      to={href}
      className="floating-cta"
      data-testid="floating-cta"
      onClick={pushFloatingCtaClick}
    >
      <span className="floating-cta__text">
        <span className="floating-cta__label floating-cta__label--narrow">
          {FLOATING_CTA_LABEL}
        </span>
        <span className="floating-cta__label floating-cta__label--wide">
          {FLOATING_CTA_LABEL_WIDE}
        </span>{" "}
        <span aria-hidden="true">&gt;</span>
      </span>
    </Link>
  );
}
