import { defineConfig } from "vitest/config";

// Browser tests (`npm run test:e2e`): real server on a real port, system Chromium via playwright-core.
export default defineConfig({
  test: {
    include: ["e2e/**/*.spec.ts"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    env: { TZ: "UTC" },
  },
});
