/**
 * Builds the whole server as one Fastify app (DESIGN.md §1-2); server.ts only listens.
 * Mounts: `/main`, `/serverless`, `/hub` (REST, ONUEI_RES envelope), the eight
 * `/{name}/graphql` backends, the accounts issuer (`/accounts`, `/api/oauth/*`),
 * `/healthz`, `/readyz`, `/metrics`, and the web build.
 */
import { randomUUID } from "node:crypto";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import formbody from "@fastify/formbody";
import Fastify, {
  type FastifyInstance,
  type FastifyRequest,
  type FastifyServerOptions,
} from "fastify";
import type { IResolvers } from "mercurius";
import { z } from "zod";
import { openDatabase, type DatabaseHandle } from "@seoltab/db";
import type { GraphqlBackend } from "@seoltab/domain";
import type { GraphQLSchema } from "graphql";
import type { Config } from "./config.ts";
import { GRAPHQL_BACKENDS, baseSchema, graphqlBackend } from "./graphql/graphql-backend.ts";
import {
  authGraphql,
  createAccounts,
  registerAccounts,
  type AccountsOptions,
} from "./modules/accounts/accounts.module.ts";
import { accountsMainRoutes } from "./modules/accounts/accounts.routes.ts";
import { accountsServerlessRoutes } from "./modules/accounts/serverless.routes.ts";
import {
  catalogPaymentResolvers,
  catalogPaymentSchema,
} from "./modules/catalog/catalog.graphql.ts";
import { catalogRoutes } from "./modules/catalog/catalog.routes.ts";
import { consultationsMainRoutes } from "./modules/consultations/consultations.routes.ts";
import { contractsResolvers, contractsSchema } from "./modules/contracts/contracts.graphql.ts";
import { marketingResolvers, marketingSchema } from "./modules/marketing/marketing.graphql.ts";
import { paymentsResolvers, paymentsSchema } from "./modules/payments/payments.graphql.ts";
import {
  createPayments,
  paymentsDevRoutes,
  type Payments,
  type PaymentsOptions,
} from "./modules/payments/payments.module.ts";
import { paymentsMainRoutes } from "./modules/payments/payments.routes.ts";
import { refundsResolvers, refundsSchema } from "./modules/refunds/refunds.graphql.ts";
import {
  subscriptionsResolvers,
  subscriptionsSchema,
} from "./modules/payments/subscriptions.graphql.ts";
import { refundsMainRoutes } from "./modules/refunds/refunds.routes.ts";
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
    /** The payments area (gateway, service deps, job runner); tests reach the sandbox here. */
    payments: Payments;
    /** The schema each GraphQL backend serves (published as docs/api/<backend>.graphql). */
    graphqlSchemas: Map<GraphqlBackend, GraphQLSchema>;
  }
}

export interface BuildOptions {
  config: Config;
  /** An open database; when absent one is opened from `config.database` and closed with the app. */
  database?: DatabaseHandle;
  /** Pino logger options (e.g. `{ stream }` to capture output), or false for silence (tests). */
  logger?: boolean | Record<string, unknown>;
  /** Replaceable parts of the accounts area: keys, JWKS source, SMS adapter, clock. */
  accounts?: AccountsOptions;
  /** Replaceable parts of the payments area: gateway, clock, settings. */
  payments?: PaymentsOptions;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** Body and query fields that never reach a log line (issue #3 "Protection"). */
const SECRET_FIELDS = [
  "password",
  "PASSWORD",
  "CURRENT_PASSWORD",
  "NEW_PASSWORD",
  "CODE",
  "VERIFICATION_TOKEN",
  "CONSENT_TICKET",
  "token",
  "accessToken",
  "refreshToken",
  "refresh_token",
  "PHONE_NUM",
  "PARENT_PHONE_NUM",
  "cardNumber",
  "expiry",
  "birth",
  "pwd2digit",
  "CARD_NUMBER",
  "EXPIRY",
  "BIRTH",
  "PWD_2DIGIT",
];

const SECRET_QUERY = /^(phone|code|token|password|refresh_token|access_token|ticket)$/i;

/** The request URL with the values of secret query parameters replaced (for logs). */
export function redactUrl(url: string): string {
  const q = url.indexOf("?");
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split("&")
    .map((pair) => {
      const name = pair.split("=")[0] ?? "";
      let key = name;
      try {
        key = decodeURIComponent(name);
      } catch {
        // keep the raw name
      }
      return SECRET_QUERY.test(key) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, q)}?${params.join("&")}`;
}

/** The `/payment/graphql` module: billing cards and payments, the catalog's periods, contracts, refunds. */
function paymentGraphql(payments: Payments): { schema: string; resolvers: IResolvers } {
  const own = paymentsResolvers(payments.deps);
  const catalog = catalogPaymentResolvers(payments.deps.db);
  const contracts = contractsResolvers(payments.deps);
  const refunds = refundsResolvers(payments.deps);
  const subscriptions = subscriptionsResolvers(payments.deps);
  return {
    schema:
      paymentsSchema + catalogPaymentSchema + contractsSchema + refundsSchema + subscriptionsSchema,
    resolvers: {
      ...own,
      Query: {
        ...(own.Query as object),
        ...(catalog.Query as object),
        ...(contracts.Query as object),
        ...(refunds.Query as object),
        ...(subscriptions.Query as object),
      },
      Mutation: {
        ...(own.Mutation as object),
        ...(contracts.Mutation as object),
        ...(refunds.Mutation as object),
        ...(subscriptions.Mutation as object),
      },
    },
  };
}

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
              ...SECRET_FIELDS.map((f) => `*.${f}`),
              ...SECRET_FIELDS.map((f) => `*.*.${f}`),
            ],
            censor: "[redacted]",
          },
          serializers: {
            req: (request: FastifyRequest) => ({
              method: request.method,
              url: redactUrl(request.url),
              host: request.host,
              remoteAddress: request.ip,
              remotePort: request.socket?.remotePort,
            }),
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
  app.decorate("graphqlSchemas", new Map<GraphqlBackend, GraphQLSchema>());
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

  await app.register(securityHeaders, {
    hsts: config.appEnv !== "development",
    gtm: Boolean(config.gtmContainerId),
    channelTalk: Boolean(config.channelTalkPluginKey),
    upgradeInsecureHosts: config.upgradeInsecureHosts,
  });
  await app.register(compress, { threshold: 1024 });
  await app.register(formbody);
  await app.register(cookie);
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
  const accounts = await createAccounts(config, db, app.log, options.accounts);
  await registerAccounts(app, accounts, config);
  const payments = createPayments(config, db, app.log, accounts.deps.clock, options.payments);
  app.decorate("payments", payments);
  if (payments.jobs) {
    const jobs = payments.jobs;
    app.addHook("onReady", () => jobs.start());
    app.addHook("preClose", () => jobs.stop());
  }
  if (config.localMode) await app.register(paymentsDevRoutes, { deps: payments.deps });
  await app.register(
    async (main) => {
      useEnvelope(main);
      await main.register(catalogRoutes, { db });
      await main.register(accountsMainRoutes, { deps: accounts.deps, cookies: accounts.cookies });
      await main.register(consultationsMainRoutes, { db, clock: accounts.deps.clock });
      await main.register(paymentsMainRoutes, { deps: payments.deps });
      await main.register(refundsMainRoutes, { deps: payments.deps });
    },
    { prefix: "/main" },
  );
  await app.register(
    async (serverless) => {
      useEnvelope(serverless);
      await serverless.register(accountsServerlessRoutes, { deps: accounts.deps });
    },
    { prefix: "/serverless" },
  );
  await app.register(async (hub) => useEnvelope(hub), { prefix: "/hub" });

  // What each GraphQL backend serves on top of the base schema; modules add their entry here.
  const graphqlModules: Partial<Record<GraphqlBackend, { schema: string; resolvers: IResolvers }>> =
    {
      auth: authGraphql(accounts),
      marketing: { schema: marketingSchema, resolvers: marketingResolvers(database.db) },
      payment: paymentGraphql(payments),
    };
  for (const name of GRAPHQL_BACKENDS) {
    const module = graphqlModules[name];
    await app.register(
      (instance) =>
        graphqlBackend(instance, {
          name,
          schema: baseSchema() + (module?.schema ?? ""),
          resolvers: {
            ...module?.resolvers,
            Query: { ...(module?.resolvers.Query as object | undefined), backend: () => name },
          },
          production: config.appEnv === "production",
          onSchema: (served) => app.graphqlSchemas.set(name, served),
        }),
      { prefix: `/${name}` },
    );
  }

  await app.register(web, {
    buildDir: config.webBuildDir,
    publicConfig: {
      appEnv: config.appEnv,
      gtmContainerId: config.gtmContainerId ?? null,
      channelTalkPluginKey: config.channelTalkPluginKey ?? null,
      consultationUrl: config.consultationUrl,
    },
  });
  return app;
}
