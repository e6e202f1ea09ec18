/**
 * Security headers on every response (issue #2): CSP with `object-src 'none'`, `base-uri` and
 * `frame-ancestors`, HSTS outside development, nosniff, Referrer-Policy, and no X-Powered-By
 * (Fastify never sets it). Other helmet defaults stay on. HTML pages get a CSP with the sha256
 * hashes of their own inline scripts (plugins/web.ts), so no 'unsafe-inline' for scripts.
 * Third-party hosts are allowed only when their integration is configured (GTM_CONTAINER_ID,
 * CHANNEL_TALK_PLUGIN_KEY), and `upgrade-insecure-requests` is added on the configured public
 * hosts (SPEC.md §2: dev, stage and production hosts; docs/decisions/003). With S3 storage the
 * bucket's origin joins `connect-src` (direct uploads, decision 026); never otherwise.
 */
import helmet from "@fastify/helmet";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

export interface CspOptions {
  /** "sha256-..." sources of the page's inline scripts. */
  scriptHashes?: readonly string[];
  /** Google Tag Manager is configured: allow its script, image and analytics hosts. */
  gtm?: boolean;
  /** Channel Talk is configured: allow its script, API, socket, image and font hosts. */
  channelTalk?: boolean;
  /** Add `upgrade-insecure-requests` (never on plain-http local hosts: it breaks every asset). */
  upgradeInsecureRequests?: boolean;
  /** More `connect-src` origins (the S3 bucket browsers upload to, when configured). */
  connectSources?: readonly string[];
}

type Sources = Partial<Record<"script" | "img" | "connect" | "font" | "frame", string[]>>;

const GTM: Sources = {
  script: ["https://www.googletagmanager.com"],
  img: ["https://www.googletagmanager.com", "https://*.google-analytics.com"],
  connect: [
    "https://*.google-analytics.com",
    "https://*.analytics.google.com",
    "https://www.googletagmanager.com",
  ],
};
const CHANNEL_TALK: Sources = {
  script: ["https://cdn.channel.io"],
  img: ["https://*.channel.io"],
  connect: ["https://*.channel.io", "wss://*.channel.io"],
  font: ["https://cf.channel.io"],
  frame: ["https://*.channel.io"],
};

/**
 * Kakao (Daum) Postcode, the address search of the enrollment form (issue #4): its loader script
 * and the search page it embeds in an iframe. Always allowed: the form loads it on demand.
 */
const POSTCODE: Sources = {
  script: ["https://t1.kakaocdn.net"],
  frame: ["https://postcode.map.daum.net", "https://postcode.map.kakao.com"],
};

/** Builds the Content-Security-Policy value. */
export function buildCsp(options: CspOptions = {}): string {
  const { scriptHashes = [], gtm = false, channelTalk = false } = options;
  const thirdParty = [POSTCODE, gtm ? GTM : {}, channelTalk ? CHANNEL_TALK : {}];
  const from = (kind: keyof Sources) => thirdParty.flatMap((sources) => sources[kind] ?? []);
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...scriptHashes.map((h) => `'${h}'`), ...from("script")],
    // React renders style attributes and react-toastify injects a <style>: inline styles only.
    "style-src": ["'self'", "'unsafe-inline'"],
    // blob: the tutor's own uploads, read with the token and shown in place (issue #12).
    "img-src": ["'self'", "data:", "blob:", ...from("img")],
    "media-src": ["'self'", "blob:"],
    "font-src": ["'self'", "data:", ...from("font")],
    "connect-src": ["'self'", ...from("connect"), ...(options.connectSources ?? [])],
    "frame-src": from("frame"),
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  const policy = Object.entries(directives).map(([name, values]) => `${name} ${values.join(" ")}`);
  if (options.upgradeInsecureRequests) policy.push("upgrade-insecure-requests");
  return policy.join("; ");
}

export interface SecurityHeadersOptions {
  hsts: boolean;
  gtm: boolean;
  channelTalk: boolean;
  /** Host names (no port) whose responses carry `upgrade-insecure-requests`. */
  upgradeInsecureHosts: readonly string[];
  /** More `connect-src` origins (the S3 upload origin when STORAGE_ADAPTER=s3). */
  connectSources?: readonly string[];
}

declare module "fastify" {
  interface FastifyInstance {
    /** The CSP for a response to `request`, allowing `scriptHashes` as inline scripts. */
    cspFor(request: FastifyRequest, scriptHashes?: readonly string[]): string;
  }
}

export default fp(
  async function securityHeaders(app: FastifyInstance, opts: SecurityHeadersOptions) {
    const upgradeHosts = new Set(opts.upgradeInsecureHosts.map((h) => h.toLowerCase()));
    // Policies are built once per (hash list, upgrade) pair, not per response: pages pass the
    // same hash array every time, so it serves as the cache key.
    const cache = new WeakMap<readonly string[], Map<boolean, string>>();
    const noHashes: readonly string[] = [];
    app.decorate(
      "cspFor",
      (request: FastifyRequest, scriptHashes: readonly string[] = noHashes) => {
        const upgrade = upgradeHosts.has(request.hostname.toLowerCase());
        let byUpgrade = cache.get(scriptHashes);
        if (!byUpgrade) cache.set(scriptHashes, (byUpgrade = new Map()));
        let csp = byUpgrade.get(upgrade);
        if (csp === undefined) {
          csp = buildCsp({
            scriptHashes,
            gtm: opts.gtm,
            channelTalk: opts.channelTalk,
            upgradeInsecureRequests: upgrade,
            connectSources: opts.connectSources,
          });
          byUpgrade.set(upgrade, csp);
        }
        return csp;
      },
    );
    await app.register(helmet, {
      contentSecurityPolicy: false,
      hsts: opts.hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      crossOriginEmbedderPolicy: false,
    });
    app.addHook("onSend", async (request, reply, payload) => {
      if (!reply.hasHeader("content-security-policy")) {
        reply.header("content-security-policy", app.cspFor(request));
      }
      reply.removeHeader("x-powered-by");
      return payload;
    });
  },
  { name: "security-headers" },
);
