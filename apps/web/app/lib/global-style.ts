import { globalStyleFor, type GlobalStyle } from "@seoltab/domain";
import { useEffect } from "react";
import { useLocation, useMatches } from "react-router";

/**
 * Route `handle` fields read by the root layout. `globalStylePath` makes a route use the global
 * style of another path whatever the URL is: the catch-all not-found route renders the /404 page
 * at any unknown URL, so it takes the /404 style there too.
 */
export interface RouteHandle {
  globalStylePath?: string;
}

function handleStylePath(handle: unknown): string | undefined {
  if (typeof handle !== "object" || handle === null) return undefined;
  const path = (handle as RouteHandle).globalStylePath;
  return typeof path === "string" ? path : undefined;
}

/**
 * The global style (SPEC.md §2) of the page being shown: the deepest matched route's
 * `handle.globalStylePath` if any, otherwise the URL path, looked up with `globalStyleFor`.
 */
export function resolveGlobalStyle(
  pathname: string,
  matches: readonly { handle?: unknown }[],
): GlobalStyle {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const path = handleStylePath(matches[i]?.handle);
    if (path !== undefined) return globalStyleFor(path);
  }
  return globalStyleFor(pathname);
}

/**
 * The global style of the page (SPEC.md §2), for <html data-global-style>. It is rendered into
 * the prerendered HTML. The effect re-applies it after hydration: React does not patch attribute
 * differences during hydration, and the SPA fallback (rendered at "/") may be served at a path
 * that uses the other style.
 */
export function useGlobalStyle() {
  const { pathname } = useLocation();
  const matches = useMatches();
  const globalStyle = resolveGlobalStyle(pathname, matches);
  useEffect(() => {
    document.documentElement.dataset.globalStyle = globalStyle;
  }, [globalStyle]);
  return globalStyle;
}
