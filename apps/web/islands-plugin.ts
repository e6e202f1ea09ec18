import { fileURLToPath } from "node:url";
import { build, type Plugin, type Rolldown } from "vite";

/**
 * The islands bundle of the static marketing pages (docs/decisions/010-marketing-islands.md).
 *
 * The marketing pages are prerendered by React Router like every public page, but served without
 * React: the root layout (app/root.tsx) renders, instead of React Router's hydration scripts, one
 * `<script type="module" src={__ISLANDS_SRC__}>`, the plain-TypeScript entry app/islands/main.ts
 * (analytics, floating button, chat widget, header menu, modals, toasts, FAQ and reviews).
 *
 * This plugin builds that entry with its own, separate Vite build (no React, no chunk groups of
 * the app build, so nothing of the framework can end up in it), defines `__ISLANDS_SRC__` as the
 * URL of its hashed entry file for both React Router builds (client and prerender), and adds its
 * files to the client build's output (build/client/assets/islands-[hash].js and the lazily
 * loaded Channel Talk loader chunk). Under `react-router dev` the entry is served from source.
 */

const ENTRY = "app/islands/main.ts";
const webRoot = fileURLToPath(new URL(".", import.meta.url));

interface IslandsBuild {
  /** URL path of the entry, e.g. "/assets/islands-Ab12Cd34.js". */
  src: string;
  files: { fileName: string; code: string }[];
}

/** Settings shared with the app build (vite.config.ts): defines and the domain's tree-shaking. */
export interface IslandsOptions {
  define: Record<string, string>;
  treeshake: Rolldown.InputOptions["treeshake"];
}

async function buildIslands({ define, treeshake }: IslandsOptions): Promise<IslandsBuild> {
  const result = await build({
    configFile: false,
    root: webRoot,
    mode: "production",
    logLevel: "warn",
    publicDir: false,
    define,
    build: {
      write: false,
      copyPublicDir: false,
      emptyOutDir: false,
      manifest: false,
      // One entry and the lazily loaded chat loader, which has no dependencies to preload.
      modulePreload: false,
      rolldownOptions: {
        input: { islands: ENTRY },
        output: {
          entryFileNames: "assets/[name]-[hash].js",
          chunkFileNames: "assets/islands-[name]-[hash].js",
        },
        treeshake,
      },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const files: IslandsBuild["files"] = [];
  let src: string | undefined;
  for (const item of outputs.flatMap((o) => o.output)) {
    if (item.type !== "chunk") continue;
    files.push({ fileName: item.fileName, code: item.code });
    if (item.isEntry) src = `/${item.fileName}`;
  }
  if (!src) throw new Error(`islands build: no entry chunk for ${ENTRY}`);
  return { src, files };
}

export function islands(options: IslandsOptions): Plugin {
  let built: Promise<IslandsBuild> | undefined;
  return {
    name: "seoltab:islands",
    async config(_config, { command }) {
      if (command !== "build") {
        return { define: { __ISLANDS_SRC__: JSON.stringify(`/${ENTRY}`) } };
      }
      built ??= buildIslands(options);
      return { define: { __ISLANDS_SRC__: JSON.stringify((await built).src) } };
    },
    async generateBundle() {
      // Only into the browser build (build/client), not the prerender (server) build.
      if (!built || this.environment.config.consumer !== "client") return;
      for (const file of (await built).files) {
        this.emitFile({ type: "asset", fileName: file.fileName, source: file.code });
      }
    },
  };
}
