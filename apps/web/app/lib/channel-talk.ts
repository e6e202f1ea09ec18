import type * as ChannelService from "@channel.io/channel-web-sdk-loader";
import { CHAT_WIDGET_Z_INDEX, showsChatWidget } from "@seoltab/domain";
import { appConfig } from "./app-config";

/**
 * The chat-support widget (Channel Talk web SDK through its official loader; SPEC.md §1-2,
 * reference/INTEGRATIONS.md §3). With a plugin key it boots with `{ pluginKey, zIndex: 1500 }` on
 * the marketing paths (`showsChatWidget`) and is shut down on every other path, after client-side
 * navigation too. Without a key nothing is loaded.
 *
 * Off the critical path: the loader module is imported dynamically, after the page's `load`
 * event and an idle period, and only once a marketing path wants the widget; `loadScript()` (which
 * adds https://cdn.channel.io/plugin/ch-plugin-web.js) runs at the first boot. A visit that
 * never shows a marketing page loads nothing.
 */

/** The part of the loader this module uses. */
export type ChannelSdk = Pick<typeof ChannelService, "loadScript" | "boot" | "shutdown">;

export interface ChatWidgetOptions {
  pluginKey: string;
  /** Loads the SDK loader module (default: dynamic import once the page is loaded and idle). */
  loadSdk?: () => Promise<ChannelSdk>;
  /** Called with true when a boot succeeded, false on shutdown (drives the page layout). */
  onShownChange?: (shown: boolean) => void;
}

export interface ChatWidget {
  /** Boots or shuts the widget down for the path now shown. */
  sync(pathname: string): void;
  /** True between a boot call and the next shutdown. */
  readonly booted: boolean;
}

/** Resolves once the page has loaded and the browser is idle (at most ~2 s later). */
export function afterPageLoadAndIdle(win: Window = window): Promise<void> {
  const idle = () =>
    new Promise<void>((resolve) => {
      if (typeof win.requestIdleCallback === "function") {
        win.requestIdleCallback(() => resolve(), { timeout: 2000 });
      } else {
        win.setTimeout(resolve, 200);
      }
    });
  if (win.document.readyState === "complete") return idle();
  return new Promise<void>((resolve) => {
    win.addEventListener("load", () => resolve(), { once: true });
  }).then(idle);
}

const importSdk = (): Promise<ChannelSdk> =>
  afterPageLoadAndIdle().then(() => import("@channel.io/channel-web-sdk-loader"));

export function createChatWidget({
  pluginKey,
  loadSdk = importSdk,
  onShownChange,
}: ChatWidgetOptions): ChatWidget {
  let wanted = false;
  let sdk: ChannelSdk | null = null;
  let loading: Promise<void> | null = null;
  let scriptAdded = false;
  let booted = false;
  // Tells a late boot callback whether the boot it answers is still the current one.
  let bootNumber = 0;

  const reconcile = (loaded: ChannelSdk) => {
    if (wanted && !booted) {
      if (!scriptAdded) {
        loaded.loadScript();
        scriptAdded = true;
      }
      booted = true;
      const current = ++bootNumber;
      loaded.boot({ pluginKey, zIndex: CHAT_WIDGET_Z_INDEX }, (error) => {
        if (!error && booted && current === bootNumber) onShownChange?.(true);
      });
    } else if (!wanted && booted) {
      booted = false;
      bootNumber += 1;
      loaded.shutdown();
      onShownChange?.(false);
    }
  };

  return {
    sync(pathname) {
      wanted = showsChatWidget(pathname);
      if (sdk) {
        reconcile(sdk);
        return;
      }
      if (!wanted || loading) return;
      loading = loadSdk().then(
        (loaded) => {
          sdk = loaded;
          reconcile(loaded);
        },
        () => {
          loading = null; // e.g. a failed chunk request: the next marketing page tries again
        },
      );
    },
    get booted() {
      return booted;
    },
  };
}

/** `data-chat-widget="on"` on <html> while the launcher is shown (the floating button moves up). */
export const CHAT_WIDGET_ATTRIBUTE = "chatWidget";

let pageWidget: ChatWidget | null | undefined;

/**
 * Boots or shuts down the page's chat widget for `pathname`, using the plugin key of the page's
 * settings. Does nothing at all (no import, no script) without a key or outside a browser.
 */
export function syncChatWidget(pathname: string): void {
  if (typeof document === "undefined") return;
  if (pageWidget === undefined) {
    const pluginKey = appConfig().channelTalkPluginKey;
    pageWidget = pluginKey
      ? createChatWidget({
          pluginKey,
          onShownChange: (shown) => {
            const { dataset } = document.documentElement;
            if (shown) dataset[CHAT_WIDGET_ATTRIBUTE] = "on";
            else delete dataset[CHAT_WIDGET_ATTRIBUTE];
          },
        })
      : null;
  }
  pageWidget?.sync(pathname);
}

/** Forgets the page's widget (tests). */
export function resetChatWidgetForTests(): void {
  pageWidget = undefined;
}
