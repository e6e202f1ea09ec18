/**
 * Opaque tokens (refresh tokens, verification tokens): 32 random bytes, base64url (43
 * characters). Stored only as their SHA-256 hex digest, so a database leak reveals no usable
 * token; SHA-256 without salt is enough because the values are 256-bit random, not guessable.
 */
import { createHash, randomBytes } from "node:crypto";

/** The shape of every opaque token; anything else is refused before a database lookup. */
export const OPAQUE_TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** A new opaque token. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString("base64url");
}

/** SHA-256 hex digest (64 characters): how opaque tokens are stored. */
export function sha256Hex(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}
