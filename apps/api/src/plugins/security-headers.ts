/**
 * Security headers on every response (issue #2): CSP with `object-src 'none'`, `base-uri` and
 * `frame-ancestors`, HSTS outside development, nosniff, Referrer-Policy, and no X-Powered-By
 * (Fastify never sets it). Other helmet defaults stay on. HTML pages get a CSP with the sha256
 * hashes of their own inline scripts (plugins/web.ts), so no 'unsafe-inline' for scripts.
 */
import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** Builds the Content-Security-Policy value; `scriptHashes` are "sha256-..." sources. */
export function buildCsp(scriptHashes: readonly string[] = []): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...scriptHashes.map((h) => `'${h}'`)],
    // React renders style attributes and react-toastify injects a <style>: inline styles only.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

const DEFAULT_CSP = buildCsp();

export default fp(
  async function securityHeaders(app: FastifyInstance, opts: { hsts: boolean }) {
    await app.register(helmet, {
      contentSecurityPolicy: false,
      hsts: opts.hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      crossOriginEmbedderPolicy: false,
    });
    app.addHook("onSend", async (_request, reply, payload) => {
      if (!reply.hasHeader("content-security-policy")) {
        reply.header("content-security-policy", DEFAULT_CSP);
      }
      reply.removeHeader("x-powered-by");
      return payload;
    });
  },
  { name: "security-headers" },
);
