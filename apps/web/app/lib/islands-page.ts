import { useContext } from "react";
import { UNSAFE_FrameworkContext, useMatches } from "react-router";

/**
 * Static pages with islands (docs/decisions/010-marketing-islands.md). A route whose `handle`
 * has `islands: true` (the marketing layout: every SPEC.md §2 marketing path and the text-only
 * product pages) is prerendered without React Router's hydration scripts: the root layout gives
 * it one module script instead, the plain-TypeScript entry app/islands/main.ts, built by
 * islands-plugin.ts.
 */

/** Defined by islands-plugin.ts: the URL of the built islands entry. */
declare const __ISLANDS_SRC__: string | undefined;

/** URL of the islands entry (the source file where Vite did not define it: unit tests). */
export const ISLANDS_SRC: string =
  typeof __ISLANDS_SRC__ === "string" ? __ISLANDS_SRC__ : "/app/islands/main.ts";

/** The `handle` of a route served as a static page with islands. */
export interface IslandsHandle {
  islands: true;
}

export function isIslandsHandle(handle: unknown): handle is IslandsHandle {
  return (
    typeof handle === "object" && handle !== null && (handle as IslandsHandle).islands === true
  );
}

/** True when a matched route asks for a static page (see the module note). */
export function rendersStaticPage(matches: readonly { handle?: unknown }[]): boolean {
  return matches.some((match) => isIslandsHandle(match.handle));
}

/**
 * True while the root layout renders a static page. Never for the SPA fallback
 * (build/client/__spa-fallback.html): React Router renders it at "/" with the landing page's
 * routes matched but only the root shown, and it must keep its scripts (the app routes start
 * from it). React Router tells that render apart only through its framework context
 * (`isSpaMode`), an UNSAFE_ export; if that ever changes, the build fails loudly ("SPA Mode: Did
 * you forget to include <Scripts/>"), it cannot ship a fallback without scripts.
 */
export function useStaticPage(): boolean {
  const framework = useContext(UNSAFE_FrameworkContext);
  const matches = useMatches();
  return !framework?.isSpaMode && rendersStaticPage(matches);
}
