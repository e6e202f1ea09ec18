import { mergeFirstUtm, pickUtm, UTM_STORAGE_KEY, type UtmValues } from "@seoltab/domain";
import { cleanUtm } from "./schema";

/**
 * The campaign values to send with a request (SPEC.md §1-2): the session's first values, kept in
 * sessionStorage `utmValues` by the site-wide capture; if the session has none (storage blocked,
 * or the visitor arrived straight at /consultation?utm_…), the values of this page's query.
 * Read at submit time, in the browser only.
 * @param search `location.search` of the consultation page
 */
export function readSessionUtm(search: string): UtmValues {
  let stored: UtmValues | null = null;
  try {
    const raw = window.sessionStorage.getItem(UTM_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (typeof parsed === "object" && parsed !== null) stored = cleanUtm(parsed);
  } catch {
    // Blocked storage or malformed JSON: fall back to the page query.
  }
  return cleanUtm(mergeFirstUtm(stored, pickUtm(search)));
}
