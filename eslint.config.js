// ESLint flat config. Import direction (DESIGN.md §1): web -> domain, api -> domain (+ db);
// never web <-> api, never domain -> anything in the workspace.
import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const restrict = (patterns) => ({
  "no-restricted-imports": ["error", { patterns }],
});

// apps/api areas (issue #10; docs/architecture.md "Modules"): another area is entered only by
// its index.ts or <area>.public.ts. Tests may reach in (they set up data through repositories).
const AREA_MESSAGE =
  'Another area is entered only through its index.ts or <area>.public.ts (docs/architecture.md "Modules").';
const NOT_PUBLIC = "(?!index\\.ts$)(?![a-z-]+\\.public\\.ts$)";
const apiTests = ["apps/api/**/*.test.ts", "apps/api/src/test/**", "apps/api/**/*.test-support.ts"];

/** The api rules for `files`: never apps/web, and no reach into an area (`areaRegex`). */
const areaBoundary = (files, areaRegex) => ({
  files,
  ignores: apiTests,
  rules: restrict([
    { group: ["@seoltab/web", "**/apps/web/**"], message: "apps/api never imports apps/web." },
    { regex: areaRegex, message: AREA_MESSAGE },
  ]),
});

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/build/**",
      "**/data/**",
      "**/.react-router/**",
      "packages/db/migrations/**",
      // graphql-codegen output (`npm run codegen`; checked by apps/web/app/graphql/generated.test.ts)
      "apps/web/app/graphql/*.generated.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    files: ["packages/domain/**/*.ts"],
    rules: restrict([
      {
        group: ["@seoltab/*", "**/apps/**", "**/packages/db/**"],
        message: "packages/domain is pure: it imports nothing from the workspace (DESIGN.md §1).",
      },
    ]),
  },
  {
    files: ["packages/db/**/*.ts"],
    rules: restrict([
      {
        group: ["@seoltab/api", "@seoltab/web", "**/apps/**"],
        message: "packages/db never imports an app (DESIGN.md §1).",
      },
    ]),
  },
  {
    files: ["apps/api/**/*.ts"],
    rules: restrict([
      {
        group: ["@seoltab/web", "**/apps/web/**"],
        message: "apps/api never imports apps/web; share through packages/domain (DESIGN.md §1).",
      },
    ]),
  },
  {
    // Areas open transactions and savepoints through platform/transactions.ts only: drizzle's
    // own `.transaction()` skips the after-commit queue (its afterCommit work would run before
    // the commit).
    files: ["apps/api/src/modules/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message:
            "Use withTransaction or inSavepoint (apps/api/src/platform/transactions.ts), not drizzle's .transaction().",
        },
      ],
    },
  },
  // One block per folder depth: the regex names the relative path into another area.
  areaBoundary(["apps/api/src/modules/*/*.ts"], `^\\.\\./[a-z-]+/${NOT_PUBLIC}`),
  areaBoundary(["apps/api/src/modules/*/*/**/*.ts"], `^\\.\\./\\.\\./[a-z-]+/${NOT_PUBLIC}`),
  areaBoundary(
    ["apps/api/src/*.ts", "apps/api/src/{platform,rest,graphql,plugins}/**/*.ts"],
    `^(\\./|(\\.\\./)+)modules/[a-z-]+/${NOT_PUBLIC}`,
  ),
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict([
        {
          group: ["@seoltab/api", "@seoltab/db", "**/apps/api/**", "**/packages/db/**"],
          message: "apps/web talks to the api over HTTP only; share through packages/domain.",
        },
      ]),
    },
  },
);
