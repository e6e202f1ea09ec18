/**
 * Base addresses of the backends in the browser (SPEC.md §7 "Base addresses depend on the
 * environment … The accounts host and the auth API host can be overridden by configuration";
 * DESIGN.md §2 "Every base address is a setting"). The api injects them with the other run-time
 * settings (`baseUrls` of the `#app-config` block, apps/api/src/plugins/web.ts): a base on the
 * site's own origin arrives as a path ("/main"), one on another host as an absolute URL
 * ("https://auth.seoltab.com"). Without the block (prerendering, unit tests, `react-router dev`)
 * or with an invalid value, each base is its same-origin default path.
 *
 * No Apollo here: the marketing islands use it too.
 */
import { APP_CONFIG_ELEMENT_ID } from "./app-config";

/** The configurable bases, as the api's config names them (apps/api/src/config.ts baseUrls). */
export interface BaseUrls {
  /** Accounts service (login page `/login`, JWKS); ACCOUNTS_BASE_URL. */
  accounts: string;
  /** Auth API host: `/api/oauth/token`; AUTH_API_BASE_URL. */
  authApi: string;
  /** Main REST backend; MAIN_API_BASE_URL. */
  main: string;
  /** Serverless REST backend (and phoenix); SERVERLESS_API_BASE_URL. */
  serverless: string;
  /** Hub REST backend; HUB_API_BASE_URL. */
  hub: string;
  /** Where `/{backend}/graphql` live; GRAPHQL_BASE_URL. */
  graphql: string;
}

/** Same-origin defaults (DESIGN.md §2 service map). "" is the site's root. */
export const DEFAULT_BASE_URLS: Readonly<BaseUrls> = Object.freeze({
  accounts: "/accounts",
  authApi: "",
  main: "/main",
  serverless: "/serverless",
  hub: "/hub",
  graphql: "",
});

// "" (root), a same-site path without query or fragment, or an absolute http(s) URL without them.
const SAFE_BASE = /^(?:|\/(?!\/)[^\s?#]*|https?:\/\/[^\s/?#]+(?:\/[^\s?#]*)?)$/i;

/** One base: trailing slashes removed; null when invalid. */
function parseBase(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 500) return null;
  const trimmed = value.trim().replace(/\/+$/, "");
  return SAFE_BASE.test(trimmed) ? trimmed : null;
}

/** The bases in `raw` (the `baseUrls` object of the block), each invalid one replaced by its default. */
export function parseBaseUrls(raw: unknown): BaseUrls {
  const source = typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>) : {};
  const out = { ...DEFAULT_BASE_URLS };
  for (const key of Object.keys(DEFAULT_BASE_URLS) as (keyof BaseUrls)[]) {
    out[key] = parseBase(source[key]) ?? DEFAULT_BASE_URLS[key];
  }
  return out;
}

function readBaseUrls(doc: Document): BaseUrls {
  const json = doc.getElementById(APP_CONFIG_ELEMENT_ID)?.textContent;
  if (!json) return { ...DEFAULT_BASE_URLS };
  try {
    return parseBaseUrls((JSON.parse(json) as { baseUrls?: unknown } | null)?.baseUrls);
  } catch {
    return { ...DEFAULT_BASE_URLS };
  }
}

let cached: BaseUrls | undefined;

/** The page's bases, read once per page load; the defaults outside a browser. */
export function baseUrls(): BaseUrls {
  if (typeof document === "undefined") return { ...DEFAULT_BASE_URLS };
  cached ??= readBaseUrls(document);
  return cached;
}

/** Forgets the cached bases (tests change the block between cases). */
export function resetBaseUrlsCache(): void {
  cached = undefined;
}

/** The REST backends (SPEC.md §7 "REST"). */
export type RestBase = "main" | "serverless" | "hub";

/** `{base of the backend}{path}`, e.g. restUrl("main", "/login") → "/main/login". */
export function restUrl(backend: RestBase, path: string): string {
  return `${baseUrls()[backend]}${path}`;
}

/** The endpoint of a GraphQL backend: `{graphql base}/{backend}/graphql`. */
export function graphqlEndpoint(backend: string): string {
  return `${baseUrls().graphql}/${backend}/graphql`;
}

/** POST /api/oauth/token on the auth API host (SPEC.md §7 "Token calls"). */
export function tokenEndpoint(): string {
  return `${baseUrls().authApi}/api/oauth/token`;
}

/**
 * The accounts service's login page (SPEC.md §2 "External: the accounts service login page at
 * /login, with an optional query parameter continue holding the return address").
 */
export function accountsLoginUrl(continueTo?: string): string {
  const page = `${baseUrls().accounts}/login`;
  return continueTo ? `${page}?continue=${encodeURIComponent(continueTo)}` : page;
}
