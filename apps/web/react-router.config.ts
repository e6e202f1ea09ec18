import type { Config } from "@react-router/dev/config";
import { PRERENDERED_PATHS } from "@seoltab/domain";

/**
 * Static build (DESIGN.md §1): no server rendering at request time. Marketing pages and the
 * error pages (PRERENDERED_PATHS of @seoltab/domain) are prerendered to
 * build/client/<path>/index.html; every other route (the /_app shell) is rendered in the browser
 * from build/client/__spa-fallback.html, which the api serves for APP_ROUTE_PATTERNS.
 */
export default {
  appDirectory: "app",
  ssr: false,
  prerender: [...PRERENDERED_PATHS],
} satisfies Config;
