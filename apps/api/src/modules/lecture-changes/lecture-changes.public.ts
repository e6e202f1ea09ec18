/**
 * What other areas may use of the lecture-changes area (issue #14): nothing is called from
 * outside yet; the area reacts to events (a refunded lecture line, a low-scored cycle review).
 */
export type { LectureChangeRow } from "./lecture-changes.repository.ts";
