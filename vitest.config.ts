import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// Unit and API tests of every workspace (`npm test`). Browser tests: vitest.e2e.config.ts.
export default defineConfig({
  test: {
    projects: ["packages/domain", "packages/db", "apps/api", "apps/web"],
    // One worker more than the cores: the API files wait on timers, sockets and PGlite a good
    // part of their time (user + sys was 62 % of 2 cores × wall with one worker per core).
    // On this 2-core machine 3 workers ran `npm test` in 349 s instead of 448 s, green
    // (docs/performance.md "Test suite time", session 10). VITEST_MAX_WORKERS overrides it.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || availableParallelism() + 1,
  },
});
