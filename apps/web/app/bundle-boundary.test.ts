import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { PRERENDERED_PATHS } from "@seoltab/domain";
import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import routes from "./routes";

const appDir = dirname(fileURLToPath(import.meta.url));

/** Packages only the app routes may load: the GraphQL client and the form libraries. */
const APP_ONLY_PACKAGES = [
  "@apollo/client",
  "graphql",
  "rxjs",
  "react-hook-form",
  "@hookform/resolvers",
];

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^"';]*?from\s*["']([^"']+)["']|(?:^|\n)\s*import\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function resolveLocal(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")]) {
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  }
  return null;
}

/** Every package a module reaches through its static and dynamic imports (app files only). */
function packagesReachedFrom(entries: string[]): Map<string, string> {
  const reached = new Map<string, string>();
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, "utf8");
    for (const match of source.matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? match[3];
      if (!specifier || specifier.includes("?") || specifier.endsWith(".css")) continue;
      if (specifier.startsWith(".")) {
        const local = resolveLocal(file, specifier);
        if (local) queue.push(local);
      } else if (!reached.has(specifier)) {
        reached.set(specifier, file.slice(appDir.length + 1));
      }
    }
  }
  return reached;
}

/** The route module files a path renders (layouts and page). */
function routeFiles(path: string): string[] {
  const matches = matchRoutes(routes as RouteObject[], path) ?? [];
  return matches.map((m) => join(appDir, (m.route as { file: string }).file));
}

describe("bundle boundary: prerendered pages stay light", () => {
  it.each(PRERENDERED_PATHS.map((path) => [path]))(
    "%s (with root and entry) never imports Apollo, GraphQL, rxjs or the form libraries",
    (path) => {
      const entries = [
        join(appDir, "root.tsx"),
        join(appDir, "entry.client.tsx"),
        ...routeFiles(path),
      ];
      const reached = packagesReachedFrom(entries);
      const offending = [...reached].filter(([specifier]) =>
        APP_ONLY_PACKAGES.some((p) => specifier === p || specifier.startsWith(`${p}/`)),
      );
      expect(offending).toEqual([]);
    },
  );

  it("the marketing pages' islands script reaches no React, React Router or other UI library", () => {
    // The marketing pages load only this entry (docs/decisions/010-marketing-islands.md).
    const reached = packagesReachedFrom([join(appDir, "islands/main.ts")]);
    expect([...reached.keys()].sort()).toEqual([
      "@channel.io/channel-web-sdk-loader", // loaded lazily, with a plugin key only
      "@seoltab/domain",
    ]);
  });

  it("the app shell does load the GraphQL client and the join page the form libraries", () => {
    const shell = packagesReachedFrom(routeFiles("/_app"));
    expect(shell.has("@apollo/client")).toBe(true);
    const join = packagesReachedFrom(routeFiles("/JoinPage"));
    expect(join.has("react-hook-form")).toBe(true);
    expect(join.has("@apollo/client")).toBe(false);
  });
});
