import { createRequire } from "node:module";
import { defineProject } from "vitest/config";

const require = createRequire(import.meta.url);

export default defineProject({
  // graphql 16 ships CJS ("main") and ESM ("module"). Node and Mercurius load the CJS build;
  // Vite would pick the ESM one for our imports, giving two copies ("another module or realm").
  resolve: { alias: [{ find: /^graphql$/, replacement: require.resolve("graphql") }] },
  test: {
    include: ["src/**/*.test.ts"],
    // Builds the migrated (and seeded) PGlite template once per run; files load a copy.
    globalSetup: ["src/test/global-setup.ts"],
    environment: "node",
    env: { TZ: "UTC" },
    testTimeout: 30_000,
    // One module graph per worker instead of one per file: each file still builds its own app
    // on its own copy of the template database, and no API test mocks modules, so nothing is
    // shared but the loaded code. 144 s instead of 244 s for this project on this machine
    // (docs/performance.md "Test suite time", session 8).
    isolate: false,
    hookTimeout: 60_000,
  },
});
