import { describe, expect, it } from "vitest";
import { buildTestApp } from "../test/test-app.ts";
import { buildCsp } from "./security-headers.ts";

const directive = (csp: string, name: string) => csp.split("; ").find((d) => d.startsWith(name));

describe("buildCsp", () => {
  it("allows no third party unless its integration is configured", () => {
    const csp = buildCsp();
    expect(csp).not.toContain("googletagmanager");
    expect(csp).not.toContain("channel.io");
    // Only the address search of the enrollment form (Kakao Postcode) may be framed.
    expect(directive(csp, "frame-src")).toBe(
      "frame-src https://postcode.map.daum.net https://postcode.map.kakao.com",
    );
    expect(directive(csp, "script-src")).toContain("https://t1.kakaocdn.net");
    expect(csp).not.toContain("upgrade-insecure-requests");
  });

  it("adds the GTM and Channel Talk hosts when configured", () => {
    const csp = buildCsp({ gtm: true, channelTalk: true });
    expect(directive(csp, "script-src")).toContain("https://www.googletagmanager.com");
    expect(directive(csp, "script-src")).toContain("https://cdn.channel.io");
    expect(directive(csp, "connect-src")).toContain("wss://*.channel.io");
    expect(directive(csp, "object-src")).toBe("object-src 'none'");
  });
});

describe("upgrade-insecure-requests by host (SPEC.md §2)", () => {
  it("is sent on the configured hosts only", async () => {
    const t = await buildTestApp({
      UPGRADE_INSECURE_REQUESTS_HOSTS: "stage.seoltab.example, www.seoltab.example",
      CHANNEL_TALK_PLUGIN_KEY: "plugin-key",
    });
    const on = await t.app.inject({ url: "/healthz", headers: { host: "www.seoltab.example" } });
    expect(on.headers["content-security-policy"]).toContain("upgrade-insecure-requests");
    expect(on.headers["content-security-policy"]).toContain("https://cdn.channel.io");
    const off = await t.app.inject({ url: "/healthz", headers: { host: "localhost:3000" } });
    expect(off.headers["content-security-policy"]).not.toContain("upgrade-insecure-requests");
    await t.close();
  }, 60_000);
});
