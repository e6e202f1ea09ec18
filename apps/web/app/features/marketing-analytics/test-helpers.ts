import { APP_CONFIG_ELEMENT_ID, resetAppConfigCache } from "../../lib/app-config";
import { resetChatWidgetForTests } from "../../lib/channel-talk";
import { resetSessionUtmForTests } from "../../lib/utm-session";
import { resetPageViewsForTests } from "./marketing-analytics";

/** Puts an api-style settings block into the document (as apps/api/src/plugins/web.ts does). */
export function setAppConfigBlock(config: Record<string, unknown> | string): void {
  document.getElementById(APP_CONFIG_ELEMENT_ID)?.remove();
  const script = document.createElement("script");
  script.id = APP_CONFIG_ELEMENT_ID;
  script.type = "application/json";
  script.textContent = typeof config === "string" ? config : JSON.stringify(config);
  document.head.appendChild(script);
  resetAppConfigCache();
}

/** Back to a page without settings, data layer, chat widget, GTM script or counted page views. */
export function resetMarketingAnalytics(): void {
  document.getElementById(APP_CONFIG_ELEMENT_ID)?.remove();
  document.querySelectorAll("script[data-gtm-container]").forEach((s) => s.remove());
  delete document.documentElement.dataset.chatWidget;
  delete window.dataLayer;
  resetAppConfigCache();
  resetSessionUtmForTests();
  resetChatWidgetForTests();
  resetPageViewsForTests();
}

/** The `event` names pushed so far, in order. */
export function pushedEvents(): unknown[] {
  return (window.dataLayer ?? []).map((entry) => entry.event);
}

/**
 * happy-dom loads no scripts and reports each added `<script src>` as an error; this makes it
 * treat them as loaded instead (GTM tests). Returns the function that restores the setting.
 */
export function treatScriptsAsLoaded(): () => void {
  const { settings } = (
    window as unknown as { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } }
  ).happyDOM;
  const before = settings.handleDisabledFileLoadingAsSuccess;
  settings.handleDisabledFileLoadingAsSuccess = true;
  return () => {
    settings.handleDisabledFileLoadingAsSuccess = before;
  };
}
