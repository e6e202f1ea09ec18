/**
 * Assembles the accounts area (issue #3): signing keys, the access-token issuer and verifier,
 * the services' dependencies, and the routes outside /main and /serverless (JWKS, token calls,
 * the local SMS outbox). app.ts mounts `accountsMainRoutes` and `accountsServerlessRoutes` into
 * their REST backends and `authGraphql` into `/auth/graphql`.
 */
import { join } from "node:path";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Database } from "@seoltab/db";
import { systemClock, type Clock } from "../../clock.ts";
import type { Config } from "../../config.ts";
import { createAccessTokenIssuer } from "./access-tokens.ts";
import type { AccountsDeps } from "./accounts.deps.ts";
import { AVAILABILITY_WINDOW_MS } from "./accounts.constants.ts";
import { accountsResolvers, accountsSchema } from "./accounts.graphql.ts";
import { createConsentTickets } from "./consent-tickets.ts";
import { storeAttemptLimiter } from "../../platform/attempt-limiter.ts";
import type { AttemptStore } from "../../platform/attempt-store.ts";
import authPlugin from "./auth.plugin.ts";
import { currentSessionChecker } from "./current-session.ts";
import { devSmsOutboxRoutes } from "./dev.routes.ts";
import { jwksRoutes, oauthRoutes, type OriginPolicy } from "./oauth.routes.ts";
import { argon2Hasher, type PasswordHasher } from "./password-hasher.ts";
import { refreshCookiePolicy, type CookiePolicy } from "./refresh-cookie.ts";
import { fileSigningKeys, signingKeysFromJson, type SigningKeyStore } from "./signing-keys.ts";
import {
  sandboxSms,
  smsViaMessagePort,
  unconfiguredSms,
  type SandboxSms,
  type SmsSender,
} from "./sms.ts";
import { messageSenderFor } from "../../platform/messaging-adapters.ts";
import type { MessageSender } from "../../platform/messaging.ts";
import {
  createTokenVerifier,
  localJwks,
  remoteJwks,
  type JwksSource,
  type TokenVerifier,
} from "./token-verifier.ts";

/** Replaceable parts of the accounts area (tests; a future real SMS adapter). */
export interface AccountsOptions {
  /** Key set to sign with; default: ACCOUNTS_SIGNING_KEYS, else DATA_DIR/accounts-keys.json. */
  signingKeys?: SigningKeyStore;
  /**
   * Where verification keys come from: "remote" (HTTP GET of the accounts JWKS), "local" (this
   * process's key store), or a custom source. Default: "local" when the accounts base URL is
   * this server's own `/accounts`, "remote" otherwise.
   */
  jwks?: "remote" | "local" | JwksSource;
  sms?: SmsSender;
  /**
   * The app's message sender (createModules resolves one for the outbox and passes it here):
   * with MESSAGE_ADAPTER=solapi the verification codes go through it, so the process holds one
   * SOLAPI client. Without it one is built from the settings.
   */
  messageSender?: MessageSender;
  hasher?: PasswordHasher;
  clock?: Clock;
}

/** The assembled accounts area, as app.ts mounts it. */
export interface AccountsRuntime {
  deps: AccountsDeps;
  keys: SigningKeyStore;
  verifier: TokenVerifier;
  sms: SmsSender;
  cookies: CookiePolicy;
  /** Which browser origins may use the refresh cookie (see originPolicy). */
  allowedOrigin: OriginPolicy;
}

const HOUR_MS = 60 * 60 * 1000;

/** File the local key set lives in. */
export function keyFileOf(config: Config): string {
  return join(config.dataDir, "accounts-keys.json");
}

async function resolveKeys(config: Config, given?: SigningKeyStore): Promise<SigningKeyStore> {
  if (given) return given;
  if (config.signingKeys) return signingKeysFromJson(config.signingKeys);
  return fileSigningKeys(keyFileOf(config));
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The origins a browser may call the token endpoints from: the public origin and the origin of
 * every base URL; in local mode also any loopback origin (any port), since a local server may be
 * reached as localhost or 127.0.0.1 and started on a port chosen at run time (PORT=0).
 */
export function originPolicy(config: Config): OriginPolicy {
  const urls = [config.publicOrigin, ...Object.values(config.baseUrls)];
  const own = new Set(urls.map((u) => new URL(u).origin.toLowerCase()));
  return (origin) => {
    const value = origin.toLowerCase();
    if (own.has(value)) return true;
    if (!config.localMode) return false;
    try {
      const url = new URL(value);
      return url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname) && url.origin === value;
    } catch {
      return false;
    }
  };
}

/**
 * Builds the accounts runtime.
 * @throws SigningKeyError when the configured key set is unusable
 */
export async function createAccounts(
  config: Config,
  db: Database,
  log: FastifyBaseLogger,
  attempts: AttemptStore,
  options: AccountsOptions = {},
): Promise<AccountsRuntime> {
  const clock = options.clock ?? systemClock;
  const keys = await resolveKeys(config, options.signingKeys);
  const ownAccounts = config.baseUrls.accounts === `${config.publicOrigin}/accounts`;
  const jwksChoice = options.jwks ?? (ownAccounts ? "local" : "remote");
  const jwks =
    typeof jwksChoice === "function"
      ? jwksChoice
      : jwksChoice === "local"
        ? localJwks(keys)
        : remoteJwks(config.baseUrls.accounts);
  const verifier = createTokenVerifier({
    issuer: config.baseUrls.accounts,
    jwks,
    clock,
    onKeySetError: (err) => log.error({ err }, "accounts JWKS could not be fetched"),
  });
  // Verification codes: the sandbox outbox locally; in production the message port's provider
  // (MESSAGE_ADAPTER=solapi), else the unconfigured slot that answers sms_unavailable.
  const sms =
    options.sms ??
    (config.smsAdapter === "sandbox"
      ? sandboxSms(500, () => clock.now())
      : config.messaging.adapter === "solapi"
        ? smsViaMessagePort(options.messageSender ?? (await messageSenderFor(config)))
        : unconfiguredSms());
  const deps: AccountsDeps = {
    db,
    clock,
    hasher: options.hasher ?? argon2Hasher(),
    issuer: createAccessTokenIssuer({
      keys,
      issuer: config.baseUrls.accounts,
      ttlSeconds: config.accessTokenTtlSeconds,
      clock,
    }),
    sms,
    consentTickets: createConsentTickets({
      keys,
      issuer: config.baseUrls.accounts,
      publicOrigin: config.publicOrigin,
      clock,
    }),
    attempts,
    limiters: {
      codeSendsAddress: storeAttemptLimiter(attempts, "code-sends-address", HOUR_MS),
      availabilityAddress: storeAttemptLimiter(
        attempts,
        "availability-address",
        AVAILABILITY_WINDOW_MS,
      ),
      smsLogsAddress: storeAttemptLimiter(attempts, "sms-logs-address", HOUR_MS),
      consentResends: storeAttemptLimiter(attempts, "consent-resends", HOUR_MS),
    },
  };
  return {
    deps,
    keys,
    verifier,
    sms,
    cookies: refreshCookiePolicy(config),
    allowedOrigin: originPolicy(config),
  };
}

function isSandbox(sms: SmsSender): sms is SandboxSms {
  return typeof (sms as Partial<SandboxSms>).outbox === "function";
}

/**
 * Registers what the accounts area serves outside /main and /serverless: the `requireAuth`
 * decorators (root), `/accounts/api/oauth/jwks`, `/api/oauth/token`, `/api/oauth/logout`, and in
 * local mode `/dev/sms-outbox`.
 */
export async function registerAccounts(
  app: FastifyInstance,
  runtime: AccountsRuntime,
  config: Config,
): Promise<void> {
  await app.register(authPlugin, {
    verifier: runtime.verifier,
    currentSession: currentSessionChecker(runtime.deps.db, runtime.deps.clock),
  });
  await app.register(jwksRoutes, { prefix: "/accounts", keys: runtime.keys });
  await app.register(oauthRoutes, {
    deps: runtime.deps,
    cookies: runtime.cookies,
    allowedOrigin: runtime.allowedOrigin,
  });
  if (config.localMode && isSandbox(runtime.sms)) {
    await app.register(devSmsOutboxRoutes, { sms: runtime.sms });
  }
}

/** Schema (to append to the backend's base schema) and resolvers of `/auth/graphql`. */
export function authGraphql(runtime: AccountsRuntime) {
  return {
    schema: accountsSchema,
    resolvers: accountsResolvers({
      deps: runtime.deps,
      cookies: runtime.cookies,
      allowedOrigin: runtime.allowedOrigin,
    }),
  };
}
