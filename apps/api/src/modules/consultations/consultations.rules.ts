/**
 * Pure rules of the staff list (docs/api/consultations.md): the keyset cursor and the Asia/Seoul
 * date filter. No I/O, no clock.
 */
import { SEOUL_UTC_OFFSET_MS } from "@seoltab/domain";
import {
  decodeCursor as decodePageCursor,
  encodeCursor as encodePageCursor,
  type PagePosition,
} from "../../platform/pagination.ts";

/** Position after which the next page starts: the last row's creation instant and id. */
export type ListPosition = PagePosition<string>;

/** The opaque NEXT_CURSOR of a page ending at `position` (platform/pagination.ts format). */
export function encodeCursor(position: ListPosition): string {
  return encodePageCursor(position);
}

/** The position a cursor stands for, or null when it is not one this server made. */
export function decodeCursor(cursor: string): ListPosition | null {
  return decodePageCursor(cursor, "uuid");
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
