import { defineProject } from "vitest/config";

// Unit and component tests of the web app. No reactRouter() plugin here (reference/STACK.md):
// route modules are rendered through createRoutesStub / plain React instead.
export default defineProject({
  test: {
    environment: "happy-dom",
    include: ["app/**/*.test.{ts,tsx}"],
    setupFiles: ["./app/test/setup.ts"],
    env: { TZ: "UTC" },
  },
});
