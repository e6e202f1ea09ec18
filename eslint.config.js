// ESLint flat config. Import direction (DESIGN.md §1): web -> domain, api -> domain (+ db);
// never web <-> api, never domain -> anything in the workspace.
import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const restrict = (patterns) => ({
  "no-restricted-imports": ["error", { patterns }],
});

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/build/**",
      "**/data/**",
      "**/.react-router/**",
      "packages/db/migrations/**",
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
