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
    hookTimeout: 60_000,
  },
});
