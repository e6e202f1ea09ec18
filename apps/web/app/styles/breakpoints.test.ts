import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * SPEC.md §2: breakpoints 1440, 768 and 360 px, mobile below 768 (tokens.css). Every width in
 * a media query of the app's stylesheets is one of those (767.98 / 1439.98 px are "below"),
 * except the few decision 035 keeps on purpose, each named here with its file.
 */
const appDir = join(dirname(fileURLToPath(import.meta.url)), "..");

const ALLOWED = new Set([360, 768, 767.98, 1440, 1439.98]);

/** file → widths kept there on purpose (docs/decisions/035-spec-conformance-client-side.md). */
const KEPT: Record<string, number[]> = {
  // react-toastify switches its container to full width at 480 px; our toasts follow it.
  "styles/ui.css": [480, 479.98],
  // The marketing header's full menu needs about 1000 px.
  "styles/marketing.css": [1024],
  // SPEC.md §2 floating button: 650 px wide from 1280 px; 880 px = 688 px + the chat
  // launcher's clearance on both sides.
  "styles/floating-cta.css": [1280, 879.98],
};

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(path);
    return entry.name.endsWith(".css") ? [path] : [];
  });
}

/** Every px width named in the file's @media queries. */
function mediaWidths(css: string): number[] {
  const widths: number[] = [];
  for (const query of css.matchAll(/@media[^{]*\{/g)) {
    for (const width of query[0].matchAll(/(?:min|max)-width:\s*([\d.]+)px/g)) {
      widths.push(Number(width[1]));
    }
  }
  return widths;
}

describe("breakpoints (SPEC.md §2)", () => {
  const files = cssFiles(appDir);

  it("finds the stylesheets", () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it.each(files.map((path) => [relative(appDir, path), path]))(
    "%s uses only 1440 / 768 / 360 px (and its documented exceptions)",
    (name, path) => {
      const kept = new Set(KEPT[name] ?? []);
      const stray = mediaWidths(readFileSync(path, "utf8")).filter(
        (w) => !ALLOWED.has(w) && !kept.has(w),
      );
      expect(stray).toEqual([]);
    },
  );

  it("reads min- and max-width of every query", () => {
    expect(
      mediaWidths("@media (min-width: 1024px) {} @media screen and (max-width: 479.98px) {} a{}"),
    ).toEqual([1024, 479.98]);
  });
});
