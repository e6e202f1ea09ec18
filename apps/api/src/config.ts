/**
 * Settings of DESIGN.md §6, read from the environment and validated once at start with zod.
 * A bad or missing setting stops the start with one message listing every problem
 * (`ConfigError`). APP_ENV=production refuses embedded PGlite and sandbox adapters (except
 * MESSAGE_ADAPTER: sandbox there only draws a warning at start, platform/messaging-adapters.ts).
 */
import { join, resolve } from "node:path";
import { z } from "zod";

const APP_ENVS = ["production", "stage", "development"] as const;

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const url = (what: string) =>
  z.url({
    protocol: /^https?$/,
    error: `${what}: http(s) 주소여야 합니다 (예: https://example.com)`,
  });

const optionalUrl = (what: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === "" ? undefined : v))
    .pipe(url(what).optional());

const intIn = (what: string, min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: `${what}: 정수여야 합니다` })
    .int(`${what}: 정수여야 합니다`)
    .min(min, `${what}: ${min} 이상이어야 합니다`)
    .max(max, `${what}: ${max} 이하여야 합니다`)
    .default(fallback);

const envSchema = z
  .object({
    APP_ENV: z
      .enum(APP_ENVS, {
        error: `APP_ENV: ${APP_ENVS.join(", ")} 중 하나여야 합니다`,
      })
      .default("production"),
    PORT: intIn("PORT", 0, 65535, 3000),
    HOST: optionalText,
    DATA_DIR: z.string().trim().min(1).default("./data"),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "DATABASE_URL: postgres:// 로 시작하는 주소여야 합니다")
        .optional(),
    ),
    PUBLIC_ORIGIN: optionalUrl("PUBLIC_ORIGIN"),
    /** Base addresses of the services (SPEC.md §7); default: PUBLIC_ORIGIN + the DESIGN.md §2 path. */
    ACCOUNTS_BASE_URL: optionalUrl("ACCOUNTS_BASE_URL"),
    AUTH_API_BASE_URL: optionalUrl("AUTH_API_BASE_URL"),
    MAIN_API_BASE_URL: optionalUrl("MAIN_API_BASE_URL"),
    SERVERLESS_API_BASE_URL: optionalUrl("SERVERLESS_API_BASE_URL"),
    HUB_API_BASE_URL: optionalUrl("HUB_API_BASE_URL"),
    GRAPHQL_BASE_URL: optionalUrl("GRAPHQL_BASE_URL"),
    ACCESS_TOKEN_TTL: intIn("ACCESS_TOKEN_TTL", 60, 86_400, 900),
    /** Longest life (ms) of a read-cache entry (platform/view-cache.ts); 0 turns the cache off. */
    VIEW_CACHE_TTL_MS: intIn("VIEW_CACHE_TTL_MS", 0, 300_000, 30_000),
    /** JSON array of private JWKs (ES256, with kid): current first, previous second. */
    ACCOUNTS_SIGNING_KEYS: optionalText,
    PAYMENT_ADAPTER: z
      .enum(["sandbox", "portone"], {
        error: "PAYMENT_ADAPTER: sandbox 또는 portone 이어야 합니다",
      })
      .default("sandbox"),
    PORTONE_API_KEY: optionalText,
    PORTONE_API_SECRET: optionalText,
    PORTONE_API_BASE_URL: optionalUrl("PORTONE_API_BASE_URL"),
    /** PortOne console channel key (billing keys, virtual accounts). */
    PORTONE_CHANNEL_KEY: optionalText,
    /** Bank of issued virtual accounts (PortOne vbank_code), default 088 신한은행. */
    PORTONE_VBANK_CODE: optionalText.pipe(
      z
        .string()
        .regex(/^\d{3}$/, "PORTONE_VBANK_CODE: 세 자리 은행 코드여야 합니다 (예: 088 신한은행)")
        .optional(),
    ),
    SMS_ADAPTER: z
      .enum(["sandbox", "portone"], { error: "SMS_ADAPTER: sandbox 또는 portone 이어야 합니다" })
      .default("sandbox"),
    /** Message port (issue #17): sandbox delivers nothing; solapi = KakaoTalk 알림톡 + SMS/LMS. */
    MESSAGE_ADAPTER: z
      .enum(["sandbox", "solapi"], {
        error: "MESSAGE_ADAPTER: sandbox 또는 solapi 이어야 합니다",
      })
      .default("sandbox"),
    SOLAPI_API_KEY: optionalText,
    SOLAPI_API_SECRET: optionalText,
    /** 발신번호 registered with SOLAPI, digits only. */
    SOLAPI_SENDER: optionalText.pipe(
      z
        .string()
        .regex(/^\d{8,12}$/, "SOLAPI_SENDER: 숫자만 쓴 발신번호여야 합니다 (예: 0212345678)")
        .optional(),
    ),
    /** Kakao channel id (SOLAPI pfId) that sends the 알림톡. */
    SOLAPI_PF_ID: optionalText,
    SOLAPI_BASE_URL: optionalUrl("SOLAPI_BASE_URL"),
    /**
     * File storage port (issue #12, platform/storage.ts): disk keeps uploads under
     * DATA_DIR/uploads; s3 keeps them in an S3-compatible bucket (browsers post to it directly).
     */
    STORAGE_ADAPTER: z
      .enum(["disk", "s3"], { error: "STORAGE_ADAPTER: disk 또는 s3 이어야 합니다" })
      .default("disk"),
    S3_BUCKET: optionalText,
    S3_REGION: optionalText,
    /** S3-compatible store's address (path-style requests); unset: AWS S3 of S3_REGION. */
    S3_ENDPOINT: optionalUrl("S3_ENDPOINT"),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    CHANNEL_TALK_PLUGIN_KEY: optionalText,
    GTM_CONTAINER_ID: optionalText.pipe(
      z
        .string()
        .regex(/^GTM-[A-Z0-9]+$/, "GTM_CONTAINER_ID: GTM-XXXXXXX 형식이어야 합니다")
        .optional(),
    ),
    CONSULTATION_URL: z.string().trim().min(1).default("/consultation"),
    METRICS_TOKEN: optionalText.pipe(
      z.string().min(24, "METRICS_TOKEN: 24자 이상이어야 합니다").optional(),
    ),
    REDIS_URL: optionalText.pipe(
      z
        .string()
        .regex(/^rediss?:\/\//, "REDIS_URL: redis:// 로 시작해야 합니다")
        .optional(),
    ),
    /**
     * Whether this process runs the payments background jobs (renewals, reconciliation): with
     * DATABASE_URL through pg-boss (one worker per job across processes), with PGlite in-process.
     */
    /** PortOne: also find payments made on a test channel (stage), `include_sandbox=true`. */
    PORTONE_INCLUDE_SANDBOX: z
      .enum(["true", "false"], { error: "PORTONE_INCLUDE_SANDBOX: true 또는 false 여야 합니다" })
      .default("false"),
    JOBS_ENABLED: z
      .enum(["true", "false"], { error: "JOBS_ENABLED: true 또는 false 여야 합니다" })
      .default("true"),
    /**
     * "true" / "false": serve the REST API documentation (Swagger UI at /main/docs, the OpenAPI
     * document at /main/docs/json). Default: on in development and stage, off in production.
     */
    API_DOCS_ENABLED: z
      .enum(["true", "false"], { error: "API_DOCS_ENABLED: true 또는 false 여야 합니다" })
      .optional(),
    /** Local mode: give the demo student paid demo lectures (REGISTER, MATCHED, ACTIVE). */
    SEED_DEMO_LECTURES: z
      .enum(["true", "false"], { error: "SEED_DEMO_LECTURES: true 또는 false 여야 합니다" })
      .default("true"),
    /** Largest accepted request body, in bytes (default 1 MiB). */
    BODY_LIMIT_BYTES: intIn("BODY_LIMIT_BYTES", 1024, 50 * 1024 * 1024, 1024 * 1024),
    /**
     * Crash-recovery tests only (issue #19): the sandbox gateway waits this many ms between a
     * charge and its answer, so a test can kill the server before the payment is committed.
     * Used in development only; default 0.
     */
    SANDBOX_PAUSE_AFTER_CHARGE_MS: intIn("SANDBOX_PAUSE_AFTER_CHARGE_MS", 0, 600_000, 0),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
        error: "LOG_LEVEL: fatal, error, warn, info, debug, trace, silent 중 하나여야 합니다",
      })
      .default("info"),
    /** Folder of the web build (apps/web/build/client by default). */
    WEB_BUILD_DIR: optionalText,
    /** Number of reverse proxies in front of the server whose X-Forwarded-For is trusted. */
    TRUST_PROXY_HOPS: intIn("TRUST_PROXY_HOPS", 0, 10, 0),
    /**
     * Comma-separated host names whose pages carry CSP `upgrade-insecure-requests` (SPEC.md §2:
     * the dev, stage and production hosts). Default: PUBLIC_ORIGIN's host outside development.
     */
    UPGRADE_INSECURE_REQUESTS_HOSTS: optionalText,
    /**
     * "true" / "false": local mode (demo data, readable sandbox outboxes, /dev routes, open
     * /metrics, no HSTS, no upgrade-insecure-requests). Default: APP_ENV=development on a
     * loopback PUBLIC_ORIGIN (or none); a deployed development host is not local (issue #20).
     */
    LOCAL_MODE: z
      .enum(["true", "false"], { error: "LOCAL_MODE: true 또는 false 여야 합니다" })
      .optional(),
  })
  .superRefine((env, ctx) => {
    const need = (key: string, why: string) =>
      ctx.addIssue({ code: "custom", path: [key], message: `${key}: ${why}` });
    if (env.APP_ENV === "production") {
      if (!env.DATABASE_URL)
        need("DATABASE_URL", "production 에서는 필수입니다 (내장 PGlite 는 로컬 전용)");
      if (!env.PUBLIC_ORIGIN) need("PUBLIC_ORIGIN", "production 에서는 필수입니다");
      if (!env.ACCOUNTS_SIGNING_KEYS) need("ACCOUNTS_SIGNING_KEYS", "production 에서는 필수입니다");
      if (env.PAYMENT_ADAPTER === "sandbox")
        need("PAYMENT_ADAPTER", "production 에서는 sandbox 를 쓸 수 없습니다 (portone)");
      if (env.SMS_ADAPTER === "sandbox")
        need("SMS_ADAPTER", "production 에서는 sandbox 를 쓸 수 없습니다 (portone)");
      if (env.LOCAL_MODE === "true") need("LOCAL_MODE", "production 에서는 true 일 수 없습니다");
    }
    if (env.PAYMENT_ADAPTER === "portone") {
      if (!env.PORTONE_API_KEY) need("PORTONE_API_KEY", "PAYMENT_ADAPTER=portone 이면 필수입니다");
      if (!env.PORTONE_API_SECRET)
        need("PORTONE_API_SECRET", "PAYMENT_ADAPTER=portone 이면 필수입니다");
    }
    if (env.MESSAGE_ADAPTER === "solapi") {
      for (const key of [
        "SOLAPI_API_KEY",
        "SOLAPI_API_SECRET",
        "SOLAPI_SENDER",
        "SOLAPI_PF_ID",
      ] as const) {
        if (!env[key]) need(key, "MESSAGE_ADAPTER=solapi 이면 필수입니다");
      }
    }
    if (env.STORAGE_ADAPTER === "s3") {
      for (const key of [
        "S3_BUCKET",
        "S3_REGION",
        "S3_ACCESS_KEY_ID",
        "S3_SECRET_ACCESS_KEY",
      ] as const) {
        if (!env[key]) need(key, "STORAGE_ADAPTER=s3 이면 필수입니다");
      }
    }
    if (env.ACCOUNTS_SIGNING_KEYS) {
      try {
        const keys: unknown = JSON.parse(env.ACCOUNTS_SIGNING_KEYS);
        if (!Array.isArray(keys) || keys.length === 0) throw new Error("empty");
      } catch {
        need("ACCOUNTS_SIGNING_KEYS", "비어 있지 않은 JWK 배열(JSON)이어야 합니다");
      }
    }
  });

export type AppEnv = (typeof APP_ENVS)[number];

/** Validated settings. Addresses have no trailing slash. */
export interface Config {
  appEnv: AppEnv;
  /**
   * Local mode (isLocalMode): development on this machine; demo data is seeded, sandbox
   * outboxes are readable. False on deployed development, stage and production hosts.
   */
  localMode: boolean;
  port: number;
  host: string;
  /** DATA_DIR, absolute: embedded database and the local accounts key file. */
  dataDir: string;
  /**
   * Local mode: where the sandbox payment gateway keeps its state across restarts
   * (`DATA_DIR/sandbox-gateway.json`, issue #19); undefined elsewhere (in memory).
   */
  sandboxStateFile: string | undefined;
  /** SANDBOX_PAUSE_AFTER_CHARGE_MS in development (crash-recovery tests), else 0. */
  sandboxPauseAfterChargeMs: number;
  database: { kind: "postgres"; url: string } | { kind: "pglite"; dataDir: string };
  publicOrigin: string;
  baseUrls: {
    accounts: string;
    authApi: string;
    main: string;
    serverless: string;
    hub: string;
    graphql: string;
  };
  accessTokenTtlSeconds: number;
  /** Longest life of a getUserInfo / userPayments cache entry, ms; 0 = no cache (decision 039). */
  viewCacheTtlMs: number;
  signingKeys: string | undefined;
  payment:
    | { adapter: "sandbox" }
    | {
        adapter: "portone";
        apiKey: string;
        apiSecret: string;
        baseUrl: string;
        channelKey: string | undefined;
        /** PortOne vbank_code of issued virtual accounts. */
        vbankCode: string;
        /** PORTONE_INCLUDE_SANDBOX: look up test-channel payments too (stage). */
        includeSandbox: boolean;
      };
  smsAdapter: "sandbox" | "portone";
  /**
   * The message port's adapter (MESSAGE_ADAPTER, SOLAPI_*; platform/messaging-adapters.ts).
   * Production accepts sandbox (with a warning at start, see messageSenderFor).
   */
  messaging:
    | { adapter: "sandbox" }
    | {
        adapter: "solapi";
        apiKey: string;
        apiSecret: string;
        /** 발신번호, digits only. */
        sender: string;
        /** Kakao channel id (pfId). */
        pfId: string;
        /** SOLAPI_BASE_URL without trailing slash; undefined: the SDK's https://api.solapi.com. */
        baseUrl: string | undefined;
      };
  /**
   * Where uploaded files go (STORAGE_ADAPTER, S3_*; platform/storage.ts, storage-s3.ts): disk
   * under `DATA_DIR/uploads`, or an S3-compatible bucket.
   */
  storage:
    | { adapter: "disk" }
    | {
        adapter: "s3";
        bucket: string;
        region: string;
        /** S3_ENDPOINT without trailing slash (path-style); undefined: AWS S3. */
        endpoint: string | undefined;
        accessKeyId: string;
        secretAccessKey: string;
      };
  channelTalkPluginKey: string | undefined;
  gtmContainerId: string | undefined;
  consultationUrl: string;
  /**
   * METRICS_TOKEN: the bearer token `/metrics` asks for (issue #19). Unset: `/metrics` is open in
   * local mode and absent (404) on deployed hosts.
   */
  metricsToken: string | undefined;
  redisUrl: string | undefined;
  bodyLimitBytes: number;
  /** Run the payments background jobs in this process (JOBS_ENABLED). */
  jobsEnabled: boolean;
  /**
   * Serve Swagger UI at `/main/docs` and the OpenAPI document at `/main/docs/json`
   * (API_DOCS_ENABLED; default true in development and stage, false in production).
   */
  apiDocsEnabled: boolean;
  /** Local mode only: seed the demo student's demo lectures (SEED_DEMO_LECTURES). */
  seedDemoLectures: boolean;
  logLevel: string;
  webBuildDir: string;
  trustProxyHops: number;
  /** Host names (lower case, no port) that get `upgrade-insecure-requests`. */
  upgradeInsecureHosts: string[];
}

/** Thrown by `loadConfig`; `message` lists every problem, one per line. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `설정이 올바르지 않아 서버를 시작할 수 없습니다:\n${problems.map((p) => `  - ${p}`).join("\n")}`,
    );
    this.name = "ConfigError";
  }
}

/** Host names of the machine itself: a PUBLIC_ORIGIN on one of these is a local run. */
export const LOOPBACK_HOSTNAMES: ReadonlySet<string> = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Local mode (issue #20): APP_ENV=development on this machine. LOCAL_MODE decides when set;
 * otherwise development with a loopback public origin. A deployed development host (APP_ENV
 * development, PUBLIC_ORIGIN https://dev.…) is not local: no demo data, no /dev routes, and its
 * pages carry upgrade-insecure-requests like stage and production (SPEC.md §2).
 */
export function isLocalMode(
  appEnv: AppEnv,
  publicOrigin: string,
  localModeSetting: "true" | "false" | undefined,
): boolean {
  if (appEnv !== "development") return false;
  if (localModeSetting) return localModeSetting === "true";
  return LOOPBACK_HOSTNAMES.has(new URL(publicOrigin).hostname.toLowerCase());
}

const trimSlash = (u: string) => u.replace(/\/+$/, "");

/**
 * Reads and validates settings from `env` (default `process.env`).
 * @throws ConfigError listing every bad or missing setting.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => i.message));
  }
  const e = parsed.data;
  const publicOrigin = trimSlash(e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`);
  const base = (v: string | undefined, path: string) => trimSlash(v ?? `${publicOrigin}${path}`);
  const localMode = isLocalMode(e.APP_ENV, publicOrigin, e.LOCAL_MODE);
  return {
    appEnv: e.APP_ENV,
    localMode,
    port: e.PORT,
    host: e.HOST ?? (localMode ? "127.0.0.1" : "0.0.0.0"),
    dataDir: resolve(e.DATA_DIR),
    sandboxStateFile:
      e.APP_ENV === "development" ? join(resolve(e.DATA_DIR), "sandbox-gateway.json") : undefined,
    sandboxPauseAfterChargeMs: e.APP_ENV === "development" ? e.SANDBOX_PAUSE_AFTER_CHARGE_MS : 0,
    database: e.DATABASE_URL
      ? { kind: "postgres", url: e.DATABASE_URL }
      : { kind: "pglite", dataDir: resolve(e.DATA_DIR) },
    publicOrigin,
    baseUrls: {
      accounts: base(e.ACCOUNTS_BASE_URL, "/accounts"),
      authApi: base(e.AUTH_API_BASE_URL, ""),
      main: base(e.MAIN_API_BASE_URL, "/main"),
      serverless: base(e.SERVERLESS_API_BASE_URL, "/serverless"),
      hub: base(e.HUB_API_BASE_URL, "/hub"),
      graphql: base(e.GRAPHQL_BASE_URL, ""),
    },
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL,
    viewCacheTtlMs: e.VIEW_CACHE_TTL_MS,
    signingKeys: e.ACCOUNTS_SIGNING_KEYS,
    payment:
      e.PAYMENT_ADAPTER === "portone"
        ? {
            adapter: "portone",
            apiKey: e.PORTONE_API_KEY ?? "",
            apiSecret: e.PORTONE_API_SECRET ?? "",
            baseUrl: trimSlash(e.PORTONE_API_BASE_URL ?? "https://api.iamport.kr"),
            channelKey: e.PORTONE_CHANNEL_KEY,
            vbankCode: e.PORTONE_VBANK_CODE ?? "088",
            includeSandbox: e.PORTONE_INCLUDE_SANDBOX === "true",
          }
        : { adapter: "sandbox" },
    smsAdapter: e.SMS_ADAPTER,
    messaging:
      e.MESSAGE_ADAPTER === "solapi"
        ? {
            adapter: "solapi",
            apiKey: e.SOLAPI_API_KEY ?? "",
            apiSecret: e.SOLAPI_API_SECRET ?? "",
            sender: e.SOLAPI_SENDER ?? "",
            pfId: e.SOLAPI_PF_ID ?? "",
            baseUrl: e.SOLAPI_BASE_URL ? trimSlash(e.SOLAPI_BASE_URL) : undefined,
          }
        : { adapter: "sandbox" },
    storage:
      e.STORAGE_ADAPTER === "s3"
        ? {
            adapter: "s3",
            bucket: e.S3_BUCKET ?? "",
            region: e.S3_REGION ?? "",
            endpoint: e.S3_ENDPOINT ? trimSlash(e.S3_ENDPOINT) : undefined,
            accessKeyId: e.S3_ACCESS_KEY_ID ?? "",
            secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? "",
          }
        : { adapter: "disk" },
    channelTalkPluginKey: e.CHANNEL_TALK_PLUGIN_KEY,
    gtmContainerId: e.GTM_CONTAINER_ID,
    consultationUrl: e.CONSULTATION_URL,
    metricsToken: e.METRICS_TOKEN,
    redisUrl: e.REDIS_URL,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    jobsEnabled: e.JOBS_ENABLED === "true",
    apiDocsEnabled: e.API_DOCS_ENABLED ? e.API_DOCS_ENABLED === "true" : e.APP_ENV !== "production",
    seedDemoLectures: e.APP_ENV === "development" && e.SEED_DEMO_LECTURES === "true",
    logLevel: e.LOG_LEVEL,
    webBuildDir: resolve(
      e.WEB_BUILD_DIR ?? new URL("../../web/build/client", import.meta.url).pathname,
    ),
    trustProxyHops: e.TRUST_PROXY_HOPS,
    upgradeInsecureHosts: e.UPGRADE_INSECURE_REQUESTS_HOSTS
      ? e.UPGRADE_INSECURE_REQUESTS_HOSTS.split(",")
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean)
      : localMode
        ? []
        : [new URL(publicOrigin).hostname],
  };
}
