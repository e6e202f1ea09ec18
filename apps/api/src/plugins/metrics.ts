/**
 * Prometheus metrics at GET /metrics (text exposition format): process defaults plus
 * `http_request_duration_seconds`, a histogram per method, route pattern and status code.
 * One registry per app instance, so tests can build many apps in one process.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { Histogram, Registry, collectDefaultMetrics } from "prom-client";

export default fp(
  async function metrics(app: FastifyInstance) {
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
    app.get("/metrics", async (_request, reply) => {
      reply.header("content-type", registry.contentType);
      return registry.metrics();
    });
  },
  { name: "metrics" },
);
