import { ERROR_PAGE_PATHS, PRERENDERED_PATHS } from "@seoltab/domain";

export { DEFAULT_SITE_ORIGIN, resolveSiteOrigin } from "./site-origin";

/**
 * Search-engine files and canonical URLs of the public site (issue #6 "SEO").
 *
 * - Every prerendered page has an absolute canonical URL on the site origin.
 * - `/index` shows the landing page, so its canonical URL is `/`, and only `/` is in the sitemap
 *   (a sitemap lists canonical URLs only).
 * - sitemap.xml lists every prerendered public page (PRERENDERED_PATHS without the error pages
 *   and without aliases); robots.txt allows everything except the signed-in app and the account
 *   pages, and points at the sitemap. Both are written into the build by react-router.config.ts.
 *
 * Pure functions: the build (Node) and the pages (browser) share them.
 */

/** Paths that show another page; the key's canonical path is the value. */
export const CANONICAL_ALIASES: Readonly<Record<string, string>> = { "/index": "/" };

/** Path prefixes crawlers are asked to skip: the app shell and the account pages. */
export const ROBOTS_DISALLOW = [
  "/_app",
  "/accounts",
  "/sign_in",
  "/JoinPage",
  "/parent_sign_in",
] as const;

/** The canonical path of a page path: aliases resolved, trailing slash and query dropped. */
export function canonicalPath(path: string): string {
  const bare = (path.split(/[?#]/, 1)[0] ?? "/").replace(/\/+$/, "") || "/";
  return CANONICAL_ALIASES[bare] ?? bare;
}

/** The paths listed in sitemap.xml: prerendered, not an error page, not an alias. */
export function sitemapPaths(prerendered: readonly string[] = PRERENDERED_PATHS): string[] {
  const errors: ReadonlySet<string> = new Set(ERROR_PAGE_PATHS);
  return prerendered.filter((path) => !errors.has(path) && canonicalPath(path) === path);
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** sitemap.xml (sitemaps.org 0.9) listing `paths` as absolute URLs on `origin`. */
export function sitemapXml(origin: string, paths: readonly string[] = sitemapPaths()): string {
  const urls = paths.map((path) => `  <url><loc>${escapeXml(`${origin}${path}`)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/** robots.txt: everything allowed but ROBOTS_DISALLOW, and the sitemap's address. */
export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
