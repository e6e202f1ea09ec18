/**
 * Builds the whole server as one Fastify app (DESIGN.md §1-2); server.ts only listens.
 * Mounts: `/main`, `/serverless`, `/hub` (REST, ONUEI_RES envelope), the eight
 * `/{name}/graphql` backends, `/healthz`, `/readyz`, `/metrics`, and the web build.
 */
import { randomUUID } from "node:crypto";
import compress from "@fastify/compress";
import formbody from "@fastify/formbody";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { z } from "zod";
import { openDatabase, type DatabaseHandle } from "@seoltab/db";
import type { Config } from "./config.ts";
import { GRAPHQL_BACKENDS, baseSchema, graphqlBackend } from "./graphql/graphql-backend.ts";
import { catalogRoutes } from "./modules/catalog/catalog.routes.ts";
import metrics from "./plugins/metrics.ts";
import securityHeaders from "./plugins/security-headers.ts";
import web from "./plugins/web.ts";
import { useEnvelope } from "./rest/rest-backend.ts";
import { runSeeds } from "./seed.ts";

// Korean validation messages for every zod schema at the edge.
z.config(z.locales.ko());

declare module "fastify" {
  interface FastifyInstance {
    database: DatabaseHandle;
    config: Config;
  }
}

export interface BuildOptions {
  config: Config;
  /** An open database; when absent one is opened from `config.database` and closed with the app. */
  database?: DatabaseHandle;
  /** Pino logger options, or false for silence (tests). */
  logger?: boolean | Record<string, unknown>;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Builds the app: opens the database (unless given), applies migrations, seeds demo data in
 * local mode, and registers every backend. Call `app.close()` to drain and close the database.
 */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const logger: FastifyServerOptions["logger"] =
    options.logger === false
      ? false
      : {
          level: config.logLevel,
          redact: {
            paths: [
              "req.headers.authorization",
              "req.headers.cookie",
              'res.headers["set-cookie"]',
              "*.password",
              "*.PASSWORD",
              "*.cardNumber",
            ],
            censor: "[redacted]",
          },
          ...(typeof options.logger === "object" ? options.logger : {}),
        };
  const hops = config.trustProxyHops;
  const app = Fastify({
    logger,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: (_address: string, hop: number) => hop < hops,
    routerOptions: { ignoreTrailingSlash: true },
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers["x-request-id"];
      return typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    return503OnClosing: true,
  });

  const ownsDatabase = !options.database;
  const database = options.database ?? (await openDatabase(config.database));
  app.decorate("database", database);
  app.decorate("config", config);
  app.addHook("onClose", async () => {
    if (ownsDatabase) await database.close();
  });

  await database.migrate();
  if (config.localMode) {
    const ran = await runSeeds(database.db);
    if (ran.length > 0) app.log.info({ seeds: ran }, "demo data seeded (local mode)");
  }

  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });

  await app.register(securityHeaders, { hsts: config.appEnv !== "development" });
  await app.register(compress, { threshold: 1024 });
  await app.register(formbody);
  await app.register(metrics);

  app.get("/healthz", async () => ({ status: "ok" }));
  app.get("/readyz", async (request, reply) => {
    try {
      await database.ping();
      return { status: "ok", database: database.driver };
    } catch (err) {
      request.log.error({ err }, "readiness: database did not answer");
      return reply.status(503).send({ status: "unavailable", database: database.driver });
    }
  });

  const db = database.db;
  await app.register(
    async (main) => {
      useEnvelope(main);
      await main.register(catalogRoutes, { db });
    },
    { prefix: "/main" },
  );
  await app.register(async (serverless) => useEnvelope(serverless), { prefix: "/serverless" });
  await app.register(async (hub) => useEnvelope(hub), { prefix: "/hub" });

  for (const name of GRAPHQL_BACKENDS) {
    await app.register(
      (instance) =>
        graphqlBackend(instance, {
          name,
          schema: baseSchema(),
          resolvers: { Query: { backend: () => name } },
          production: config.appEnv === "production",
        }),
      { prefix: `/${name}` },
    );
  }

  await app.register(web, { buildDir: config.webBuildDir });
  return app;
}
