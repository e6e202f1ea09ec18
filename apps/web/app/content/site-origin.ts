/**
 * The public site origin of a build (SITE_ORIGIN). No imports: vite.config.ts loads this file
 * directly, before Vite can resolve workspace packages.
 */

/** The production origin, used unless `SITE_ORIGIN` is set when building. */
export const DEFAULT_SITE_ORIGIN = "https://www.seoltab.com";

/**
 * The site origin for a build: `value` (the SITE_ORIGIN setting) without a trailing slash, or
 * DEFAULT_SITE_ORIGIN when unset or blank.
 * @throws Error when `value` is not an absolute http(s) origin (no path, query or hash), so a
 *   typo fails the build instead of publishing wrong canonical URLs.
 */
export function resolveSiteOrigin(value: string | undefined): string {
  const raw = value?.trim();
  if (!raw) return DEFAULT_SITE_ORIGIN;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`SITE_ORIGIN must be an absolute URL such as ${DEFAULT_SITE_ORIGIN}: ${raw}`);
  }
  if (!/^https?:$/.test(url.protocol) || url.pathname !== "/" || url.search || url.hash) {
    throw new Error(`SITE_ORIGIN must be a bare http(s) origin such as ${DEFAULT_SITE_ORIGIN}`);
  }
  return url.origin;
}
