import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "@react-router/dev/config";
import { PRERENDERED_PATHS } from "@seoltab/domain";
import { resolveSiteOrigin, robotsTxt, sitemapPaths, sitemapXml } from "./app/content/seo";

/**
 * Static build (DESIGN.md §1): no server rendering at request time. Marketing pages, product
 * pages and the error pages (PRERENDERED_PATHS of @seoltab/domain) are prerendered to
 * build/client/<path>/index.html; every other route (the /_app shell) is rendered in the browser
 * from build/client/__spa-fallback.html, which the api serves for APP_ROUTE_PATTERNS.
 *
 * After the build, sitemap.xml and robots.txt are written next to the pages from the same path
 * list and the same site origin as the canonical URLs (SITE_ORIGIN, default
 * https://www.seoltab.com; app/content/seo.ts), so they cannot drift from PRERENDERED_PATHS.
 */
export default {
  appDirectory: "app",
  ssr: false,
  prerender: [...PRERENDERED_PATHS],
  buildEnd({ reactRouterConfig }) {
    const origin = resolveSiteOrigin(process.env.SITE_ORIGIN);
    const clientDir = join(reactRouterConfig.buildDirectory, "client");
    writeFileSync(join(clientDir, "sitemap.xml"), sitemapXml(origin, sitemapPaths()));
    writeFileSync(join(clientDir, "robots.txt"), robotsTxt(origin));
  },
} satisfies Config;
