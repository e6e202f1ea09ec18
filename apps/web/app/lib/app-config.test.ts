import { afterEach, describe, expect, it } from "vitest";
import {
  resetMarketingAnalytics,
  setAppConfigBlock,
} from "../features/marketing-analytics/test-helpers";
import { appConfig, DEFAULT_APP_CONFIG, parseAppConfig, readAppConfig } from "./app-config";

afterEach(resetMarketingAnalytics);

const FULL = {
  appEnv: "stage",
  gtmContainerId: "GTM-AB12CD",
  channelTalkPluginKey: "plugin-key-1",
  consultationUrl: "https://consult.example.com/form?ref=site",
};

describe("app config (settings injected by the api)", () => {
  it("reads every setting of the api's JSON block", () => {
    setAppConfigBlock(FULL);
    expect(readAppConfig()).toEqual(FULL);
    expect(appConfig()).toEqual(FULL);
  });

  it("falls back to the defaults without the block (prerendered build, dev server)", () => {
    expect(readAppConfig()).toEqual(DEFAULT_APP_CONFIG);
    expect(appConfig()).toEqual({
      appEnv: "production",
      gtmContainerId: null,
      channelTalkPluginKey: null,
      consultationUrl: "/consultation",
    });
  });

  it.each(["", "{", "null", "[]", '"text"', "42"])("falls back on a block of %j", (text) => {
    setAppConfigBlock(text);
    expect(readAppConfig()).toEqual(DEFAULT_APP_CONFIG);
  });

  it("the null settings of the api mean: no GTM, no chat", () => {
    setAppConfigBlock({ ...FULL, gtmContainerId: null, channelTalkPluginKey: null });
    expect(readAppConfig()).toMatchObject({ gtmContainerId: null, channelTalkPluginKey: null });
  });

  it("drops malformed values field by field", () => {
    expect(
      parseAppConfig({
        appEnv: 3,
        gtmContainerId: "gtm-lower",
        channelTalkPluginKey: "   ",
        consultationUrl: "javascript:alert(1)",
      }),
    ).toEqual(DEFAULT_APP_CONFIG);
    expect(parseAppConfig({ gtmContainerId: 'GTM-X1"><script>' }).gtmContainerId).toBeNull();
  });

  it.each([
    ["/consultation", "/consultation"],
    ["/consultation?from=cta#form", "/consultation?from=cta#form"],
    ["https://consult.example.com", "https://consult.example.com"],
    ["http://localhost:3000/c", "http://localhost:3000/c"],
    ["//evil.example.com/x", "/consultation"],
    ["javascript:alert(1)", "/consultation"],
    ["data:text/html,x", "/consultation"],
    ["consultation", "/consultation"],
    ["/with space", "/consultation"],
  ])("consultationUrl %j → %j", (url, expected) => {
    expect(parseAppConfig({ consultationUrl: url }).consultationUrl).toBe(expected);
  });

  it("is read once per page load", () => {
    setAppConfigBlock(FULL);
    expect(appConfig().channelTalkPluginKey).toBe("plugin-key-1");
    document.getElementById("app-config")!.textContent = JSON.stringify({
      channelTalkPluginKey: "other",
    });
    expect(appConfig().channelTalkPluginKey).toBe("plugin-key-1");
  });
});
