import { defineConfig } from "vitest/config";

// Unit and API tests of every workspace (`npm test`). Browser tests: vitest.e2e.config.ts.
export default defineConfig({
  test: {
    projects: ["packages/domain", "packages/db", "apps/api", "apps/web"],
  },
});
