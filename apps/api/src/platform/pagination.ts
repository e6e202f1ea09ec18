/**
 * Keyset pagination, one cursor format for every list (issue #10 "platform"): a page ends at its
 * last row's (createdAt, id); the next page starts strictly after it in the list's order
 * (newest first). The cursor is opaque to clients: base64url of "<createdAt ms>.<id>".
 */
import { isUuid } from "@seoltab/domain";

/** Where a page ended: the last row's creation instant and id. */
export interface PagePosition<Id extends string | number = string | number> {
  createdAt: Date;
  id: Id;
}

/** The opaque cursor of a page ending at `position`. */
export function encodeCursor(position: PagePosition): string {
  return Buffer.from(`${position.createdAt.getTime()}.${position.id}`, "utf8").toString(
    "base64url",
  );
}

/**
 * The position a cursor stands for, or null when it is not one this server made for a list
 * whose ids are `idKind` ("int": serial ids, "uuid").
 */
export function decodeCursor(cursor: string, idKind: "int"): PagePosition<number> | null;
export function decodeCursor(cursor: string, idKind: "uuid"): PagePosition<string> | null;
export function decodeCursor(cursor: string, idKind: "int" | "uuid"): PagePosition | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return null;
  const m = /^(\d{1,15})\.([0-9a-f-]{1,36})$/.exec(Buffer.from(cursor, "base64url").toString());
  if (!m) return null;
  const createdAt = new Date(Number(m[1]));
  if (Number.isNaN(createdAt.getTime())) return null;
  if (idKind === "uuid") return isUuid(m[2]) ? { createdAt, id: m[2]! } : null;
  return /^\d{1,15}$/.test(m[2]!) ? { createdAt, id: Number(m[2]) } : null;
}
