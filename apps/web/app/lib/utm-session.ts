import { mergeFirstUtm, pickUtm, UTM_KEYS, UTM_STORAGE_KEY, type UtmValues } from "@seoltab/domain";

/**
 * The session's campaign values (SPEC.md §1-2): utm_campaign, utm_content, utm_medium,
 * utm_source and utm_term are read from the page query on every navigation and kept in
 * sessionStorage "utmValues" (a JSON object) once per browser session: the first values win
 * (`mergeFirstUtm`). The floating button appends them to the consultation link.
 *
 * If sessionStorage cannot be used (blocked storage), the values are kept in memory for the
 * life of the page instead. Components read them through `subscribeSessionUtm` /
 * `getSessionUtm` (a `useSyncExternalStore` pair).
 */

const EMPTY: UtmValues = Object.freeze({});

let memoryFallback: string | null = null;
let snapshot: { raw: string | null; values: UtmValues } | undefined;
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

function readRaw(): string | null {
  const store = storage();
  if (!store) return memoryFallback;
  try {
    return store.getItem(UTM_STORAGE_KEY);
  } catch {
    return memoryFallback;
  }
}

function writeRaw(raw: string): void {
  memoryFallback = raw;
  try {
    storage()?.setItem(UTM_STORAGE_KEY, raw);
  } catch {
    // Kept in memory only (quota or blocked storage).
  }
}

/** The UTM values of a stored JSON text: only the five keys, non-empty strings; {} otherwise. */
export function parseStoredUtm(raw: string | null): UtmValues {
  if (!raw) return EMPTY;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return EMPTY;
  }
  if (typeof parsed !== "object" || parsed === null) return EMPTY;
  const record = parsed as Record<string, unknown>;
  const values: UtmValues = {};
  for (const key of UTM_KEYS) {
    const value = record[key];
    if (typeof value === "string" && value !== "") values[key] = value;
  }
  return values;
}

/** The session's stored UTM values ({} if none). Same object until the stored text changes. */
export function getSessionUtm(): UtmValues {
  const raw = readRaw();
  if (snapshot?.raw !== raw) snapshot = { raw, values: parseStoredUtm(raw) };
  return snapshot.values;
}

/**
 * Captures the UTM values of a page query (`location.search`) if the session has none yet, and
 * returns the session's values. Values already stored are never replaced (first values win).
 */
export function captureUtm(search: string): UtmValues {
  const stored = getSessionUtm();
  const merged = mergeFirstUtm(stored, pickUtm(search));
  if (merged !== stored && Object.keys(merged).length > 0) {
    writeRaw(JSON.stringify(merged));
    for (const listener of listeners) listener();
  }
  return getSessionUtm();
}

/** Calls `listener` whenever `captureUtm` stores new values; returns the unsubscribe function. */
export function subscribeSessionUtm(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Clears the in-memory state (tests; storage itself is cleared by the test setup). */
export function resetSessionUtmForTests(): void {
  memoryFallback = null;
  snapshot = undefined;
  listeners.clear();
}
