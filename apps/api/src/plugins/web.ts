/**
 * Serves the web build (apps/web/build/client; DESIGN.md §1-2):
 * - prerendered pages (`index.html`, `<path>/index.html`) as static HTML at their paths, 200;
 * - app routes (packages/domain APP_ROUTE_PATTERNS) from the SPA fallback, 200;
 * - every other GET path: HTTP 404 with the prerendered /404 page;
 * - `/assets/*` (hashed file names) with a one-year immutable cache, other files as they are.
 * HTML is read once at start; each page is sent with a CSP carrying its inline-script hashes.
 * Without a build (API-only tests) unknown paths still get a Korean 404 page.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { extname, join, relative, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isAppRoutePath } from "@seoltab/domain";

interface Page {
  html: string;
  scriptHashes: string[];
}

/** Settings the browser needs at run time, injected into every page (see `withAppConfig`). */
export interface PublicAppConfig {
  appEnv: string;
  gtmContainerId: string | null;
  channelTalkPluginKey: string | null;
  consultationUrl: string;
  /**
   * Where the browser reaches each backend (SPEC.md §7 "Base addresses depend on the
   * environment"; apps/web/app/lib/base-urls.ts): see browserBaseUrls.
   */
  baseUrls?: Record<string, string>;
}

/**
 * The backend bases as the browser uses them: a base on the public origin becomes its path
 * ("/main", "" for the root), so pages work on whatever name the site is opened with; a base on
 * another host (ACCOUNTS_BASE_URL=https://accounts.…) stays an absolute URL.
 */
export function browserBaseUrls(
  publicOrigin: string,
  bases: Readonly<Record<string, string>>,
): Record<string, string> {
  const own = new URL(publicOrigin).origin;
  return Object.fromEntries(
    Object.entries(bases).map(([name, base]) => {
      const url = new URL(base);
      return [name, url.origin === own ? url.pathname.replace(/\/+$/, "") : base];
    }),
  );
}

const TYPES: Record<string, string> = {
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".ico": "image/x-icon",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".data": "text/x-script; charset=utf-8",
};

const FALLBACK_404 = `<!doctype html><html lang="ko"><head><meta charset="utf-8"><title>페이지를 찾을 수 없어요</title></head><body><main><h1>페이지를 찾을 수 없어요</h1><p>주소를 다시 확인하시거나 <a href="/">홈으로</a> 이동해 주세요.</p></main></body></html>`;

/** sha256 CSP sources of every inline `<script>` (one without src) in an HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  // Inline scripts without src; JSON data blocks are never executed and need no hash.
  for (const m of html.matchAll(
    /<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>([\s\S]*?)<\/script>/gi,
  )) {
    const body = m[1] ?? "";
    if (body.length > 0)
      hashes.push(`sha256-${createHash("sha256").update(body).digest("base64")}`);
  }
  return hashes;
}

/**
 * Adds `<script id="app-config" type="application/json">` with the public settings before
 * `</head>`, so one build serves every environment. `<` is escaped: the JSON cannot end the
 * script element early.
 */
export function withAppConfig(html: string, config: PublicAppConfig): string {
  const json = JSON.stringify(config).replace(/</g, "\\u003c");
  const tag = `<script id="app-config" type="application/json">${json}</script>`;
  return html.includes("</head>") ? html.replace("</head>", `${tag}</head>`) : `${tag}${html}`;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

export default async function web(
  app: FastifyInstance,
  opts: { buildDir: string; publicConfig: PublicAppConfig },
) {
  const { buildDir } = opts;
  const page = (html: string): Page => {
    const withConfig = withAppConfig(html, opts.publicConfig);
    return { html: withConfig, scriptHashes: inlineScriptHashes(withConfig) };
  };
  const hasBuild = existsSync(join(buildDir, "index.html"));
  if (!hasBuild) {
    app.log.warn({ buildDir }, "web build not found: run `npm run build`; pages answer 404");
  }

  const pages = new Map<string, Page>();
  let spaFallback: Page | undefined;
  let notFoundPage = page(FALLBACK_404);

  const sendPage = (request: FastifyRequest, reply: FastifyReply, p: Page, status = 200) =>
    reply
      .status(status)
      .header("content-type", "text/html; charset=utf-8")
      .header("cache-control", "no-cache")
      .header("content-security-policy", app.cspFor(request, p.scriptHashes))
      .send(p.html);

  if (hasBuild) {
    for (const file of walk(buildDir)) {
      const rel = relative(buildDir, file).split(sep).join("/");
      if (rel.startsWith("assets/")) continue;
      if (rel === "__spa-fallback.html") {
        spaFallback = page(readFileSync(file, "utf8"));
      } else if (rel.endsWith("index.html")) {
        const path = `/${rel.slice(0, -"index.html".length)}`.replace(/\/$/, "") || "/";
        pages.set(path, page(readFileSync(file, "utf8")));
      } else {
        const body = readFileSync(file);
        const type = TYPES[extname(rel)] ?? "application/octet-stream";
        app.get(`/${rel}`, (_req, reply) =>
          reply
            .header("content-type", type)
            .header("cache-control", "public, max-age=3600")
            .send(body),
        );
      }
    }
    notFoundPage = pages.get("/404") ?? notFoundPage;
    for (const [path, p] of pages) {
      app.get(path, (request, reply) => sendPage(request, reply, p));
    }
    if (existsSync(join(buildDir, "assets"))) {
      await app.register(fastifyStatic, {
        root: join(buildDir, "assets"),
        prefix: "/assets/",
        decorateReply: false,
        index: false,
        immutable: true,
        maxAge: "365d",
        cacheControl: true,
      });
    }
  }

  app.setNotFoundHandler((request, reply) => {
    if (request.method === "GET" || request.method === "HEAD") {
      if (spaFallback && isAppRoutePath(request.url)) {
        return sendPage(request, reply, spaFallback);
      }
      return sendPage(request, reply, notFoundPage, 404);
    }
    return reply.status(404).send({ message: "요청하신 주소를 찾을 수 없어요." });
  });
}
