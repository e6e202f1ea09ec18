import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Rolldown } from "vite";
import { resolveSiteOrigin } from "./app/content/site-origin.ts";
import { islands } from "./islands-plugin.ts";

/**
 * Chunks of the prerendered pages (docs/performance.md "Marketing-page JavaScript"). Left to
 * itself the bundler split the first load of a marketing page into about 27 files of 0.2-2 kB;
 * on a phone network each wave of requests costs a round trip, and Lighthouse's performance
 * score paid for it. Two groups instead:
 *
 * - `framework`: React, React DOM, the scheduler and React Router, the same on every page.
 * - `site`: what every public page loads anyway: the root's and the marketing layout's UI
 *   (components/ui, components/marketing), the stores, site.ts, navigation and SEO content, the
 *   analytics and campaign helpers the entry starts, and the route rules, constants and UTM rules
 *   of packages/domain. Components used by only some pages stay with those pages (listed in
 *   PAGE_ONLY), and so does the toast library, which loads on first use.
 *
 * Modules outside both groups (app routes, forms, Apollo) are split as before, so the app
 * routes' libraries never reach the marketing pages (also app/bundle-boundary.test.ts).
 */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;
const SITE =
  /[\\/](packages[\\/]domain[\\/]src[\\/](route-rules|constants|utm)\.ts|apps[\\/]web[\\/]app[\\/](site\.ts|stores[\\/]|components[\\/](ui|marketing)[\\/]|content[\\/](navigation|seo|site-origin)\.ts|lib[\\/](global-style|clipboard|utm-session|analytics|app-config|channel-talk)\.ts|features[\\/]marketing-analytics[\\/]))/;
const PAGE_ONLY =
  /(seolbti-quiz|review-card|pagination|fee-table|fact-list|notes|tablet-illustration|toast-container-impl|toast-container-settings|\.test)\.tsx?$/;

const define = {
  // The public origin baked into canonical and Open Graph URLs (app/site.ts SITE_ORIGIN).
  __SITE_ORIGIN__: JSON.stringify(resolveSiteOrigin(process.env.SITE_ORIGIN)),
};

const treeshake: Rolldown.InputOptions["treeshake"] = {
  // packages/domain is pure (DESIGN.md §1: no I/O, no import-time effects), but its
  // top-level `isOneOf(...)` guards and `new Intl.DateTimeFormat(...)` look like effects,
  // so every page used to load all of it through the barrel file (about 3 kB gzip on each
  // marketing page). Declaring it side-effect free lets each page take only what it uses.
  moduleSideEffects: [{ test: /[\\/]packages[\\/]domain[\\/]src[\\/]/, sideEffects: false }],
  manualPureFunctions: ["isOneOf"],
};

export default defineConfig({
  // islands(): the marketing pages' only script, built separately (islands-plugin.ts).
  plugins: [reactRouter(), islands({ define, treeshake })],
  define,
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: "framework", test: FRAMEWORK, priority: 20 },
            { name: "site", test: (id) => SITE.test(id) && !PAGE_ONLY.test(id), priority: 10 },
          ],
        },
      },
      treeshake,
    },
  },
});
