import { isUuid } from "@seoltab/domain";
import { STORAGE_KEYS } from "./credentials";

/** A new random uuid (crypto.randomUUID; a getRandomValues v4 where it is missing). */
function newUuid(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The device id (SPEC.md §3): localStorage `deviceId` when it holds a valid uuid, otherwise a
 * new `crypto.randomUUID()`, stored in its place. Where storage is unavailable a new id is
 * returned each time (nothing can be kept).
 */
function readStored(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.deviceId);
  } catch {
    return null;
  }
}

export function getDeviceId(): string {
  const stored = readStored();
  if (isUuid(stored)) return stored;
  const id = newUuid();
  try {
    localStorage.setItem(STORAGE_KEYS.deviceId, id);
  } catch {
    // Not kept; the next call makes another.
  }
  return id;
}
