/*
 * Design tokens shared by CSS (app/styles/tokens.css, same values as custom properties) and
 * TypeScript (media queries, inline sizes). SPEC.md §2: breakpoints 1440 / 768 / 360 px, mobile
 * is below 768 px, modal width 328 px, chat widget z-index 1500.
 */
import { BREAKPOINTS, CHAT_WIDGET_Z_INDEX } from "@seoltab/domain";

/** desktop 1440, tablet 768, mobile 360 (from @seoltab/domain, shared with the api). */
export { BREAKPOINTS };

/** Media queries matching the breakpoints (CSS custom properties cannot be used in @media). */
export const MEDIA = {
  mobile: `(max-width: ${BREAKPOINTS.tablet - 0.02}px)`,
  tablet: `(min-width: ${BREAKPOINTS.tablet}px)`,
  desktop: `(min-width: ${BREAKPOINTS.desktop}px)`,
} as const;

/** Width of alert, confirm and (from the tablet breakpoint) full modals, in px. */
export const MODAL_WIDTH = 328;

/** Stacking order. Modals sit above the chat widget; each stacked modal adds 2. */
export const Z_INDEX = {
  header: 100,
  chatWidget: CHAT_WIDGET_Z_INDEX,
  modal: 2000,
  loader: 3000,
} as const;
