/**
 * Text the database cannot store, refused at the edge (issue #19 "5xx on bad input"): a NUL
 * character (PostgreSQL text cannot hold U+0000; it answered 500 in 12 places) or a lone UTF-16
 * surrogate (not valid Unicode). Every REST and GraphQL request is checked once, before any
 * handler, so no area has to remember it.
 */

// eslint-disable-next-line no-control-regex -- finding U+0000 is the point
const BAD_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Deeper than this is not looked into (request bodies are small; GraphQL depth is limited). */
const MAX_DEPTH = 32;

/**
 * The path (e.g. "body.ITEMS[2].NAME") of the first string or object key in `value` holding
 * NUL or a lone surrogate, or null when there is none.
 */
export function findBadText(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === "string") return BAD_TEXT.test(value) ? path : null;
  if (value === null || typeof value !== "object" || depth > MAX_DEPTH) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = findBadText(value[i], `${path}[${i}]`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (BAD_TEXT.test(key)) return `${path}.${key.replace(BAD_TEXT, "?")}`;
    const found = findBadText(item, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/** The first bad text of a request's body, query string or route parameters. */
export function findBadTextInRequest(request: {
  body?: unknown;
  query?: unknown;
  params?: unknown;
}): string | null {
  return (
    findBadText(request.body, "body") ??
    findBadText(request.query, "query") ??
    findBadText(request.params, "params")
  );
}
