/**
 * Consultation requests' life cycle (consultation_requests.status; SPEC.md §2 /consultation,
 * docs/api/consultations.md). Pure: the api's writer asks this table before it moves a request
 * (issue #10), and the staff view shows the same states. Imported as
 * `@seoltab/domain/consultations`.
 */
import type { TransitionTable } from "./payments.ts";

/** Life cycle of a request. */
export const CONSULTATION_STATUSES = ["RECEIVED", "CONTACTED", "CLOSED"] as const;
export type ConsultationStatus = (typeof CONSULTATION_STATUSES)[number];

/**
 * The allowed status changes. RECEIVED → CONTACTED → CLOSED; a request may also be closed
 * without a call (duplicate, withdrawn). Nothing goes back; CLOSED is terminal. A request is
 * written RECEIVED.
 */
export const CONSULTATION_TRANSITIONS: TransitionTable<ConsultationStatus> = {
  RECEIVED: ["CONTACTED", "CLOSED"],
  CONTACTED: ["CLOSED"],
  CLOSED: [],
};
