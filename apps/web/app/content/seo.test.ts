import { ERROR_PAGE_PATHS, PRERENDERED_PATHS } from "@seoltab/domain";
import { describe, expect, it } from "vitest";
import {
  canonicalPath,
  DEFAULT_SITE_ORIGIN,
  resolveSiteOrigin,
  robotsTxt,
  ROBOTS_DISALLOW,
  sitemapPaths,
  sitemapXml,
} from "./seo";

describe("sitemap.xml", () => {
  it("lists every prerendered path except the error pages and the /index alias", () => {
    const errors: readonly string[] = ERROR_PAGE_PATHS;
    expect(sitemapPaths()).toEqual(
      PRERENDERED_PATHS.filter((p) => !errors.includes(p) && p !== "/index"),
    );
    expect(sitemapPaths()).toEqual(expect.arrayContaining(["/", "/review", "/consultation"]));
  });

  it("writes absolute URLs on the origin, escaped", () => {
    const xml = sitemapXml("https://example.kr", ["/", "/a&b"]);
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        "  <url><loc>https://example.kr/</loc></url>",
        "  <url><loc>https://example.kr/a&#38;b</loc></url>",
        "</urlset>",
        "",
      ].join("\n"),
    );
  });
});

describe("robots.txt", () => {
  it("allows everything but the app and account pages and names the sitemap", () => {
    expect(robotsTxt("https://www.seoltab.com").split("\n")).toEqual([
      "User-agent: *",
      "Allow: /",
      "Disallow: /_app",
      "Disallow: /accounts",
      "Disallow: /sign_in",
      "Disallow: /JoinPage",
      "Disallow: /parent_sign_in",
      "",
      "Sitemap: https://www.seoltab.com/sitemap.xml",
      "",
    ]);
  });

  it("never blocks a page that is in the sitemap", () => {
    for (const path of sitemapPaths()) {
      for (const prefix of ROBOTS_DISALLOW) expect(path.startsWith(prefix), path).toBe(false);
    }
  });
});

describe("canonical paths and the site origin", () => {
  it.each([
    ["/", "/"],
    ["/index", "/"],
    ["/index/", "/"],
    ["/smart/", "/smart"],
    ["/review?year=2026#x", "/review"],
    ["/promotion/winter", "/promotion/winter"],
  ])("%s → %s", (path, canonical) => {
    expect(canonicalPath(path)).toBe(canonical);
  });

  it("defaults to the production origin and accepts another bare origin", () => {
    expect(resolveSiteOrigin(undefined)).toBe(DEFAULT_SITE_ORIGIN);
    expect(resolveSiteOrigin("  ")).toBe(DEFAULT_SITE_ORIGIN);
    expect(resolveSiteOrigin("https://stage.seoltab.com/")).toBe("https://stage.seoltab.com");
    expect(resolveSiteOrigin("http://localhost:3000")).toBe("http://localhost:3000");
  });

  it.each(["www.seoltab.com", "ftp://seoltab.com", "https://seoltab.com/kr", "https://a.b/?x=1"])(
    "refuses %s, so a typo fails the build",
    (value) => {
      expect(() => resolveSiteOrigin(value)).toThrow(/SITE_ORIGIN/);
    },
  );
});
