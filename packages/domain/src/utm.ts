/**
 * Campaign (UTM) values (SPEC.md §1, §2): captured from the page query once per session, kept
 * as `utmValues`, and appended to the consultation link of the floating button. Works on plain
 * strings, so it needs neither DOM nor Node types; a `URLSearchParams` is accepted as well.
 */
import { UTM_KEYS, type UtmKey } from "./constants.ts";

/** Captured campaign values: only keys present with a non-empty value. */
export type UtmValues = Partial<Record<UtmKey, string>>;

/** Anything with a `get` like `URLSearchParams` (first value of a name, or null). */
export interface SearchParamsReader {
  get(name: string): string | null;
}

/** Decodes one form-urlencoded query component; malformed escapes are kept as they are. */
function decodeQueryComponent(text: string): string {
  const spaced = text.replaceAll("+", " ");
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/** The non-empty parameters of a query string ("a=1&&b" → ["a=1", "b"]), still encoded. */
function rawPairs(query: string): string[] {
  return query.split("&").filter((pair) => pair !== "");
}

/** One "name=value" parameter, decoded; a parameter without "=" has the value "". */
function splitPair(pair: string): [name: string, value: string] {
  const eq = pair.indexOf("=");
  return eq < 0
    ? [decodeQueryComponent(pair), ""]
    : [decodeQueryComponent(pair.slice(0, eq)), decodeQueryComponent(pair.slice(eq + 1))];
}

function readerOf(search: string): SearchParamsReader {
  const noHash = search.split("#", 1)[0] ?? "";
  const queryAt = noHash.indexOf("?");
  const pairs = rawPairs(queryAt < 0 ? noHash : noHash.slice(queryAt + 1)).map(splitPair);
  return { get: (name) => pairs.find(([key]) => key === name)?.[1] ?? null };
}

/** The UTM keys for which `valueOf` gives a non-empty string, in `UTM_KEYS` order. */
function utmFrom(valueOf: (key: UtmKey) => string | null | undefined): UtmValues {
  const values: UtmValues = {};
  for (const key of UTM_KEYS) {
    const value = valueOf(key);
    if (value) values[key] = value;
  }
  return values;
}

/**
 * The UTM values of a page query (SPEC.md §2): only the five `UTM_KEYS` that are present and
 * non-empty; the first value wins when a key repeats. `+` and %-escapes are decoded.
 * @param search `location.search` ("?utm_source=a"), a bare query ("utm_source=a"), a URL or
 *   path with a query ("/x?utm_source=a#top"), or a `URLSearchParams`
 * @example pickUtm("?utm_source=naver&utm_medium=&x=1") → { utm_source: "naver" }
 */
export function pickUtm(search: string | SearchParamsReader): UtmValues {
  const reader = typeof search === "string" ? readerOf(search) : search;
  return utmFrom((key) => reader.get(key));
}

function hasUtm(values: UtmValues | null | undefined): values is UtmValues {
  return values != null && UTM_KEYS.some((key) => Boolean(values[key]));
}

/**
 * The session's UTM values after a page load (SPEC.md §2 "captured once per session"): the
 * first capture wins. If `stored` has any non-empty UTM value it is returned as it is (same
 * object); otherwise the non-empty UTM values of `incoming`.
 */
export function mergeFirstUtm(
  stored: UtmValues | null | undefined,
  incoming: UtmValues,
): UtmValues {
  return hasUtm(stored) ? stored : utmFrom((key) => incoming[key]);
}

/**
 * `url` with the non-empty UTM values appended as query parameters, in `UTM_KEYS` order
 * (SPEC.md §1 floating button → consultation site). A parameter of the same name already in
 * the URL is replaced; other parameters and the `#fragment` are kept. Works for absolute and
 * relative URLs; values are %-encoded. Without values, `url` is returned unchanged.
 * @example appendUtm("/consultation#form", { utm_source: "naver" })
 *   → "/consultation?utm_source=naver#form"
 */
export function appendUtm(url: string, utm: UtmValues): string {
  const added = Object.entries(utmFrom((key) => utm[key]));
  if (added.length === 0) return url;
  const hashAt = url.indexOf("#");
  const hash = hashAt < 0 ? "" : url.slice(hashAt);
  const beforeHash = hashAt < 0 ? url : url.slice(0, hashAt);
  const queryAt = beforeHash.indexOf("?");
  const path = queryAt < 0 ? beforeHash : beforeHash.slice(0, queryAt);
  const replaced: ReadonlySet<string> = new Set(added.map(([key]) => key));
  const kept = queryAt < 0 ? [] : rawPairs(beforeHash.slice(queryAt + 1));
  const params = [
    ...kept.filter((pair) => !replaced.has(splitPair(pair)[0])),
    ...added.map(([key, value]) => `${key}=${encodeURIComponent(value)}`),
  ];
  return `${path}?${params.join("&")}${hash}`;
}

/** sessionStorage key of the session's first utm values (SPEC.md §3 "utm values (utmValues)"). */
export const UTM_STORAGE_KEY = "utmValues";
