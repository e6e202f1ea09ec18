import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../test/test-app.ts";
import { browserBaseUrls, inlineScriptHashes, withAppConfig } from "./web.ts";

// A miniature web build with the same layout as apps/web/build/client.
const dir = mkdtempSync(join(tmpdir(), "seoltab-web-"));
const inline = 'window.__ctx = {"a":1};';
const files: Record<string, string> = {
  "index.html": `<!doctype html><html><head><title>홈</title></head><body>홈 화면<script>${inline}</script><script type="module" src="/assets/entry.js"></script></body></html>`,
  // A static marketing page: no inline script, one module script (the islands, decision 010).
  "smart/index.html":
    '<!doctype html><html><head><title>스마트</title><script type="module" src="/assets/islands.js"></script></head><body><p>스마트 수업</p></body></html>',
  "404/index.html": "<!doctype html><title>404</title><p>페이지를 찾을 수 없어요</p>",
  "__spa-fallback.html": "<!doctype html><title>앱</title><div id=app></div>",
  "assets/entry.js": "console.log('entry')",
  "smart.data": "[]",
  "robots.txt": "User-agent: *\nAllow: /\n",
};

let t: TestApp;
beforeAll(async () => {
  for (const [name, body] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), body);
  }
  t = await buildTestApp({ WEB_BUILD_DIR: dir });
}, 60_000);
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("web build serving", () => {
  it("serves a prerendered page with a CSP that allows exactly its inline scripts", async () => {
    const res = await t.app.inject("/");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).toContain("홈 화면");
    const hash = createHash("sha256").update(inline).digest("base64");
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain(`'sha256-${hash}'`);
    expect(csp).not.toContain("unsafe-inline' 'self'; script");
    expect(csp.split("; ").find((d) => d.startsWith("script-src"))).not.toContain("unsafe-inline");
  });

  it("serves nested prerendered pages with or without a trailing slash", async () => {
    for (const url of ["/smart", "/smart/"]) {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain("스마트 수업");
    }
  });

  it("serves a static page with its module script allowed and no inline script allowed", async () => {
    const res = await t.app.inject("/smart");
    const scriptSrc = String(res.headers["content-security-policy"])
      .split("; ")
      .find((d) => d.startsWith("script-src"));
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toContain("sha256-");
    expect(scriptSrc).not.toContain("unsafe-inline");
    // The settings block still reaches the page (the islands read it).
    expect(res.body).toContain('<script id="app-config" type="application/json">');
  });

  it("serves app routes from the SPA fallback", async () => {
    for (const url of ["/_app", "/_app/payments/3"]) {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain("<div id=app>");
    }
  });

  it("answers HTTP 404 with the /404 page for a path that is no route", async () => {
    const res = await t.app.inject("/no/such/page");
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain("페이지를 찾을 수 없어요");
  });

  it("serves hashed assets with a long immutable cache, and other files", async () => {
    const js = await t.app.inject("/assets/entry.js");
    expect(js.statusCode).toBe(200);
    expect(js.headers["cache-control"]).toContain("immutable");
    expect((await t.app.inject("/assets/missing.js")).statusCode).toBe(404);
    const robots = await t.app.inject("/robots.txt");
    expect(robots.headers["content-type"]).toContain("text/plain");
  });

  it("compresses large text responses", async () => {
    const res = await t.app.inject({ url: "/metrics", headers: { "accept-encoding": "gzip" } });
    expect(res.headers["content-encoding"]).toBe("gzip");
  });
});

describe("inlineScriptHashes", () => {
  it("hashes inline scripts and ignores external ones", () => {
    const html = `<script>a()</script><script src="/x.js"></script><script type="module">b()</script>`;
    expect(inlineScriptHashes(html)).toHaveLength(2);
  });
});

describe("run-time settings for the browser", () => {
  it("every page carries the public settings as a JSON data block, not a script", async () => {
    const res = await t.app.inject("/");
    const m = /<script id="app-config" type="application\/json">([^<]*)<\/script>/.exec(res.body);
    expect(m).not.toBeNull();
    expect(JSON.parse(m![1]!)).toEqual({
      appEnv: "development",
      gtmContainerId: null,
      channelTalkPluginKey: null,
      consultationUrl: "/consultation",
      // Same-origin defaults arrive as paths (issue #20: the browser uses the environment's bases).
      baseUrls: {
        accounts: "/accounts",
        authApi: "",
        main: "/main",
        serverless: "/serverless",
        hub: "/hub",
        graphql: "",
      },
    });
    // Only the page's real inline script is hashed.
    const scriptSrc = String(res.headers["content-security-policy"])
      .split("; ")
      .find((d) => d.startsWith("script-src"));
    expect(scriptSrc?.match(/'sha256-/g)).toHaveLength(1);
  });

  it("escapes '<' so a value cannot close the element", () => {
    const html = withAppConfig("<head></head>", {
      appEnv: "production",
      gtmContainerId: null,
      channelTalkPluginKey: "</script><script>alert(1)</script>",
      consultationUrl: "/consultation",
    });
    expect(html).not.toContain("</script><script>");
    expect(html).toContain("\\u003c/script>");
  });
});

describe("backend bases for the browser (SPEC.md §7, issue #20)", () => {
  it("keeps bases on other hosts absolute and turns own-origin bases into paths", () => {
    expect(
      browserBaseUrls("https://www.seoltab.example", {
        accounts: "https://accounts.seoltab.example",
        authApi: "https://auth.seoltab.example/v1",
        main: "https://www.seoltab.example/main",
        graphql: "https://www.seoltab.example",
      }),
    ).toEqual({
      accounts: "https://accounts.seoltab.example",
      authApi: "https://auth.seoltab.example/v1",
      main: "/main",
      graphql: "",
    });
  });
});
