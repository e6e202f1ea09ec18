import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

// Issue #20: a deployed development host is not local mode, and its pages carry
// upgrade-insecure-requests like stage and production (SPEC.md §2).
describe("local mode and upgrade-insecure-requests", () => {
  it("development on this machine is local: no upgrade, loopback listen address", () => {
    const config = loadConfig({ APP_ENV: "development" });
    expect(config.localMode).toBe(true);
    expect(config.upgradeInsecureHosts).toEqual([]);
    expect(config.host).toBe("127.0.0.1");
    expect(
      loadConfig({ APP_ENV: "development", PUBLIC_ORIGIN: "http://127.0.0.1:4000" }).localMode,
    ).toBe(true);
  });

  it("a deployed development host is not local and upgrades insecure requests", () => {
    const config = loadConfig({
      APP_ENV: "development",
      PUBLIC_ORIGIN: "https://dev.seoltab.example",
    });
    expect(config.localMode).toBe(false);
    expect(config.upgradeInsecureHosts).toEqual(["dev.seoltab.example"]);
    expect(config.host).toBe("0.0.0.0");
  });

  it("dev, stage and production hosts all carry the upgrade", () => {
    for (const APP_ENV of ["development", "stage"] as const) {
      const config = loadConfig({ APP_ENV, PUBLIC_ORIGIN: `https://${APP_ENV}.seoltab.example` });
      expect(config.upgradeInsecureHosts).toEqual([`${APP_ENV}.seoltab.example`]);
      expect(config.localMode).toBe(false);
    }
  });

  it("LOCAL_MODE overrides the guess in development only, and is refused as true in production", () => {
    expect(
      loadConfig({
        APP_ENV: "development",
        PUBLIC_ORIGIN: "https://dev.seoltab.example",
        LOCAL_MODE: "true",
      }).localMode,
    ).toBe(true);
    expect(loadConfig({ APP_ENV: "development", LOCAL_MODE: "false" }).localMode).toBe(false);
    expect(loadConfig({ APP_ENV: "stage", LOCAL_MODE: "true" }).localMode).toBe(false);
    expect(() => loadConfig({ APP_ENV: "production", LOCAL_MODE: "true" })).toThrow(/LOCAL_MODE/);
    expect(() => loadConfig({ APP_ENV: "development", LOCAL_MODE: "yes" })).toThrow(/LOCAL_MODE/);
  });
});
