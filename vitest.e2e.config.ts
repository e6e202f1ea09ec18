import { defineConfig } from "vitest/config";

const workers = Math.max(1, Math.min(4, Number(process.env.E2E_WORKERS ?? "2") || 2));

// Browser tests (`npm run test:e2e`): real server on a real port, system Chromium via playwright-core.
export default defineConfig({
  test: {
    include: ["e2e/**/*.spec.ts"],
    environment: "node",
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // Each spec has its own server on a free port, started from a copy of the template data
    // directory globalSetup builds once. Two specs at a time by default (E2E_WORKERS=1 for one
    // after another): 276 s instead of 559 s on this 2-core machine (docs/performance.md "Test
    // suite time"). The one flake seen with two (a second token refresh when two backends failed
    // with one stale token) was a client race, fixed in graphql-client.ts.
    fileParallelism: workers > 1,
    maxWorkers: workers,
    globalSetup: ["e2e/support/global-setup.ts"],
    env: { TZ: "UTC" },
  },
});
