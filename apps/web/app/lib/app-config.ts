import { DEFAULT_ENVIRONMENT } from "@seoltab/domain";

/**
 * Run-time settings of the browser app. The api injects them into every page it serves as
 * `<script id="app-config" type="application/json">{...}</script>` (apps/api/src/plugins/web.ts),
 * so one build serves every environment. The block is not in the raw build output (prerendering,
 * `react-router dev`, unit tests), and a value may be malformed: every field falls back to a safe
 * default (no GTM, no chat widget, our own /consultation page).
 */
export interface AppConfig {
  appEnv: string;
  /** Google Tag Manager container ("GTM-XXXX"), or null: the container is not loaded. */
  gtmContainerId: string | null;
  /** Channel Talk plugin key, or null: the chat widget is not loaded at all. */
  channelTalkPluginKey: string | null;
  /** Where the floating button leads: a same-site path or an http(s) URL. */
  consultationUrl: string;
}

export const APP_CONFIG_ELEMENT_ID = "app-config";

export const DEFAULT_APP_CONFIG: Readonly<AppConfig> = Object.freeze({
  appEnv: DEFAULT_ENVIRONMENT,
  gtmContainerId: null,
  channelTalkPluginKey: null,
  consultationUrl: "/consultation",
});

const GTM_ID = /^GTM-[A-Z0-9]+$/;
// A same-site path ("/x", not "//host") or an absolute http(s) URL; never javascript: and co.
const SAFE_URL = /^(?:\/(?!\/)|https?:\/\/[^\s/?#]+)[^\s]*$/i;

function text(value: unknown, maxLength = 200): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  return trimmed.length > 0 && trimmed.length <= maxLength ? trimmed : null;
}

/** The settings in `raw` (parsed JSON of any shape), each invalid field replaced by its default. */
export function parseAppConfig(raw: unknown): AppConfig {
  const source = typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>) : {};
  const gtm = text(source.gtmContainerId, 40);
  const url = text(source.consultationUrl, 2000);
  return {
    appEnv: text(source.appEnv, 40) ?? DEFAULT_APP_CONFIG.appEnv,
    gtmContainerId: gtm !== null && GTM_ID.test(gtm) ? gtm : null,
    channelTalkPluginKey: text(source.channelTalkPluginKey),
    consultationUrl: url !== null && SAFE_URL.test(url) ? url : DEFAULT_APP_CONFIG.consultationUrl,
  };
}

/** Reads the settings block of `doc`; the defaults without a document, block or valid JSON. */
export function readAppConfig(doc: Document | undefined = globalThis.document): AppConfig {
  const json = doc?.getElementById(APP_CONFIG_ELEMENT_ID)?.textContent;
  if (!json) return { ...DEFAULT_APP_CONFIG };
  try {
    return parseAppConfig(JSON.parse(json));
  } catch {
    return { ...DEFAULT_APP_CONFIG };
  }
}

let cached: AppConfig | undefined;

/**
 * The page's settings, read once per page load (the block never changes after the page is
 * served). Outside a browser (prerendering) the defaults, not cached.
 */
export function appConfig(): AppConfig {
  if (typeof document === "undefined") return { ...DEFAULT_APP_CONFIG };
  cached ??= readAppConfig(document);
  return cached;
}

/** Forgets the cached settings (tests change the block between cases). */
export function resetAppConfigCache(): void {
  cached = undefined;
}
