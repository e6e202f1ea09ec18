/**
 * The persisted root state as stored (zustand `persist`, SPEC.md §3), read without the store:
 * the static marketing pages (app/islands/) only need the auth flag, not zustand.
 */

/** localStorage key of the persisted slices (stores/root-store.ts). Logout removes it (SPEC.md §4). */
export const ROOT_STORE_KEY = "persist:root";

/**
 * The stored auth flag: true only when `persist:root` holds `{ state: { auth: { flag: true } } }`;
 * false without storage or with an unreadable value (the store falls back to its defaults too).
 */
export function storedAuthFlag(storage: Pick<Storage, "getItem"> | null): boolean {
  try {
    const raw = storage?.getItem(ROOT_STORE_KEY);
    if (!raw) return false;
    const stored = JSON.parse(raw) as { state?: { auth?: { flag?: unknown } } } | null;
    return stored?.state?.auth?.flag === true;
  } catch {
    return false;
  }
}
