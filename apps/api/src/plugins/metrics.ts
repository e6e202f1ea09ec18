/**
 * Prometheus metrics at GET /metrics (text exposition format; METRICS_TOKEN bearer, or open in
 * local mode only): process defaults plus
 * `http_request_duration_seconds`, a histogram per method, route pattern and status code.
 * One registry per app instance, so tests can build many apps in one process.
 */
import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { Histogram, Registry, collectDefaultMetrics } from "prom-client";

/** Who may read `/metrics`: a bearer token, or (no token) open in local mode, absent elsewhere. */
export interface MetricsOptions {
  token?: string | undefined;
  localMode: boolean;
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export default fp(
  async function metrics(app: FastifyInstance, opts: MetricsOptions) {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const duration = new Histogram({
      name: "http_request_duration_seconds",
      help: "HTTP request duration in seconds, by method, route pattern and status code",
      labelNames: ["method", "route", "status_code"] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });
    app.addHook("onResponse", async (request, reply) => {
      duration.observe(
        {
          method: request.method,
          // The pattern, never the raw URL: bounded label values.
          route: request.routeOptions.url ?? "(unmatched)",
          status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
    });
    app.get("/metrics", async (request, reply) => {
      // Issue #19: process and route figures are not for the public.
      if (opts.token) {
        const header = request.headers.authorization ?? "";
        const given = header.startsWith("Bearer ") ? header.slice(7) : "";
        if (!sameToken(given, opts.token)) {
          reply.header("www-authenticate", 'Bearer realm="metrics"');
          return reply.status(401).send({ error: "unauthorized" });
        }
      } else if (!opts.localMode) {
        return reply.status(404).send({ error: "not_found" });
      }
      reply.header("content-type", registry.contentType);
      return registry.metrics();
    });
  },
  { name: "metrics" },
);
