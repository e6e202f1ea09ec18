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
import { err as serializeStdError } from "pino-std-serializers";
import Fastify, {
  type FastifyInstance,
  type FastifyRequest,
  type FastifyServerOptions,
} from "fastify";
import { z } from "zod";
import { openDatabase, type DatabaseHandle } from "@seoltab/db";
import type { GraphqlBackend } from "@seoltab/domain";
import type { GraphQLSchema } from "graphql";
import type { Config } from "./config.ts";
import { GRAPHQL_BACKENDS, baseSchema, graphqlBackend } from "./graphql/graphql-backend.ts";
import { createModules, type ModuleOptions } from "./modules/index.ts";
import type { Payments } from "./modules/payments/index.ts";
import { inProcessJobRunner, pgBossJobRunner, type JobTable } from "./platform/jobs.ts";
import { mergeGraphqlParts, type GraphqlPart, type RestBackend } from "./platform/module.ts";
import { diskFileStorage, uploadsDir, type FileStorage } from "./platform/storage.ts";
import { setAfterCommitErrorSink } from "./platform/transactions.ts";
import type { ViewCache } from "./platform/view-cache.ts";
import metrics from "./plugins/metrics.ts";
import securityHeaders from "./plugins/security-headers.ts";
import web, { browserBaseUrls } from "./plugins/web.ts";
import { useEnvelope } from "./rest/rest-backend.ts";
import { sharedAttemptStore } from "./platform/attempt-store.ts";
import { registerOpenApi } from "./rest/openapi.ts";
import { DEMO_LECTURES_SEED, hasSeeded, markSeeded, runSeeds } from "./seed.ts";
import { seedDemoLectures } from "./demo-lectures.seed.ts";

// Korean validation messages for every zod schema at the edge.
z.config(z.locales.ko());

declare module "fastify" {
  interface FastifyInstance {
    database: DatabaseHandle;
    config: Config;
    /** The payments area (gateway, service deps, job runner); tests reach the sandbox here. */
    payments: Payments;
    /** The read cache of getUserInfo and userPayments (platform/view-cache.ts). */
    views: ViewCache;
    /** The schema each GraphQL backend serves (published as docs/api/<backend>.graphql). */
    graphqlSchemas: Map<GraphqlBackend, GraphQLSchema>;
    /** Every area's background jobs by name (platform/jobs.ts runs them). */
    jobTable: JobTable;
    /** Every route registered (method, url), for tests and docs. */
    routeList: { method: string; url: string }[];
  }
}

export interface BuildOptions {
  config: Config;
  /** An open database; when absent one is opened from `config.database` and closed with the app. */
  database?: DatabaseHandle;
  /** Pino logger options (e.g. `{ stream }` to capture output), or false for silence (tests). */
  logger?: boolean | Record<string, unknown>;
  /** Replaceable parts of the accounts area: keys, JWKS source, SMS adapter, clock. */
  accounts?: ModuleOptions["accounts"];
  /** Replaceable parts of the payments area: gateway, clock, settings. */
  payments?: ModuleOptions["payments"];
  /** Replaceable parts of the messages area: the delivery port. */
  messages?: ModuleOptions["messages"];
  /**
   * Where uploaded files go; default from `config.storage`: `DATA_DIR/uploads` on disk
   * (platform/storage.ts) or the S3 bucket (platform/storage-s3.ts).
   */
  storage?: FileStorage;
  /**
   * Tests only: a prefix of every throttle key, so API test files sharing one PostgreSQL
   * database do not use up each other's limits. Real deployments leave it empty (shared).
   */
  attemptsNamespace?: string;
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

/**
 * Errors in logs (pino's standard error serializer) without the values a failed database query
 * was called with: Drizzle and node-postgres errors carry every parameter (emails, phones,
 * names) — issue #19. The SQL text stays; `params`/`parameters` become their count.
 */
export function serializeError(err: Error): {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
} {
  const out = { ...serializeStdError(err) } as unknown as {
    type: string;
    message: string;
    stack: string;
    [key: string]: unknown;
  };
  // Drizzle also writes the values into its message ("Failed query: …\nparams: a,b"), which
  // the message and stack repeat.
  const params = (err as { params?: unknown }).params;
  if (Array.isArray(params) && params.length > 0) {
    const written = `params: ${String(params)}`;
    const counted = `params: [${params.length} values]`;
    out.message = out.message.split(written).join(counted);
    out.stack = out.stack.split(written).join(counted);
  }
  const strip = (value: Record<string, unknown>, depth: number) => {
    for (const key of ["params", "parameters"]) {
      if (Array.isArray(value[key])) value[key] = `[${(value[key] as unknown[]).length} values]`;
    }
    const cause = value.cause;
    if (depth < 5 && cause && typeof cause === "object") {
      value.cause = { ...(cause as Record<string, unknown>) };
      strip(value.cause as Record<string, unknown>, depth + 1);
    }
  };
  strip(out, 0);
  return out;
}

/** The request URL with the values of secret query parameters replaced (for logs). */
export function redactUrl(raw: string): string {
  // A calendar feed's secret is the path itself (lessons/calendar-feed.ts).
  const url = raw.replace(/^\/calendar\/[^/?]+\.ics/, "/calendar/[redacted].ics");
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
            err: serializeError,
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

  const routeList: { method: string; url: string }[] = [];
  app.decorate("routeList", routeList);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) routeList.push({ method, url: route.url });
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
  // Throttle counters shared by every process: Redis with REDIS_URL, else the database.
  const attempts = sharedAttemptStore(config.redisUrl, database.db, options.attemptsNamespace);
  app.addHook("onClose", () => attempts.close());
  // Browsers post documents straight to the bucket (presigned POST) only with S3 storage. The S3
  // adapter's module (the AWS SDK) is imported only then.
  let storage = options.storage;
  let uploadOrigins: string[] = [];
  if (config.storage.adapter === "s3") {
    const { s3FileStorage, s3UploadOrigin } = await import("./platform/storage-s3.ts");
    storage ??= s3FileStorage(config.storage);
    uploadOrigins = [s3UploadOrigin(config.storage)];
  }
  storage ??= diskFileStorage(uploadsDir(config.dataDir));
  if (config.localMode) {
    const ran = await runSeeds(database.db, undefined, { storage });
    if (ran.length > 0) app.log.info({ seeds: ran }, "demo data seeded (local mode)");
  }

  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });

  await app.register(securityHeaders, {
    hsts: !config.localMode,
    gtm: Boolean(config.gtmContainerId),
    channelTalk: Boolean(config.channelTalkPluginKey),
    upgradeInsecureHosts: config.upgradeInsecureHosts,
    connectSources: uploadOrigins,
  });
  await app.register(compress, { threshold: 1024 });
  await app.register(formbody);
  await app.register(cookie);
  await app.register(metrics, { token: config.metricsToken, localMode: config.localMode });

  // Probes come every few seconds: logged only at warn and above (issue #19).
  app.get("/healthz", { logLevel: "warn" }, async () => ({ status: "ok" }));
  app.get("/readyz", { logLevel: "warn" }, async (request, reply) => {
    try {
      await database.ping();
      return { status: "ok", database: database.driver };
    } catch (err) {
      request.log.error({ err }, "readiness: database did not answer");
      return reply.status(503).send({ status: "unavailable", database: database.driver });
    }
  });

  setAfterCommitErrorSink((err) => app.log.error({ err }, "after-commit work failed"));
  const modules = await createModules(
    {
      config,
      db: database.db,
      log: app.log,
      storage,
      attempts: attempts.store,
      notifications: database,
    },
    { accounts: options.accounts, payments: options.payments, messages: options.messages },
  );
  app.decorate("views", modules.views);
  // preClose runs before the onClose hook that closes the database.
  app.addHook("preClose", () => modules.views.close());
  app.decorate("payments", modules.payments);
  if (config.seedDemoLectures && !(await hasSeeded(database.db, DEMO_LECTURES_SEED))) {
    // Through the real checkout (not inside a seed transaction: it opens its own).
    const written = await seedDemoLectures(modules.payments.deps, modules.events);
    await markSeeded(database.db, DEMO_LECTURES_SEED);
    if (written > 0) app.log.info({ lectures: written }, "demo lectures seeded (local mode)");
  }

  const jobTable: JobTable = {};
  for (const module of modules.list) Object.assign(jobTable, module.jobs);
  app.decorate("jobTable", jobTable);
  if (config.jobsEnabled) {
    const jobs =
      config.database.kind === "postgres"
        ? pgBossJobRunner(jobTable, app.log, config.database.url)
        : inProcessJobRunner(jobTable, app.log);
    app.addHook("onReady", () => jobs.start());
    app.addHook("preClose", () => jobs.stop());
  }

  for (const module of modules.list) {
    if (module.register) await module.register(app);
    if (config.localMode && module.devRoutes) await app.register(module.devRoutes);
  }
  // Before the backends: @fastify/swagger collects their routes as they are registered.
  await registerOpenApi(app, { ui: config.apiDocsEnabled });
  const restBackends: RestBackend[] = ["main", "serverless", "hub"];
  for (const backend of restBackends) {
    await app.register(
      async (instance) => {
        useEnvelope(instance, { strictResponses: config.appEnv !== "production" });
        for (const module of modules.list) {
          const routes = module.rest?.[backend];
          if (routes) await instance.register(routes);
        }
      },
      { prefix: `/${backend}` },
    );
  }

  for (const name of GRAPHQL_BACKENDS) {
    const parts = modules.list
      .map((module) => module.graphql?.[name])
      .filter((part): part is GraphqlPart => part !== undefined);
    const merged = mergeGraphqlParts(parts);
    await app.register(
      (instance) =>
        graphqlBackend(instance, {
          name,
          schema: baseSchema() + merged.schema,
          resolvers: {
            ...merged.resolvers,
            Query: { ...(merged.resolvers.Query as object | undefined), backend: () => name },
          },
          answerReads: merged.answerReads,
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
      baseUrls: browserBaseUrls(config.publicOrigin, config.baseUrls),
    },
  });
  return app;
}
