import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const appDir = join(dirname(fileURLToPath(import.meta.url)), "../..");
const LOADER = "@channel.io/channel-web-sdk-loader";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

describe("the Channel Talk loader stays off the critical path", () => {
  it("is never imported statically by app code (types only), and dynamically in one place", () => {
    const staticImports: string[] = [];
    const dynamicImports: string[] = [];
    for (const file of sourceFiles(appDir)) {
      const source = readFileSync(file, "utf8");
      const name = relative(appDir, file);
      for (const m of source.matchAll(/^\s*import\s+(type\s+)?[^;]*?from\s*["']([^"']+)["']/gm)) {
        if (m[2] === LOADER && !m[1]) staticImports.push(name);
      }
      if (source.includes(`import("${LOADER}")`)) dynamicImports.push(name);
    }
    expect(staticImports).toEqual([]);
    expect(dynamicImports).toEqual(["lib/channel-talk.ts"]);
  });
});
