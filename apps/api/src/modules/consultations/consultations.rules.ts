/**
 * Pure rules of the staff list (docs/api/consultations.md): the keyset cursor and the Asia/Seoul
 * date filter. No I/O, no clock.
 */
import { SEOUL_UTC_OFFSET_MS, isUuid } from "@seoltab/domain";

/** Position after which the next page starts: the last row's creation instant and id. */
export interface ListPosition {
  createdAt: Date;
  id: string;
}

/**
 * The opaque NEXT_CURSOR of a page ending at `position`: base64url of
 * "<createdAt ms since epoch>.<uuid>".
 */
export function encodeCursor(position: ListPosition): string {
  return Buffer.from(`${position.createdAt.getTime()}.${position.id}`, "utf8").toString(
    "base64url",
  );
}

/** The position a cursor stands for, or null when it is not one this server made. */
export function decodeCursor(cursor: string): ListPosition | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return null;
  const text = Buffer.from(cursor, "base64url").toString("utf8");
  const m = /^(\d{1,15})\.([0-9a-f-]{36})$/.exec(text);
  if (!m || !isUuid(m[2])) return null;
  const createdAt = new Date(Number(m[1]));
  return Number.isNaN(createdAt.getTime()) ? null : { createdAt, id: m[2]! };
}

/** The UTC instant at which a calendar day (YYYY-MM-DD, a real date) starts in Asia/Seoul. */
export function seoulDayStart(day: string): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) - SEOUL_UTC_OFFSET_MS);
}

/**
 * The instants of an inclusive Asia/Seoul day range: `since` = start of `from` (inclusive),
 * `until` = start of the day after `to` (exclusive). A missing end is left open.
 * @example seoulDayRange("2026-11-21", "2026-11-21")
 *   → { since: 2026-11-20T15:00:00Z, until: 2026-11-21T15:00:00Z }
 */
export function seoulDayRange(from?: string, to?: string): { since?: Date; until?: Date } {
  return {
    ...(from ? { since: seoulDayStart(from) } : {}),
    ...(to ? { until: new Date(seoulDayStart(to).getTime() + 24 * 60 * 60 * 1000) } : {}),
  };
}
