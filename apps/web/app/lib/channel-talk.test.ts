import { afterEach, describe, expect, it, vi } from "vitest";
import {
  resetMarketingAnalytics,
  setAppConfigBlock,
} from "../features/marketing-analytics/test-helpers";
import {
  afterPageLoadAndIdle,
  createChatWidget,
  syncChatWidget,
  type ChannelSdk,
} from "./channel-talk";

const sdkMock = vi.hoisted(() => ({
  loadScript: vi.fn(),
  boot: vi.fn(),
  shutdown: vi.fn(),
}));
vi.mock("@channel.io/channel-web-sdk-loader", () => sdkMock);

afterEach(() => {
  resetMarketingAnalytics();
  vi.clearAllMocks();
});

/** A fake SDK whose module load resolves when the test says so. */
function fakeSdk() {
  const calls: string[] = [];
  const sdk: ChannelSdk = {
    loadScript: vi.fn(() => void calls.push("loadScript")),
    boot: vi.fn((option, callback) => {
      calls.push(`boot ${JSON.stringify(option)}`);
      callback?.(null, null);
    }),
    shutdown: vi.fn(() => void calls.push("shutdown")),
  };
  let resolve!: (value: ChannelSdk) => void;
  const loaded = new Promise<ChannelSdk>((r) => (resolve = r));
  const loadSdk = vi.fn(() => loaded);
  return { sdk, calls, loadSdk, finishLoading: () => resolve(sdk), settle: () => loaded };
}

const BOOT = 'boot {"pluginKey":"test-plugin","zIndex":1500}';

describe("chat widget (SPEC.md §1-2: marketing paths only, zIndex 1500)", () => {
  it("loads nothing on a non-marketing path", async () => {
    const fake = fakeSdk();
    const widget = createChatWidget({ pluginKey: "test-plugin", loadSdk: fake.loadSdk });
    widget.sync("/_app");
    widget.sync("/sign_in");
    widget.sync("/no/such/page");
    await Promise.resolve();
    expect(fake.loadSdk).not.toHaveBeenCalled();
    expect(fake.calls).toEqual([]);
  });

  it("boots once with { pluginKey, zIndex: 1500 } on marketing paths, shuts down elsewhere", async () => {
    const fake = fakeSdk();
    const shown = vi.fn();
    const widget = createChatWidget({
      pluginKey: "test-plugin",
      loadSdk: fake.loadSdk,
      onShownChange: shown,
    });
    widget.sync("/");
    fake.finishLoading();
    await fake.settle();
    expect(fake.calls).toEqual(["loadScript", BOOT]);
    expect(shown).toHaveBeenLastCalledWith(true);

    widget.sync("/smart"); // marketing → marketing: stays booted
    widget.sync("/promotion/winter/basicschool/");
    expect(fake.calls).toEqual(["loadScript", BOOT]);

    widget.sync("/sign_in"); // client-side navigation away
    widget.sync("/_app/4059");
    expect(fake.calls).toEqual(["loadScript", BOOT, "shutdown"]);
    expect(shown).toHaveBeenLastCalledWith(false);
    expect(widget.booted).toBe(false);

    widget.sync("/enrollment"); // and back: boots again, script added once
    expect(fake.calls).toEqual(["loadScript", BOOT, "shutdown", BOOT]);
    expect(fake.loadSdk).toHaveBeenCalledTimes(1);
  });

  it("follows the latest path when the navigation happened while the SDK was loading", async () => {
    const fake = fakeSdk();
    const widget = createChatWidget({ pluginKey: "test-plugin", loadSdk: fake.loadSdk });
    widget.sync("/smart");
    widget.sync("/sign_in");
    fake.finishLoading();
    await fake.settle();
    expect(fake.calls).toEqual([]); // never booted, and the script is not even added
    widget.sync("/smart");
    expect(fake.calls).toEqual(["loadScript", BOOT]);
  });

  it("ignores a boot callback that arrives after the shutdown", async () => {
    const fake = fakeSdk();
    let answer: ((error: Error | null) => void) | undefined;
    fake.sdk.boot = vi.fn((_option, callback) => {
      answer = (error) => callback?.(error, null);
    });
    const shown = vi.fn();
    const widget = createChatWidget({
      pluginKey: "k",
      loadSdk: fake.loadSdk,
      onShownChange: shown,
    });
    widget.sync("/");
    fake.finishLoading();
    await fake.settle();
    widget.sync("/500");
    answer?.(null);
    expect(shown.mock.calls).toEqual([[false]]);
  });

  it("retries the import on the next marketing page after a failed load", async () => {
    const loadSdk = vi.fn().mockRejectedValueOnce(new Error("chunk")).mockResolvedValue(sdkMock);
    const widget = createChatWidget({ pluginKey: "k", loadSdk });
    widget.sync("/");
    await vi.waitFor(() => expect(loadSdk).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 0));
    widget.sync("/smart");
    await vi.waitFor(() => expect(sdkMock.boot).toHaveBeenCalledTimes(1));
    expect(loadSdk).toHaveBeenCalledTimes(2);
  });
});

describe("the page's chat widget (settings from the api)", () => {
  it("without a plugin key, never imports the SDK", async () => {
    setAppConfigBlock({ channelTalkPluginKey: null });
    syncChatWidget("/");
    await new Promise((r) => setTimeout(r, 50));
    expect(sdkMock.loadScript).not.toHaveBeenCalled();
    expect(sdkMock.boot).not.toHaveBeenCalled();
  });

  it("with a key, imports the official loader after load + idle, boots and marks <html>", async () => {
    setAppConfigBlock({ channelTalkPluginKey: "test-plugin" });
    sdkMock.boot.mockImplementation((_option, callback?: (e: null, u: null) => void) =>
      callback?.(null, null),
    );
    syncChatWidget("/smart");
    await vi.waitFor(() => expect(sdkMock.boot).toHaveBeenCalledTimes(1), { timeout: 3000 });
    expect(sdkMock.loadScript).toHaveBeenCalledTimes(1);
    expect(sdkMock.boot).toHaveBeenCalledWith(
      { pluginKey: "test-plugin", zIndex: 1500 },
      expect.any(Function),
    );
    expect(document.documentElement.dataset.chatWidget).toBe("on");
    syncChatWidget("/_app");
    expect(sdkMock.shutdown).toHaveBeenCalledTimes(1);
    expect(document.documentElement.dataset.chatWidget).toBeUndefined();
  });
});

describe("afterPageLoadAndIdle", () => {
  it("waits for the load event when the page is still loading", async () => {
    let readyState: DocumentReadyState = "interactive";
    vi.spyOn(document, "readyState", "get").mockImplementation(() => readyState);
    let done = false;
    const waiting = afterPageLoadAndIdle().then(() => (done = true));
    await new Promise((r) => setTimeout(r, 30));
    expect(done).toBe(false);
    readyState = "complete";
    window.dispatchEvent(new Event("load"));
    await waiting;
    expect(done).toBe(true);
    vi.restoreAllMocks();
  });
});
