import { DEFAULT_APP_CONFIG } from "../../lib/app-config";

/** Label up to 1279 px wide (SPEC.md §1: 'Apply for a consultation now and get the free trial benefit >'). */
export const FLOATING_CTA_LABEL = "지금 상담 신청하고 무료 체험 혜택 받기";
/** The longer label from 1280 px ("the text differs only above 1279 px"). */
export const FLOATING_CTA_LABEL_WIDE = "지금 바로 상담 신청하고 1:1 무료 체험 수업 혜택 받기";

/**
 * The floating consultation button of the marketing pages (SPEC.md §1-2): fixed at the bottom
 * centre, full width with margins below 768 px, 688 px wide from 768 px, 650 x 80 px from
 * 1280 px (app/styles/floating-cta.css), where its text is the longer variant. The page's footer
 * gets matching bottom space, so the button never covers content for good.
 *
 * A plain link in the static page, to our own /consultation page. In the browser
 * app/islands/floating-cta.ts points it at the configured address with the session's first UTM
 * values and pushes `{ event: "click-floating-cta" }` on a click.
 */
export function FloatingCta() {
  return (
    <a
      href={DEFAULT_APP_CONFIG.consultationUrl}
      className="floating-cta"
      data-testid="floating-cta"
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
    </a>
  );
}
